/* store_group.h - what grouping reports needs from the store: each
 * report with the mail fields that identify its culprit or its patch,
 * and the maintainers' splits (a report taken out of its group).
 * The grouping itself is bot/report/group.c. */
#ifndef LKB_STATE_STORE_GROUP_H
#define LKB_STATE_STORE_GROUP_H

#include <stdint.h>

#include "lib/compiler.h"

struct store;

/* Borrowed until fn returns. */
struct store_group_row {
	int64_t id, date, duplicate_of;
	const char *kind, *state, *close_reason, *commit_sha;
	const char *subject, *to_addrs, *in_reply_to;
	const char *testcase, *metric;
	double change_pct;
	int has_change;
	int split;		/* a maintainer took it out of its group */
};
typedef int store_group_fn(const struct store_group_row *r, void *arg);

/* Every report, in id order, to fn until it returns non-zero. */
int store_group_rows(struct store *st, store_group_fn *fn, void *arg)
	LKB_WARN_UNUSED;

/* A performance report's headline, for finding one that undoes another:
 * its axes (testcase, machine group, parameters as sorted "k=v" words,
 * metric), the change and lkp's numbers of its headline row (column 0
 * and column 1, stddev in percent, 0 when blank; has_values 0 when the
 * row is not stored; the row's change and its kind). Borrowed until fn returns. */
struct store_perf_row {
	int64_t id, date;
	const char *kind, *state, *commit_sha;
	const char *testcase, *tbox_group, *params, *metric;
	double change_pct;
	int has_values;
	double base, base_stddev, value, stddev;
	int has_row_change;	/* the row printed a change: row_change */
	double row_change;	/* the row's own %change (or delta) */
	int absolute;		/* the row's change is a delta */
};
typedef int store_perf_fn(const struct store_perf_row *r, void *arg);

/* Every perf regression and improvement with a headline change, in id
 * order, to fn until it returns non-zero. */
int store_perf_rows(struct store *st, store_perf_fn *fn, void *arg)
	LKB_WARN_UNUSED;

/* Take report_id out of its group (split 1) or let it back (0); who
 * did it is kept. LKB_OK or a negative status. */
int store_group_split(struct store *st, int64_t report_id, int split,
		      const char *author) LKB_WARN_UNUSED;

#endif
