/* msgid.c - message id lists, tolerant of junk. */
#include "config.h"
#include "msgid.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/xalloc.h"

struct idlist {
	const char **v;
	size_t n, alloc;
};

/* Copies p..len into a without whitespace; NULL if nothing is left. */
static const char *
id_dup(struct arena *a, const char *p, size_t len)
{
	char *s = arena_alloc(a, lkb_st_add(len, 1));
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		if (!LKB_ISSPACE(p[i]) && p[i] != '\0')
			s[n++] = p[i];
	s[n] = '\0';
	return n ? s : NULL;
}

static void
idlist_push(struct arena *a, struct idlist *l, const char *id)
{
	if (!id)
		return;
	if (l->n == l->alloc) {
		size_t na = l->alloc ? lkb_st_mult(l->alloc, 2) : 8;

		l->v = arena_grow(a, l->v, l->n, na, sizeof(*l->v));
		l->alloc = na;
	}
	l->v[l->n++] = id;
}

/* Past a "(comment)" (nested, with quoted pairs) or a "quoted string"
 * starting at p[i]. */
static size_t
skip_cq(const char *p, size_t len, size_t i)
{
	char close = p[i] == '(' ? ')' : '"';
	int depth = 0;

	for (; i < len; i++) {
		if (p[i] == '\\') {
			i++;
		} else if (close == ')' && p[i] == '(') {
			depth++;
		} else if (p[i] == close) {
			if (close == '"' && depth == 0) {
				depth = 1;	/* the opening quote */
				continue;
			}
			if (--depth == 0)
				return i + 1;
		}
	}
	return len;
}

/* 1: the bytes that end an id in <>; 2: those id_dup() drops. */
static const unsigned char id_stop[256] = {
	['<'] = 1, ['>'] = 1,
	['\0'] = 2, [' '] = 2, ['\t'] = 2, ['\n'] = 2, ['\r'] = 2,
	['\f'] = 2, ['\v'] = 2,
};

static void
scan_angles(struct arena *a, const char *p, size_t len, struct idlist *l)
{
	size_t i = 0, s;
	int dirty;

	while (i < len) {
		if (p[i] == '(' || p[i] == '"') {
			i = skip_cq(p, len, i);
			continue;
		}
		if (p[i] != '<') {
			i++;
			continue;
		}
		/* up to '>' or '<', noting a byte id_dup() would drop */
		for (s = ++i, dirty = 0;; i++) {
			while (i < len && !id_stop[LKB_UC(p[i])])
				i++;
			if (i == len || id_stop[LKB_UC(p[i])] == 1)
				break;
			dirty = 1;
		}
		if (i < len && p[i] == '>') {
			const char *id = NULL;

			if (dirty)
				id = id_dup(a, p + s, i - s);
			else if (i > s)	/* id_dup() of a clean id: a copy */
				id = arena_memdup0(a, p + s, i - s);
			idlist_push(a, l, id);
			i++;
			continue;
		}
		/* unclosed: up to the first blank */
		for (i = s; i < len && !LKB_ISSPACE(p[i]) && p[i] != '<'; i++)
			;
		idlist_push(a, l, id_dup(a, p + s, i - s));
	}
}

static void
scan_tokens(struct arena *a, const char *p, size_t len, struct idlist *l)
{
	size_t i = 0, s;

	while (i < len) {
		if (p[i] == '(') {
			i = skip_cq(p, len, i);
			continue;
		}
		if (LKB_ISSPACE(p[i]) || p[i] == ',') {
			i++;
			continue;
		}
		for (s = i; i < len && !LKB_ISSPACE(p[i]) && p[i] != ','; i++)
			;
		if (memchr(p + s, '@', i - s))
			idlist_push(a, l, id_dup(a, p + s, i - s));
	}
}

size_t
msgid_parse_list(struct arena *a, const char *p, size_t len, size_t max,
		 const char ***ids_out, size_t *dropped_out)
{
	struct idlist l = { NULL, 0, 0 };
	size_t drop = 0;

	if (memchr(p, '<', len))
		scan_angles(a, p, len, &l);
	else
		scan_tokens(a, p, len, &l);
	if (max && l.n > max) {
		drop = l.n - max;
		memmove(l.v + 1, l.v + 1 + drop, (max - 1) * sizeof(*l.v));
		l.n = max;
	}
	if (dropped_out)
		*dropped_out = drop;
	*ids_out = l.n ? l.v : NULL;
	return l.n;
}

const char *
msgid_parse_first(struct arena *a, const char *p, size_t len)
{
	const char **ids;

	if (!msgid_parse_list(a, p, len, 0, &ids, NULL))
		return NULL;
	return ids[0];
}
