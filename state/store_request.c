/* store_request.c - reading requests back. */
#include "config.h"
#include "state/store_request.h"

#include <stdlib.h>
#include <string.h>

#include "lib/compiler.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "state/store-internal.h"

#define REQ_COLS                                                             \
	"SELECT id, coalesce(report_id, 0), coalesce(msg_id, 0), created_at," \
	" updated_at, asker, kind, args, state, result, pool, outsider"       \
	" FROM requests"

static const char sql_list_all[] = REQ_COLS " ORDER BY id LIMIT :max";
static const char sql_list_state[] =
	REQ_COLS " WHERE state = :s ORDER BY id LIMIT :max";
static const char sql_list_open[] =
	REQ_COLS " WHERE state IN ('new', 'queued') ORDER BY id LIMIT :max";
static const char sql_get[] = REQ_COLS " WHERE id = :id";
static const char sql_set_jobs[] =
	"UPDATE requests SET jobs = :n, jobs_at = :at WHERE id = :id";
static const char sql_request_count[] =
	"SELECT count(*) FROM requests WHERE created_at BETWEEN :since AND"
	" :until AND (:asker IS NULL OR asker = :asker COLLATE NOCASE)"
	" AND (:r = 0 OR report_id = :r) AND (:pool < 0 OR pool = :pool)";
static const char sql_set_args[] =
	"UPDATE requests SET args = :a WHERE id = :id";
static const char sql_kind_count[] =
	"SELECT count(*) FROM requests WHERE created_at BETWEEN :since AND"
	" :until AND (:asker IS NULL OR asker = :asker COLLATE NOCASE)"
	" AND (:r = 0 OR report_id = :r) AND kind = :k";
static const char sql_same_patch[] =
	"SELECT id FROM requests WHERE report_id = :r AND kind = 'test-patch'"
	" AND id < :id AND args LIKE '% ' || :pid ORDER BY id LIMIT 1";
static const char sql_jobs_count[] =
	"SELECT coalesce(sum(jobs), 0) FROM requests WHERE jobs > 0"
	" AND jobs_at BETWEEN :since AND :until"
	" AND (:asker IS NULL OR asker = :asker COLLATE NOCASE)"
	" AND (:r = 0 OR report_id = :r) AND (:pool < 0 OR pool = :pool)";

static const char *const kind_names[] = {
	"compare", "compare-series", "retest", "test-patch",
};
_Static_assert(LKB_ARRAY_SIZE(kind_names) == REQ_KIND__COUNT, "kinds");
static const char *const state_names[] = {
	"new", "queued", "done", "failed", "expired",
};
_Static_assert(LKB_ARRAY_SIZE(state_names) == REQ_STATE__COUNT, "states");

static int
lookup(const char *const *names, int n, const char *s)
{
	for (int i = 0; s && i < n; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}

const char *
request_kind_name(enum request_kind k)
{
	return (unsigned)k < REQ_KIND__COUNT ? kind_names[k] : "?";
}

int
request_kind_parse(const char *s)
{
	return lookup(kind_names, REQ_KIND__COUNT, s);
}

const char *
request_state_name(enum request_state st)
{
	return (unsigned)st < REQ_STATE__COUNT ? state_names[st] : "?";
}

int
request_state_parse(const char *s)
{
	return lookup(state_names, REQ_STATE__COUNT, s);
}

/* One row; LKB_ERR_DB when its kind or state is not ours. */
static int
read_row(sqlite3_stmt *s, struct store_request_rec *r)
{
	const char *kind = (const char *)sqlite3_column_text(s, 6);
	const char *state = (const char *)sqlite3_column_text(s, 8);
	int k = request_kind_parse(kind), st = request_state_parse(state);

	r->id = sqlite3_column_int64(s, 0);
	if (k < 0 || st < 0) {
		lkb_error("request %lld: unknown %s '%.40s' in the database",
			  (long long)r->id, k < 0 ? "kind" : "state",
			  k < 0 ? (kind ? kind : "") : (state ? state : ""));
		return LKB_ERR_DB;
	}
	r->report_id = sqlite3_column_int64(s, 1);
	r->msg_id = sqlite3_column_int64(s, 2);
	r->created_at = sqlite3_column_int64(s, 3);
	r->updated_at = sqlite3_column_int64(s, 4);
	r->asker = store_col_strdup(s, 5);
	r->kind = (enum request_kind)k;
	r->args = store_col_strdup(s, 7);
	r->state = (enum request_state)st;
	r->result = store_col_strdup(s, 9);
	r->pool = sqlite3_column_int(s, 10) ? REQ_POOL_TEAM : REQ_POOL_OTHERS;
	r->outsider = sqlite3_column_int(s, 11) != 0;
	return LKB_OK;
}

void
store_request_rec_release(struct store_request_rec *r)
{
	free(r->asker);
	free(r->args);
	free(r->result);
	memset(r, 0, sizeof(*r));
}

void
store_request_list_free(struct store_request_rec *v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		store_request_rec_release(&v[i]);
	free(v);
}

int
store_request_list(struct store *st, int state, size_t max,
		   struct store_request_rec **out, size_t *n_out)
{
	const char *sql = state == REQ_STATE_ANY ? sql_list_all
			  : state == REQ_STATE_OPEN ? sql_list_open
						    : sql_list_state;
	sqlite3_stmt *s = store_stmt(st, sql);
	struct store_request_rec *v = NULL;
	size_t n = 0, alloc = 0;
	int rc;

	*out = NULL;
	*n_out = 0;
	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, ":max", (int64_t)max)) != LKB_OK)
		goto out;
	if (sql == sql_list_state &&
	    (rc = store_bind_text(st, s, ":s",
				  request_state_name(state))) != LKB_OK)
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		ALLOC_GROW(v, n + 1, alloc);
		memset(&v[n], 0, sizeof(v[n]));
		if ((rc = read_row(s, &v[n++])) != LKB_OK)
			goto out;
	}
	rc = rc < 0 ? rc : LKB_OK;
