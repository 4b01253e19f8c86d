/* store_group.c - report rows for grouping; maintainers' splits. */
#include "config.h"
#include "state/store_group.h"

#include <time.h>

#include "lib/status.h"
#include "state/store-internal.h"

static const char sql_rows[] =
	"SELECT r.id, coalesce(r.date, -1), coalesce(r.duplicate_of, 0),"
	" r.kind, r.state, r.close_reason, r.commit_sha, m.subject,"
	" m.to_addrs, m.in_reply_to, r.testcase, r.metric, r.change_pct,"
	" s.report_id IS NOT NULL"
	" FROM reports r JOIN messages m ON m.id = r.msg_id"
	" LEFT JOIN report_splits s ON s.report_id = r.id ORDER BY r.id";
static const char sql_split[] =
	"INSERT INTO report_splits (report_id, author, created_at)"
	" VALUES (:r, :a, :now) ON CONFLICT (report_id) DO NOTHING";
static const char sql_unsplit[] =
	"DELETE FROM report_splits WHERE report_id = :r";

#define TXT(i) ((const char *)sqlite3_column_text(s, (i)))

int
store_group_rows(struct store *st, store_group_fn *fn, void *arg)
{
	sqlite3_stmt *s = store_stmt(st, sql_rows);
	struct store_group_row r;
	int rc;

	if (!s)
		return LKB_ERR_DB;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		r.id = sqlite3_column_int64(s, 0);
		r.date = sqlite3_column_int64(s, 1);
		r.duplicate_of = sqlite3_column_int64(s, 2);
		r.kind = TXT(3);
		r.state = TXT(4);
		r.close_reason = TXT(5);
		r.commit_sha = TXT(6);
		r.subject = TXT(7);
		r.to_addrs = TXT(8);
		r.in_reply_to = TXT(9);
		r.testcase = TXT(10);
		r.metric = TXT(11);
		r.has_change = sqlite3_column_type(s, 12) != SQLITE_NULL;
		r.change_pct = sqlite3_column_double(s, 12);
		r.split = sqlite3_column_int(s, 13);
		if (fn(&r, arg))
			break;
	}
	rc = rc < 0 ? rc : LKB_OK;
	store_stmt_done(s);
	return rc;
}

int
store_group_split(struct store *st, int64_t report_id, int split,
		  const char *author)
{
	sqlite3_stmt *s = store_stmt(st, split ? sql_split : sql_unsplit);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	rc = store_bind_int(st, s, ":r", report_id);
	if (rc == LKB_OK && split &&
	    (rc = store_bind_text(st, s, ":a", author)) == LKB_OK)
		rc = store_bind_int(st, s, ":now", (int64_t)time(NULL));
	return store_step_done(st, s, rc);
}
