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

static int
b64val(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

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
		v = b64val(s[i]);
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