out:
	store_stmt_done(s);
	if (rc != LKB_OK) {
		store_request_list_free(v, n);
		return rc;
	}
	*out = v;
	*n_out = n;
	return LKB_OK;
}

int
store_request_get(struct store *st, int64_t id, struct store_request_rec *out)
{
	sqlite3_stmt *s = store_stmt(st, sql_get);
	int rc;

	memset(out, 0, sizeof(*out));
	if (!s)
		return LKB_ERR_DB;
	rc = store_step_row(st, s, store_bind_int(st, s, ":id", id));
	if (rc == 1) {
		if (read_row(s, out) != LKB_OK) {
			store_request_rec_release(out);
			rc = LKB_ERR_DB;
		}
		store_stmt_done(s);
	}
	return rc;
}

int
store_request_set_jobs(struct store *st, int64_t id, int64_t jobs, int64_t at)
{
	sqlite3_stmt *s = store_stmt(st, sql_set_jobs);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_int(st, s, ":n", jobs)) ||
	       (rc = store_bind_int(st, s, ":at", at)) ||
	       (rc = store_bind_int(st, s, ":id", id)));
	return store_step_done(st, s, rc);
}

/* One quota count of sql (sql_request_count, sql_jobs_count: pool;
 * sql_kind_count: kind instead). */
static int
quota_count(struct store *st, const char *sql, const char *asker,
	    int64_t report_id, int pool, const char *kind, int64_t since,
	    int64_t until, int64_t *n_out)
{
	sqlite3_stmt *s = store_stmt(st, sql);
	int rc;

	*n_out = 0;
	if (!s)
		return LKB_ERR_DB;
	(void)((rc = asker ? store_bind_text(st, s, ":asker", asker)
			   : store_bind_null(st, s, ":asker")) ||
	       (rc = store_bind_int(st, s, ":r", report_id)) ||
	       (rc = kind ? store_bind_text(st, s, ":k", kind)
			  : store_bind_int(st, s, ":pool", pool)) ||
	       (rc = store_bind_int(st, s, ":since", since)) ||
	       (rc = store_bind_int(st, s, ":until", until)));
	rc = store_step_row(st, s, rc);
	if (rc == 1) {
		*n_out = sqlite3_column_int64(s, 0);
		store_stmt_done(s);
		rc = LKB_OK;
	}
	return rc;
}

int
store_request_count(struct store *st, const char *asker, int64_t report_id,
		    int pool, int64_t since, int64_t until, int64_t *n_out)
{
	return quota_count(st, sql_request_count, asker, report_id, pool,
			   NULL, since, until, n_out);
}

int
store_request_jobs_count(struct store *st, const char *asker,
			 int64_t report_id, int pool, int64_t since,
			 int64_t until, int64_t *n_out)
{
	return quota_count(st, sql_jobs_count, asker, report_id, pool, NULL,
			   since, until, n_out);
}

int
store_request_set_args(struct store *st, int64_t id, const char *args)
{
	sqlite3_stmt *s = store_stmt(st, sql_set_args);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_text(st, s, ":a", args)) ||
	       (rc = store_bind_int(st, s, ":id", id)));
	return store_step_done(st, s, rc);
}

int
store_request_count_kind(struct store *st, enum request_kind kind,
			 const char *asker, int64_t report_id, int64_t since,
			 int64_t until, int64_t *n_out)
{
	return quota_count(st, sql_kind_count, asker, report_id, -1,
			   request_kind_name(kind), since, until, n_out);
}

int
store_request_same_patch(struct store *st, int64_t report_id, int64_t id,
			 const char *patch_id, int64_t *id_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_same_patch);
	int rc;

	*id_out = 0;
	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_int(st, s, ":r", report_id)) ||
	       (rc = store_bind_int(st, s, ":id", id)) ||
	       (rc = store_bind_text(st, s, ":pid", patch_id)));
	rc = store_step_row(st, s, rc);
	if (rc == 1) {
		*id_out = sqlite3_column_int64(s, 0);
		store_stmt_done(s);
	}
	return rc;
}
