/* lkp_table.c - comparison sections: axes, commit list, columns, rows. */
#include "config.h"
#include "parsers/lkp_table.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/limits.h"

#define MAXC LKB_MAX_TABLE_COLUMNS

static int
line_blank(const struct lkp_lines *L, size_t i)
{
	return lkp_trim(L->v[i].p, L->v[i].len).len == 0;
}

/* Every token is a run of c at least min long; returns the count. */
static size_t
runs_of(const char *p, size_t len, char c, size_t min)
{
	const char *end = p + len;
	struct lkp_tok t;
	size_t n = 0;

	while (lkp_tok_next(&p, end, &t)) {
		if (t.len < min)
			return 0;
		for (size_t k = 0; k < t.len; k++)
			if (t.p[k] != c)
				return 0;
		n++;
	}
	return n;
}

static int
is_rule(const struct lkp_line *l)
{
	return runs_of(l->p, l->len, '=', 40) == 1;
}

static int
is_dashes(const struct lkp_line *l)
{
	return runs_of(l->p, l->len, '-', 8) > 0;
}

static int
is_keychar(char c)
{
	return LKB_ISALNUM(c) || c == '_' || c == '.' || c == '-';
}

/* ^[A-Za-z0-9_.\-]+(/[A-Za-z0-9_.\-]+)*:$ */
static int
is_keyline(const struct lkp_line *l)
{
	struct lkp_tok t = lkp_trim(l->p, l->len);
	int run = 0;

	if (t.len < 2 || t.p[t.len - 1] != ':')
		return 0;
	for (size_t k = 0; k + 1 < t.len; k++) {
		if (is_keychar(t.p[k])) {
			run = 1;
		} else if (t.p[k] == '/' && run) {
			run = 0;
		} else {
			return 0;
		}
	}
	return run;
}

/* Token sequence of a header line equals w0 followed by pairs (w1 w2). */
static int
is_header(const struct lkp_line *l, const char *w0, const char *w1,
	  const char *w2)
{
	const char *p = l->p, *end = p + l->len;
	struct lkp_tok t;
	size_t n = 0;

	while (lkp_tok_next(&p, end, &t)) {
		const char *want = n == 0 ? w0 : (n % 2 ? w1 : w2);

		if (t.len != strlen(want) || memcmp(t.p, want, t.len))
			return 0;
		n++;
	}
	return n >= 1 && n % 2 == 1;
}

/* "\ | \" guide line under a header. */
static int
is_guide(const struct lkp_line *l)
{
	const char *p = l->p, *end = p + l->len;
	struct lkp_tok t;
	size_t n = 0;

	while (lkp_tok_next(&p, end, &t)) {
		if (t.len != 1 || (t.p[0] != '\\' && t.p[0] != '|'))
			return 0;
		n++;
	}
	return n > 0;
}

enum lkp_tline
lkp_table_line(const struct lkp_lines *L, size_t i)
{
	const struct lkp_line *l = &L->v[i];
	struct lkp_tok t = lkp_trim(l->p, l->len);
	const struct lkp_line *nx = i + 1 < L->n ? &L->v[i + 1] : NULL;

	if (!t.len)
		return LKP_TL_OTHER;
	switch (t.p[0]) {
	case '=':
		return nx && is_rule(l) && is_keyline(nx) ? LKP_TL_RULE
							   : LKP_TL_OTHER;
	case '-':
		return is_dashes(l) ? LKP_TL_DASHES : LKP_TL_OTHER;
	case '%':
		return is_header(l, "%stddev", "%change", "%stddev")
			       ? LKP_TL_STDDEV_HDR : LKP_TL_OTHER;
	case 'f':
		if (is_header(l, "fail:runs", "%reproduction", "fail:runs"))
			return LKP_TL_FAIL_HDR;
		break;
	case 'c':
		if (t.len == 7 && !memcmp(t.p, "commit:", 7) && nx &&
		    lkp_table_commit_entry(NULL, nx->p, nx->len, NULL))
			return LKP_TL_COMMIT_LIST;
		break;
	case '<':
		if (lkp_starts(t.p, t.len, "<below more details"))
			return LKP_TL_MORE;
		return LKP_TL_OTHER;
	default:
		break;
	}
	if (nx && is_dashes(nx) &&
	    lkp_tok_count(l->p, l->len) == lkp_tok_count(nx->p, nx->len))
		return LKP_TL_COLUMNS;
	return LKP_TL_OTHER;
}

/* ---- sections ---- */

