/* store_triage_query.c - read side of the triage tables (CLI). */
#include "config.h"
#include "state/store_triage.h"

#include <stdlib.h>
#include <string.h>

#include "lib/status.h"
#include "state/store-internal.h"

static const char sql_brief[] =
	"SELECT r.id, r.msg_id, m.thread_id, coalesce(r.duplicate_of, 0),"
	" coalesce(r.date, m.date, -1), m.message_id, r.kind, r.commit_sha,"
	" r.state, r.close_reason, m.subject, r.testcase, r.metric,"
	" r.unverified"
	" FROM reports r JOIN messages m ON m.id = r.msg_id WHERE r.id = :r";

int
store_report_brief_get(struct store *st, int64_t report_id,
		       struct store_report_brief *out)
{
	sqlite3_stmt *s = store_stmt(st, sql_brief);
	int rc;

	memset(out, 0, sizeof(*out));
	if (!s)
		return LKB_ERR_DB;
	rc = store_step_row(st, s, store_bind_int(st, s, ":r", report_id));
	if (rc == 1) {
		out->id = sqlite3_column_int64(s, 0);
		out->msg_id = sqlite3_column_int64(s, 1);
		out->thread_id = sqlite3_column_int64(s, 2);
		out->duplicate_of = sqlite3_column_int64(s, 3);
		out->date = sqlite3_column_int64(s, 4);
		out->message_id = store_col_strdup(s, 5);
		out->kind = store_col_strdup(s, 6);
		out->commit_sha = store_col_strdup(s, 7);
		out->state = store_col_strdup(s, 8);
		out->close_reason = store_col_strdup(s, 9);
		out->subject = store_col_strdup(s, 10);
		out->testcase = store_col_strdup(s, 11);
		out->metric = store_col_strdup(s, 12);
		out->unverified = store_col_strdup(s, 13);
		store_stmt_done(s);
	}
	return rc;
}

void
store_report_brief_release(struct store_report_brief *b)
{
	free(b->message_id);
	free(b->kind);
	free(b->commit_sha);
	free(b->state);
	free(b->close_reason);
	free(b->subject);
	free(b->testcase);
	free(b->metric);
	free(b->unverified);
	memset(b, 0, sizeof(*b));
}

#define TXT(i) ((const char *)sqlite3_column_text(s, (i)))

#define EVENT_COLS                                                            \
	"SELECT coalesce(msg_id, 0), created_at, type, source, author,"        \
	" evidence, sha, reason, id, coalesce(confidence, -1), review"        \
	" FROM events WHERE report_id = :r"
static const char sql_events_all[] = EVENT_COLS " ORDER BY id";
static const char sql_events_msg[] =
	EVENT_COLS " AND coalesce(msg_id, -1) = :m ORDER BY id";

int
store_event_foreach(struct store *st, int64_t report_id, int64_t msg_id,
		    store_event_fn *fn, void *arg)
{
	sqlite3_stmt *s = store_stmt(st, msg_id ? sql_events_msg
						: sql_events_all);
	struct store_event_row r;
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, ":r", report_id)) != LKB_OK ||
	    (msg_id && (rc = store_bind_int(st, s, ":m", msg_id)) != LKB_OK))
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		r.msg_id = sqlite3_column_int64(s, 0);
		r.created_at = sqlite3_column_int64(s, 1);
		r.type = TXT(2);
		r.source = TXT(3);
		r.author = TXT(4);
		r.evidence = TXT(5);
		r.sha = TXT(6);
		r.reason = TXT(7);
		r.id = sqlite3_column_int64(s, 8);
		r.confidence = sqlite3_column_double(s, 9);
		r.review = store_review_from_name(TXT(10));
		if (fn(&r, arg))
			break;
	}
	rc = rc < 0 ? rc : LKB_OK;
out:
	store_stmt_done(s);
	return rc;
}

#define REVIEW_COLS                                                           \
	"SELECT e.id, e.report_id, coalesce(e.msg_id, 0), e.created_at,"      \
	" coalesce(e.reviewed_at, 0), coalesce(e.confidence, -1),"            \
	" m.message_id, e.type, e.source, e.author, e.evidence, e.sha,"       \
	" e.reason, e.reviewed_by, e.review FROM events e"                    \
	" LEFT JOIN messages m ON m.id = e.msg_id"
