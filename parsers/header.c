/* header.c - header unfolding and RFC 2047 decoding. */
#include "config.h"
#include "header.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/log.h"
#include "lib/xalloc.h"
#include "lib/status.h"
#include "parsers/charset.h"
#include "parsers/mime_transfer.h"

/* RFC 2047 s2: an encoded word is at most 75 bytes; we allow longer ones
 * (VIOLATIONS.md) but bound the charset name. */
#define EW_CHARSET_MAX 64

char *
header_unfold(struct arena *a, const char *p, size_t len)
{
	const char *nl;
	char *s;
	size_t n = 0, b = 0, e = len;
	int cr;

	while (b < e && LKB_ISSPACE(p[b]))
		b++;
	while (e > b && LKB_ISSPACE(p[e - 1]))
		e--;
	nl = memchr(p + b, '\n', e - b);
	cr = memchr(p + b, '\r', e - b) != NULL;
	if (!nl && !cr)
		return arena_memdup0(a, p + b, e - b);
	s = arena_alloc(a, lkb_st_add(e - b, 1));
	if (!cr) {	/* LFs only: the lines between them, each copied */
		size_t i = b;

		for (; nl; nl = memchr(p + i, '\n', e - i)) {
			memcpy(s + n, p + i, (size_t)(nl - p) - i);
			n += (size_t)(nl - p) - i;
			i = (size_t)(nl - p) + 1;
		}
		memcpy(s + n, p + i, e - i);
		n += e - i;
	} else {
		for (size_t i = b; i < e; i++)
			if (p[i] != '\r' && p[i] != '\n')
				s[n++] = p[i];
	}
	while (n && LKB_ISSPACE(s[n - 1]))
		n--;
	s[n] = '\0';
	return s;
}

void
header_collapse_ws(struct strbuf *sb, size_t start)
{
	size_t w = start;
	int space = 0;

	for (size_t r = start; r < sb->len; r++) {
		if (LKB_ISSPACE(sb->buf[r])) {
			space = 1;
			continue;
		}
		if (space && w > start)
			sb->buf[w++] = ' ';
		space = 0;
		sb->buf[w++] = sb->buf[r];
	}
	strbuf_setlen(sb, w);
}

struct ew {
	const char *cs;		/* charset label */
	size_t cslen;
	char enc;		/* 'B' or 'Q' */
	const char *text;
	size_t textlen;
	size_t end;		/* offset just past "?=" */
};

/* Parses "=?charset?E?text?=" at p[i]. Returns 1 and fills w, else 0. */
static int
ew_scan(const char *p, size_t len, size_t i, struct ew *w)
{
	size_t j = i + 2, k;

	if (i + 2 > len || p[i] != '=' || p[i + 1] != '?')
		return 0;
	w->cs = p + j;
	while (j < len && p[j] != '?' && !LKB_ISSPACE(p[j]))
		j++;
	w->cslen = (size_t)(p + j - w->cs);
	if (j + 3 > len || p[j] != '?' || !w->cslen ||
	    w->cslen > EW_CHARSET_MAX)
		return 0;
	w->enc = (char)LKB_TOUPPER(p[j + 1]);
	if ((w->enc != 'B' && w->enc != 'Q') || p[j + 2] != '?')
		return 0;
	k = j + 3;
	w->text = p + k;
	while (k + 1 < len && !(p[k] == '?' && p[k + 1] == '=')) {
		if (LKB_ISSPACE(p[k]))
			return 0;
		k++;
	}
	if (k + 1 >= len)
		return 0;
	w->textlen = (size_t)(p + k - w->text);
	w->end = k + 2;
	/* RFC 2231 s5: "charset*language" */
	for (size_t c = 0; c < w->cslen; c++)
		if (w->cs[c] == '*')
			w->cslen = c;
	return 1;
}

static void
sb_put(struct strbuf *sb, const void *p, size_t n)
{
	strbuf_add(sb, p, n);
}

/* RFC 2047 s4.2: "_" is a space, "=XX" a byte; a stray "=" stays. */
static void
q_decode(struct strbuf *sb, const char *p, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		char c = p[i];
		unsigned v;

		if (c == '_') {
			c = ' ';
		} else if (c == '=' && i + 2 < len &&
			   mime_hex_pair(p + i + 1, &v)) {
			c = (char)v;
			i += 2;
		}
		sb_put(sb, &c, 1);
	}
}

