/* store_outbox_read.c - reading outbox rows: one, all, counts. */
#include "config.h"
#include "state/store_outbox.h"

#include <stdlib.h>
#include <string.h>

#include "lib/compiler.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "state/store-internal.h"

static const char *const state_names[OUTBOX__COUNT] = {
	"pending", "sending", "sent", "failed",
};
_Static_assert(LKB_ARRAY_SIZE(state_names) == OUTBOX__COUNT, "names");

#define ROW_COLS                                                              \
	"id, thread_id, report_id, attempts, next_attempt_at, created_at,"     \
	" coalesce(claimed_at, 0), coalesce(sent_at, 0), state, kind,"         \
	" request_id, message_id, envelope_from, recipients, subject,"        \
	" last_error"
static const char sql_get[] = "SELECT " ROW_COLS " FROM outbox WHERE id = :id";
static const char sql_get_raw[] = "SELECT raw FROM outbox WHERE id = :id";
static const char sql_all[] = "SELECT " ROW_COLS " FROM outbox ORDER BY id";
static const char sql_in_state[] =
	"SELECT " ROW_COLS " FROM outbox WHERE state = :s ORDER BY id";
static const char sql_count[] =
	"SELECT count(*) FROM outbox WHERE state = :s";
static const char sql_count_window[] =
	"SELECT count(*) FROM outbox WHERE"
	" (CASE WHEN :sent THEN state = 'sent'"
	"   AND sent_at BETWEEN :since AND :until"
	"  ELSE created_at BETWEEN :since AND :until END)"
	" AND (:tid = 0 OR thread_id = :tid)"
	" AND (:cls < 0 OR " OUTBOX_CLASS_SQL("") " = :cls)"
	" AND (:rcpt IS NULL OR recipients = :rcpt COLLATE NOCASE)";

const char *
outbox_state_name(enum outbox_state s)
{
	return (unsigned)s < OUTBOX__COUNT ? state_names[s] : "?";
}

int
outbox_state_parse(const char *name)
{
	for (int i = 0; i < OUTBOX__COUNT; i++)
		if (!strcmp(state_names[i], name))
			return i;
	return -1;
}

void
store_outbox_row_release(struct store_outbox_row *r)
{
	free(r->kind);
	free(r->request_id);
	free(r->message_id);
	free(r->envelope_from);
	free(r->recipients);
	free(r->subject);
	free(r->last_error);
	free(r->raw);
	memset(r, 0, sizeof(*r));
}

static void
read_row(sqlite3_stmt *s, struct store_outbox_row *r)
{
	char *state;

	memset(r, 0, sizeof(*r));
	r->id = sqlite3_column_int64(s, 0);
	r->thread_id = sqlite3_column_int64(s, 1);
	r->report_id = sqlite3_column_int64(s, 2);
	r->attempts = sqlite3_column_int64(s, 3);
	r->next_attempt_at = sqlite3_column_int64(s, 4);
	r->created_at = sqlite3_column_int64(s, 5);
	r->claimed_at = sqlite3_column_int64(s, 6);
	r->sent_at = sqlite3_column_int64(s, 7);
	state = store_col_strdup(s, 8);
	r->state = (enum outbox_state)outbox_state_parse(state ? state : "");
	free(state);
	r->kind = store_col_strdup(s, 9);
	r->request_id = store_col_strdup(s, 10);
	r->message_id = store_col_strdup(s, 11);
	r->envelope_from = store_col_strdup(s, 12);
	r->recipients = store_col_strdup(s, 13);
	r->subject = store_col_strdup(s, 14);
	r->last_error = store_col_strdup(s, 15);
}

static int
read_raw(struct store *st, struct store_outbox_row *r)
{
	sqlite3_stmt *s = store_stmt(st, sql_get_raw);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, ":id", r->id)) != LKB_OK)
		goto out;
	rc = store_step(st, s);
	if (rc == SQLITE_ROW) {
		r->raw_len = (size_t)sqlite3_column_bytes(s, 0);
		r->raw = xmemdup0(r->raw_len ? sqlite3_column_blob(s, 0) : "",
				  r->raw_len);
		rc = LKB_OK;
	} else if (rc >= 0) {
		rc = LKB_ERR_DB;
	}
