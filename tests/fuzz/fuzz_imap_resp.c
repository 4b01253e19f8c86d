/* fuzz_imap_resp.c - libFuzzer target for parsers/imap_resp (R39):
 * frame the input into responses and parse each, walking SEARCH lists. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "parsers/imap_resp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	struct imap_framer fr = IMAP_FRAMER_INIT;
	struct imap_resp r;
	size_t off = 0, flen;
	uint32_t uid;

	while (off < size &&
	       imap_framer_scan(&fr, buf + off, size - off, &flen) == 1) {
		if (imap_resp_parse(buf + off, buf + off + flen, &r) == 0 &&
		    r.type == IMAP_U_SEARCH) {
			const char *p = r.search.p;

			while (imap_search_next(&p, r.search.p + r.search.len,
						&uid) == 0)
				;
		}
		off += flen;
	}
	/* the parser alone, on whatever the input is */
	if (imap_resp_parse(buf, buf + size, &r) == 0 && r.has_body &&
	    r.body.len && (r.body.p < buf || r.body.p + r.body.len >
						  buf + size))
		__builtin_trap();
	return 0;
}