struct tstate {
	struct arena *a;
	struct lkp_warnings *w;
	const struct lkp_lines *L;
	struct lkp_comparison *c;
	size_t alloc_axes, alloc_cmp, alloc_m, alloc_f;
	size_t dropped;
};

static void
zip_axes(struct tstate *s, const struct lkp_line *kl,
	 const struct lkp_line *vl)
{
	struct lkp_tok k = lkp_trim(kl->p, kl->len);
	struct lkp_tok v = lkp_trim(vl->p, vl->len);
	const char *kp = k.p, *kend = k.p + k.len - 1;	/* minus ':' */
	const char *vp = v.p, *vend = v.p + v.len;
	size_t nk = 0, nv = 0;

	while (kp <= kend && vp <= vend) {
		const char *ke = memchr(kp, '/', (size_t)(kend - kp));
		const char *ve = memchr(vp, '/', (size_t)(vend - vp));
		struct lkp_kv *kv;

		if (!ke)
			ke = kend;
		if (!ve)
			ve = vend;
		if (s->c->naxes >= LKB_MAX_REPORT_ITEMS)
			break;
		kv = lkp_push(s->a, &s->c->axes, &s->c->naxes, &s->alloc_axes,
			      sizeof(*kv));
		kv->key = lkp_dup(s->a, kp, (size_t)(ke - kp));
		kv->value = lkp_dup(s->a, vp, (size_t)(ve - vp));
		nk++;
		nv++;
		kp = ke + 1;
		vp = ve + 1;
	}
	if (kp <= kend || vp <= vend)
		lkp_warn(s->w, "axis header: %zu keys but %zu values",
			 nk + (kp <= kend ? 1 : 0), nv + (vp <= vend ? 1 : 0));
}

static size_t
skip_blank(const struct lkp_lines *L, size_t j)
{
	while (j < L->n && line_blank(L, j))
		j++;
	return j;
}

static size_t
parse_commits(struct tstate *s, size_t j)
{
	const struct lkp_lines *L = s->L;

	for (; j < L->n; j++) {
		const struct lkp_line *l = &L->v[j];
		struct lkp_commit_ref *cr, tmp;

		/* a column header is the line before the dashes */
		if (j + 1 < L->n && is_dashes(&L->v[j + 1]))
			break;
		if (!lkp_table_commit_entry(s->a, l->p, l->len, &tmp))
			break;
		if (s->c->ncompared >= MAXC)
			continue;
		cr = lkp_push(s->a, &s->c->compared, &s->c->ncompared,
			      &s->alloc_cmp, sizeof(*cr));
		*cr = tmp;
	}
	return j;
}

static void
parse_columns(struct tstate *s, const struct lkp_line *l)
{
	const char *p = l->p, *end = p + l->len;
	size_t n = lkp_tok_count(p, l->len), k = 0;
	struct lkp_tok t;

	if (n > MAXC)
		n = MAXC;
	s->c->columns = arena_calloc(s->a, n ? n : 1, sizeof(char *));
	while (k < n && lkp_tok_next(&p, end, &t))
		s->c->columns[k++] = lkp_dup(s->a, t.p, t.len);
	s->c->ncolumns = k;
}

static int
store_row(struct tstate *s, const struct lkp_line *l, int fail)
{
	if ((fail ? s->c->nfailures : s->c->nmetrics) >= LKB_MAX_TABLE_ROWS) {
		if (fail ? lkp_table_fail_row(NULL, l->p, l->len, NULL)
			 : lkp_table_perf_row(NULL, l->p, l->len, NULL)) {
			if (!s->dropped++)
				lkp_warn(s->w, "table longer than %u rows "
					 "(LKB_MAX_TABLE_ROWS): rest dropped",
					 (unsigned)LKB_MAX_TABLE_ROWS);
			return 1;
		}
		return 0;
	}
	if (fail) {
		struct lkp_failure row;

		if (!lkp_table_fail_row(s->a, l->p, l->len, &row))
			return 0;
		*(struct lkp_failure *)lkp_push(s->a, &s->c->failures,
						&s->c->nfailures, &s->alloc_f,
						sizeof(row)) = row;
		return 1;
	} else {
		struct lkp_metric row;

		if (!lkp_table_perf_row(s->a, l->p, l->len, &row))
			return 0;
		*(struct lkp_metric *)lkp_push(s->a, &s->c->metrics,
					       &s->c->nmetrics, &s->alloc_m,
					       sizeof(row)) = row;
		return 1;
	}
}

/* Rows from line j until a blank line or a line that is no row. One bad
 * line between two rows is counted and skipped (garbled numbers). */
