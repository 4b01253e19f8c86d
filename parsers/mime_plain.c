/* mime_plain.c - plain MIME fields read without libetpan (mime_plain.h).
 *
 * What libetpan 1.9 does with the fields message.c writes (read in its
 * mailimf.c, mailmime.c and mailmime_disposition.c): every line is one
 * optional field, name and value as written; mailmime_field_parse()
 * knows a field by its name (MIME-Version only with a capital M) and
 * parses its value, and a value it cannot parse drops the field; with
 * no field left the mail has no MIME fields. mime.c takes the first
 * Content-Type, the last Content-Transfer-Encoding and the last
 * Content-Disposition; no other field changes the part. */
#include "config.h"
#include "mime_plain.h"

#include <string.h>
#include <strings.h>

#include "lib/ascii.h"
#include "lib/compiler.h"

/* The words of enum mime_plain_enc. libetpan tries them in this order,
 * each as a case-insensitive prefix: a value that is one of them whole
 * is read as that one. */
static const char *const enc_words[] = {
	"", "7bit", "8bit", "binary", "quoted-printable", "base64"
};
_Static_assert(LKB_ARRAY_SIZE(enc_words) == MIME_PLAIN__COUNT,
	       "one word per encoding");

/* A token byte (RFC 2045 s5.1) of printable ASCII: no tspecial. Every
 * one is also an atom byte to libetpan (its is_atext()). */
static int
is_token(char c)
{
	switch (c) {
	case '(': case ')': case '<': case '>': case '@': case ',':
	case ';': case ':': case '\\': case '"': case '/': case '[':
	case ']': case '?': case '=':
		return 0;
	default:
		return LKB_UC(c) > 0x20 && LKB_UC(c) < 0x7f;
	}
}

static size_t
token_end(const char *p, size_t i, size_t n)
{
	while (i < n && is_token(p[i]))
		i++;
	return i;
}

static int
same_word(const char *p, size_t n, const char *w)
{
	return n == strlen(w) && strncasecmp(p, w, n) == 0;
}

static void
param_keep(struct mime_plain *out, const char *a, size_t alen,
	   const char *v, size_t vlen)
{
	struct mime_plain_str *s;

	if (same_word(a, alen, "charset"))
		s = &out->charset;
	else if (same_word(a, alen, "format"))
		s = &out->format;
	else if (same_word(a, alen, "delsp"))
		s = &out->delsp;
	else if (same_word(a, alen, "name"))
		s = &out->name;
	else
		return;
	if (!s->p) {	/* the first of a name is the one read */
		s->p = v;
		s->len = vlen;
	}
}

/* A Content-Type value v[0..n) of the plain shape: "text/" subtype
 * *(";" [" "] attribute "=" (token / DQUOTE token DQUOTE)). Its bytes
 * are token bytes, '/', ';', '=', '"' and single spaces after ';', so
 * mime.c hands it to mailmime_content_parse() as it is (no "=?", no
 * runs of blanks: ct_value_plain()), which reads it so: no blank or
 * comment for its CFWS to skip, every token run ended where libetpan's
 * token or atom run ends too, the quotes dropped. */
static int
content_type(const char *v, size_t n, struct mime_plain *out)
{
	size_t i = 5, e;

	if (n < 6 || strncasecmp(v, "text/", 5) != 0)
		return 0;
	if ((e = token_end(v, i, n)) == i)
		return 0;
	out->subtype.p = v + i;
	out->subtype.len = e - i;
	for (i = e; i < n;) {
		size_t a = i + 1 + (i + 1 < n && v[i + 1] == ' ');

		if (v[i] != ';')
			return 0;
		e = token_end(v, a, n);
		if (e == a || e == n || v[e] != '=')
			return 0;
		i = e + 1;
		if (i < n && v[i] == '"') {
			size_t q = token_end(v, i + 1, n);

			if (q == i + 1 || q == n || v[q] != '"')
				return 0;
			param_keep(out, v + a, e - a, v + i + 1, q - i - 1);
			i = q + 1;
		} else {
			size_t t = token_end(v, i, n);

			if (t == i)
				return 0;
			param_keep(out, v + a, e - a, v + i, t - i);
			i = t;
		}
	}
	return 1;
}

/* mailmime_version_parse(): digits, '.', digits; the rest unread. */
static int
version_read(const char *v, size_t n)
{
	size_t i = 0, j;

	while (i < n && LKB_ISDIGIT(v[i]))
		i++;
	if (i == 0 || i == n || v[i] != '.')
		return 0;
	for (j = ++i; i < n && LKB_ISDIGIT(v[i]); i++)
		;
	return i > j;
}

/* One field: 1 when libetpan keeps it and it is plain, 0 when what
 * libetpan makes of it cannot change the part, -1 when it may. */
static int
field(const char *name, size_t n, const char *v, size_t vlen,
      struct mime_plain *out)
{
	if (same_word(name, n, "content-type"))
		return !out->subtype.p && content_type(v, vlen, out) ? 1 : -1;
	if (same_word(name, n, "content-transfer-encoding")) {
		if (out->enc != MIME_PLAIN_NONE)
			return -1;
		for (int k = MIME_PLAIN_7BIT; k < MIME_PLAIN__COUNT; k++)
			if (same_word(v, vlen, enc_words[k])) {
				out->enc = (enum mime_plain_enc)k;
				return 1;
			}
		return -1;
	}
	/* "inline" with no parameters: no attachment, no file name */
	if (same_word(name, n, "content-disposition"))
		return same_word(v, vlen, "inline") ? 1 : -1;
	if (name[0] == 'M' && same_word(name, n, "mime-version"))
		return version_read(v, vlen);
	/* Content-ID, -Description, -Language, -Location, names libetpan
	 * knows no field by: kept or dropped, mime.c reads none of them */
	return 0;
}

int
mime_plain_read(const char *mh, size_t mhlen, struct mime_plain *out)
{
	size_t i = 0;
	int kept = 0;

	memset(out, 0, sizeof(*out));
	while (i < mhlen) {
		const char *line = mh + i, *nl, *colon;
		int r;

		nl = memchr(line, '\n', mhlen - i);
		if (!nl)
			return 0;
		/* a field name holds no ':' */
		colon = memchr(line, ':', (size_t)(nl - line));
		if (!colon || colon == line || nl - colon < 2 ||
		    colon[1] != ' ')
			return 0;
		r = field(line, (size_t)(colon - line), colon + 2,
			  (size_t)(nl - colon - 2), out);
		if (r < 0)
			return 0;
		kept |= r;
		i = (size_t)(nl - mh) + 1;
	}
	/* no field kept: libetpan has no MIME fields for the mail */
	return kept;
}
