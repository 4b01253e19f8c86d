/* noise.c - each change of a report against its noise (noise.h). */
#include "config.h"
#include "bot/report/noise.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/limits.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "bot/report/stored.h"
#include "parsers/lkp_report.h"
#include "state/store_group.h"

static int
num_ok(const struct lkp_num *n)
{
	return n && (n->kind == LKP_NUM_INT || n->kind == LKP_NUM_REAL) &&
	       isfinite(n->v);
}

/* A printed stddev in percent, 0 when blank. */
static double
sd_at(const struct lkp_metric *m, size_t col)
{
	return m->stddev && num_ok(&m->stddev[col]) ? m->stddev[col].v : 0;
}

void
report_noise_figures(double base, double base_sd, double value, double sd,
		     int has_change, double change, int absolute,
		     struct noise_verdict *out)
{
	double delta = value - base;

	if (has_change && isfinite(change))
		delta = absolute ? change : base * change / 100;
	noise_from_figures(base, base_sd, value, sd, delta, out);
}

void
report_noise_perf_row(const struct store_perf_row *r, struct noise_verdict *out)
{
	if (!r->has_values) {
		memset(out, 0, sizeof(*out));
		out->p = -1;
		return;
	}
	report_noise_figures(r->base, r->base_stddev, r->value, r->stddev,
			     r->has_row_change, r->row_change, r->absolute,
			     out);
}

struct headlines {
	struct report_noise_headline *v;
	size_t n, alloc;
};

static int
add_headline(const struct store_perf_row *r, void *arg)
{
	struct headlines *h = arg;
	struct noise_verdict v;

	report_noise_perf_row(r, &v);
	ALLOC_GROW(h->v, h->n + 1, h->alloc);
	h->v[h->n].id = r->id;
	h->v[h->n++].level = v.level;
	return 0;
}

int
report_noise_headlines(struct store *st, struct report_noise_headline **out,
		       size_t *n_out)
{
	struct headlines h = { NULL, 0, 0 };
	int rc = store_perf_rows(st, add_headline, &h);

	if (rc != LKB_OK) {
		FREE_AND_NULL(h.v);
		h.n = 0;
	}
	*out = h.v;
	*n_out = h.n;
	return rc;
}

