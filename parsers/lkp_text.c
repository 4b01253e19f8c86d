/* lkp_text.c - lines, quote stripping and tokens for the LKP parser. */
#include "config.h"
#include "parsers/lkp_text.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/xalloc.h"

static inline int
is_blank_at(const char *p, const char *end, size_t *n_out)
{
	unsigned char c = (unsigned char)*p;

	if (c > ' ' && c != 0xC2)
		return 0;	/* the common case, first */
	if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
	    c == '\v') {
		*n_out = 1;
		return 1;
	}
	/* U+00A0 no-break space, common in scraped pages */
	if (c == 0xC2 && end - p >= 2 && (unsigned char)p[1] == 0xA0) {
		*n_out = 2;
		return 1;
	}
	return 0;
}

struct lkp_tok
lkp_trim(const char *p, size_t len)
{
	const char *end = p + len;
	struct lkp_tok t;
	size_t n;

	while (p < end && is_blank_at(p, end, &n))
		p += n;
	while (end > p && (end[-1] == ' ' || end[-1] == '\t' ||
			   end[-1] == '\r' || end[-1] == '\f' ||
			   end[-1] == '\v' ||
			   (end - p >= 2 && (unsigned char)end[-1] == 0xA0 &&
			    (unsigned char)end[-2] == 0xC2)))
		end -= (unsigned char)end[-1] == 0xA0 ? 2 : 1;
	t.p = p;
	t.len = (size_t)(end - p);
	return t;
}

/* Strip ^([ \t]*>)+[ \t]? from [*p, end); returns the number of '>'. */
static unsigned
strip_quote(const char **p, const char *end)
{
	const char *q = *p, *last = NULL;
	unsigned depth = 0;

	for (;;) {
		const char *r = q;

		while (r < end && (*r == ' ' || *r == '\t'))
			r++;
		if (r >= end || *r != '>')
			break;
		q = r + 1;
		last = q;
		if (depth < LKB_MAX_QUOTE_DEPTH)
			depth++;
	}
	if (!last)
		return 0;
	if (last < end && (*last == ' ' || *last == '\t'))
		last++;
	*p = last;
	return depth;
}

void
lkp_lines_split(struct arena *a, const char *text, size_t len,
		int strip_quotes, struct lkp_lines *out)
{
	const char *p = text, *end = text + len;
	size_t n = 1, alloc;

	/* count first: one exact allocation */
	for (const char *q = p; q < end;) {
		const char *nl = memchr(q, '\n', (size_t)(end - q));

		if (!nl)
			break;
		n++;
		q = nl + 1;
	}
	alloc = n;
	out->v = arena_calloc(a, alloc, sizeof(*out->v));
	out->n = 0;
	while (p <= end && out->n < alloc) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		struct lkp_line *l = &out->v[out->n];
		const char *c = p;
		unsigned depth = 0, indent = 0;

		if (!nl && p == end && out->n > 0)
			break;	/* no empty line after a final LF */
		if (strip_quotes)
			depth = strip_quote(&c, le);
		while (le > c && (le[-1] == ' ' || le[-1] == '\t' ||
				  le[-1] == '\r'))
			le--;
		for (const char *q = c; q < le && (*q == ' ' || *q == '\t');
		     q++)
			indent++;
		l->p = c;
		l->len = (size_t)(le - c);
		l->depth = depth;
		l->indent = indent;
		out->n++;
		if (!nl)
			break;
		p = nl + 1;
	}
}

int
lkp_tok_next(const char **cur, const char *end, struct lkp_tok *t)
{
	const char *p = *cur;
	size_t n;

	while (p < end && is_blank_at(p, end, &n))
		p += n;
	if (p >= end) {
		*cur = p;
		return 0;
	}
	t->p = p;
	while (p < end && !is_blank_at(p, end, &n))
		p++;
	t->len = (size_t)(p - t->p);
	*cur = p;
	return 1;
}

size_t
lkp_tok_count(const char *p, size_t len)
{
	const char *end = p + len;
	struct lkp_tok t;
	size_t n = 0;

	while (lkp_tok_next(&p, end, &t))
		n++;
	return n;
}

int
lkp_find(const char *p, size_t len, const char *lit, size_t *at_out)
{
	size_t n = strlen(lit);
	const char *q = p, *end = p + len;

	if (!n || n > len)
		return 0;
	while ((size_t)(end - q) >= n) {
		const char *hit = memchr(q, lit[0], (size_t)(end - q) - n + 1);

		if (!hit)
			return 0;
		if (!memcmp(hit, lit, n)) {
			if (at_out)
				*at_out = (size_t)(hit - p);
			return 1;
		}
		q = hit + 1;
	}
	return 0;
}

int
lkp_line_key(const struct lkp_line *l, const char *key, struct lkp_tok *val_out)
{
	struct lkp_tok t;
	size_t n, k = 0;

	/* cheap rejection first: this runs for every line */
	while (k < l->len && (l->p[k] == ' ' || l->p[k] == '\t'))
		k++;
	if (k < l->len && l->p[k] != key[0] && (unsigned char)l->p[k] < 0x80)
		return 0;
	t = lkp_trim(l->p, l->len);
	n = strlen(key);
	if (t.len < n + 1 || memcmp(t.p, key, n) || t.p[n] != ':')
		return 0;
	*val_out = lkp_trim(t.p + n + 1, t.len - n - 1);
	return 1;
}

