/* format.c - lkp's comparison table text (lkp:lib/compare.rb). */
#include "config.h"
#include "bot/compare/format.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bot/compare/rubyfmt.h"
#include "lib/status.h"
#include "lib/noise.h"
#include "lib/xalloc.h"

#define PLUSMINUS "\xc2\xb1"	/* U+00B1, as lkp prints it (UTF-8) */
#define ABS_WIDTH 10		/* Compare::ABS_WIDTH */
#define REL_WIDTH 10		/* Compare::REL_WIDTH */
#define ERR_WIDTH 6		/* Compare::ERR_WIDTH */

/* Ruby's "%<w>d" of a Float: the value truncated toward zero, printed
 * whole however large. */
static int
add_trunc(struct strbuf *sb, int width, double v)
{
	double t = trunc(v);

	if (fabs(t) < 1e15) {
		strbuf_addf(sb, "%*lld", width, (long long)t);
		return LKB_OK;
	}
	strbuf_addf(sb, "%*.0f", width, t);
	return LKB_OK;
}

/* Ruby's "%<w>.<prec>f" (general: "%<w>.<prec>g"; plus: "%+..."). */
static int
add_ruby(struct strbuf *sb, int width, double v, int prec, int general,
	 int plus)
{
	char buf[COMPARE_RUBYFMT_SIZE];
	int n = general ? compare_fmt_general(buf, v, prec, plus) :
			  compare_fmt_fixed(buf, v, prec, plus);

	if (n < 0)
		return LKB_ERR_USAGE;
	strbuf_addf(sb, "%*s", width, buf);
	return LKB_OK;
}

static int
add_repeat(struct strbuf *sb, int ch, size_t n)
{
	for (size_t i = 0; i < n; i++)
		strbuf_addch(sb, ch);
	return LKB_OK;
}

/* "%<w>s" of the first w bytes of s. */
static int
add_col(struct strbuf *sb, const char *s, int w)
{
	size_t len = strlen(s);

	if (len > (size_t)w)
		len = (size_t)w;
	strbuf_addf(sb, "%*.*s ", w, (int)len, s);
	return LKB_OK;
}

int
compare_format_header(struct strbuf *sb, const char *keys, const char *values,
		  const struct compare_fmt_commit *c, size_t n)
{
	int rc = LKB_OK;

	rc |= add_repeat(sb, '=', 89);
	strbuf_addf(sb, "\n%s:\n  %s\n\ncommit: \n", keys, values);
	for (size_t i = 0; i < n; i++) {
		int len = c[i].full_sha ? (int)strlen(c[i].sha) : 10;

		if (c[i].subject && *c[i].subject)
			strbuf_addf(sb, "  %.*s (\"%s\")\n", len,
				    c[i].sha, c[i].subject);
		else
			strbuf_addf(sb, "  %.*s\n", len, c[i].sha);
	}
	strbuf_addch(sb, '\n');
	for (size_t i = 0; i < n; i++)
		rc |= add_col(sb, c[i].sha, i ? ABS_WIDTH + ERR_WIDTH +
					     REL_WIDTH + 1 :
					     ABS_WIDTH + ERR_WIDTH);
	strbuf_addch(sb, '\n');
	for (size_t i = 0; i < n; i++) {
		rc |= add_repeat(sb, '-', i ? 27 : 16);
		strbuf_addch(sb, ' ');
	}
	strbuf_addch(sb, '\n');
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}

int
compare_format_perf_header(struct strbuf *sb, size_t ncols)
{
	strbuf_adds(sb, "         %stddev");
	for (size_t i = 1; i < ncols; i++)
		strbuf_adds(sb, "     %change         %stddev");
	strbuf_adds(sb, "\n             \\  ");
	for (size_t i = 1; i < ncols; i++)
		strbuf_adds(sb, "        |                \\  ");
	strbuf_addch(sb, '\n');
	return LKB_OK;
}

