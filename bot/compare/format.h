/* format.h - lkp's comparison table text, byte for byte.
 *
 * Layout of lkp:lib/compare.rb (show_group_header, show_perf_header,
 * show_failure_header, show_perf_change, show_failure_change, show_stat)
 * with the mail robot's commit-list substitution; doc/lkp-format.md 4.7-4.10:
 *
 *   perf cell   value %10.2f (|v| < 1000) | %10.4g (|v| > 1e8) | %10d
 *               (truncated), then " ±%3d%%" (stddev in percent of the
 *               value, truncated) when that is > 2, else 6 blanks
 *   change      %+10.1f (|p| < 100000) | %+10.2g, then "% " (relative)
 *               or 2 blanks (absolute)
 *   fail cell   %11d fails (11 blanks for 0) ":" %-4d runs; later columns
 *               are preceded by "%10.0f%% " %reproduction
 *
 * Beyond lkp: compare_format_attribution() prints, under the table, which
 * step between adjacent columns moved a metric most, which later step
 * gave most of it back, and the net change from the base to the last
 * column with a noise verdict: Welch's t-test on the complete runs of
 * those two columns (lib/noise.h noise_from_runs: sample variances,
 * Welch-Satterthwaite degrees of freedom, two-sided p):
 *   clear         p < 0.01
 *   likely        p < 0.05
 *   within noise  otherwise
 * printed with t, the degrees of freedom and p. With no spread
 * (identical runs) any difference is clear; with fewer than two runs on
 * either side the verdict is "too few runs to judge".
 * The largest step is the one that takes the metric furthest away from
 * the base: maximal |avg_i - avg_0| - |avg_(i-1) - avg_0| (the earlier on
 * ties), so a regression at patch 07 that patch 10 undoes is charged to
 * 07, not to the equally large recovery. "Gave back" = the largest later
 * step of opposite sign whose size is at least half the largest step's.
 * Step changes are relative to the previous column (absolute deltas for
 * absolute stats), so a fall of 62.6 % undone reads "+167.4%".
 */
#ifndef LKB_BOT_COMPARE_FORMAT_H
#define LKB_BOT_COMPARE_FORMAT_H

#include <stddef.h>

#include "bot/compare/stat_rules.h"
#include "bot/compare/stats.h"
#include "lib/compiler.h"
#include "lib/strbuf.h"

/* One compared commit (a table column). */
struct compare_fmt_commit {
	const char *sha;	/* full sha (or tag) as lkp prints the axis */
	const char *subject;	/* NULL or "" prints the sha alone */
	const char *label;	/* attribution name: "07/13", "base", ... */
	int full_sha;		/* the list shows the whole sha, as ncompare
				 * does (mails: the first 10 characters) */
};

/* The 89-'=' line, "keys:" / "  values", the commit list, the column
 * header and the dash line. */
int compare_format_header(struct strbuf *sb, const char *keys, const char *values,
		      const struct compare_fmt_commit *c, size_t n) LKB_WARN_UNUSED;

int compare_format_perf_header(struct strbuf *sb, size_t ncols) LKB_WARN_UNUSED;
int compare_format_fail_header(struct strbuf *sb, size_t ncols) LKB_WARN_UNUSED;
/* One row (with its trailing newline). */
int compare_format_perf_row(struct strbuf *sb, const struct compare_row *row,
			size_t ncols) LKB_WARN_UNUSED;
int compare_format_fail_row(struct strbuf *sb, const struct compare_row *row,
			size_t ncols) LKB_WARN_UNUSED;
/* fail:runs table, then %stddev table, then a blank line (show_group). */
int compare_format_table(struct strbuf *sb, const struct compare_table *t)
	LKB_WARN_UNUSED;

/* Attribution block for one perf row; c has t->ncols entries. */
int compare_format_attribution(struct strbuf *sb, const struct compare_rules *r,
			   const struct compare_table *t, const struct compare_row *row,
			   const struct compare_fmt_commit *c) LKB_WARN_UNUSED;

/* The largest step of a row of n means (header comment): the column i
 * with maximal |avg_i - avg_0| - |avg_(i-1) - avg_0|, the earlier on
 * ties; 0 when no step moves it away from the base. */
size_t compare_format_largest_step(const double *avg, size_t n);

/* Append "%+.1f%%"-style text for a change (|p| >= 100000: %+.2g),
 * without the table's padding; absolute changes get no '%'. */
int compare_format_change(struct strbuf *sb, double p, int absolute)
	LKB_WARN_UNUSED;

/* Welch's t-test between the complete runs of columns c0 and c1 of row
 * (lib/noise.h noise_from_runs) into *v, and as text appended to sb:
 * ", clear (Welch t -4.27, 9.9 df, p 0.0017)", ", too few runs to
 * judge" or ", clear (the runs do not vary)". */
struct noise_verdict;
int compare_format_welch(struct strbuf *sb, const struct compare_table *t,
			 const struct compare_row *row, size_t c0, size_t c1,
			 struct noise_verdict *v) LKB_WARN_UNUSED;

#endif
