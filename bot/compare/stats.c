/* stats.c - lkp's numbers per row and its row order (lkp:lib/compare.rb). */
#include "config.h"
#include "bot/compare/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bot/compare/select.h"
#include "lib/status.h"
#include "lib/xalloc.h"

double
compare_stats_sum(const double *v, size_t n)
{
	double s = 0.0, c = 0.0;

	/* Kahan-Babuska (Neumaier), as Ruby's Array#sum for floats. */
	for (size_t i = 0; i < n; i++) {
		double t = s + v[i];

		if (fabs(s) >= fabs(v[i]))
			c += (s - t) + v[i];
		else
			c += (v[i] - t) + s;
		s = t;
	}
	return s + c;
}

void
compare_stats_mean_sd(const double *v, size_t n, double *avg_out, double *sd_out)
{
	double avg = n ? compare_stats_sum(v, n) / (double)n : 0.0;
	double s = 0.0;

	*avg_out = avg;
	*sd_out = -1.0;
	if (n < 2)
		return;
	/* lkp's Array#sample_variance: a plain left-to-right sum of the
	 * squares, times 1 / n (not divided): the last ulp decides a
	 * truncated "± 50%" against "± 49%" */
	for (size_t i = 0; i < n; i++)
		s += (v[i] - avg) * (v[i] - avg);
	*sd_out = sqrt(1.0 / (double)n * s);
}

double
compare_stats_change(double avg, double avg0, int absolute)
{
	if (absolute)
		return avg - avg0;
	if (avg0 == 0)
		avg0 = 1e-100;
	return 100.0 * (avg - avg0) / avg0;
}

void
compare_stats_repro(const double *fails, const size_t *runs, size_t ncols,
		int fixed, double *chg_out)
{
	double r0 = fails[0] / (double)runs[0];

	for (size_t i = 1; i < ncols; i++) {
		/* lkp divides column i by runs[i - 1] (calc_failure_change) */
		size_t div = fixed ? runs[i] : runs[i - 1];

		chg_out[i - 1] = 100 * (fails[i] / (double)div - r0);
	}
}

const char *
compare_stats_direction(const struct compare_rules *r, const char *name,
		    double change)
{
	double w;

	if (!compare_rules_kpi_weight(r, name, &w))
		return "undefined";
	return w * change < 0 ? "regression" : "improvement";
}

size_t
compare_table_samples(const struct compare_table *t, const struct compare_row *row,
		  size_t col, double *buf)
{
	struct compare_view v = { t->complete[col], t->ncomplete[col] };

	if (!compare_dataset_get(t->ds, col, row->key))
		return 0;
	return compare_view_gather(t->ds, col, row->key, &v, buf);
}

void
compare_table_release(struct compare_table *t)
{
	arena_release(&t->arena);
	memset(t, 0, sizeof(*t));
}

static void
row_compute(struct compare_table *t, struct compare_row *row, double *buf, int fixed)
{
	const struct compare_dataset *ds = t->ds;
	size_t n = t->ncols;

	row->avg = arena_calloc(&t->arena, n, sizeof(double));
	row->sd = arena_calloc(&t->arena, n, sizeof(double));
	row->runs = arena_calloc(&t->arena, n, sizeof(size_t));
	row->chg = arena_calloc(&t->arena, n, sizeof(double));
	for (size_t c = 0; c < n; c++) {
		const double *s = compare_dataset_get(ds, c, row->key);

		if (row->failure) {
			row->runs[c] = ds->cols[c].nruns;
			row->avg[c] = s ? compare_stats_sum(s, row->runs[c]) : 0;
			row->sd[c] = -1;
			continue;
		}
		row->runs[c] = t->ncomplete[c];
		if (!s) {
			row->avg[c] = 0;
			row->sd[c] = -1;
			continue;
		}
		compare_table_samples(t, row, c, buf);
		compare_stats_mean_sd(buf, row->runs[c], &row->avg[c], &row->sd[c]);
	}
	if (row->failure) {
		compare_stats_repro(row->avg, row->runs, n, fixed, row->chg);
		return;
	}
	for (size_t c = 1; c < n; c++)
		row->chg[c - 1] = compare_stats_change(row->avg[c], row->avg[0],
						   row->absolute);
}

static int
row_finite(const struct compare_row *row, size_t ncols)
{
	for (size_t c = 0; c < ncols; c++)
		if (!isfinite(row->avg[c]) || !isfinite(row->sd[c]) ||
		    (c && !isfinite(row->chg[c - 1])))
			return 0;
	return 1;
}

static size_t
group_len(const char *name)
{
	const char *dot = strchr(name, '.');

	return dot ? (size_t)(dot - name) : strlen(name);
}

/* Compare.stat_sort_key: perf-profile rows sort by their first two
 * components ($stat_sort_key_number), every other row by its name. */
static size_t
sort_key_len(const char *name)
{
	size_t g = group_len(name);
	const char *dot2;

	if (g != 12 || strncmp(name, "perf-profile", 12) || !name[g])
		return strlen(name);
	dot2 = strchr(name + g + 1, '.');
	return dot2 ? (size_t)(dot2 - name) : strlen(name);
}

static int
cmp_prefix(const char *a, size_t la, const char *b, size_t lb)
{
	int c = memcmp(a, b, la < lb ? la : lb);

	if (c)
		return c;
	return (la > lb) - (la < lb);
}

