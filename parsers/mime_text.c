/* mime_text.c - CRLF, format=flowed and HTML-to-text. */
#include "config.h"
#include "mime_text.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/status.h"
#include "parsers/charset.h"

void
text_crlf_to_lf(struct strbuf *sb, size_t start)
{
	char *s = sb->buf, *cr;
	size_t w, r;

	cr = start < sb->len ? memchr(s + start, '\r', sb->len - start) : NULL;
	if (!cr)
		return;
	w = r = (size_t)(cr - s);
	for (; r < sb->len; r++) {
		if (s[r] == '\r' && r + 1 < sb->len && s[r + 1] == '\n')
			continue;
		s[w++] = s[r];
	}
	strbuf_setlen(sb, w);
}

/* One line split into quote depth and content. */
struct fline {
	size_t depth;
	const char *text;
	size_t len;
	int flowed;
};

static void
fline_split(const char *p, size_t len, int delsp, struct fline *l)
{
	size_t i = 0;

	while (i < len && p[i] == '>')
		i++;
	l->depth = i;
	if (i < len && p[i] == ' ')	/* space-stuffing (s4.4) */
		i++;
	l->text = p + i;
	l->len = len - i;
	l->flowed = l->len && l->text[l->len - 1] == ' ' &&
		    !(l->len == 3 && memcmp(l->text, "-- ", 3) == 0);
	if (l->flowed && delsp)
		l->len--;
}

int
text_unflow(struct strbuf *out, const char *p, size_t len, int delsp)
{
	struct textout t;
	struct fline l;
	size_t i = 0, e;
	int joining = 0;
	size_t depth = 0;

	textout_init(&t, out);
	while (i < len) {
		const char *nl = memchr(p + i, '\n', len - i);

		e = nl ? (size_t)(nl - p) : len;
		fline_split(p + i, e - i, delsp, &l);
		if (joining && l.depth != depth)
			textout_byte(&t, '\n');	/* depth changed: end it */
		if (!joining || l.depth != depth) {
			for (size_t d = 0; d < l.depth; d++)
				textout_byte(&t, '>');
			if (l.depth && l.len)
				textout_byte(&t, ' ');
		}
		textout_write(&t, l.text, l.len);
		joining = l.flowed;
		depth = l.depth;
		if (!joining && nl)
			textout_byte(&t, '\n');
		i = nl ? e + 1 : len;
	}
	if (joining)
		textout_byte(&t, '\n');
	return textout_flush(&t);
}

static const struct {
	const char *name;
	unsigned cp;
} entities[] = {
	{ "amp", '&' }, { "lt", '<' }, { "gt", '>' }, { "quot", '"' },
	{ "apos", '\'' }, { "nbsp", ' ' }, { "plusmn", 0xB1 },
	{ "copy", 0xA9 }, { "reg", 0xAE }, { "deg", 0xB0 },
	{ "micro", 0xB5 }, { "middot", 0xB7 }, { "times", 0xD7 },
	{ "laquo", 0xAB }, { "raquo", 0xBB }, { "ndash", 0x2013 },
	{ "mdash", 0x2014 }, { "lsquo", 0x2018 }, { "rsquo", 0x2019 },
	{ "ldquo", 0x201C }, { "rdquo", 0x201D }, { "hellip", 0x2026 },
	{ "bull", 0x2022 },
};

/* Decodes the entity at p[i] == '&'; returns its length or 0. */
static size_t
entity(const char *p, size_t len, size_t i, unsigned *cp)
{
	size_t j = i + 1, s;
	unsigned v = 0;

	if (j < len && p[j] == '#') {
		int hex = ++j < len && (p[j] == 'x' || p[j] == 'X');

		j += (size_t)hex;
		for (s = j; j < len && j - s < 7 && (hex ? LKB_ISXDIGIT(p[j])
						       : LKB_ISDIGIT(p[j]));
		     j++)
			v = v * (hex ? 16 : 10) +
			    (unsigned)(LKB_ISDIGIT(p[j]) ? p[j] - '0'
						       : (LKB_TOLOWER(p[j]) - 'a' + 10));
		if (j == s || v == 0 || v > 0x10FFFF)
			return 0;
		*cp = v;
		return j < len && p[j] == ';' ? j + 1 - i : j - i;
	}
	for (s = j; j < len && j - s < 8 && LKB_ISALNUM(p[j]); j++)
		;
	if (j >= len || p[j] != ';')
		return 0;
	for (size_t k = 0; k < sizeof(entities) / sizeof(entities[0]); k++) {
		if (strlen(entities[k].name) == j - s &&
		    memcmp(entities[k].name, p + s, j - s) == 0) {
			*cp = entities[k].cp;
			return j + 1 - i;
		}
	}
	return 0;
}