int
compare_format_fail_header(struct strbuf *sb, size_t ncols)
{
	strbuf_adds(sb, "       fail:runs");
	for (size_t i = 1; i < ncols; i++)
		strbuf_adds(sb, "  %reproduction    fail:runs");
	strbuf_adds(sb, "\n           |    ");
	for (size_t i = 1; i < ncols; i++)
		strbuf_adds(sb, "         |             |    ");
	strbuf_addch(sb, '\n');
	return LKB_OK;
}

/* The change cell: %+10.1f or %+10.2g, then "% " or two blanks. */
static int
add_change_cell(struct strbuf *sb, double p, int absolute)
{
	int rc = fabs(p) < 100000 ? add_ruby(sb, REL_WIDTH, p, 1, 0, 1) :
				    add_ruby(sb, REL_WIDTH, p, 2, 1, 1);

	strbuf_adds(sb, absolute ? "  " : "% ");
	return rc;
}

static int
add_value_cell(struct strbuf *sb, double avg, double sd)
{
	int rc;

	if (fabs(avg) < 1000)
		rc = add_ruby(sb, ABS_WIDTH, avg, 2, 0, 0);
	else if (fabs(avg) > 100000000)
		rc = add_ruby(sb, ABS_WIDTH, avg, 4, 1, 0);
	else
		rc = add_trunc(sb, ABS_WIDTH, avg);
	if (avg != 0)
		sd = 100 * sd / avg;
	if (sd > 2) {
		strbuf_adds(sb, " " PLUSMINUS);
		rc |= add_trunc(sb, ERR_WIDTH - 3, sd);
		strbuf_addch(sb, '%');
	} else {
		rc |= add_repeat(sb, ' ', ERR_WIDTH);
	}
	return rc;
}

int
compare_format_perf_row(struct strbuf *sb, const struct compare_row *row,
		    size_t ncols)
{
	int rc = LKB_OK;

	for (size_t i = 0; i < ncols; i++) {
		if (i)
			rc |= add_change_cell(sb, row->chg[i - 1],
					      row->absolute);
		rc |= add_value_cell(sb, row->avg[i], row->sd[i]);
	}
	strbuf_addf(sb, "  %s\n", row->name);
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}

int
compare_format_fail_row(struct strbuf *sb, const struct compare_row *row,
		    size_t ncols)
{
	int rc = LKB_OK;

	for (size_t i = 0; i < ncols; i++) {
		if (i) {
			rc |= add_ruby(sb, REL_WIDTH, row->chg[i - 1], 0, 0, 0);
			strbuf_adds(sb, "% ");
		}
		if (row->avg[i] == 0)
			rc |= add_repeat(sb, ' ', ABS_WIDTH + 1);
		else
			rc |= add_trunc(sb, ABS_WIDTH + 1, row->avg[i]);
		strbuf_addf(sb, ":%-*zu", ERR_WIDTH - 2, row->runs[i]);
	}
	strbuf_addf(sb, "  %s\n", row->name);
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}

int
compare_format_table(struct strbuf *sb, const struct compare_table *t)
{
	size_t nfail = 0;
	int rc = LKB_OK;

	for (size_t i = 0; i < t->nrows; i++)
		nfail += t->rows[i].failure;
	if (nfail)
		rc |= compare_format_fail_header(sb, t->ncols);
	for (size_t i = 0; i < t->nrows && rc == LKB_OK; i++)
		if (t->rows[i].failure)
			rc = compare_format_fail_row(sb, &t->rows[i], t->ncols);
	if (nfail < t->nrows && rc == LKB_OK)
		rc = compare_format_perf_header(sb, t->ncols);
	for (size_t i = 0; i < t->nrows && rc == LKB_OK; i++)
		if (!t->rows[i].failure)
			rc = compare_format_perf_row(sb, &t->rows[i], t->ncols);
	if (rc == LKB_OK)
		strbuf_addch(sb, '\n');
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}

int
compare_format_change(struct strbuf *sb, double p, int absolute)
{
	int rc = fabs(p) < 100000 ? add_ruby(sb, 0, p, 1, 0, 1) :
				    add_ruby(sb, 0, p, 2, 1, 1);

	if (!absolute)
		strbuf_addch(sb, '%');
	return rc;
}

