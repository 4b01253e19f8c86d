/* escape.c - header (RFC 2047), body (8bit / quoted-printable) and quote
 * encoders for outgoing mail. */
#include "config.h"
#include "templates/escape.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/compiler.h"
#include "lib/limits.h"
#include "lib/status.h"

#define FOLD_COL 78		/* RFC 5322 2.1.1 SHOULD */
#define EW_MAX 75		/* RFC 2047 2: an encoded-word's length */
#define EW_OPEN "=?UTF-8?Q?"
#define EW_OVERHEAD 12		/* "=?UTF-8?Q?" + "?=" */
#define QP_LINE 76		/* RFC 2045 6.7 (5) */

static const char hex[] = "0123456789ABCDEF";
static const char replacement[] = "\xef\xbf\xbd";	/* U+FFFD */

static const char *const enc_names[BODY__COUNT] = { "7bit", "8bit",
						     "quoted-printable" };
_Static_assert(LKB_ARRAY_SIZE(enc_names) == BODY__COUNT, "encodings");

const char *
escape_body_encoding_name(enum body_encoding e)
{
	return (unsigned)e < BODY__COUNT ? enc_names[e] : "?";
}

size_t
escape_utf8_len(const char *p, size_t n)
{
	const unsigned char *u = (const unsigned char *)p;
	unsigned long cp;
	size_t len;

	if (n == 0)
		return 0;
	if (u[0] < 0x80)
		return 1;
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		len = 2, cp = u[0] & 0x1f;
	else if (u[0] >= 0xe0 && u[0] <= 0xef)
		len = 3, cp = u[0] & 0x0f;
	else if (u[0] >= 0xf0 && u[0] <= 0xf4)
		len = 4, cp = u[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (u[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

/* Bytes that need no encoding in a header, and no "=?" anywhere. */
static int
plain_ascii(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if ((c < 0x20 && c != '\t') || c >= 0x7f)
			return 0;
		if (c == '=' && i + 1 < len && s[i + 1] == '?')
			return 0;
	}
	return 1;
}

/* Q-encode one character (1-4 bytes) into buf; returns its length.
 * Only RFC 2047 5(3) phrase-safe bytes stay literal. */
static size_t
q_char(const char *p, size_t n, char *buf)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];

		if (LKB_ISALNUM(c) || (c && strchr("!*+-/", c))) {
			buf[k++] = (char)c;
		} else if (c == ' ') {
			buf[k++] = '_';
		} else {
			buf[k++] = '=';
			buf[k++] = hex[c >> 4];
			buf[k++] = hex[c & 15];
		}
	}
	return k;
}

static int
encoded_words(struct strbuf *out, size_t col, const char *s, size_t len)
{
	size_t room, used = 0, clen, k;
	const char *p = s, *end = s + len;
	char buf[12];

	/* the first word uses what is left of the line, within reason */
	room = col + EW_MAX <= FOLD_COL ? EW_MAX : FOLD_COL - col;
	if (col > FOLD_COL || room < EW_OVERHEAD + 16)
		room = EW_MAX;
	room -= EW_OVERHEAD;
	strbuf_adds(out, EW_OPEN);
	while (p < end) {
		clen = escape_utf8_len(p, (size_t)(end - p));
		k = clen ? q_char(p, clen, buf) : q_char(replacement, 3, buf);
		if (used && used + k > room) {
			strbuf_adds(out, "?=\r\n " EW_OPEN);
			used = 0;
			room = EW_MAX - EW_OVERHEAD;
		}
		strbuf_add(out, buf, k);
		used += k;
		p += clen ? clen : 1;
	}
	strbuf_adds(out, "?=");
	return LKB_OK;
}

int
escape_header_text(struct strbuf *out, size_t col, const char *s, size_t len)
{
	const char *p = s, *end = s + len, *sp;
	size_t wlen;
	int first = 1;

	if (!plain_ascii(s, len))
		return encoded_words(out, col, s, len);
	/* a word that cannot be folded below 998 needs encoding */
	for (p = s; p < end; p = sp + 1) {
		sp = memchr(p, ' ', (size_t)(end - p));
		if (!sp)
			sp = end;
		if ((size_t)(sp - p) + (p == s ? col : 1) > LKB_MAX_MAIL_LINE)
			return encoded_words(out, col, s, len);
	}
	for (p = s; p <= end; p = sp + 1) {
		sp = memchr(p, ' ', (size_t)(end - p));
		if (!sp)
			sp = end;
		wlen = (size_t)(sp - p);
		if (!first && col + 1 + wlen > FOLD_COL && wlen) {
			strbuf_adds(out, "\r\n ");
			col = 1;
		} else if (!first) {
			strbuf_addch(out, ' ');
			col++;
		}
		strbuf_add(out, p, wlen);
		col += wlen;
		first = 0;
		if (sp == end)
			break;
	}
	return LKB_OK;
}

/* RFC 5322 3.2.3 atext plus space. */
static int
is_atext_or_space(unsigned char c)
{
	return LKB_ISALNUM(c) || c == ' ' ||
	       (c && strchr("!#$%&'*+-/=?^_`{|}~", c));
}

