/* store_txn.c - transactions and savepoints: nested begins, commit after
 * the raw-mail pack, and what a transaction's end forgets (the thread
 * memo, the import's Message-ID index). Below schema.c, which migrates
 * in one. */
#include "config.h"
#include "state/store.h"

#include <sqlite3.h>

#include "lib/log.h"
#include "lib/status.h"
#include "state/store-internal.h"

static int
begin(struct store *st, const char *sql)
{
	int rc;

	if (st->depth++ > 0)
		return LKB_OK;
	st->failed = 0;
	store_thread_memo_forget(st);
	if ((rc = store_exec(st, sql)) != LKB_OK)
		st->depth = 0;
	else
		mid_index_check(st);
	return rc;
}

int
store_begin_write(struct store *st)
{
	if (st->mode != STORE_RW)
		LKB_BUG("write transaction on a read-only store");
	return begin(st, "BEGIN IMMEDIATE");
}

int
store_begin_read(struct store *st)
{
	return begin(st, "BEGIN");
}

int
store_commit(struct store *st)
{
	int rc;

	if (st->depth <= 0)
		LKB_BUG("commit without begin");
	if (--st->depth > 0)
		return st->failed ? LKB_ERR_DB : LKB_OK;
	st->sp_depth = 0;
	store_thread_memo_forget(st);
	/* raw bytes first: a committed row never points past them */
	rc = st->failed ? LKB_ERR_DB : rawpack_sync(st->pack);
	if (rc != LKB_OK) {
		mid_index_drop(st, "a rollback");
		store_exec(st, "ROLLBACK");
		rawpack_discard(st->pack);
		return rc;
	}
	if ((rc = store_exec(st, "COMMIT")) != LKB_OK)
		mid_index_drop(st, "a failed commit");
	return rc;
}

void
store_rollback(struct store *st)
{
	if (st->depth <= 0)
		return;
	mid_index_drop(st, "a rollback");
	if (--st->depth > 0) {
		st->failed = 1;
		return;
	}
	st->sp_depth = 0;
	store_thread_memo_forget(st);
	if (sqlite3_get_autocommit(st->db) == 0)
		(void)store_exec(st, "ROLLBACK");
	rawpack_discard(st->pack);
}

/* One savepoint at a time, inside a transaction: the part of it that
 * one unit (a mail in a batch) wrote, undone without the rest. */
int
store_savepoint(struct store *st)
{
	int rc;

	if (st->depth <= 0 || st->sp_depth)
		LKB_BUG("savepoint outside a transaction, or nested");
	if ((rc = store_exec(st, "SAVEPOINT lkb_unit")) != LKB_OK)
		return rc;
	st->sp_depth = st->depth;
	st->sp_failed = st->failed;
	return LKB_OK;
}

int
store_savepoint_release(struct store *st)
{
	if (!st->sp_depth)
		LKB_BUG("release without a savepoint");
	st->sp_depth = 0;
	return store_exec(st, "RELEASE lkb_unit");
}

int
store_savepoint_rollback(struct store *st)
{
	int rc;

	if (!st->sp_depth)
		LKB_BUG("rollback without a savepoint");
	/* nested begins the unit left open or rolled back count no more */
	st->depth = st->sp_depth;
	st->failed = st->sp_failed;
	st->sp_depth = 0;
	store_thread_memo_forget(st);
	mid_index_drop(st, "a rollback");
	rc = store_exec(st, "ROLLBACK TO lkb_unit");
	if (rc == LKB_OK)
		rc = store_exec(st, "RELEASE lkb_unit");
	return rc;
}