static int
tag_is(const char *name, size_t n, const char *const *list)
{
	for (size_t i = 0; list[i]; i++)
		if (strlen(list[i]) == n && memcmp(list[i], name, n) == 0)
			return 1;
	return 0;
}

/* Finds needle (lower case) in p[i..len) case-insensitively. */
static size_t
find_ci(const char *p, size_t len, size_t i, const char *needle)
{
	size_t n = strlen(needle);

	for (; i + n <= len; i++) {
		size_t k = 0;

		while (k < n && LKB_TOLOWER(p[i + k]) == LKB_UC(needle[k]))
			k++;
		if (k == n)
			return i;
	}
	return len;
}

struct html {
	struct textout t;
	int pre;
	int space;	/* a blank is pending */
	int bol;	/* at the beginning of a line */
	int any;	/* some text was written */
};

static void
html_nl(struct html *h)
{
	if (!h->any)
		return;		/* no blank lines before the text */
	textout_byte(&h->t, '\n');
	h->space = 0;
	h->bol = 1;
}

/* Handles the tag at p[i] == '<'; returns the offset after it. */
static size_t
html_tag(struct html *h, const char *p, size_t len, size_t i)
{
	static const char *const block[] = {
		"br", "p", "div", "tr", "li", "h1", "h2", "h3", "h4", "h5",
		"h6", "table", "blockquote", "hr", "ul", "ol", "dt", "dd",
		"title", NULL
	};
	char name[12];
	size_t j = i + 1, n = 0;
	int closing = 0;
	char q = 0;

	if (len - i >= 4 && memcmp(p + i, "<!--", 4) == 0) {
		j = find_ci(p, len, i + 4, "-->");
		return j < len ? j + 3 : len;
	}
	if (j < len && p[j] == '/') {
		closing = 1;
		j++;
	}
	while (j < len && LKB_ISALNUM(p[j]) && n + 1 < sizeof(name)) {
		name[n++] = (char)LKB_TOLOWER(p[j]);
		j++;
	}
	name[n] = '\0';
	for (; j < len && (q || p[j] != '>'); j++)
		if (q ? p[j] == q : (p[j] == '"' || p[j] == '\''))
			q = q ? 0 : p[j];
	j = j < len ? j + 1 : len;
	if (!closing && (strcmp(name, "script") == 0 ||
			 strcmp(name, "style") == 0)) {
		char end[10];

		end[0] = '<';
		end[1] = '/';
		memcpy(end + 2, name, n + 1);
		j = find_ci(p, len, j, end);
		return j < len ? html_tag(h, p, len, j) : len;
	}
	if (strcmp(name, "pre") == 0)
		h->pre = !closing;
	if (tag_is(name, n, block) || strcmp(name, "pre") == 0)
		html_nl(h);
	else if (strcmp(name, "td") == 0 || strcmp(name, "th") == 0)
		h->space = 1;
	return j;
}

int
text_from_html(struct strbuf *out, const char *p, size_t len)
{
	struct html h;
	size_t i = 0, n;
	unsigned cp;

	textout_init(&h.t, out);
	h.pre = 0;
	h.space = 0;
	h.bol = 1;
	h.any = 0;
	while (i < len) {
		char c = p[i];

		if (c == '<' && i + 1 < len &&
		    (LKB_ISALPHA(p[i + 1]) || p[i + 1] == '/' ||
		     p[i + 1] == '!')) {
			i = html_tag(&h, p, len, i);
			continue;
		}
		if (!h.pre && LKB_ISSPACE(c)) {
			h.space = 1;
			i++;
			continue;
		}
		if (h.space && !h.bol)
			textout_byte(&h.t, ' ');
		h.space = 0;
		h.bol = c == '\n';
		h.any = 1;
		if (c == '&' && (n = entity(p, len, i, &cp)) != 0) {
			textout_cp(&h.t, cp);
			i += n;
			continue;
		}
		textout_byte(&h.t, c);
		i++;
	}
	if (!h.bol)
		textout_byte(&h.t, '\n');
	return textout_flush(&h.t);
}
