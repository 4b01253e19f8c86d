/* noise.h - is each change of a report within the test's own noise?
 *
 * For every metric row of a report's comparison tables, each later
 * column against column 0: a confidence `clear`, `likely` or `within
 * noise` from the figures the mail prints (lib/noise.h,
 * noise_from_figures: the means, lkp's "± N%" stddev columns), and the
 * run counts of its fail:runs rows. The headline is the headline
 * metric's first row in the first comparison, column 1: the row the
 * store keeps (state/store_group.h, store_perf_rows), so `list` and
 * `show` judge it alike. Where lkp result trees hold every run, the
 * caller judges by lib/noise.h noise_from_runs and describes the result
 * with report_noise_describe.
 */
#ifndef LKB_BOT_REPORT_NOISE_H
#define LKB_BOT_REPORT_NOISE_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "lib/compiler.h"
#include "lib/noise.h"
#include "lib/strbuf.h"

struct lkp_report;
struct store;
struct store_perf_row;

/* One judged change. */
struct report_noise_row {
	const char *name;	/* borrowed from the report (or the caller) */
	size_t comparison, column;	/* column >= 1, against column 0 */
	double base, base_sd, value, sd;	/* sd: printed %, 0 blank */
	double change;		/* printed change: % or absolute delta */
	int absolute;		/* change is a delta (perf-profile, *%) */
	size_t base_runs, runs;	/* from fail:runs rows; 0 unknown */
	struct noise_verdict v;
};

struct report_noise {
	struct report_noise_row *rows;	/* owned; in table order */
	size_t nrows;
	size_t dropped;		/* rows past LKB_MAX_NOISE_ROWS */
	const struct report_noise_row *headline;	/* in rows, or NULL */
	size_t count[NOISE__COUNT];	/* rows per level */
};

/* Judge every change of r. The rows borrow r's strings: release before
 * r's arena. Never fails (out of memory aborts). */
void report_noise_assess(const struct lkp_report *r, struct report_noise *out);
void report_noise_release(struct report_noise *n);

/* The figures of one table row (sd in printed percent, 0 or negative
 * for blank; change the printed change, has_change 0 when none):
 * lib/noise.h noise_from_figures with the change in the metric's units
 * taken from the printed change where there is one (more exact than
 * value - base of rounded means). */
void report_noise_figures(double base, double base_sd, double value,
			  double sd, int has_change, double change,
			  int absolute, struct noise_verdict *out);

/* The headline verdict of a report as the store keeps its row
 * (state/store_group.h): what report_noise_assess finds for the same
 * row; NOISE_UNKNOWN when the row has no values. */
void report_noise_perf_row(const struct store_perf_row *r,
			   struct noise_verdict *out);

struct report_noise_headline {
	int64_t id;
	enum noise_level level;
};

/* The headline level of every perf report in the store, in report id
 * order: *out (caller frees), *n_out of them. LKB_OK or a negative
 * status. */
int report_noise_headlines(struct store *st,
			   struct report_noise_headline **out, size_t *n_out)
	LKB_WARN_UNUSED;
/* The level of report id in h (n of them, in id order), NOISE_UNKNOWN
 * when it is not there. */
enum noise_level report_noise_headline_find(const struct report_noise_headline *h,
					    size_t n, int64_t id);

/* The flag a regression gets on arrival: 1 and the headline's
 * report_noise_describe text in *out when stored report id is a perf
 * regression whose headline change is within noise, 0 when not (or its
 * mail is not at hand), negative on a store error. */
int report_noise_flag(struct store *st, int64_t id, struct strbuf *out)
	LKB_WARN_UNUSED;

/* "within noise: -3.1%, stddev ±4% -> <=2%, change 0.6 to
 * 0.8 x the stddev" (figures) or "clear: -12.3%, Welch t -5.20, 7.1 df,
 * p 0.0012, runs 5 -> 5" (runs). No newline. */
int report_noise_describe(struct strbuf *sb, const struct report_noise_row *row)
	LKB_WARN_UNUSED;

/* {"headline": {...} | null, "counts": {"clear": n, "likely": n,
 * "within noise": n}, "rows": [...]} for show --json and the web pages
 * (a row: metric, comparison, column, level, change, absolute, base,
 * base_stddev, value, stddev, base_runs, runs, ratio_low and ratio_high
 * or t, df and p, text: report_noise_describe). New reference. */
json_t *report_noise_json(const struct report_noise *n);
/* One row's object, as in "rows". New reference. */
json_t *report_noise_row_json(const struct report_noise_row *row);

#endif
