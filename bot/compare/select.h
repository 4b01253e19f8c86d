/* select.h - which stats lkp shows (StatCompare#process).
 *
 * doc/lkp-format.md 5.3 / lkp:lib/stats.rb: every later column a is compared
 * with the base b = column 0 and the changed keys are united. Per key:
 * skip text stats; on an incomplete-run comparison first look only at
 * dmesg/last_state/stderr stats over all runs, then at everything over
 * the complete runs (and, like lkp, keep the base filtered afterwards);
 * skip stats neither bisectable nor report-allowlisted; function stats
 * need their pass/fail partner in b, regular stats need >= 3 runs on one
 * side; b must have the stat (or it is a function stat, or a monitored
 * perf-profile/lock_stat stat); summaries trimmed (upper medians);
 * function stats change when the maxima differ, others by
 * compare_select_changed(); then the ratio/delta small-change filter with
 * etc/perf-metrics-threshold.yaml (not for perf-profile, lkp passes a
 * perf-profile threshold option in ncompare). lkp's perf-profile
 * threshold branch of changed_stats? comes first: a perf-profile stat
 * whose upper-median sample in a is a Ruby Integer (a JSON integer, or
 * lkp's zero padding) is shown iff a median is above 5, whatever the
 * change (doc/lkp-format.md 5.3 step 6).
 */
#ifndef LKB_BOT_COMPARE_SELECT_H
#define LKB_BOT_COMPARE_SELECT_H

#include <stddef.h>

#include "bot/compare/matrix.h"
#include "bot/compare/stat_rules.h"

/* The stat marking a run that did not complete. */
#define COMPARE_INCOMPLETE_KEY "last_state.is_incomplete_run"

/* StatSummary: sorted samples without leading -1, trimmed by
 * min(n >> 5, max_margin) at each end; mean is the upper median. */
struct compare_summary {
	size_t n;
	double min, mean, max;
};
/* buf gets the sorted samples (n doubles); returns 0 when empty. */
int compare_select_summary(const double *v, size_t n, size_t max_margin,
		      double *buf, struct compare_summary *out);
/* LKP::ChangedStat#change? without options: one side's minimum above the
 * other's median and its median above the other's maximum. */
int compare_select_changed(const struct compare_summary *a, const struct compare_summary *b);

/* Run indices of a column view. idx == NULL means all runs 0..n-1. */
struct compare_view {
	const size_t *idx;
	size_t n;
};

/* flags[key]: classify() cache, filled here (0 = not yet classified).
 * shown[key] set to 1 for each key lkp shows. complete[c]: view of the
 * complete runs of column c. */
void compare_select_keys(const struct compare_rules *r, const struct compare_dataset *ds,
		     const struct compare_view *complete, unsigned *flags,
		     unsigned char *shown);

/* Which monitors column col ran (monitored_by_b?): bit 0 perf-profile,
 * bit 1 lock_stat. */
unsigned compare_select_monitors(const struct compare_dataset *ds, size_t col);

/* One key, a vs b over the given views; the test behind the above.
 * b_monitors: compare_select_monitors(ds, cb). */
int compare_select_one(const struct compare_rules *r, const struct compare_dataset *ds,
		   size_t key, unsigned flags, size_t ca,
		   const struct compare_view *va, size_t cb,
		   const struct compare_view *vb, unsigned b_monitors,
		   int incomplete_pass);

/* Fill buf with the samples of key in col over view v (zeros when the
 * commit lacks the stat); returns v->n. */
size_t compare_view_gather(const struct compare_dataset *ds, size_t col, size_t key,
		       const struct compare_view *v, double *buf);

/* classify() with the flags cache. */
unsigned compare_select_flags(const struct compare_rules *r,
			  const struct compare_dataset *ds, unsigned *flags,
			  size_t key);

#define COMPARE_FLAGS_KNOWN (1u << 31)

#endif