enum noise_level
report_noise_headline_find(const struct report_noise_headline *h, size_t n,
			   int64_t id)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (h[mid].id == id)
			return h[mid].level;
		if (h[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NOISE_UNKNOWN;
}

/* The run count of each column: the largest of its fail:runs rows. */
static size_t
column_runs(const struct lkp_comparison *c, size_t col)
{
	size_t runs = 0;

	for (size_t i = 0; i < c->nfailures; i++) {
		const struct lkp_failure *f = &c->failures[i];

		if (col < f->ncols && f->runs && num_ok(&f->runs[col]) &&
		    f->runs[col].v > (double)runs && f->runs[col].v < 1e9)
			runs = (size_t)f->runs[col].v;
	}
	return runs;
}

static void
judge(const struct lkp_comparison *c, size_t ci, const struct lkp_metric *m,
      size_t col, struct report_noise_row *row)
{
	const struct lkp_num *chg = m->changes ? &m->changes[col - 1] : NULL;

	memset(row, 0, sizeof(*row));
	row->name = m->name;
	row->comparison = ci;
	row->column = col;
	row->base = m->values[0].v;
	row->value = m->values[col].v;
	row->base_sd = sd_at(m, 0);
	row->sd = sd_at(m, col);
	row->absolute = m->change_kind == LKP_CHANGE_ABSOLUTE;
	row->change = num_ok(chg) ? chg->v : NAN;
	row->base_runs = column_runs(c, 0);
	row->runs = column_runs(c, col);
	report_noise_figures(row->base, row->base_sd, row->value, row->sd,
			     num_ok(chg), row->change, row->absolute, &row->v);
	row->v.n0 = row->base_runs;
	row->v.n1 = row->runs;
}

static int
judgeable(const struct lkp_metric *m, size_t col)
{
	return m->values && num_ok(&m->values[0]) && num_ok(&m->values[col]);
}

void
report_noise_assess(const struct lkp_report *r, struct report_noise *out)
{
	size_t alloc = 0;

	memset(out, 0, sizeof(*out));
	for (size_t ci = 0; ci < r->ncomparisons; ci++) {
		const struct lkp_comparison *c = &r->comparisons[ci];

		for (size_t k = 0; k < c->nmetrics; k++) {
			const struct lkp_metric *m = &c->metrics[k];

			for (size_t col = 1; col < m->ncols; col++) {
				if (!judgeable(m, col))
					continue;
				if (out->nrows == LKB_MAX_NOISE_ROWS) {
					out->dropped++;
					continue;
				}
				ALLOC_GROW(out->rows, out->nrows + 1, alloc);
				judge(c, ci, m, col, &out->rows[out->nrows]);
				out->count[out->rows[out->nrows].v.level]++;
				out->nrows++;
			}
		}
	}
	/* the headline: its first row of the first comparison, column 1 */
	for (size_t i = 0; r->headline_metric && i < out->nrows; i++) {
		const struct report_noise_row *row = &out->rows[i];

		if (row->comparison != 0)
			break;
		if (row->column == 1 && row->name &&
		    !strcmp(row->name, r->headline_metric)) {
			out->headline = row;
			break;
		}
	}
}

void
report_noise_release(struct report_noise *n)
{
	free(n->rows);
	memset(n, 0, sizeof(*n));
}

static int
add_sd(struct strbuf *sb, double sd)
{
	if (sd > 0) {
		strbuf_addf(sb, "\xc2\xb1%g%%", sd);
		return LKB_OK;
	}
	strbuf_adds(sb, "<=2%");
	return LKB_OK;
}

static int
add_change(struct strbuf *sb, const struct report_noise_row *row)
{
	if (isfinite(row->change))
		strbuf_addf(sb, row->absolute ? "%+.1f" : "%+.1f%%",
			    row->change);
	else
		strbuf_addf(sb, "%+g", row->v.delta);
	return LKB_OK;
}

int
report_noise_describe(struct strbuf *sb, const struct report_noise_row *row)
{
	const struct noise_verdict *v = &row->v;
	int rc = LKB_OK;

	strbuf_addf(sb, "%s: ", noise_level_name(v->level));
	rc |= add_change(sb, row);
	if (v->from_runs) {
		if (v->level == NOISE_UNKNOWN)
			strbuf_adds(sb, ", too few runs to judge");
		else
			strbuf_addf(sb, ", Welch t %.2f, %.1f df, p %.4f",
				    v->t, v->df, v->p);
	} else {
		strbuf_adds(sb, ", stddev ");
		rc |= add_sd(sb, row->base_sd);
		strbuf_adds(sb, " -> ");
		rc |= add_sd(sb, row->sd);
		if (isinf(v->ratio_hi))
			strbuf_addf(sb, ", change at least %.2f x the "
				    "stddev", v->ratio_lo);
		else
			strbuf_addf(sb, ", change %.2f to %.2f x the "
				    "stddev", v->ratio_lo, v->ratio_hi);
	}
	if (v->n0 || v->n1)
		strbuf_addf(sb, ", runs %zu -> %zu", v->n0, v->n1);
	return rc;
}

static json_t *
real_or_null(double x)
{
	return isfinite(x) ? json_real(x) : json_null();
}

static json_t *
runs_or_null(size_t n)
{
	return n ? json_integer((json_int_t)n) : json_null();
}

json_t *
report_noise_row_json(const struct report_noise_row *row)
{
	const struct noise_verdict *v = &row->v;
	json_t *o = json_object();
	struct strbuf sb = STRBUF_INIT;

	json_object_set_new(o, "metric", row->name ? json_string(row->name)
						   : json_null());
	json_object_set_new(o, "comparison", json_integer((json_int_t)row->comparison));
	json_object_set_new(o, "column", json_integer((json_int_t)row->column));
	json_object_set_new(o, "level", json_string(noise_level_name(v->level)));
	json_object_set_new(o, "from", json_string(v->from_runs ? "runs"
								: "figures"));
	json_object_set_new(o, "change", real_or_null(row->change));
	json_object_set_new(o, "absolute", json_boolean(row->absolute));
	json_object_set_new(o, "base", real_or_null(row->base));
	json_object_set_new(o, "base_stddev", row->base_sd > 0
		? json_real(row->base_sd) : json_null());
	json_object_set_new(o, "value", real_or_null(row->value));
	json_object_set_new(o, "stddev", row->sd > 0 ? json_real(row->sd)
						    : json_null());
	json_object_set_new(o, "base_runs", runs_or_null(v->n0));
	json_object_set_new(o, "runs", runs_or_null(v->n1));
	if (v->from_runs) {
		json_object_set_new(o, "t", real_or_null(v->t));
		json_object_set_new(o, "df", real_or_null(v->df));
		json_object_set_new(o, "p", v->p >= 0 ? json_real(v->p)
						      : json_null());
	} else {
		json_object_set_new(o, "ratio_low", real_or_null(v->ratio_lo));
		json_object_set_new(o, "ratio_high", real_or_null(v->ratio_hi));
	}
	if (report_noise_describe(&sb, row) == LKB_OK)
		json_object_set_new(o, "text", json_string(sb.buf));
	strbuf_release(&sb);
	return o;
}

json_t *
report_noise_json(const struct report_noise *n)
{
	json_t *o = json_object(), *counts = json_object(), *rows = json_array();

	json_object_set_new(o, "headline", n->headline
		? report_noise_row_json(n->headline) : json_null());
	for (int l = NOISE_WITHIN; l < NOISE__COUNT; l++)
		json_object_set_new(counts, noise_level_name((enum noise_level)l),
				    json_integer((json_int_t)n->count[l]));
	json_object_set_new(o, "counts", counts);
	for (size_t i = 0; i < n->nrows; i++)
		json_array_append_new(rows, report_noise_row_json(&n->rows[i]));
	json_object_set_new(o, "rows", rows);
	json_object_set_new(o, "rows_dropped", json_integer((json_int_t)n->dropped));
	return o;
}

int
report_noise_flag(struct store *st, int64_t id, struct strbuf *out)
{
	struct stored_report sr;
	struct report_noise n = { 0 };
	int rc = report_stored_load(st, id, &sr);

	if (rc != 1) {
		report_stored_release(&sr);
		return rc == LKB_ERR_NOT_FOUND ? 0 : rc;
	}
	rc = 0;
	if (sr.r->kind == LKP_KIND_PERF_REGRESSION) {
		report_noise_assess(sr.r, &n);
		if (n.headline && n.headline->v.level == NOISE_WITHIN)
			rc = report_noise_describe(out, n.headline) == LKB_OK;
	}
	report_noise_release(&n);
	report_stored_release(&sr);
	return rc;
}
