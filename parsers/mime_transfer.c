/* mime_transfer.c - base64 and quoted-printable decoding. */
#include "config.h"
#include "mime_transfer.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/status.h"
#include "parsers/charset.h"

static int
hexval(char c)
{
	if (LKB_ISDIGIT(c))
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

int
mime_hex_pair(const char *p, unsigned *v)
{
	int hi = hexval(p[0]), lo = hexval(p[1]);

	if (hi < 0 || lo < 0)
		return 0;
	*v = (unsigned)(hi << 4 | lo);
	return 1;
}

/* The value of each base64 byte (RFC 2045 s6.8 table 1); -1 for every
 * other byte. */
static const signed char b64val[256] = {
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 62, -1, -1, -1, 63,
	52, 53, 54, 55, 56, 57, 58, 59, 60, 61, -1, -1, -1, -1, -1, -1,
	-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
	15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, -1, -1, -1, -1, -1,
	-1, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
	41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
};

/* Emits the bytes a partial quantum of n sextets holds. */
static void
b64_tail(struct textout *t, unsigned acc, int n)
{
	if (n == 2) {
		textout_byte(t, (char)(acc >> 4));
	} else if (n == 3) {
		textout_byte(t, (char)(acc >> 10));
		textout_byte(t, (char)(acc >> 2));
	}
}

int
mime_base64_decode(struct strbuf *out, const char *p, size_t len)
{
	const unsigned char *s = (const unsigned char *)p;
	struct textout t;
	unsigned acc = 0;
	int n = 0, flags = 0, v;

	textout_init(&t, out);
	for (size_t i = 0; i < len; i++) {
		/* a whole quantum of alphabet bytes where one starts, its
		 * three bytes put where textout_byte() would put them (no
		 * flush falls between them): most of a body */
		while (n == 0 && len - i >= 4 && sizeof(t.tmp) - t.n >= 3) {
			int a = b64val[s[i]], b = b64val[s[i + 1]],
			    c = b64val[s[i + 2]], d = b64val[s[i + 3]];
			unsigned q;

			if ((a | b | c | d) < 0)
				break;
			q = (unsigned)a << 18 | (unsigned)b << 12 |
			    (unsigned)c << 6 | (unsigned)d;
			t.tmp[t.n] = (char)(q >> 16);
			t.tmp[t.n + 1] = (char)(q >> 8);
			t.tmp[t.n + 2] = (char)q;
			t.n += 3;
			i += 4;
		}
		if (i == len)
			break;
		v = b64val[s[i]];
		if (v < 0) {
			if (s[i] == '=') {	/* padding ends a quantum */
				if (n == 1)
					flags |= TRANSFER_TRUNCATED;
				b64_tail(&t, acc, n);
				acc = 0;
				n = 0;
			} else if (!LKB_ISSPACE(s[i])) {
				flags |= TRANSFER_JUNK;
			}
			continue;
		}
		acc = acc << 6 | (unsigned)v;
		if (++n == 4) {
			textout_byte(&t, (char)(acc >> 16));
			textout_byte(&t, (char)(acc >> 8));
			textout_byte(&t, (char)acc);
			acc = 0;
			n = 0;
		}
	}
	if (n) {
		flags |= TRANSFER_TRUNCATED;
		b64_tail(&t, acc, n);
	}
	if (textout_flush(&t) != LKB_OK)
		return LKB_ERR_TOO_BIG;
	return flags;
}

/* Offset past a soft line break starting at the "=" at p[i], or 0. */
static size_t
qp_soft_break(const char *p, size_t len, size_t i)
{
	size_t j = i + 1;

	while (j < len && LKB_ISBLANK(p[j]))
		j++;
	if (j == len)
		return j;
	if (p[j] == '\n')
		return j + 1;
	if (p[j] == '\r' && j + 1 < len && p[j + 1] == '\n')
		return j + 2;
	if (p[j] == '\r' && j + 1 == len)
		return j + 1;
	return 0;
}

int
mime_qp_decode(struct strbuf *out, const char *p, size_t len)
{
	struct textout t;
	size_t i = 0, skip;
	const char *eq;
	unsigned v;

	textout_init(&t, out);
	while (i < len) {
		eq = memchr(p + i, '=', len - i);
		if (!eq) {
			textout_write(&t, p + i, len - i);
			break;
		}
		textout_write(&t, p + i, (size_t)(eq - (p + i)));
		i = (size_t)(eq - p);
		if ((skip = qp_soft_break(p, len, i)) != 0) {
			i = skip;
		} else if (i + 2 < len && mime_hex_pair(p + i + 1, &v)) {
			textout_byte(&t, (char)v);
			i += 3;
		} else {
			textout_byte(&t, '=');
			i++;
		}
	}
	return textout_flush(&t) == LKB_OK ? 0 : LKB_ERR_TOO_BIG;
}
