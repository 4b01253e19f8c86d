/* undone.h - regressions undone: a later report on the same testcase,
 * parameters, machine group and metric whose change, in the opposite
 * direction, cancels an open regression within the noise of both.
 *
 * For an open perf regression R (change a %, lkp's base and value of
 * its headline row) and a later perf report L on other commit with the
 * same testcase, the same parameters, the same machine group
 * (tbox_group) and the same headline metric, change b % of the other
 * sign: with the noise n = max(2 %, the root of the sum of the squares
 * of the four stddevs, base and value of both), L undoes R when
 *   |(1 + a)(1 + b) - 1| <= n          (the changes cancel)
 *   |L.base / R.value - 1| <= n        (L starts where R ended)
 *   |L.value / R.base - 1| <= n        (and ends where R started)
 * Each is a proposal (group.h) with the ready `lkpbot fixed-by R SHA`
 * and `#lkp fixed-by SHA` of L's commit: nothing is closed here.
 */
#ifndef LKB_BOT_REPORT_UNDONE_H
#define LKB_BOT_REPORT_UNDONE_H

#include <stdint.h>

#include "bot/report/group.h"
#include "lib/compiler.h"

struct store;

/* The proposals for every open regression (only report only_id when not
 * 0), the earliest undoing report each. fn returns non-zero to stop. */
int report_undone_proposals(struct store *st, int64_t only_id,
			    report_proposal_fn *fn, void *arg)
	LKB_WARN_UNUSED;

/* The noise (percent) within which L undoes R, and whether it does, for
 * the numbers above (changes and stddevs in percent). */
int report_undone_match(double a, double r_base, double r_base_sd,
			double r_value, double r_sd, double b, double l_base,
			double l_base_sd, double l_value, double l_sd,
			double *noise_out);

#endif
