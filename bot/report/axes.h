/* axes.h - what a stored report says about where its results are.
 *
 * From a stored report (report/stored.h), build the struct compare_axes
 * of its tests (bot/compare/axes.h) and collect the facts
 * the request stage and the compare/series commands need: the tested
 * commit, the compared commits, the series hints (url:, base:, the
 * "[PATCH vN k/M]" subject) and the headline metric.
 *
 * Axes come from the first comparison's axis header (keys such as
 * class/compiler/cpufreq_governor/kconfig/nr_threads/rootfs/tbox_group/
 * test/testcase/testtime/ucode): testcase, tbox_group, rootfs, kconfig
 * and compiler are named axes, every other key a test parameter. Without
 * an axis header the report's testcase, config, compiler and parameters
 * are used; tbox_group and rootfs are only ever in the axis header.
 */
#ifndef LKB_BOT_REPORT_AXES_H
#define LKB_BOT_REPORT_AXES_H

#include <stddef.h>
#include <stdint.h>

#include "bot/compare/axes.h"
#include "bot/report/stored.h"
#include "lib/compiler.h"

struct lkp_report;
struct store;

struct report_commit {
	const char *sha;
	const char *subject;	/* NULL when the report gives none */
};

/* Every string is borrowed from the report: src when loaded from the
 * store, the caller's report for report_axes_from_report();
 * report_axes_release() frees what the axes own. */
struct report_axes {
	int64_t report_id;
	struct compare_axes axes;
	struct compare_param *params;	/* owned, axes.params points here */
	struct report_commit commit;	/* the tested commit */
	struct report_commit *compared;	/* owned: first comparison's list */
	size_t ncompared;
	const char *subject;		/* the report mail's subject */
	const char *patch_subject, *url, *base, *headline;
	struct stored_report src;	/* owned when loaded from the store */
};

/* The axes of report r; strings stay r's (r must outlive out). Missing
 * axes are not an error here: see report_axes_check(). */
void report_axes_from_report(const struct lkp_report *r,
			     struct report_axes *out);

/* Load report id from the store (its kept mail, parsed) and take its
 * axes. LKB_ERR_NOT_FOUND when there is no such report. */
int report_axes_load(struct store *st, int64_t id, struct report_axes *out,
		     char **err_out) LKB_WARN_UNUSED;

/* 0 when every named axis is there and valid as a path component; else
 * -1 and *err_out (caller frees) says which is missing or bad. */
int report_axes_check(const struct report_axes *ra, char **err_out);

/* The subject that carries "[PATCH vN k/M]": the commit subject when it
 * has one, else the patch subject; NULL when neither has. */
const char *report_axes_series_subject(const struct report_axes *ra);

void report_axes_release(struct report_axes *ra);

#endif
