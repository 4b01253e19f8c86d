/* noise.h - is a change bigger than the test's own noise?
 *
 * Two ways to judge one metric's change between a base and a later
 * column (doc/design.md section 5, "Noise"):
 *
 *  - from the figures a report mail prints (noise_from_figures): the
 *    means and lkp's "± N%" columns. lkp prints the population stddev in
 *    percent of its column's mean, truncated, and only above 2 % (so
 *    "± 4%" is a stddev in [4, 5) %, a blank one in [0, 2] %). The ratio
 *    of the change to the combined variation sqrt(sd0^2 + sd1^2) is
 *    taken at both ends of those ranges: `within noise` when even the
 *    smallest variation the figures allow is at least the change (ratio
 *    below 1 with the lowest stddevs), `clear` when the change is at
 *    least NOISE_CLEAR_RATIO times the largest variation they allow,
 *    `likely` between;
 *  - from the runs themselves (noise_from_runs), where lkp result trees
 *    hold every run's value: Welch's t-test (unequal variances, sample
 *    variances, Welch-Satterthwaite degrees of freedom), two-sided:
 *    `clear` below p = NOISE_CLEAR_P, `likely` below NOISE_LIKELY_P,
 *    `within noise` above. Fewer than two runs on a side: `unknown`.
 *
 * Pure arithmetic: no I/O, no allocation.
 */
#ifndef LKB_LIB_NOISE_H
#define LKB_LIB_NOISE_H

#include <stddef.h>

enum noise_level {
	NOISE_UNKNOWN,		/* nothing to judge by */
	NOISE_WITHIN,		/* within noise */
	NOISE_LIKELY,
	NOISE_CLEAR,
	NOISE__COUNT
};

/* The figures' thresholds (ratio of change to combined stddev). */
#define NOISE_CLEAR_RATIO 3.0
#define NOISE_WITHIN_RATIO 1.0
/* The runs' thresholds (two-sided Welch p-value). */
#define NOISE_CLEAR_P 0.01
#define NOISE_LIKELY_P 0.05
/* The stddev lkp leaves blank: up to this many percent. */
#define NOISE_BLANK_SD 2.0

/* "clear", "likely", "within noise", "unknown". Static string. */
const char *noise_level_name(enum noise_level l);
/* The level named s, or NOISE_UNKNOWN. */
enum noise_level noise_level_from_name(const char *s);

struct noise_verdict {
	enum noise_level level;
	int from_runs;		/* 1: Welch on runs; 0: the mail's figures */
	double delta;		/* the change, in the metric's units */
	/* figures: |delta| / combined stddev, with the largest and the
	 * smallest stddevs the printed figures allow (hi may be inf) */
	double ratio_lo, ratio_hi;
	/* runs: Welch's t, degrees of freedom and two-sided p-value */
	double t, df, p;
	size_t n0, n1;		/* runs on each side (0: unknown) */
};

/* Judge a change from printed figures: base and value are the two
 * columns' means, base_sd and sd their printed stddev in percent (0 or
 * negative: left blank), delta the change in the metric's units
 * (value - base, or base * %change / 100 for a more exact one). */
void noise_from_figures(double base, double base_sd, double value,
			double sd, double delta, struct noise_verdict *out);

/* Judge a change from every run's value (a: base, b: later). */
void noise_from_runs(const double *a, size_t na, const double *b,
		     size_t nb, struct noise_verdict *out);

/* Two-sided p-value of Student's t with df degrees of freedom
 * (df > 0): P(|T| >= |t|). 1 for t = 0, 0 for an infinite t. */
double noise_t_pvalue(double t, double df);

#endif
