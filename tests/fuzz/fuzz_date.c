/* fuzz_date.c - libFuzzer target for RFC 5322 dates (parsers/date.c;
 * doc/style.md R39). The whole input is one value, and so is the text after the
 * first ':' of each line (so whole mails make useful seeds). */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "parsers/date.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
parse_one(const char *p, size_t len)
{
	time_t t = 0;

	if (date_parse(p, len, &t) == 0 && len == 0)
		__builtin_trap();	/* nothing is no date */
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
	/* the civil-date arithmetic on the first bytes as numbers */
	if (size >= 6) {
		int64_t y = (int16_t)(data[0] | data[1] << 8);

		(void)date_days_from_civil(y, data[2] % 12 + 1u,
					   data[3] % 31 + 1u);
	}
	return 0;
}
