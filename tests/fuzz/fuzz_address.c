/* fuzz_address.c - libFuzzer target for address lists (RFC 5322
 * address-list, parsers/address.c; doc/style.md R39). The whole input is one
 * header value, and so is the text after the first ':' of each line (so
 * whole mails make useful seeds). */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lib/arena.h"
#include "parsers/address.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
parse_one(const char *p, size_t len)
{
	struct arena a = ARENA_INIT;
	struct address *list = NULL;
	size_t n = address_parse_list(&a, p, len, 64, &list);

	if (n > 64 || (n && !list))
		__builtin_trap();
	for (size_t i = 0; i < n; i++)
		if (!list[i].name || !list[i].addr ||
		    strlen(list[i].name) + strlen(list[i].addr) == (size_t)-1)
			__builtin_trap();	/* ASan checks each string */
	arena_release(&a);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size;

	parse_one(p, size);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		const char *colon = memchr(p, ':', (size_t)(eol - p));

		if (colon && p != (const char *)data)
			parse_one(colon + 1, (size_t)(eol - colon - 1));
		p = nl ? nl + 1 : end;
	}
	return 0;
}
