/* store_evidence.c - patch keys and fix links (see store_evidence.h). */
#include "config.h"
#include "state/store_evidence.h"

#include "lib/status.h"
#include "state/store-internal.h"

static const char sql_key_add[] =
	"INSERT OR IGNORE INTO patch_keys (key, kind, msg_id)"
	" VALUES (:k, :kind, :m)";
static const char sql_keys[] =
	"SELECT msg_id FROM patch_keys WHERE key = :k AND kind = :kind"
	" ORDER BY msg_id";
static const char sql_link_add[] =
	"INSERT OR IGNORE INTO fix_links (patch_mid, report_id, msg_id, why)"
	" VALUES (:p, :r, :m, :why)";
static const char sql_links[] =
	"SELECT report_id, msg_id, why FROM fix_links WHERE patch_mid = :p"
	" ORDER BY report_id";
static const char sql_requeue_msg[] =
	"DELETE FROM triaged WHERE msg_id = :m AND report_id IS NULL";
/* only mail with its bytes kept (the rest has nothing to say), and no
 * report (a patch below it names nothing new of it) */
static const char sql_requeue_below[] =
	"DELETE FROM triaged WHERE report_id IS NULL AND msg_id IN"
	" (SELECT x.id FROM messages x JOIN messages m ON m.id = :m"
	"  WHERE x.thread_id = m.thread_id AND x.id != m.id"
	"  AND " STORE_HAS_RAW("x")
	"  AND NOT EXISTS (SELECT 1 FROM reports o WHERE o.msg_id = x.id))";

int
store_patch_key_add(struct store *st, const char *key, const char *kind,
		    int64_t msg_id)
{
	sqlite3_stmt *s = store_stmt(st, sql_key_add);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_text(st, s, ":k", key)) ||
	       (rc = store_bind_text(st, s, ":kind", kind)) ||
	       (rc = store_bind_int(st, s, ":m", msg_id)));
	return store_step_done(st, s, rc);
}

int
store_patch_keys_each(struct store *st, const char *key, const char *kind,
		      store_msg_id_fn *fn, void *arg)
{
	sqlite3_stmt *s = store_stmt(st, sql_keys);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_text(st, s, ":k", key)) != LKB_OK ||
	    (rc = store_bind_text(st, s, ":kind", kind)) != LKB_OK)
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW)
		if (fn(sqlite3_column_int64(s, 0), arg))
			break;
	rc = rc < 0 ? rc : LKB_OK;
out:
	store_stmt_done(s);
	return rc;
}

int
store_fix_link_add(struct store *st, const char *patch_mid, int64_t report_id,
		   int64_t msg_id, const char *why, int *added_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_link_add);
	int rc;

	*added_out = 0;
	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_text(st, s, ":p", patch_mid)) ||
	       (rc = store_bind_int(st, s, ":r", report_id)) ||
	       (rc = store_bind_int(st, s, ":m", msg_id)) ||
	       (rc = store_bind_text(st, s, ":why", why)));
	rc = store_step_done(st, s, rc);
	if (rc == LKB_OK)
		*added_out = sqlite3_changes(st->db) > 0;
	return rc;
}

int
store_fix_links_each(struct store *st, const char *patch_mid,
		     store_fix_link_fn *fn, void *arg)
{
	sqlite3_stmt *s = store_stmt(st, sql_links);
	struct store_fix_link l;
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_text(st, s, ":p", patch_mid)) != LKB_OK)
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		l.report_id = sqlite3_column_int64(s, 0);
		l.msg_id = sqlite3_column_int64(s, 1);
		l.why = (const char *)sqlite3_column_text(s, 2);
		if (fn(&l, arg))
			break;
	}
	rc = rc < 0 ? rc : LKB_OK;
out:
	store_stmt_done(s);
	return rc;
}

/* Run sql (binding :m) and count the rows it deleted. */
static int
requeue(struct store *st, const char *sql, int64_t msg_id, int64_t *n_out)
{
	sqlite3_stmt *s = store_stmt(st, sql);
	int rc;

	*n_out = 0;
	if (!s)
		return LKB_ERR_DB;
	rc = store_bind_int(st, s, ":m", msg_id);
	rc = store_step_done(st, s, rc);
	if (rc == LKB_OK)
		*n_out = sqlite3_changes(st->db);
	return rc;
}

int
store_triage_requeue_msg(struct store *st, int64_t msg_id, int64_t *n_out)
{
	return requeue(st, sql_requeue_msg, msg_id, n_out);
}

int
store_triage_requeue_below(struct store *st, int64_t msg_id, int64_t *n_out)
{
	return requeue(st, sql_requeue_below, msg_id, n_out);
}