int
lkp_is_hex(const char *p, size_t len, size_t min, size_t max)
{
	if (len < min || len > max)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!LKB_ISDIGIT(p[i]) && !(p[i] >= 'a' && p[i] <= 'f'))
			return 0;
	return 1;
}

int
lkp_is_pm(const char *p, size_t len, size_t *mlen_out)
{
	static const char *const marks[] = {
		"\xC3\x82\xC2\xB1",	/* Â± : UTF-8 read as Latin-1 twice */
		"\xC2\xB1",		/* ± */
		"\xC4\x85",		/* ą : 0xB1 read as Latin-2 */
		"\xEF\xBF\xBD",		/* U+FFFD replacement character */
		"\xB1",			/* bare byte, label lied */
	};

	for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		if (lkp_starts(p, len, marks[i])) {
			*mlen_out = strlen(marks[i]);
			return 1;
		}
	return 0;
}

static const double pow10_exact[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

/* Correctly rounded slow path through strtod (C numeric locale). */
static int
num_slow(const char *p, size_t len, double *v)
{
	char buf[64];
	char *e;

	if (len >= sizeof(buf))
		return 0;
	memcpy(buf, p, len);
	buf[len] = '\0';
	*v = strtod(buf, &e);
	return e == buf + len;
}

int
lkp_num_parse(const char *p, size_t len, struct lkp_num *out)
{
	const char *q = p, *end = p + len;
	uint64_t mant = 0;
	int neg = 0, digits = 0, frac = 0, real = 0;
	int sig = 0, edigits = 0, lost = 0;

	if (q < end && (*q == '+' || *q == '-'))
		neg = *q++ == '-';
	if (end - q == 3 && (lkp_istarts(q, 3, "nan") ||
			     lkp_istarts(q, 3, "inf"))) {
		out->v = LKB_TOLOWER(*q) == 'n' ? NAN : neg ? -INFINITY
							    : INFINITY;
		out->kind = LKP_NUM_NAN;
		return 1;
	}
	for (; q < end && LKB_ISDIGIT(*q); q++, digits++) {
		if (sig || *q != '0')
			sig++;
		if (sig <= 19)
			mant = mant * 10 + (uint64_t)(*q - '0');
		else
			lost = 1;
	}
	if (q < end && *q == '.') {
		real = 1;
		for (q++; q < end && LKB_ISDIGIT(*q); q++, digits++) {
			if (sig || *q != '0')
				sig++;
			if (sig <= 19) {
				mant = mant * 10 + (uint64_t)(*q - '0');
				frac++;
			} else {
				lost = 1;
			}
		}
	}
	if (!digits)
		return 0;
	if (q < end && (*q == 'e' || *q == 'E')) {
		real = 1;
		q++;
		if (q < end && (*q == '+' || *q == '-'))
			q++;
		for (; q < end && LKB_ISDIGIT(*q); q++)
			edigits++;
		if (!edigits)
			return 0;
	}
	if (q != end)
		return 0;
	out->kind = real ? LKP_NUM_REAL : LKP_NUM_INT;
	if (edigits == 0 && sig <= 15 && frac <= 22 && !lost) {
		double d = (double)mant;

		out->v = frac ? d / pow10_exact[frac] : d;
		if (neg)
			out->v = -out->v;
		return 1;
	}
	if (!num_slow(p, len, &out->v))
		return 0;
	return 1;
}

const char *
lkp_dup(struct arena *a, const char *p, size_t len)
{
	return p ? arena_memdup0(a, p, len) : NULL;
}

const char *
lkp_dup_collapse(struct arena *a, const char *p, size_t len)
{
	const char *end = p + len;
	struct lkp_tok t;
	char *s = arena_alloc(a, lkb_st_add(len, 1)), *w = s;

	while (lkp_tok_next(&p, end, &t)) {
		if (w != s)
			*w++ = ' ';
		memcpy(w, t.p, t.len);
		w += t.len;
	}
	*w = '\0';
	return s;
}

void
lkp_warn(struct lkp_warnings *w, const char *fmt, ...)
{
	va_list ap;
	const char **slot;
	char buf[256];

	if (w->n >= LKB_MAX_REPORT_WARNINGS) {
		w->dropped++;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	slot = lkp_push(w->a, &w->v, &w->n, &w->alloc, sizeof(*w->v));
	*slot = arena_strdup(w->a, buf);
}

void *
lkp_push(struct arena *a, void *arr_inout, size_t *n, size_t *alloc,
	 size_t size)
{
	void **arr = arr_inout;

	if (*n >= *alloc) {
		size_t na = *alloc < 4 ? 8 : lkb_st_mult(*alloc, 2);

		*arr = arena_grow(a, *arr, *n, na, size);
		*alloc = na;
	}
	return (char *)*arr + lkb_st_mult((*n)++, size);
}