static const char sql_review_one[] = REVIEW_COLS " WHERE e.id = :id";
static const char sql_review_pending[] =
	REVIEW_COLS " WHERE e.review = 'pending' ORDER BY e.id";
static const char sql_review_all[] =
	REVIEW_COLS " WHERE e.review IS NOT NULL ORDER BY e.id";

int
store_review_foreach(struct store *st, int64_t id, int all,
		     store_review_fn *fn, void *arg)
{
	sqlite3_stmt *s = store_stmt(st, id > 0 ? sql_review_one
					: all ? sql_review_all
					      : sql_review_pending);
	struct store_review_row r;
	int rc = LKB_OK;

	if (!s)
		return LKB_ERR_DB;
	if (id > 0 && (rc = store_bind_int(st, s, ":id", id)) != LKB_OK)
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		r.id = sqlite3_column_int64(s, 0);
		r.report_id = sqlite3_column_int64(s, 1);
		r.msg_id = sqlite3_column_int64(s, 2);
		r.created_at = sqlite3_column_int64(s, 3);
		r.reviewed_at = sqlite3_column_int64(s, 4);
		r.confidence = sqlite3_column_double(s, 5);
		r.message_id = TXT(6);
		r.type = TXT(7);
		r.source = TXT(8);
		r.author = TXT(9);
		r.evidence = TXT(10);
		r.sha = TXT(11);
		r.reason = TXT(12);
		r.reviewed_by = TXT(13);
		r.review = store_review_from_name(TXT(14));
		if (fn(&r, arg))
			break;
	}
	rc = rc < 0 ? rc : LKB_OK;
out:
	store_stmt_done(s);
	return rc;
}

static const char sql_commands[] =
	"SELECT id, msg_id, coalesce(report_id, 0), idx, allowed, verb, args,"
	" author, tier, result FROM commands WHERE msg_id = :m ORDER BY idx";

int
store_command_foreach(struct store *st, int64_t msg_id, store_command_fn *fn,
		      void *arg)
{
	sqlite3_stmt *s = store_stmt(st, sql_commands);
	struct store_command_row r;
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, ":m", msg_id)) != LKB_OK)
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		r.id = sqlite3_column_int64(s, 0);
		r.msg_id = sqlite3_column_int64(s, 1);
		r.report_id = sqlite3_column_int64(s, 2);
		r.idx = sqlite3_column_int(s, 3);
		r.allowed = sqlite3_column_int(s, 4);
		r.verb = TXT(5);
		r.args = TXT(6);
		r.author = TXT(7);
		r.tier = TXT(8);
		r.result = TXT(9);
		if (fn(&r, arg))
			break;
	}
	rc = rc < 0 ? rc : LKB_OK;
out:
	store_stmt_done(s);
	return rc;
}

static const char sql_history[] =
	"SELECT date, coalesce(msg_id, 0), from_state, to_state, reason, cause"
	" FROM report_history WHERE report_id = :r ORDER BY id";

int
store_history_foreach(struct store *st, int64_t report_id,
		      store_history_fn *fn, void *arg)
{
	sqlite3_stmt *s = store_stmt(st, sql_history);
	struct store_history_row r;
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, ":r", report_id)) != LKB_OK)
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		r.date = sqlite3_column_int64(s, 0);
		r.msg_id = sqlite3_column_int64(s, 1);
		r.from_state = TXT(2);
		r.to_state = TXT(3);
		r.reason = TXT(4);
		r.cause = TXT(5);
		if (fn(&r, arg))
			break;
	}
	rc = rc < 0 ? rc : LKB_OK;
out:
	store_stmt_done(s);
	return rc;
}

static const char sql_related[] =
	"SELECT sha, relation FROM report_related WHERE report_id = :r"
	" ORDER BY relation, sha";

int
store_related_foreach(struct store *st, int64_t report_id,
		      store_related_fn *fn, void *arg)
{
	sqlite3_stmt *s = store_stmt(st, sql_related);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, ":r", report_id)) != LKB_OK)
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW)
		if (fn(TXT(0), TXT(1), arg))
			break;
	rc = rc < 0 ? rc : LKB_OK;
out:
	store_stmt_done(s);
	return rc;
}