out:
	store_stmt_done(s);
	return rc;
}

int
store_outbox_get(struct store *st, int64_t id, int with_raw,
		 struct store_outbox_row *out)
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
	if (rc == 1 && with_raw && (rc = read_raw(st, out)) == LKB_OK)
		rc = 1;
	if (rc < 0)
		store_outbox_row_release(out);
	return rc;
}

int
store_outbox_foreach(struct store *st, int state, store_outbox_fn *fn,
		     void *arg)
{
	sqlite3_stmt *s = store_stmt(st, state < 0 ? sql_all : sql_in_state);
	struct store_outbox_row r;
	int rc = LKB_OK;

	if (!s)
		return LKB_ERR_DB;
	if (state >= 0 && state < OUTBOX__COUNT &&
	    (rc = store_bind_text(st, s, ":s", state_names[state])) != LKB_OK)
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		int stop;

		read_row(s, &r);
		stop = fn(&r, arg);
		store_outbox_row_release(&r);
		if (stop)
			break;
	}
	rc = rc < 0 ? rc : LKB_OK;
out:
	store_stmt_done(s);
	return rc;
}

static int
count(struct store *st, const char *sql, const char *n1, const char *t1,
      int64_t v1, const char *n2, int64_t v2, int64_t *n_out)
{
	sqlite3_stmt *s = store_stmt(st, sql);
	int rc;

	*n_out = 0;
	if (!s)
		return LKB_ERR_DB;
	rc = t1 ? store_bind_text(st, s, n1, t1) : store_bind_int(st, s, n1, v1);
	if (rc == LKB_OK && n2)
		rc = store_bind_int(st, s, n2, v2);
	if (rc != LKB_OK)
		goto out;
	rc = store_step(st, s);
	if (rc == SQLITE_ROW) {
		*n_out = sqlite3_column_int64(s, 0);
		rc = LKB_OK;
	} else if (rc >= 0) {
		rc = LKB_ERR_DB;
	}
out:
	store_stmt_done(s);
	return rc;
}

int
store_outbox_count(struct store *st, enum outbox_state state, int64_t *n_out)
{
	return count(st, sql_count, ":s", outbox_state_name(state), 0, NULL, 0,
		     n_out);
}

int
store_outbox_count_window(struct store *st, const struct outbox_window *w,
			  int64_t *n_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_count_window);
	int rc;

	*n_out = 0;
	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, ":sent", w->sent)) ||
	    (rc = store_bind_int(st, s, ":since", w->since)) ||
	    (rc = store_bind_int(st, s, ":until", w->until)) ||
	    (rc = store_bind_int(st, s, ":tid", w->thread_id)) ||
	    (rc = store_bind_int(st, s, ":cls", w->cls)) ||
	    (rc = w->rcpt ? store_bind_text(st, s, ":rcpt", w->rcpt)
			  : store_bind_null(st, s, ":rcpt")))
		goto out;
	rc = store_step(st, s);
	if (rc == SQLITE_ROW) {
		*n_out = sqlite3_column_int64(s, 0);
		rc = LKB_OK;
	} else if (rc >= 0) {
		rc = LKB_ERR_DB;
	}
out:
	store_stmt_done(s);
	return rc;
}

int
store_outbox_count_created(struct store *st, int64_t thread_id, int64_t since,
			   int64_t until, int64_t *n_out)
{
	struct outbox_window w = { since, until, 0, thread_id,
				   OUTBOX_CLASS_ANY, NULL };

	return store_outbox_count_window(st, &w, n_out);
}

int
store_outbox_count_sent(struct store *st, int64_t since, int64_t until,
			int64_t *n_out)
{
	struct outbox_window w = { since, until, 1, 0, OUTBOX_CLASS_ANY,
				   NULL };

	return store_outbox_count_window(st, &w, n_out);
}
