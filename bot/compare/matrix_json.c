/* matrix_json.c - fast path for lkp's matrix.json shape.
 *
 * A matrix.json is one object of "stat": [numbers...] plus
 * "stats_source": [paths...]. jansson builds a DOM of every number,
 * which dominates a 14-commit comparison; this scanner reads exactly
 * that shape (strict JSON grammar) straight into the dataset and gives
 * up - returning 0 without touching the dataset - on anything else:
 * escapes or non-ASCII in strings, string samples, literals, nesting,
 * duplicate stats, integers beyond 18 digits. The caller then parses
 * the file with jansson, which decides (and words the errors).
 * Numbers: Clinger's exact fast path (<= 15 significant digits, |10^e|
 * <= 22), else strtod (only under a '.' decimal point locale). A number
 * with a fraction or an exponent is a real, as jansson and Ruby type it.
 */
#include "config.h"
#include "bot/compare/results-internal.h"

#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/limits.h"
#include "lib/xalloc.h"

struct scan {
	const char *p, *end;
};

struct stat_span {
	const char *name;
	size_t len, first, n;
};

static void
ws(struct scan *s)
{
	const char *p = s->p, *end = s->end;

	while (p < end && (unsigned char)*p <= ' ' &&
	       (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
		p++;
	s->p = p;
}

static int
lit(struct scan *s, char c)
{
	ws(s);
	if (s->p < s->end && *s->p == c) {
		s->p++;
		return 1;
	}
	return 0;
}

/* A plain ASCII string without escapes: its span. */
static int
str(struct scan *s, const char **p_out, size_t *len_out)
{
	const char *q;

	if (!lit(s, '"'))
		return 0;
	for (q = s->p; q < s->end && *q != '"'; q++)
		if (*q == '\\' || (unsigned char)*q < 0x20 ||
		    (unsigned char)*q >= 0x7f)
			return 0;
	if (q >= s->end)
		return 0;
	*p_out = s->p;
	*len_out = (size_t)(q - s->p);
	s->p = q + 1;
	return 1;
}

static const double pow10tab[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static int
num(struct scan *s, double *out, int *real_out)
{
	const char *p = s->p, *start;
	uint64_t m = 0;
	int digits = 0, e10 = 0, neg = 0, isint = 1, intdigits = 0;
	long ex = 0;
	char buf[64];

	ws(s);
	p = start = s->p;
	if (p < s->end && *p == '-') {
		neg = 1;
		p++;
	}
	if (p >= s->end || *p < '0' || *p > '9')
		return 0;
	if (*p == '0' && p + 1 < s->end && p[1] >= '0' && p[1] <= '9')
		return 0;	/* leading zero: not JSON */
	for (; p < s->end && *p >= '0' && *p <= '9'; p++, intdigits++) {
		if (m || *p != '0') {
			if (digits < 19)
				m = m * 10 + (uint64_t)(*p - '0');
			else
				e10++;
			digits += m != 0;
		}
	}
	if (p < s->end && *p == '.') {
		isint = 0;
		if (++p >= s->end || *p < '0' || *p > '9')
			return 0;
		for (; p < s->end && *p >= '0' && *p <= '9'; p++) {
			if (digits < 19) {
				m = m * 10 + (uint64_t)(*p - '0');
				e10--;
				digits += m != 0;
			}
		}
	}
	if (p < s->end && (*p == 'e' || *p == 'E')) {
		int eneg = 0;

		isint = 0;
		p++;
		if (p < s->end && (*p == '+' || *p == '-'))
			eneg = *p++ == '-';
		if (p >= s->end || *p < '0' || *p > '9')
			return 0;
		for (; p < s->end && *p >= '0' && *p <= '9'; p++)
			if (ex < 100000)
				ex = ex * 10 + (*p - '0');
		e10 += (int)(eneg ? -ex : ex);
	}
	if (isint && intdigits > 18)
		return 0;	/* jansson's long long range decides */
	*real_out = !isint;
	if (isint && !m) {
		*out = 0.0;	/* jansson: integer 0, never -0.0 */
	} else if (digits <= 15 && e10 >= -22 && e10 <= 22) {
		double v = (double)m;

		v = e10 < 0 ? v / pow10tab[-e10] : v * pow10tab[e10];
		*out = neg ? -v : v;
	} else {
		char *end;

		if ((size_t)(p - start) >= sizeof(buf))
			return 0;
		memcpy(buf, start, (size_t)(p - start));
		buf[p - start] = '\0';
		*out = strtod(buf, &end);
		if (*end || *out > 1.7976931348623157e308 ||
		    *out < -1.7976931348623157e308)
			return 0;	/* overflow: jansson reports it */
	}
	s->p = p;
	return 1;
}

/* Values of one array into *vals; 1 ok. stats_source (paths) only
 * counts. */
/* The samples of every stat, in file order. */
struct samples {
	double *v;
	unsigned char *real;	/* 1 = JSON real */
	size_t n, alloc, ralloc;
};

static int
array(struct scan *s, int strings, struct samples *sm, size_t *count)
{
	*count = 0;
	if (!lit(s, '['))
		return 0;
	if (lit(s, ']'))
		return 1;
	do {
		if (strings) {
			const char *q;
			size_t l;

			if (!str(s, &q, &l))
				return 0;
		} else {
			double v;
			int real = 0;

			if (!num(s, &v, &real))
				return 0;
			ALLOC_GROW(sm->v, sm->n + 1, sm->alloc);
			ALLOC_GROW(sm->real, sm->n + 1, sm->ralloc);
			sm->real[sm->n] = (unsigned char)real;
			sm->v[sm->n++] = v;
		}
		if (++*count > LKB_MAX_RESULT_RUNS)
			return 0;
	} while (lit(s, ','));
	return lit(s, ']');
}

static int
decimal_point_ok(void)
{
	const struct lconv *lc = localeconv();

	return lc && lc->decimal_point && !strcmp(lc->decimal_point, ".");
}

int
compare_results_matrix_fast(const char *text, size_t len, struct compare_dataset *ds,
			size_t col)
{
	struct scan s = { text, text + len };
	struct stat_span *st = NULL;
	struct samples sm = { NULL, NULL, 0, 0, 0 };
	size_t nst = 0, ast = 0, nruns = 0, nsrc = 0;
	int have_src = 0, ok = 0;

	if (!decimal_point_ok() || ds->cols[col].nvals || !lit(&s, '{'))
		return 0;
	if (!lit(&s, '}')) {
		do {
			const char *name;
			size_t nl, first = sm.n, count;
			int src;

			if (!str(&s, &name, &nl) || !nl || nl > LKB_MAX_STAT_NAME ||
			    !lit(&s, ':'))
				goto out;
			src = nl == 12 && !memcmp(name, "stats_source", 12);
			if (!array(&s, src, &sm, &count))
				goto out;
			if (src) {
				have_src = 1;
				nsrc = count;
				continue;
			}
			ALLOC_GROW(st, nst + 1, ast);
			st[nst++] = (struct stat_span){ name, nl, first, count };
			if (count > nruns)
				nruns = count;
		} while (lit(&s, ','));
		if (!lit(&s, '}'))
			goto out;
	}
	ws(&s);
	if (s.p != s.end)
		goto out;
	if (have_src)
		nruns = nsrc;
	if (!nruns || nruns > LKB_MAX_RESULT_RUNS)
		goto out;
	for (size_t i = 0; i < nst; i++)
		if (st[i].n > nruns)
			goto out;
	if (ds->keys.n + nst > LKB_MAX_MATRIX_STATS)
		goto out;
	compare_dataset_set_runs(ds, col, nruns);
	for (size_t i = 0; i < nst; i++) {
		size_t key = compare_dataset_key(ds, st[i].name, st[i].len);
		double *v = compare_dataset_samples(ds, col, key);

		/* a duplicate stat: the last one wins, as in jansson */
		memset(v, 0, nruns * sizeof(*v));
		if (ds->cols[col].real[key])
			memset(ds->cols[col].real[key], 0, nruns);
		memcpy(v, sm.v + st[i].first, st[i].n * sizeof(*v));
		for (size_t r = 0; r < st[i].n; r++)
			if (sm.real[st[i].first + r])
				compare_dataset_set_real(ds, col, key, r);
	}
	ok = 1;
out:
	free(st);
	free(sm.v);
	free(sm.real);
	return ok;
}
