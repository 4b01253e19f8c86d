/* address.c - lenient address-list splitting. */
#include "config.h"
#include "address.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/xalloc.h"
#include "parsers/header.h"

/* Past the comment, quoted string or <...> opened at p[i]; stops at
 * end when unbalanced. */
static size_t
skip_nested(const char *p, size_t end, size_t i)
{
	char open = p[i], close = open == '(' ? ')' : open == '<' ? '>' : '"';
	int depth = 1;

	for (i++; i < end; i++) {
		if (p[i] == '\\' && open != '<') {
			i++;
		} else if (p[i] == close) {
			if (--depth == 0)
				return i + 1;
		} else if (open == '(' && p[i] == '(') {
			depth++;
		}
	}
	return end;
}

/* Copies p[s..e) without quotes (unescaping quoted pairs) and decodes
 * it. Borrowed from a. */
static const char *
name_decode(struct arena *a, const char *p, size_t s, size_t e)
{
	char *tmp;
	size_t n = 0;
	int inq = 0;

	/* no quote, nothing to take out: decoded where it is */
	if (!memchr(p + s, '"', e - s))
		return header_decode_arena(a, p + s, e - s, NULL);
	tmp = arena_alloc(a, lkb_st_add(e - s, 1));
	for (size_t i = s; i < e; i++) {
		if (p[i] == '"') {
			inq = !inq;
			continue;
		}
		if (p[i] == '\\' && inq && i + 1 < e)
			i++;
		tmp[n++] = p[i];
	}
	return header_decode_arena(a, tmp, n, NULL);
}

/* The bytes addr_copy() does not just copy: blanks, NUL, quotes, '('. */
static const unsigned char addr_odd[256] = {
	['\0'] = 1, [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1,
	['\f'] = 1, ['\v'] = 1, ['"'] = 1, ['('] = 1,
};

/* The bytes that end an element or open a group in the list scan. */
static const unsigned char list_stop[256] = {
	[','] = 1, [';'] = 1, [':'] = 1, ['"'] = 2, ['('] = 2, ['<'] = 2,
};

/* Copies p[s..e) without blanks and comments. Borrowed from a. */
static const char *
addr_copy(struct arena *a, const char *p, size_t s, size_t e)
{
	char *out;
	size_t n = 0, i = s;

	while (i < e && !addr_odd[LKB_UC(p[i])])
		i++;
	if (i == e) {	/* nothing to leave out: a copy */
		out = arena_memdup0(a, p + s, e - s);
		goto route;
	}
	out = arena_alloc(a, lkb_st_add(e - s, 1));
	memcpy(out, p + s, i - s);
	n = i - s;
	while (i < e) {
		if (p[i] == '(') {
			i = skip_nested(p, e, i);
			continue;
		}
		if (!LKB_ISSPACE(p[i]) && p[i] != '\0' && p[i] != '"')
			out[n++] = p[i];
		i++;
	}
	out[n] = '\0';
route:
	/* RFC 5322 s4.4 obs-route: "@a,@b:local@dom" */
	if (out[0] == '@' && strchr(out, ':'))
		return strchr(out, ':') + 1;
	return out;
}

/* The "Name <addr>" form; lt is the offset of the top-level '<', gt
 * where skip_nested() ends its group. */
static void
parse_angle(struct arena *a, const char *p, size_t s, size_t lt, size_t gt,
	    struct address *ad)
{
	if (gt > lt + 1 && p[gt - 1] == '>')
		gt--;
	ad->addr = addr_copy(a, p, lt + 1, gt);
	ad->name = name_decode(a, p, s, lt);
}

/* "addr (Name)", a bare address, or a bare name. */
static void
parse_bare(struct arena *a, const char *p, size_t s, size_t e,
	   struct address *ad)
{
	size_t i = s, cs = 0, ce = 0;
	const char *text;

	while (i < e) {
		if (p[i] == '(' && !ce) {
			cs = i + 1;
			i = skip_nested(p, e, i);
			ce = i > cs && p[i - 1] == ')' ? i - 1 : i;
			continue;
		}
		if (p[i] == '"') {
			i = skip_nested(p, e, i);
			continue;
		}
		i++;
	}
	text = addr_copy(a, p, s, e);
	ad->name = ce > cs ? header_decode_arena(a, p + cs, ce - cs, NULL)
			   : "";
	ad->addr = text;
	if (!strchr(text, '@') && !ce) {
		/* no address at all: keep what was written as the name */
		const char *nm = name_decode(a, p, s, e);

		if (strchr(nm, ' ')) {
			ad->name = nm;
			ad->addr = "";
		}
	}
}

size_t
address_parse_list(struct arena *a, const char *p, size_t len, size_t max,
		   struct address **list_out)
{
	struct address *v = NULL, ad;
	size_t n = 0, alloc = 0, i = 0, s = 0;

	*list_out = NULL;
	while (s < len && n < max) {
		/* the element's first top-level '<' and its group's end:
		 * the groups it skips end where they would within the
		 * element alone (one running to len makes it end there) */
		size_t lt = len, gt = len;

		for (;;) {
			size_t g;

			while (i < len && !list_stop[LKB_UC(p[i])])
				i++;
			if (i == len || list_stop[LKB_UC(p[i])] == 1)
				break;
			g = skip_nested(p, len, i);	/* '"', '(' or '<' */
			if (p[i] == '<' && lt == len) {
				lt = i;
				gt = g;
			}
			i = g;
		}
		if (i < len && p[i] == ':') {	/* group name: drop it */
			s = ++i;
			continue;
		}
		if (lt < len)	/* "Name <addr>" */
			parse_angle(a, p, s, lt, gt, &ad);
		else	/* "addr (Name)", a bare address, or a bare name */
			parse_bare(a, p, s, i, &ad);
		if (ad.addr[0] || ad.name[0]) {
			if (n == alloc) {
				size_t na = alloc ? lkb_st_mult(alloc, 2) : 4;

				v = arena_grow(a, v, n, na, sizeof(*v));
				alloc = na;
			}
			v[n++] = ad;
		}
		s = ++i;
	}
	*list_out = v;
	return n;
}