int
escape_header_phrase(struct strbuf *out, const char *s, size_t len)
{
	size_t i;

	if (!plain_ascii(s, len) || memchr(s, '\t', len))
		return encoded_words(out, FOLD_COL, s, len);
	for (i = 0; i < len && is_atext_or_space((unsigned char)s[i]); i++)
		;
	if (i == len && len && s[0] != ' ' && s[len - 1] != ' ') {
		strbuf_add(out, s, len);
		return LKB_OK;
	}
	strbuf_addch(out, '"');
	for (i = 0; i < len; i++) {
		if (s[i] == '"' || s[i] == '\\')
			strbuf_addch(out, '\\');
		strbuf_addch(out, s[i]);
	}
	strbuf_addch(out, '"');
	return LKB_OK;
}

int
escape_addr_ok(const char *addr)
{
	size_t n = strlen(addr);
	const char *at = strchr(addr, '@');

	if (n < 3 || n > 254 || !at || at == addr || !at[1] ||
	    strchr(at + 1, '@'))
		return 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)addr[i];

		if (c <= 0x20 || c >= 0x7f || strchr("<>()[],;:\"\\", c))
			return 0;
	}
	return 1;
}

int
escape_msgid_ok(const char *id)
{
	size_t n = strlen(id);

	if (n == 0 || n > LKB_MAX_MSGID_BYTES)
		return 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)id[i];

		if (c <= 0x20 || c >= 0x7f || c == '<' || c == '>')
			return 0;
	}
	return 1;
}

/* Clean text: valid UTF-8, LF line ends, no stray controls, final LF.
 * Reports the longest line and whether any byte is non-ASCII. */
static int
body_clean(struct strbuf *out, const char *s, size_t len, size_t *maxline,
	   int *eight)
{
	const char *p = s, *end = s + len;
	size_t line = 0, clen;

	*maxline = 0;
	*eight = 0;
	while (p < end) {
		unsigned char c = (unsigned char)*p;

		clen = escape_utf8_len(p, (size_t)(end - p));
		if (c == '\r') {
			p++;	/* CRLF becomes LF below; bare CR goes */
			continue;
		}
		if (c == '\n') {
			strbuf_addch(out, '\n');
			*maxline = line > *maxline ? line : *maxline;
			line = 0;
			p++;
			continue;
		}
		if (clen == 0 || (c < 0x20 && c != '\t' && c != '\f') ||
		    c == 0x7f) {
			strbuf_add(out, replacement, 3);
			line += 3;
			*eight = 1;
			p += clen ? clen : 1;
			continue;
		}
		strbuf_add(out, p, clen);
		line += clen;
		*eight |= clen > 1;
		p += clen;
	}
	*maxline = line > *maxline ? line : *maxline;
	if (out->len == 0 || out->buf[out->len - 1] != '\n')
		strbuf_addch(out, '\n');
	return LKB_OK;
}

static int
qp_line(struct strbuf *out, const char *p, size_t n)
{
	size_t col = 0, k;
	char buf[3];

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];
		int last = i + 1 == n;

		if ((c >= 33 && c <= 126 && c != '=') ||
		    ((c == ' ' || c == '\t') && !last)) {
			buf[0] = (char)c;
			k = 1;
		} else {
			buf[0] = '=';
			buf[1] = hex[c >> 4];
			buf[2] = hex[c & 15];
			k = 3;
		}
		/* leave room for the soft break's "=" */
		if (col + k > QP_LINE - 1) {
			strbuf_adds(out, "=\r\n");
			col = 0;
		}
		strbuf_add(out, buf, k);
		col += k;
	}
	strbuf_adds(out, "\r\n");
	return LKB_OK;
}

int
escape_body(struct strbuf *out, const char *s, size_t len,
	    enum body_encoding *enc_out)
{
	struct strbuf clean = STRBUF_INIT;
	const char *p, *end, *nl;
	size_t maxline;
	int eight, rc;

	if ((rc = body_clean(&clean, s, len, &maxline, &eight)) != LKB_OK)
		goto out;
	*enc_out = maxline > LKB_MAX_MAIL_LINE ? BODY_QP
		   : eight			? BODY_8BIT
						: BODY_7BIT;
	end = clean.buf + clean.len;
	for (p = clean.buf; p < end && rc == LKB_OK; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));	/* always found */
		if (*enc_out == BODY_QP) {
			rc = qp_line(out, p, (size_t)(nl - p));
		} else {
			strbuf_add(out, p, (size_t)(nl - p));
			strbuf_adds(out, "\r\n");
		}
	}
out:
	strbuf_release(&clean);
	return rc;
}

int
escape_quote(struct strbuf *out, const char *s, size_t len)
{
	const char *p = s, *end = s + len, *nl;
	size_t n;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		n = (size_t)((nl ? nl : end) - p);
		if (n && p[n - 1] == '\r')
			n--;
		if (n == 0) {
			strbuf_adds(out, ">\n");
		} else {
			strbuf_adds(out, p[0] == '>' ? ">" : "> ");
			strbuf_add(out, p, n);
			strbuf_addch(out, '\n');
		}
		p = nl ? nl + 1 : end;
	}
	return LKB_OK;
}
