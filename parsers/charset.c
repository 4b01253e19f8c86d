/* charset.c - declared charsets to UTF-8, with the 0xB1 rule. */
#include "config.h"
#include "charset.h"

#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "lib/ascii.h"
#include "lib/status.h"

#define CHARSET_NAME_MAX 48

static const char u_pm[] = "\xc2\xb1";		/* U+00B1 */
static const char u_repl[] = "\xef\xbf\xbd";	/* U+FFFD */

void
textout_init(struct textout *t, struct strbuf *sb)
{
	t->sb = sb;
	t->n = 0;
}

static void
flush_tmp(struct textout *t)
{
	if (t->n)
		strbuf_add(t->sb, t->tmp, t->n);
	t->n = 0;
}

int
textout_flush(struct textout *t)
{
	flush_tmp(t);
	return strbuf_status(t->sb);
}

void
textout_spill(struct textout *t)
{
	flush_tmp(t);
}

void
textout_write(struct textout *t, const void *p, size_t n)
{
	if (n > sizeof(t->tmp) - t->n) {
		flush_tmp(t);
		if (n > sizeof(t->tmp)) {
			strbuf_add(t->sb, p, n);
			return;
		}
	}
	memcpy(t->tmp + t->n, p, n);
	t->n += n;
}

void
textout_cp(struct textout *t, unsigned cp)
{
	char b[4];
	size_t n;

	if (cp < 0x80) {
		b[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		b[0] = (char)(0xC0 | (cp >> 6));
		b[1] = (char)(0x80 | (cp & 0x3F));
		n = 2;
	} else if (cp < 0x10000) {
		if (cp >= 0xD800 && cp <= 0xDFFF)
			cp = 0xFFFD;
		b[0] = (char)(0xE0 | (cp >> 12));
		b[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		b[2] = (char)(0x80 | (cp & 0x3F));
		n = 3;
	} else if (cp <= 0x10FFFF) {
		b[0] = (char)(0xF0 | (cp >> 18));
		b[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		b[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
		b[3] = (char)(0x80 | (cp & 0x3F));
		n = 4;
	} else {
		memcpy(b, u_repl, 3);
		n = 3;
	}
	textout_write(t, b, n);
}

/* Length of the run of plain ASCII (0x01..0x7F) at s, sixteen bytes at
 * a time with SSE2 (every x86-64 has it: a byte's high bit, or a NUL
 * made all ones by the compare, sets its bit of the mask), else eight
 * at a time. Every text body goes through here. */
static size_t
ascii_run(const unsigned char *s, size_t len)
{
	size_t i = 0;
#ifdef __SSE2__
	const __m128i zero = _mm_setzero_si128();

	while (len - i >= 16) {
		__m128i v = _mm_loadu_si128((const void *)(s + i));
		unsigned m = (unsigned)_mm_movemask_epi8(
			_mm_or_si128(v, _mm_cmpeq_epi8(v, zero)));

		if (m)
			return i + (size_t)__builtin_ctz(m);
		i += 16;
	}
#else
	const uint64_t hi = 0x8080808080808080ull, lo = 0x0101010101010101ull;
	uint64_t v;

	while (len - i >= 8) {
		memcpy(&v, s + i, 8);
		if ((v & hi) || ((v - lo) & ~v & hi))
			break;
		i += 8;
	}
#endif
	while (i < len && s[i] >= 0x01 && s[i] < 0x80)
		i++;
	return i;
}

/* Length of the valid UTF-8 sequence at p (2..4), or 0 (RFC 3629 s4). */
static size_t
utf8_seq_len(const unsigned char *p, size_t left)
{
	unsigned char c = p[0];
	unsigned char lo = 0x80, hi = 0xBF;
	size_t n;

	if (c >= 0xC2 && c <= 0xDF)
		n = 2;
	else if (c >= 0xE0 && c <= 0xEF)
		n = 3;
	else if (c >= 0xF0 && c <= 0xF4)
		n = 4;
	else
		return 0;
	if (left < n)
		return 0;
	if (c == 0xE0)
		lo = 0xA0;
	else if (c == 0xED)
		hi = 0x9F;
	else if (c == 0xF0)
		lo = 0x90;
	else if (c == 0xF4)
		hi = 0x8F;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xBF)
			return 0;
	return n;
}

int
charset_utf8_lenient(struct textout *t, const char *p, size_t len)
{
	const unsigned char *s = (const unsigned char *)p;
	int flags = 0;
	size_t i = 0, run = 0, n;

	while (i < len) {
		i += ascii_run(s + i, len - i);
		if (i == len)
			break;
		textout_write(t, s + run, i - run);
		if (s[i] == 0) {
			textout_write(t, u_repl, 3);
			flags |= CHARSET_NUL;
			i++;
		} else if ((n = utf8_seq_len(s + i, len - i)) != 0) {
			textout_write(t, s + i, n);
			i += n;
		} else {
			textout_cp(t, s[i]);	/* read as latin1 */
			flags |= CHARSET_INVALID;
			i++;
		}
		run = i;
	}
	textout_write(t, s + run, i - run);
	return flags;
}

int
charset_utf8_clean(const char *p, size_t len)
{
	const unsigned char *s = (const unsigned char *)p;
	size_t i = 0, n;

	while ((i += ascii_run(s + i, len - i)) < len) {
		if (s[i] == 0 || (n = utf8_seq_len(s + i, len - i)) == 0)
			return 0;
		i += n;
	}
	return 1;
}

/* iso-8859-1, with the pair C2 B1 also read as one "±". */
static int
decode_latin1(struct textout *t, const char *p, size_t len)
{
	const unsigned char *s = (const unsigned char *)p;
	int flags = 0;
	size_t i = 0, run = 0;

	while (i < len) {
		i += ascii_run(s + i, len - i);
		if (i == len)
			break;
		textout_write(t, s + run, i - run);
		if (s[i] == 0) {
			textout_write(t, u_repl, 3);
			flags |= CHARSET_NUL;
		} else if (s[i] == 0xC2 && i + 1 < len && s[i + 1] == 0xB1) {
			textout_write(t, u_pm, 2);
			i++;
		} else {
			textout_cp(t, s[i]);
		}
		run = ++i;
	}
	textout_write(t, s + run, i - run);
	return flags;
}

char *
charset_normalise(char *buf, size_t bufsz, const char *lab, size_t lablen)
{
	size_t n = 0;

	for (size_t i = 0; i < lablen && n + 1 < bufsz; i++) {
		if (lab[i] == '"' || lab[i] == '\'' || LKB_ISSPACE(lab[i]))
			continue;
		buf[n++] = (char)LKB_TOLOWER(lab[i]);
	}
	buf[n] = '\0';
	return buf;
}

static int
name_in(const char *name, const char *const *list)
{
	for (size_t i = 0; list[i]; i++)
		if (strcmp(name, list[i]) == 0)
			return 1;
	return 0;
}

static int
name_prefixed(const char *name, const char *const *list)
{
	for (size_t i = 0; list[i]; i++)
		if (strncmp(name, list[i], strlen(list[i])) == 0)
			return 1;
	return 0;
}

static const char *const utf8_names[] = {
	"utf-8", "utf8", "", "us-ascii", "ascii", "ansi_x3.4-1968",
	"iso646-us", "us", "x-unknown", "unknown-8bit", NULL
};
static const char *const latin1_names[] = {
	"iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1",
	"iso-ir-100", "cp819", "ibm819", "iso_8859-1:1987", "8859-1", NULL
};
/* Charsets where 0xB1 can be part of a multibyte character: the 0xB1
 * rule would destroy them, so it is not applied there. */
static const char *const multibyte_prefixes[] = {
	"utf-16", "utf16", "utf-32", "utf32", "ucs", "utf-7", "utf7", "gb",
	"big5", "euc", "shift", "sjis", "iso-2022", "ks_c", "ksc", "cp932",
	"cp936", "cp949", "cp950", "windows-31j", "windows-936", "hz",
	"johab", "uhc", "x-", "cesu", NULL
};

/* Labels iconv may see: a plain name, no "//" suffixes. */
static int
label_safe(const char *name)
{
	if (!name[0])
		return 0;
	for (const char *s = name; *s; s++)
		if (!LKB_ISALNUM(*s) && *s != '-' && *s != '_' && *s != '.' &&
		    *s != ':')
			return 0;
	return 1;
}

/* Runs len bytes through cd onto t; invalid input becomes U+FFFD. */
static int
iconv_run(struct textout *t, iconv_t cd, const char *p, size_t len,
	  int final)
{
	char obuf[1024], *in = (char *)p, *out;
	size_t inleft = len, outleft, r;
	int flags = 0;

	for (;;) {
		out = obuf;
		outleft = sizeof(obuf);
		if (inleft)
			r = iconv(cd, &in, &inleft, &out, &outleft);
		else
			r = final ? iconv(cd, NULL, NULL, &out, &outleft) : 0;
		for (char *q = obuf; q < out; q++) {
			if (*q) {
				textout_byte(t, *q);
			} else {
				textout_write(t, u_repl, 3);
				flags |= CHARSET_NUL;
			}
		}
		if (r != (size_t)-1) {
			if (!inleft)
				break;
			continue;
		}
		if (errno == E2BIG)
			continue;
		textout_write(t, u_repl, 3);
		flags |= CHARSET_INVALID;
		if (errno != EILSEQ || !inleft) {
			inleft = 0;
			continue;
		}
		in++;
		inleft--;
		iconv(cd, NULL, NULL, NULL, NULL);
	}
	return flags;
}

/* A single-byte charset through iconv, with the 0xB1 and NUL rules. */
static int
iconv_single_byte(struct textout *t, iconv_t cd, const char *p, size_t len)
{
	const unsigned char *s = (const unsigned char *)p;
	int flags = 0;
	size_t run = 0, end;

	for (size_t i = 0; i < len; i++) {
		if (s[i] != 0xB1 && s[i] != 0)
			continue;
		end = i;
		if (s[i] == 0xB1 && i > run && s[i - 1] == 0xC2)
			end--;
		flags |= iconv_run(t, cd, p + run, end - run, 0);
		if (s[i]) {
			textout_write(t, u_pm, 2);
		} else {
			textout_write(t, u_repl, 3);
			flags |= CHARSET_NUL;
		}
		run = i + 1;
	}
	flags |= iconv_run(t, cd, p + run, len - run, 1);
	return flags;
}

int
charset_is_utf8(const char *lab, size_t lablen)
{
	char name[CHARSET_NAME_MAX];

	charset_normalise(name, sizeof(name), lab, lablen);
	return name_in(name, utf8_names);
}

int
charset_decode(struct textout *t, const char *lab, size_t lablen,
	       const char *p, size_t len)
{
	char name[CHARSET_NAME_MAX];
	iconv_t cd;
	int flags;

	charset_normalise(name, sizeof(name), lab, lablen);
	if (name_in(name, utf8_names))
		return charset_utf8_lenient(t, p, len) & ~CHARSET_INVALID;
	if (name_in(name, latin1_names))
		return decode_latin1(t, p, len);
	if (!label_safe(name) || lablen >= CHARSET_NAME_MAX)
		cd = (iconv_t)-1;
	else
		cd = iconv_open("UTF-8", name);
	if (cd == (iconv_t)-1)
		return (charset_utf8_lenient(t, p, len) & ~CHARSET_INVALID) |
		       CHARSET_UNKNOWN;
	if (name_prefixed(name, multibyte_prefixes))
		flags = iconv_run(t, cd, p, len, 1);
	else
		flags = iconv_single_byte(t, cd, p, len);
	iconv_close(cd);
	return flags;
}