struct pending {
	struct strbuf bytes;	/* decoded, not yet charset-converted */
	char cs[EW_CHARSET_MAX + 1];
	size_t cslen;
};

static int
pending_flush(struct pending *pd, struct textout *t)
{
	int f = 0;

	if (pd->bytes.len) {
		f = charset_decode(t, pd->cs, pd->cslen, pd->bytes.buf,
				   pd->bytes.len);
		strbuf_reset(&pd->bytes);
	}
	return (f & CHARSET_UNKNOWN) ? HEADER_BAD_CHARSET : 0;
}

static int
same_label(const char *a, size_t alen, const char *b, size_t blen)
{
	if (alen != blen)
		return 0;
	for (size_t i = 0; i < alen; i++)
		if (LKB_TOLOWER(a[i]) != LKB_TOLOWER(b[i]))
			return 0;
	return 1;
}

static int
pending_add(struct pending *pd, struct textout *t, const struct ew *w)
{
	int f = 0;

	if (!same_label(pd->cs, pd->cslen, w->cs, w->cslen)) {
		f = pending_flush(pd, t);
		memcpy(pd->cs, w->cs, w->cslen);
		pd->cs[w->cslen] = '\0';
		pd->cslen = w->cslen;
	}
	if (w->enc == 'Q')
		q_decode(&pd->bytes, w->text, w->textlen);
	else if (mime_base64_decode(&pd->bytes, w->text, w->textlen) < 0)
		LKB_BUG("uncapped strbuf refused data");
	return f;
}

static int
all_space(const char *p, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!LKB_ISSPACE(p[i]))
			return 0;
	return 1;
}

int
header_decode(struct strbuf *out, const char *p, size_t len)
{
	struct pending pd = { STRBUF_INIT, "", 0 };
	struct textout t;
	size_t start = out->len, plain = 0, last_ew = (size_t)-1, i = 0;
	struct ew w;
	int flags = 0;

	textout_init(&t, out);
	while (i < len) {
		if (p[i] != '=' || !ew_scan(p, len, i, &w)) {
			i++;
			continue;
		}
		/* RFC 2047 s6.2: blanks between adjacent words vanish */
		if (last_ew != plain || !all_space(p + plain, i - plain)) {
			flags |= pending_flush(&pd, &t);
			charset_utf8_lenient(&t, p + plain, i - plain);
		}
		flags |= pending_add(&pd, &t, &w);
		i = w.end;
		plain = last_ew = i;
	}
	flags |= pending_flush(&pd, &t);
	charset_utf8_lenient(&t, p + plain, len - plain);
	if (textout_flush(&t) != LKB_OK)
		flags |= HEADER_TOO_BIG;
	strbuf_release(&pd.bytes);
	header_collapse_ws(out, start);
	return flags;
}

atomic_size_t header_decode_plain;

/* Would header_decode() give p[*s, *e) back as it is, the blanks and
 * line ends around it dropped: bytes 0x21-0x7e and single spaces
 * between them, no "=?" to start an encoded word? */
static int
is_plain_value(const char *p, size_t len, size_t *s, size_t *e)
{
	size_t i = 0;

	while (len && LKB_ISSPACE(p[len - 1]))
		len--;
	while (i < len && LKB_ISSPACE(p[i]))
		i++;
	*s = i;
	*e = len;
	for (; i < len; i++) {
		unsigned char c = (unsigned char)p[i];

		if (c < 0x20 || c > 0x7e || (c == ' ' && p[i + 1] == ' ') ||
		    (c == '=' && i + 1 < len && p[i + 1] == '?'))
			return 0;
	}
	return 1;
}

char *
header_decode_arena(struct arena *a, const char *p, size_t len,
		    int *flags_out)
{
	struct strbuf sb = STRBUF_INIT;
	size_t ps, pe;
	char *s;
	int f;

	if (is_plain_value(p, len, &ps, &pe)) {
		atomic_fetch_add_explicit(&header_decode_plain, 1,
					  memory_order_relaxed);
		if (flags_out)
			*flags_out = 0;
		return arena_memdup0(a, p + ps, pe - ps);
	}
	f = header_decode(&sb, p, len);
	s = arena_memdup0(a, sb.buf, sb.len);
	strbuf_release(&sb);
	if (flags_out)
		*flags_out = f;
	return s;
}
