/* fuzz_header.c - libFuzzer target for header values (doc/style.md R39):
 * unfolding, RFC 2047 decoding (parsers/header.c) and Message-ID lists
 * (parsers/msgid.c). The whole input is one value, and so is the text
 * after the first ':' of each line (so whole mails make useful seeds).
 * A decoded or unfolded value must never hold CR, LF or NUL: that is
 * what keeps a hostile Subject out of the headers the bot writes. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lib/arena.h"
#include "lib/strbuf.h"
#include "parsers/header.h"
#include "parsers/msgid.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_clean(const char *s, size_t len)
{
	if (memchr(s, '\r', len) || memchr(s, '\n', len) ||
	    strlen(s) != len)
		__builtin_trap();
}

static void
parse_one(const char *p, size_t len)
{
	struct arena a = ARENA_INIT;
	struct strbuf sb;
	const char **ids = NULL;
	size_t n, dropped = 0;
	char *s;
	int flags = 0;

	s = header_unfold(&a, p, len);
	check_clean(s, strlen(s));
	strbuf_init_capped(&sb, 4096);
	(void)header_decode(&sb, p, len);
	if (sb.len)
		check_clean(sb.buf, sb.len);
	strbuf_release(&sb);
	s = header_decode_arena(&a, p, len, &flags);
	check_clean(s, strlen(s));
	/* a plain value is copied, not decoded: the same either way */
	strbuf_init(&sb, 0);
	if (header_decode(&sb, p, len) != flags || sb.len != strlen(s) ||
	    memcmp(sb.buf, s, sb.len) != 0)
		__builtin_trap();
	strbuf_release(&sb);
	n = msgid_parse_list(&a, p, len, 8, &ids, &dropped);
	if (n > 8 || (n && !ids))
		__builtin_trap();
	for (size_t i = 0; i < n; i++)
		check_clean(ids[i], strlen(ids[i]));
	(void)msgid_parse_first(&a, p, len);
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

		if (colon)
			parse_one(colon + 1, (size_t)(eol - colon - 1));
		p = nl ? nl + 1 : end;
	}
	return 0;
}
