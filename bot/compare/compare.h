/* compare.h - comparisons of lkp results, the bot-facing entry points.
 *
 * compare_run() finds each commit's results under an lkp result root,
 * applies lkp's statistics (bot/compare/stats.h) and renders one comparison
 * section byte for byte in lkp's layout (bot/compare/format.h), followed by
 * an attribution block for every changed KPI: the testcase's own metrics
 * ("<testcase>.*" but not "<testcase>.time.*", lkp's kpi_stat?) and the
 * report's headline metric.
 *
 * Series columns: compare_list_from_series() makes base + patch 01..M.
 * The end of a series is patch M itself (the branch tip), so it is not a
 * separate column; its label is "M/M" and the attribution's net change
 * is "base -> M/M".
 */
#ifndef LKB_BOT_COMPARE_COMPARE_H
#define LKB_BOT_COMPARE_COMPARE_H

#include <stddef.h>

#include "bot/compare/axes.h"
#include "bot/compare/kpi.h"
#include "bot/compare/series.h"
#include "lib/compiler.h"
#include "lib/strbuf.h"

struct compare_commit {
	const char *sha;	/* sha, unique prefix (>= 7) or tag */
	const char *subject;	/* NULL: the commit list shows the sha alone */
	const char *label;	/* NULL: "base" for column 0, else "#<i>" */
};

/* What a fix does to a regression (issue 37): columns base, culprit,
 * culprit + fix. Each KPI (compare_is_kpi) whose culprit column differs
 * from the base beyond noise (Welch on the runs: likely or clear) is a
 * changed metric; the fix fully recovers it when the fix column is
 * within noise of the base (or goes past it) and not of the culprit,
 * does not recover it when it is within noise of the culprit, makes it
 * worse when it moves away from the base, and partly recovers it
 * otherwise, by (fix - culprit) / (base - culprit) of the regression. */
enum compare_fix_level {
	FIX_UNCHANGED,		/* no KPI changed between base and culprit */
	FIX_FULL, FIX_PARTLY, FIX_NO_EFFECT, FIX_WORSE
};
struct compare_fix {
	enum compare_fix_level level;	/* the headline's, else the first
					 * changed KPI's */
	double share;			/* its % of the regression undone */
	char summary[96];		/* "partly recovers (96 % of the
					 * regression)" */
	struct strbuf text;		/* every changed KPI with its numbers;
					 * the caller releases it */
};

/* Judge every KPI row of t (three columns) into *out, its text appended
 * to (bot/compare/fix.c; compare_run calls it when opts->fix is set).
 * LKB_OK, or LKB_ERR_TOO_BIG when the text does not fit. */
struct compare_table;
int compare_fix_judge(const struct compare_table *t, const char *testcase,
		      const char *headline, struct compare_fix *out)
	LKB_WARN_UNUSED;

struct compare_opts {
	int repro_fixed;	/* %reproduction with the correct divisor */
	const char *headline;	/* the report's headline metric, or NULL */
	int no_attribution;
	int full_shas;		/* commit list as ncompare prints it: whole
				 * shas (mails print sha10 ("subject")) */
	struct compare_fix *fix;	/* three columns: filled, or NULL */
};

/* Render the comparison of commits[0] (base) with the others. Returns
 * LKB_OK; LKB_ERR_NOT_FOUND when some commits have no results yet (see
 * compare_find_missing); another negative status on bad input. *err_out
 * (caller frees) explains any failure. */
int compare_run(const char *root, const struct compare_axes *axes,
		const struct compare_commit *commits, size_t n,
		const struct compare_opts *opts, struct strbuf *out,
		char **err_out) LKB_WARN_UNUSED;

/* Indices of the commits without results: *missing_out (caller frees)
 * holds *nmissing_out entries. */
int compare_find_missing(const char *root, const struct compare_axes *axes,
			 const struct compare_commit *commits, size_t n,
			 size_t **missing_out, size_t *nmissing_out,
			 char **err_out) LKB_WARN_UNUSED;

/* Write one lkp job file per commit into queue_dir (created if absent):
 * "<testcase>-<commit>-<hash>.yaml", hash = FNV-1a of the content, so
 * the same job always gets the same name; an existing file is left
 * alone (the write is tmp + link, so two bots never clobber). */
int compare_write_jobs(const char *queue_dir, const struct compare_axes *axes,
		       const char *const *commits, size_t n,
		       size_t *written_out, char **err_out) LKB_WARN_UNUSED;

/* Columns of a resolved series: base, then patches 01..M. */
struct compare_list {
	size_t n;
	struct compare_commit *c;
	char **labels;		/* owned */
};
void compare_list_from_series(struct compare_list *l,
			      const struct compare_series *s);
void compare_list_release(struct compare_list *l);

#endif
