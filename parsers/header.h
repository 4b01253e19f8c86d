/* header.h - header values: unfolding and RFC 2047 decoding to UTF-8. */
#ifndef LKB_PARSERS_HEADER_H
#define LKB_PARSERS_HEADER_H

#include <stdatomic.h>
#include <stddef.h>

#include "lib/arena.h"
#include "lib/strbuf.h"

/* Flags returned by header_decode(); 0 means clean. */
enum {
	HEADER_BAD_CHARSET = 1 << 0,	/* unknown charset in an encoded word */
	HEADER_TOO_BIG = 1 << 1		/* output hit the strbuf cap */
};

/* RFC 5322 s2.2.3 unfolding: every CR and LF is removed (a fold is CRLF
 * before WSP, and a bare line end cannot remain in an unfolded value);
 * leading and trailing blanks are trimmed, other blanks kept.
 * Returned string is borrowed from a; valid until arena_release(a). */
char *header_unfold(struct arena *a, const char *p, size_t len);

/* Decode a header value for display: RFC 2047 encoded words (B and Q,
 * any charset iconv knows; whitespace between adjacent encoded words is
 * dropped), raw 8-bit bytes read as UTF-8 with latin1 fallback, NUL as
 * U+FFFD, then every whitespace run collapsed to one space and the ends
 * trimmed. Appends to out; returns HEADER_* flags. */
int header_decode(struct strbuf *out, const char *p, size_t len);

/* header_decode() into a. Returned string is borrowed from a.
 * *flags_out (may be NULL) gets the HEADER_* flags. A value that
 * header_decode() gives back as it is but for the blanks around it
 * (printable ASCII words, one space between them, no "=?") is copied
 * without decoding; the copies made so are counted in
 * header_decode_plain (for tests). */
char *header_decode_arena(struct arena *a, const char *p, size_t len,
			  int *flags_out);
extern atomic_size_t header_decode_plain;

/* Collapse each run of ASCII whitespace in sb to one space from offset
 * start on, and trim both ends of that region. */
void header_collapse_ws(struct strbuf *sb, size_t start);

#endif
