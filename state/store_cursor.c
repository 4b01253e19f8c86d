/* store_cursor.c - sync cursors of the IMAP and Maildir sources. */
#include "config.h"
#include "state/store_cursor.h"

#include <time.h>

#include "lib/status.h"
#include "state/store-internal.h"

static const char sql_cursor_get[] =
	"SELECT uidvalidity, last_uid FROM sync_cursors "
	"WHERE account = :acct AND folder = :folder";
static const char sql_cursor_set[] =
	"INSERT INTO sync_cursors (account, folder, uidvalidity, last_uid,"
	" updated_at) VALUES (:acct, :folder, :uv, :uid, :now) "
	"ON CONFLICT (account, folder) DO UPDATE SET"
	" uidvalidity = excluded.uidvalidity, last_uid = excluded.last_uid,"
	" updated_at = excluded.updated_at";
static const char sql_seen_get[] =
	"SELECT 1 FROM maildir_seen WHERE dir = :dir AND name = :name";
static const char sql_seen_put[] =
	"INSERT OR IGNORE INTO maildir_seen (dir, name) VALUES (:dir, :name)";
static const char sql_stamp_get[] =
	"SELECT stamp FROM maildir_dirs WHERE dir = :dir";
static const char sql_stamp_put[] =
	"INSERT INTO maildir_dirs (dir, stamp, updated_at) "
	"VALUES (:dir, :stamp, :now) ON CONFLICT (dir) DO UPDATE SET"
	" stamp = excluded.stamp, updated_at = excluded.updated_at";

int
store_cursor_get(struct store *st, const char *account, const char *folder,
		 struct store_cursor *out)
{
	sqlite3_stmt *s = store_stmt(st, sql_cursor_get);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_text(st, s, ":acct", account)) == LKB_OK)
		rc = store_bind_text(st, s, ":folder", folder);
	if ((rc = store_step_row(st, s, rc)) == 1) {
		out->uidvalidity = sqlite3_column_int64(s, 0);
		out->last_uid = sqlite3_column_int64(s, 1);
		store_stmt_done(s);
	}
	return rc;
}

int
store_cursor_set(struct store *st, const char *account, const char *folder,
		 int64_t uidvalidity, int64_t last_uid)
{
	sqlite3_stmt *s = store_stmt(st, sql_cursor_set);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_text(st, s, ":acct", account)) != LKB_OK ||
	    (rc = store_bind_text(st, s, ":folder", folder)) != LKB_OK ||
	    (rc = store_bind_int(st, s, ":uv", uidvalidity)) != LKB_OK ||
	    (rc = store_bind_int(st, s, ":uid", last_uid)) != LKB_OK ||
	    (rc = store_bind_int(st, s, ":now", (int64_t)time(NULL))) !=
		    LKB_OK)
		goto out;
	rc = store_done_status(store_step(st, s));
out:
	store_stmt_done(s);
	return rc;
}

/* Run sql binding :dir and :name; for lookups 1 when a row came back. */
static int
dir_name(struct store *st, const char *sql, const char *dir,
	 const char *name)
{
	sqlite3_stmt *s = store_stmt(st, sql);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_text(st, s, ":dir", dir)) != LKB_OK ||
	    (rc = store_bind_text(st, s, ":name", name)) != LKB_OK)
		goto out;
	rc = store_step(st, s);
	rc = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : rc;
out:
	store_stmt_done(s);
	return rc;
}

int
store_maildir_seen(struct store *st, const char *dir, const char *name)
{
	return dir_name(st, sql_seen_get, dir, name);
}

int
store_maildir_mark(struct store *st, const char *dir, const char *name)
{
	int rc = dir_name(st, sql_seen_put, dir, name);

	return rc < 0 ? rc : LKB_OK;
}

int
store_maildir_stamp_get(struct store *st, const char *dir, char **stamp_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_stamp_get);
	int rc;

	*stamp_out = NULL;
	if (!s)
		return LKB_ERR_DB;
	rc = store_step_row(st, s, store_bind_text(st, s, ":dir", dir));
	if (rc == 1) {
		*stamp_out = store_col_strdup(s, 0);
		rc = *stamp_out ? 1 : 0;
		store_stmt_done(s);
	}
	return rc;
}

int
store_maildir_stamp_set(struct store *st, const char *dir, const char *stamp)
{
	sqlite3_stmt *s = store_stmt(st, sql_stamp_put);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_text(st, s, ":dir", dir)) != LKB_OK ||
	    (rc = store_bind_text(st, s, ":stamp", stamp)) != LKB_OK ||
	    (rc = store_bind_int(st, s, ":now", (int64_t)time(NULL))) !=
		    LKB_OK)
		goto out;
	rc = store_done_status(store_step(st, s));
out:
	store_stmt_done(s);
	return rc;
}
