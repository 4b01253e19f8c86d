/* charset.h - bytes in a declared charset to UTF-8 (doc/lkp-format.md 1.3).
 *
 * Every path applies the same normalisation: a byte 0xB1 not preceded by
 * 0xC2 becomes U+00B1 whatever the label says, NUL becomes U+FFFD, and
 * the output is always valid UTF-8. "utf-8" and "us-ascii" input keeps
 * valid UTF-8 sequences and maps every invalid byte as latin1.
 */
#ifndef LKB_PARSERS_CHARSET_H
#define LKB_PARSERS_CHARSET_H

#include <stddef.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"

#define TEXTOUT_CHUNK 4096

/* A small staging buffer in front of a (usually capped) strbuf, so hot
 * loops write bytes without a call per byte. The strbuf keeps the first
 * refused append (strbuf_status) and drops later output. */
struct textout {
	struct strbuf *sb;
	size_t n;
	char tmp[TEXTOUT_CHUNK];
};

void textout_init(struct textout *t, struct strbuf *sb);
/* Flushes the staging buffer; returns LKB_OK or the sticky error. */
int textout_flush(struct textout *t) LKB_WARN_UNUSED;
/* Flushes without reporting (hot paths); the error stays in sb. */
void textout_spill(struct textout *t);
void textout_write(struct textout *t, const void *p, size_t n);
/* Appends code point cp (<= 0x10FFFF) as UTF-8. */
void textout_cp(struct textout *t, unsigned cp);

static inline void
textout_byte(struct textout *t, char c)
{
	if (t->n == sizeof(t->tmp))
		textout_spill(t);
	t->tmp[t->n++] = c;
}

/* Flags returned by charset_decode(); 0 means clean. */
enum {
	CHARSET_UNKNOWN = 1 << 0,	/* label unknown: decoded as latin1 */
	CHARSET_INVALID = 1 << 1,	/* bytes invalid in the charset */
	CHARSET_NUL = 1 << 2		/* NUL bytes became U+FFFD */
};

/* Decode len bytes at p, declared as charset label (lab, lablen; may be
 * empty), to UTF-8 onto t. Returns a mask of CHARSET_* flags. */
int charset_decode(struct textout *t, const char *lab, size_t lablen,
		   const char *p, size_t len);

/* UTF-8 that tolerates junk: valid sequences are copied, every other byte
 * is read as latin1 (so a lone 0xB1 is "±"). Returns CHARSET_* flags:
 * CHARSET_INVALID when some byte was not valid UTF-8. */
int charset_utf8_lenient(struct textout *t, const char *p, size_t len);

/* Does charset_decode() read text of this label (lab, lablen) as
 * UTF-8 (charset_utf8_lenient)? */
int charset_is_utf8(const char *lab, size_t lablen);

/* Is p valid UTF-8 without NUL bytes: text charset_utf8_lenient() gives
 * back as it is, with no flag? */
int charset_utf8_clean(const char *p, size_t len);

/* Copies label into buf (size bufsz) lower-cased, without quotes and
 * blanks; returns buf. */
char *charset_normalise(char *buf, size_t bufsz, const char *lab,
			size_t lablen);

#endif
