/* store_git.c - watched branch positions; reports a commit names. */
#include "config.h"
#include "state/store_git.h"

#include <string.h>
#include <time.h>

#include "lib/limits.h"
#include "lib/status.h"
#include "state/store-internal.h"

static const char sql_pos[] =
	"SELECT sha FROM git_positions WHERE repo = :repo AND branch = :b";
static const char sql_pos_set[] =
	"INSERT INTO git_positions (repo, branch, sha, updated_at)"
	" VALUES (:repo, :b, :sha, :now) ON CONFLICT (repo, branch)"
	" DO UPDATE SET sha = excluded.sha, updated_at = excluded.updated_at";
static const char sql_by_mid[] =
	"SELECT r.id FROM reports r JOIN messages m ON m.id = r.msg_id"
	" WHERE m.message_id = :mid";
/* the 12-digit prefix finds the candidates through reports_commit */
static const char sql_blaming[] =
	"SELECT id FROM reports"
	" WHERE commit_sha >= substr(:sha, 1, 12)"
	" AND commit_sha < substr(:sha, 1, 12) || 'g'"
	" AND length(commit_sha) >= 12"
	" AND substr(commit_sha, 1, min(length(commit_sha), length(:sha)))"
	"   = substr(:sha, 1, min(length(commit_sha), length(:sha)))"
	" AND kind IN ('perf-regression', 'functional', 'build-error')"
	" ORDER BY id";

int
store_git_position(struct store *st, const char *repo, const char *branch,
		   char **sha_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_pos);
	int rc;

	*sha_out = NULL;
	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_text(st, s, ":repo", repo)) == LKB_OK)
		rc = store_bind_text(st, s, ":b", branch);
	rc = store_step_row(st, s, rc);
	if (rc == 1) {
		*sha_out = store_col_strdup(s, 0);
		store_stmt_done(s);
		rc = *sha_out ? 1 : 0;
	}
	return rc;
}

int
store_git_position_set(struct store *st, const char *repo,
		       const char *branch, const char *sha)
{
	sqlite3_stmt *s = store_stmt(st, sql_pos_set);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_text(st, s, ":repo", repo)) ||
	       (rc = store_bind_text(st, s, ":b", branch)) ||
	       (rc = store_bind_text(st, s, ":sha", sha)) ||
	       (rc = store_bind_int(st, s, ":now", (int64_t)time(NULL))));
	return store_step_done(st, s, rc);
}

int
store_report_by_message_id(struct store *st, const char *mid,
			   int64_t *id_out)
{
	return store_lookup_int(st, sql_by_mid, ":mid", mid, 0, id_out);
}

int
store_reports_blaming(struct store *st, const char *sha,
		      store_report_id_fn *fn, void *arg)
{
	sqlite3_stmt *s;
	int rc;

	if (strlen(sha) < 12)
		return LKB_OK;
	if (!(s = store_stmt(st, sql_blaming)))
		return LKB_ERR_DB;
	if ((rc = store_bind_text(st, s, ":sha", sha)) != LKB_OK)
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW)
		if (fn(sqlite3_column_int64(s, 0), arg))
			break;
	rc = rc < 0 ? rc : LKB_OK;
out:
	store_stmt_done(s);
	return rc;
}
