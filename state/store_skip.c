/* store_skip.c - objects a stage passed over (see store_skip.h). */
#include "config.h"
#include "state/store_skip.h"

#include <time.h>

#include "lib/status.h"
#include "state/store-internal.h"

static const char sql_add[] =
	"INSERT INTO skips (stage, object, place, why, at)"
	" VALUES (:stage, :obj, :place, :why, :now)"
	" ON CONFLICT (stage, object) DO NOTHING";
static const char sql_list[] =
	"SELECT stage, object, place, why, at FROM skips WHERE rowid > :after"
	" ORDER BY rowid DESC LIMIT :max";
static const char sql_count[] =
	"SELECT count(*) FROM skips WHERE rowid > :after";
static const char sql_last[] =
	"SELECT coalesce(max(rowid), 0) FROM skips";

int
store_skip_add(struct store *st, const struct store_skip *sk)
{
	sqlite3_stmt *s = store_stmt(st, sql_add);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_text(st, s, ":stage", sk->stage)) ||
	       (rc = store_bind_text(st, s, ":obj", sk->object)) ||
	       (rc = store_bind_text(st, s, ":place", sk->place)) ||
	       (rc = store_bind_text(st, s, ":why", sk->why)) ||
	       (rc = store_bind_int(st, s, ":now", (int64_t)time(NULL))));
	return store_step_done(st, s, rc);
}

static const char *
col_text(sqlite3_stmt *s, int i)
{
	const unsigned char *p = sqlite3_column_text(s, i);

	return p ? (const char *)p : "";
}

int
store_skips_last(struct store *st, int64_t *last_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_last);
	int rc;

	*last_out = 0;
	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_step_row(st, s, LKB_OK)) == 1) {
		*last_out = sqlite3_column_int64(s, 0);
		store_stmt_done(s);
	}
	return rc < 0 ? rc : LKB_OK;
}

int
store_skips(struct store *st, int64_t after, unsigned max,
	    store_skip_fn *fn, void *arg, int64_t *total_out)
{
	sqlite3_stmt *s;
	struct store_skip sk;
	int rc;

	if (total_out &&
	    (rc = store_lookup_int(st, sql_count, ":after", NULL, after,
				   total_out)) < 0)
		return rc;
	if (!(s = store_stmt(st, sql_list)))
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, ":after", after)) != LKB_OK ||
	    (rc = store_bind_int(st, s, ":max", (int64_t)max)) != LKB_OK)
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		sk.stage = col_text(s, 0);
		sk.object = col_text(s, 1);
		sk.place = col_text(s, 2);
		sk.why = col_text(s, 3);
		sk.at = sqlite3_column_int64(s, 4);
		if (fn(&sk, arg))
			break;
	}
	rc = rc < 0 ? rc : LKB_OK;
out:
	store_stmt_done(s);
	return rc;
}
