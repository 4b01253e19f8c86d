/* store_group.c - report rows for grouping; maintainers' splits. */
#include "config.h"
#include "state/store_group.h"

#include <string.h>
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

/* the first comparison's machine group and headline row */
static const char sql_perf[] =
	"SELECT r.id, coalesce(r.date, 0), r.kind, r.state, r.commit_sha,"
	" r.testcase, r.metric, r.change_pct,"
	" (SELECT a.value FROM report_comparisons c JOIN report_axes a"
	"   ON a.comparison_id = c.id WHERE c.report_id = r.id"
	"   AND a.key = 'tbox_group' ORDER BY c.pos, a.pos LIMIT 1),"
	" (SELECT group_concat(kv, ' ') FROM (SELECT p.key || '=' ||"
	"   coalesce(p.value, '') AS kv FROM report_params p"
	"   WHERE p.report_id = r.id ORDER BY 1)),"
	" x.base, x.base_stddev, x.value, x.stddev, x.change, x.kind"
	" FROM reports r"
	" LEFT JOIN report_metrics x ON x.comparison_id = (SELECT c.id FROM"
	"   report_comparisons c WHERE c.report_id = r.id ORDER BY c.pos"
	"   LIMIT 1) AND x.name = r.metric"
	" WHERE r.kind IN ('perf-regression', 'perf-improvement')"
	" AND r.testcase IS NOT NULL AND r.metric IS NOT NULL"
	" AND r.change_pct IS NOT NULL ORDER BY r.id, x.row";

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

int
store_perf_rows(struct store *st, store_perf_fn *fn, void *arg)
{
	sqlite3_stmt *s = store_stmt(st, sql_perf);
	struct store_perf_row r;
	int64_t last = 0;
	int rc;

	if (!s)
		return LKB_ERR_DB;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		r.id = sqlite3_column_int64(s, 0);
		if (r.id == last)
			continue;	/* a metric named twice: the first */
		last = r.id;
		r.date = sqlite3_column_int64(s, 1);
		r.kind = TXT(2);
		r.state = TXT(3);
		r.commit_sha = TXT(4);
		r.testcase = TXT(5);
		r.metric = TXT(6);
		r.change_pct = sqlite3_column_double(s, 7);
		r.tbox_group = TXT(8);
		r.params = TXT(9);
		r.has_values = sqlite3_column_type(s, 10) != SQLITE_NULL &&
			       sqlite3_column_type(s, 12) != SQLITE_NULL;
		r.base = sqlite3_column_double(s, 10);
		r.base_stddev = sqlite3_column_double(s, 11);
		r.value = sqlite3_column_double(s, 12);
		r.stddev = sqlite3_column_double(s, 13);
		r.has_row_change = sqlite3_column_type(s, 14) != SQLITE_NULL;
		r.row_change = sqlite3_column_double(s, 14);
		r.absolute = TXT(15) && !strcmp(TXT(15), "absolute");
		if (fn(&r, arg))
			break;
	}
	rc = rc < 0 ? rc : LKB_OK;
	store_stmt_done(s);
	return rc;
}