static size_t
parse_rows(struct tstate *s, size_t j, int fail)
{
	const struct lkp_lines *L = s->L;
	size_t bad = 0;

	if (j < L->n && is_guide(&L->v[j]))
		j++;
	for (; j < L->n; j++) {
		const struct lkp_line *l = &L->v[j];

		if (line_blank(L, j))
			break;
		if (store_row(s, l, fail))
			continue;
		if (lkp_table_line(L, j) != LKP_TL_OTHER)
			break;
		if (j + 1 < L->n && !line_blank(L, j + 1) &&
		    (fail ? lkp_table_fail_row(NULL, L->v[j + 1].p,
					       L->v[j + 1].len, NULL)
			  : lkp_table_perf_row(NULL, L->v[j + 1].p,
					       L->v[j + 1].len, NULL))) {
			bad++;
			continue;
		}
		break;
	}
	if (bad)
		lkp_warn(s->w, "%zu unreadable table row%s skipped", bad,
			 bad == 1 ? "" : "s");
	return j;
}

static int
is_stars(const struct lkp_line *l)
{
	return runs_of(l->p, l->len, '*', 40) == 1;
}

static size_t
parse_header(struct tstate *s, size_t i)
{
	const struct lkp_lines *L = s->L;
	size_t j = i + 1;

	/* "lkp-csl-2sp7: 96 threads ..." between the stars and the rule */
	if (i >= 2 && !line_blank(L, i - 1) && is_stars(&L->v[i - 2])) {
		struct lkp_tok h = lkp_trim(L->v[i - 1].p, L->v[i - 1].len);

		s->c->host = lkp_dup(s->a, h.p, h.len);
	}
	while (j < L->n && is_keyline(&L->v[j]) &&
	       lkp_table_line(L, j) != LKP_TL_COMMIT_LIST) {
		size_t v = skip_blank(L, j + 1);

		if (v >= L->n || is_keyline(&L->v[v])) {
			lkp_warn(s->w, "axis key line without values");
			j++;
			continue;
		}
		zip_axes(s, &L->v[j], &L->v[v]);
		j = skip_blank(L, v + 1);
	}
	return j;
}

size_t
lkp_table_parse(struct arena *a, struct lkp_warnings *w,
		const struct lkp_lines *L, size_t i, struct lkp_comparison *out)
{
	struct tstate s;
	size_t j = i;
	int first = 1;

	memset(out, 0, sizeof(*out));
	memset(&s, 0, sizeof(s));
	s.a = a;
	s.w = w;
	s.L = L;
	s.c = out;
	while (j < L->n) {
		size_t k = first ? j : skip_blank(L, j);
		enum lkp_tline t;

		if (k >= L->n)
			break;
		t = lkp_table_line(L, k);
		switch (t) {
		case LKP_TL_RULE:
			if (!first)
				return j;
			j = parse_header(&s, k);
			break;
		case LKP_TL_COMMIT_LIST:
			if (out->ncompared || out->ncolumns || out->nmetrics ||
			    out->nfailures)
				return j;
			j = parse_commits(&s, k + 1);
			break;
		case LKP_TL_COLUMNS:
			if (out->ncolumns || out->nmetrics || out->nfailures)
				return j;
			parse_columns(&s, &L->v[k]);
			j = k + 2;
			break;
		case LKP_TL_DASHES:
			if (out->ncolumns || out->nmetrics || out->nfailures)
				return j;
			j = k + 1;
			break;
		case LKP_TL_FAIL_HDR:
			if (out->nmetrics || out->nfailures)
				return j;
			j = parse_rows(&s, k + 1, 1);
			break;
		case LKP_TL_STDDEV_HDR:
			if (out->nmetrics)
				return j;
			j = parse_rows(&s, k + 1, 0);
			break;
		case LKP_TL_MORE:
			if (first)
				return k + 1;	/* nothing to continue */
			j = parse_rows(&s, skip_blank(L, k + 1), 0);
			break;
		default:
			return first ? j + 1 : j;
		}
		first = 0;
	}
	return j > i ? j : i + 1;
}

size_t
lkp_table_continue(struct arena *a, struct lkp_warnings *w,
		   const struct lkp_lines *L, size_t i,
		   struct lkp_comparison *cmp)
{
	struct tstate s;

	memset(&s, 0, sizeof(s));
	s.a = a;
	s.w = w;
	s.L = L;
	s.c = cmp;
	s.alloc_m = cmp->nmetrics;	/* full: the next push regrows */
	return parse_rows(&s, skip_blank(L, i + 1), 0);
}
