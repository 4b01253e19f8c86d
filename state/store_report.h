/* store_report.h - parsed LKP reports in the store (state/store_report.c).
 *
 * One row in reports per report message, linked to messages(id), with the
 * queryable facts in columns, the parts in child tables (params, status
 * lines, impacts, comparisons with their axes, commits, metric cells and
 * failure cells); the JSON of `lkpbot show` is made from the kept mail.
 * Functions return LKB_OK or a negative status; lookups 1 found, 0 not.
 */
#ifndef LKB_STATE_STORE_REPORT_H
#define LKB_STATE_STORE_REPORT_H

#include <stdint.h>

#include "lib/compiler.h"
#include "parsers/lkp_report.h"
#include "state/store.h"

/* Store report r of message row msg_id, with its JSON text when json is
 * not NULL (import keeps none: classify_report_json makes it from the
 * mail when asked). A message has at most one report: when one is
 * there already nothing is written and its id returned. *id_out (may be
 * NULL) is the report id. One transaction. */
int store_report_add(struct store *st, int64_t msg_id,
		     const struct lkp_report *r, const char *json,
		     int64_t *id_out) LKB_WARN_UNUSED;

/* For `lkpbot reparse`: write report r of message msg_id again, keeping
 * the report's row id, state, events and history; its parsed parts and
 * its JSON (dropped when json is NULL) are replaced. Adds the report when the message had none. */
int store_report_reparse(struct store *st, int64_t msg_id,
			 const struct lkp_report *r, const char *json,
			 int64_t *id_out) LKB_WARN_UNUSED;

/* Remove the report of a message (and all its parts), for reparse.
 * LKB_OK also when there was none. */
int store_report_delete_for_message(struct store *st, int64_t msg_id)
	LKB_WARN_UNUSED;

/* Filters of store_report_list(); NULL / 0 fields do not filter. */
struct store_report_filter {
	const char *kind;
	const char *state;
	const char *testcase;
	const char *commit_prefix;	/* prefix of the commit sha */
	int64_t since;			/* report date >= since (epoch s) */
};

/* One row of the list: every column of the report's row (its JSON
 * aside), so a view can show any of them; strings owned by the callee,
 * valid during fn, NULL when the column is. */
struct store_report_row {
	int64_t id, msg_id;
	int64_t date;		/* -1 when unknown */
	const char *message_id, *subject, *kind, *state, *commit_sha;
	const char *testcase, *metric, *verdict;
	double change_pct;
	int has_change;
	const char *subkind, *subject_sha, *tree, *branch, *prefix;
	const char *close_reason;
	int64_t duplicate_of;	/* 0 when none */
	int64_t nrows;
	const char *unverified;	/* why not verified; NULL: verified */
};

typedef int store_report_fn(const struct store_report_row *row, void *arg);

/* Call fn for each matching report, oldest first; fn returns non-zero to
 * stop. */
int store_report_list(struct store *st, const struct store_report_filter *f,
		      store_report_fn *fn, void *arg) LKB_WARN_UNUSED;

/* Resolve key = report id | Message-ID (with or without <>) | commit sha
 * prefix of 7+ hex digits. 1 and *id_out when found, 0 when not. An
 * ambiguous prefix returns LKB_ERR_USAGE and, when why_out is not NULL,
 * a message listing the candidates (caller frees with free()). */
int store_report_find(struct store *st, const char *key, int64_t *id_out,
		      char **why_out) LKB_WARN_UNUSED;

/* The message row of report id: 1 and *msg_id_out, 0 no such report. */
int store_report_msg_id(struct store *st, int64_t id, int64_t *msg_id_out)
	LKB_WARN_UNUSED;

/* The JSON kept with report id, if any (databases of older lkpbot keep
 * it; see classify_report_json); caller frees *json_out with free().
 * 1 found, 0 not. */
int store_report_json(struct store *st, int64_t id, char **json_out)
	LKB_WARN_UNUSED;

/* What the triage buckets (bot/report/bucket.h) need of a report
 * besides its row: the newest mail of its thread dated on or after the
 * report (-1: none), its newest state change (-1: none), who made that
 * change (the sender of the message behind its newest history entry
 * that has one; NULL when none), how many of its events wait in the
 * review queue and the Message-ID of that newest mail. Strings owned by the callee, valid during fn. */
struct store_report_activity {
	int64_t id;
	int64_t last_mail, last_change;
	const char *who;
	int64_t nreview;
	const char *last_mid;	/* that newest mail's Message-ID, or NULL */
};

typedef int store_activity_fn(const struct store_report_activity *a,
			      void *arg);

/* Call fn for every report, by id; fn returns non-zero to stop. */
int store_report_activity_foreach(struct store *st, store_activity_fn *fn,
				  void *arg) LKB_WARN_UNUSED;

/* The date of the newest mail in the store: 1 and *out, 0 when no mail
 * has a date. */
int store_newest_mail(struct store *st, int64_t *out) LKB_WARN_UNUSED;

#endif
