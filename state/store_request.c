/* store_request.c - reading requests back. */
#include "config.h"
#include "state/store_request.h"

#include <stdlib.h>
#include <string.h>

#include "lib/status.h"
#include "lib/xalloc.h"
#include "state/store-internal.h"

#define REQ_COLS                                                             \
	"SELECT id, coalesce(report_id, 0), coalesce(msg_id, 0), created_at," \
	" updated_at, asker, kind, args, state, result FROM requests"

static const char sql_list_all[] = REQ_COLS " ORDER BY id LIMIT :max";
static const char sql_list_state[] =
	REQ_COLS " WHERE state = :s ORDER BY id LIMIT :max";
static const char sql_list_open[] =
	REQ_COLS " WHERE state IN ('new', 'queued') ORDER BY id LIMIT :max";
static const char sql_get[] = REQ_COLS " WHERE id = :id";

static void
read_row(sqlite3_stmt *s, struct store_request_rec *r)
{
	r->id = sqlite3_column_int64(s, 0);
	r->report_id = sqlite3_column_int64(s, 1);
	r->msg_id = sqlite3_column_int64(s, 2);
	r->created_at = sqlite3_column_int64(s, 3);
	r->updated_at = sqlite3_column_int64(s, 4);
	r->asker = store_col_strdup(s, 5);
	r->kind = store_col_strdup(s, 6);
	r->args = store_col_strdup(s, 7);
	r->state = store_col_strdup(s, 8);
	r->result = store_col_strdup(s, 9);
}

void
store_request_rec_release(struct store_request_rec *r)
{
	free(r->asker);
	free(r->kind);
	free(r->args);
	free(r->state);
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
store_request_list(struct store *st, const char *state, size_t max,
		   struct store_request_rec **out, size_t *n_out)
{
	const char *sql = !state ? sql_list_all
			  : !strcmp(state, "open") ? sql_list_open
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
	    (rc = store_bind_text(st, s, ":s", state)) != LKB_OK)
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		ALLOC_GROW(v, n + 1, alloc);
		memset(&v[n], 0, sizeof(v[n]));
		read_row(s, &v[n++]);
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
		read_row(s, out);
		store_stmt_done(s);
	}
	return rc;
}