static int
cmp_rows(const void *pa, const void *pb)
{
	const struct compare_row *a = pa, *b = pb;
	int c;

	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	c = cmp_prefix(a->name, sort_key_len(a->name), b->name,
		       sort_key_len(b->name));
	if (c)
		return c;
	for (size_t i = 0; i < a->nchg && i < b->nchg; i++)
		if (a->chg[i] != b->chg[i])
			return a->chg[i] < b->chg[i] ? -1 : 1;
	c = strcmp(a->name, b->name);
	return c ? c : (a->key > b->key) - (a->key < b->key);
}

static int
cmp_group(const void *pa, const void *pb)
{
	const struct compare_row *const *a = pa, *const *b = pb;
	int c = cmp_prefix((*a)->name, group_len((*a)->name), (*b)->name,
			   group_len((*b)->name));

	return c ? c : ((*a)->key > (*b)->key) - ((*a)->key < (*b)->key);
}

/* Compare.sort_stats: a group starts at -10000 when its first stat is a
 * function stat, else 0, and counts its rows; test-program groups with a
 * positive count rank 0, so testcase rows come first. */
static void
rows_rank(const struct compare_rules *r, struct compare_row *rows, size_t n)
{
	struct compare_row **v = xcalloc(n ? n : 1, sizeof(*v));
	size_t i = 0;

	for (size_t k = 0; k < n; k++)
		v[k] = &rows[k];
	if (n > 1)
		qsort(v, n, sizeof(*v), cmp_group);
	while (i < n) {
		size_t j = i, gl = group_len(v[i]->name);
		long rank = v[i]->failure ? -10000 : 0;

		while (j < n && !cmp_prefix(v[j]->name, group_len(v[j]->name),
					    v[i]->name, gl))
			j++;
		rank += (long)(j - i);
		if (rank > 0 && compare_rules_is_test(r, v[i]->name, gl))
			rank = 0;
		for (size_t k = i; k < j; k++)
			v[k]->rank = rank;
		i = j;
	}
	free(v);
}

static void
complete_views(struct compare_table *t)
{
	const struct compare_dataset *ds = t->ds;
	size_t inc = compare_dataset_find(ds, COMPARE_INCOMPLETE_KEY);

	t->complete = arena_calloc(&t->arena, t->ncols, sizeof(size_t *));
	t->ncomplete = arena_calloc(&t->arena, t->ncols, sizeof(size_t));
	for (size_t c = 0; c < t->ncols; c++) {
		const double *s = inc == COMPARE_KEY_NONE ? NULL :
				  compare_dataset_get(ds, c, inc);
		size_t nr = ds->cols[c].nruns;

		t->complete[c] = arena_calloc(&t->arena, nr ? nr : 1,
					      sizeof(size_t));
		for (size_t i = 0; i < nr; i++)
			if (!s || s[i] != 1)
				t->complete[c][t->ncomplete[c]++] = i;
	}
}

int
compare_stats_compare(const struct compare_rules *r, const struct compare_dataset *ds,
		  const struct compare_stats_opts *opts, struct compare_table *out,
		  char **err_out)
{
	struct compare_view *views = NULL;
	unsigned *flags = NULL;
	unsigned char *shown = NULL;
	double *buf = NULL;
	size_t maxruns = 1, nk = ds->keys.n;
	int rc = LKB_OK;

	memset(out, 0, sizeof(*out));
	arena_init(&out->arena);
	*err_out = NULL;
	out->ds = ds;
	out->ncols = ds->ncols;
	if (ds->ncols < 2) {
		*err_out = xstrdup("a comparison needs at least two commits");
		return LKB_ERR_USAGE;
	}
	complete_views(out);
	views = xcalloc(ds->ncols, sizeof(*views));
	for (size_t c = 0; c < ds->ncols; c++) {
		views[c].idx = out->complete[c];
		views[c].n = out->ncomplete[c];
		if (ds->cols[c].nruns > maxruns)
			maxruns = ds->cols[c].nruns;
	}
	flags = xcalloc(nk ? nk : 1, sizeof(*flags));
	shown = xcalloc(nk ? nk : 1, 1);
	buf = xcalloc(maxruns, sizeof(*buf));
	compare_select_keys(r, ds, views, flags, shown);
	for (size_t k = 0; k < nk; k++)
		out->nrows += shown[k];
	out->rows = arena_calloc(&out->arena, out->nrows ? out->nrows : 1,
				 sizeof(*out->rows));
	for (size_t k = 0, i = 0; k < nk; k++) {
		struct compare_row *row = &out->rows[i];

		if (!shown[k])
			continue;
		i++;
		row->key = k;
		row->nchg = out->ncols - 1;
		row->name = ds->keys.names[k];
		row->flags = compare_select_flags(r, ds, flags, k) & ~COMPARE_FLAGS_KNOWN;
		row->failure = !!(row->flags & COMPARE_STAT_FUNCTION);
		row->absolute = !!(row->flags & COMPARE_STAT_ABSOLUTE);
		row_compute(out, row, buf, opts && opts->repro_fixed);
		if (!row_finite(row, out->ncols)) {
			*err_out = xasprintf("stat '%s' gives a non-finite "
					     "result (overflow)", row->name);
			rc = LKB_ERR_PARSE;
			goto out;
		}
	}
	rows_rank(r, out->rows, out->nrows);
	if (out->nrows > 1)
		qsort(out->rows, out->nrows, sizeof(*out->rows), cmp_rows);
out:
	free(views);
	free(flags);
	free(shown);
	free(buf);
	if (rc != LKB_OK)
		compare_table_release(out);
	return rc;
}
