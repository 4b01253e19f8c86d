/* stats.h - lkp's comparison statistics over a dataset.
 *
 * Reproduces lkp-tests' `ncompare` (lkp:lib/compare.rb, lkp:lib/stats.rb,
 * lkp:lib/changed_stat.rb; doc/lkp-format.md section 5):
 *
 *  - perf rows: per column mean and population stddev (-1 for fewer than
 *    two samples) of the complete runs (runs with
 *    last_state.is_incomplete_run == 1 dropped); change against column 0
 *    in percent (a zero base becomes 1e-100), or as an absolute delta for
 *    ^perf-profile and *% stats;
 *  - fail:runs rows (function stats): fails = sum of the samples of all
 *    runs, runs = number of runs, %reproduction = 100 * (fails_i /
 *    runs_(i-1) - fails_0 / runs_0): lkp divides column i by the run count
 *    of column i-1 (Compare.calc_failure_change). That quirk is the
 *    default so numbers match LKP mails; opts.repro_fixed divides by
 *    runs_i instead;
 *  - row selection: lkp's StatCompare#process for every later column
 *    against column 0 (union of the shown keys), including its incomplete
 *    run passes, upper-median "changed?" test, ratio/delta thresholds and
 *    small-change filter;
 *  - row order: Compare.sort_stats (group rank, sort key, changes).
 *
 * Means are summed with Kahan-Babuska (Neumaier) compensation, as Ruby's
 * Array#sum does for floats; the variance is lkp's plain left-to-right
 * sum of squares times 1 / n (Array#sample_variance).
 */
#ifndef LKB_BOT_COMPARE_STATS_H
#define LKB_BOT_COMPARE_STATS_H

#include <stddef.h>

#include "bot/compare/matrix.h"
#include "bot/compare/stat_rules.h"
#include "lib/arena.h"
#include "lib/compiler.h"

struct compare_stats_opts {
	int repro_fixed;	/* %reproduction divided by the column's runs */
};

struct compare_row {
	size_t key;
	const char *name;	/* borrowed from the dataset */
	unsigned flags;		/* enum compare_stat_flag */
	int failure;		/* fail:runs row */
	int absolute;		/* change is a delta, not a percentage */
	long rank;		/* Compare.sort_stats group rank */
	double *avg;		/* [ncols] mean; fail rows: fails */
	double *sd;		/* [ncols] population stddev or -1 */
	size_t *runs;		/* [ncols] runs the numbers come from */
	double *chg;		/* [nchg] change or %reproduction */
	size_t nchg;		/* ncols - 1 */
};

struct compare_table {
	struct arena arena;
	const struct compare_dataset *ds;	/* borrowed */
	size_t ncols, nrows;
	struct compare_row *rows;		/* in lkp's display order */
	size_t **complete;		/* [ncols] complete run indices */
	size_t *ncomplete;		/* [ncols] */
};

/* Select, compute and sort the rows of ds (column 0 is the base). On
 * error returns a negative status and sets *err_out (caller frees).
 * The table borrows ds and must be released before it. */
int compare_stats_compare(const struct compare_rules *r, const struct compare_dataset *ds,
		      const struct compare_stats_opts *opts, struct compare_table *out,
		      char **err_out) LKB_WARN_UNUSED;
void compare_table_release(struct compare_table *t);

/* Copy the complete-run samples of row's stat in column col into buf
 * (t->ds->cols[col].nruns doubles); returns how many. Absent stat: 0. */
size_t compare_table_samples(const struct compare_table *t, const struct compare_row *row,
			 size_t col, double *buf);

/* The building blocks, exposed for the formatter and the tests. */
double compare_stats_sum(const double *v, size_t n);
/* Mean (0 for n == 0) and population stddev (-1 for n < 2). */
void compare_stats_mean_sd(const double *v, size_t n, double *avg_out,
		       double *sd_out);
/* Change of avg against avg0: delta when absolute, else percent with a
 * zero avg0 replaced by 1e-100 (Compare.calc_perf_change). */
double compare_stats_change(double avg, double avg0, int absolute);
/* %reproduction of every later column (Compare.calc_failure_change);
 * chg_out has ncols - 1 slots. */
void compare_stats_repro(const double *fails, const size_t *runs, size_t ncols,
		     int fixed, double *chg_out);

/* kpi_stat_direction: "regression", "improvement" or "undefined". */
const char *compare_stats_direction(const struct compare_rules *r, const char *name,
				double change);

#endif