static int
add_step(struct strbuf *sb, const char *what, const struct compare_row *row,
	 const struct compare_fmt_commit *c, size_t i)
{
	strbuf_addf(sb, "  %-14s%s %.10s: ", what,
		    c[i].label ? c[i].label : "?", c[i].sha);
	return compare_format_change(sb, compare_stats_change(row->avg[i],
							 row->avg[i - 1],
							 row->absolute),
				     row->absolute);
}

int
compare_format_welch(struct strbuf *sb, const struct compare_table *t,
		     const struct compare_row *row, size_t c0, size_t c1,
		     struct noise_verdict *v)
{
	size_t nr = t->ds->cols[c0].nruns, n0, n1;
	double *b0, *b1;

	if (t->ds->cols[c1].nruns > nr)
		nr = t->ds->cols[c1].nruns;
	b0 = xcalloc(nr ? nr : 1, sizeof(double));
	b1 = xcalloc(nr ? nr : 1, sizeof(double));
	n0 = compare_table_samples(t, row, c0, b0);
	n1 = compare_table_samples(t, row, c1, b1);
	noise_from_runs(b0, n0, b1, n1, v);
	free(b0);
	free(b1);
	if (v->level == NOISE_UNKNOWN) {
		strbuf_adds(sb, ", too few runs to judge");
		return LKB_OK;
	}
	if (isinf(v->t))
		strbuf_addf(sb, ", %s (the runs do not vary)",
			    noise_level_name(v->level));
	else
		strbuf_addf(sb, ", %s (Welch t %.2f, %.1f df, p %.4f)",
			    noise_level_name(v->level), v->t, v->df, v->p);
	return LKB_OK;
}

/* The noise verdict between the base and the last column. */
static int
add_verdict(struct strbuf *sb, const struct compare_table *t,
	    const struct compare_row *row)
{
	struct noise_verdict v;
	int rc = compare_format_welch(sb, t, row, 0, t->ncols - 1, &v);

	strbuf_addch(sb, '\n');
	return rc;
}

size_t
compare_format_largest_step(const double *avg, size_t n)
{
	size_t big = 0;
	double best = 0;

	for (size_t i = 1; i < n; i++) {
		double away = fabs(avg[i] - avg[0]) - fabs(avg[i - 1] - avg[0]);

		if (away > best) {
			best = away;
			big = i;
		}
	}
	return big;
}

int
compare_format_attribution(struct strbuf *sb, const struct compare_rules *r,
		       const struct compare_table *t, const struct compare_row *row,
		       const struct compare_fmt_commit *c)
{
	size_t n = t->ncols, big, back = 0;
	double dbig = 0, dback = 0;
	int rc;

	if (row->failure || n < 2)
		return LKB_OK;
	big = compare_format_largest_step(row->avg, n);
	if (big)
		dbig = row->avg[big] - row->avg[big - 1];
	for (size_t i = big + 1; big && i < n; i++) {
		double d = row->avg[i] - row->avg[i - 1];

		if ((d > 0) != (dbig > 0) && d != 0 && fabs(d) > fabs(dback)) {
			dback = d;
			back = i;
		}
	}
	rc = LKB_OK;
	strbuf_addf(sb, "%s\n", row->name);
	if (!big) {
		strbuf_adds(sb, "  no step moved it\n");
	} else {
		rc |= add_step(sb, "largest step:", row, c, big);
		strbuf_addf(sb, " (%s)\n", compare_stats_direction(
		  r, row->name, compare_stats_change(row->avg[big],
						 row->avg[big - 1],
						 row->absolute)));
		if (back && fabs(dback) * 2 >= fabs(dbig)) {
			rc |= add_step(sb, "given back:", row, c, back);
			strbuf_addch(sb, '\n');
		}
	}
	strbuf_addf(sb, "  %-14s%s -> %s: ", "net change:",
		    c[0].label ? c[0].label : "base",
		    c[n - 1].label ? c[n - 1].label : "?");
	rc |= compare_format_change(sb, row->chg[n - 2], row->absolute);
	rc |= add_verdict(sb, t, row);
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}
