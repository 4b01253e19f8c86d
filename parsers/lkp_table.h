/* lkp_table.h - comparison sections of LKP reports (doc/lkp-format.md
 * sections 4.7-4.11): the axis header zipped into key/value pairs, the
 * compared commits, the column header, %stddev rows with every column,
 * fail:runs rows, multi-column tables. Plots end a table and are left to
 * the caller to skip.
 *
 * Whitespace-token based: works on raw mail, on quote-stripped replies
 * and on scrapes whose blanks were collapsed and blank lines dropped.
 */
#ifndef LKB_PARSERS_LKP_TABLE_H
#define LKB_PARSERS_LKP_TABLE_H

#include <stddef.h>

#include "lib/arena.h"
#include "parsers/lkp_text.h"

struct lkp_kv {
	const char *key;
	const char *value;
};

enum lkp_change_kind {
	LKP_CHANGE_NONE,	/* single-column row */
	LKP_CHANGE_PERCENT,	/* "-19.5%" */
	LKP_CHANGE_ABSOLUTE	/* "-4.4": perf-profile.* and *% metrics */
};

/* One entry of the "commit:" list, base first. */
struct lkp_commit_ref {
	const char *sha;	/* short sha, full sha or tag ("v5.6-rc4") */
	const char *subject;	/* NULL when not printed */
	const char *note;	/* "above patch from Shakeel" after "<---" */
};

/* A %stddev row: ncols values; changes relative to column 0. */
struct lkp_metric {
	const char *name;
	size_t ncols;
	struct lkp_num *values;	/* ncols */
	struct lkp_num *stddev;	/* ncols, percent; LKP_NUM_NONE if absent */
	struct lkp_num *changes;	/* ncols - 1 */
	enum lkp_change_kind change_kind;
	const char *note;	/* text after the name ("<-------- (1)") */
};

/* A fail:runs row. */
struct lkp_failure {
	const char *name;
	size_t ncols;
	struct lkp_num *fails;	/* ncols; an empty count prints as 0 */
	struct lkp_num *runs;	/* ncols */
	struct lkp_num *repro;	/* ncols - 1, %reproduction */
	const char *note;
};

struct lkp_comparison {
	struct lkp_kv *axes;	/* key line zipped with the value line */
	size_t naxes;
	const char *host;	/* "lkp-csl-2sp7: 96 threads ..." before it */
	struct lkp_commit_ref *compared;
	size_t ncompared;
	const char **columns;	/* column header tokens (sha prefixes) */
	size_t ncolumns;
	struct lkp_metric *metrics;
	size_t nmetrics;
	struct lkp_failure *failures;
	size_t nfailures;
};

/* What a line is, as far as comparison sections go. */
enum lkp_tline {
	LKP_TL_OTHER,
	LKP_TL_RULE,		/* 40+ '=' followed by an axis key line */
	LKP_TL_COMMIT_LIST,	/* bare "commit:" followed by an entry */
	LKP_TL_COLUMNS,		/* column header followed by a dash line */
	LKP_TL_DASHES,		/* dash line alone (header lost) */
	LKP_TL_STDDEV_HDR,	/* %stddev [%change %stddev]... */
	LKP_TL_FAIL_HDR,	/* fail:runs [%reproduction fail:runs]... */
	LKP_TL_MORE		/* "<below more details following ...>" */
};

/* Classify line i of L. */
enum lkp_tline lkp_table_line(const struct lkp_lines *L, size_t i);

/* Parse the comparison section starting at line i (where
 * lkp_table_line() is not LKP_TL_OTHER) into *out, allocating in a.
 * Returns the index of the first line not consumed (> i). */
size_t lkp_table_parse(struct arena *a, struct lkp_warnings *w,
		       const struct lkp_lines *L, size_t i,
		       struct lkp_comparison *out);

/* Continue the metric rows of cmp after a "<below more details ...>"
 * line at i. Returns the first line not consumed. */
size_t lkp_table_continue(struct arena *a, struct lkp_warnings *w,
			  const struct lkp_lines *L, size_t i,
			  struct lkp_comparison *cmp);

/* One %stddev row: number [stddev] { change number [stddev] } name
 * [note]. Returns 1 and fills *out (arrays in a), or 0 when the text is
 * not such a row. */
int lkp_table_perf_row(struct arena *a, const char *p, size_t len,
		       struct lkp_metric *out);

/* One fail:runs row: [fails]:runs { pct% [fails]:runs } name [note].
 * Returns 1 and fills *out, or 0. */
int lkp_table_fail_row(struct arena *a, const char *p, size_t len,
		       struct lkp_failure *out);

/* One "commit:" list entry (section 4.7 entry forms). 1 and *out on a
 * match, else 0. */
int lkp_table_commit_entry(struct arena *a, const char *p, size_t len,
			   struct lkp_commit_ref *out);

#endif
