/* store-internal.h - shared by state/store*.c only (doc/style.md R5). */
#ifndef LKB_STATE_STORE_INTERNAL_H
#define LKB_STATE_STORE_INTERNAL_H

#include <sqlite3.h>

#include "state/rawpack.h"
#include "state/store.h"

#define STORE_MAX_STMTS 256
#define STORE_STMT_NAMES 32	/* parameter indexes remembered per statement */
#define STORE_NAME_MAX 16	/* longest parameter name remembered */
#define STORE_THREAD_MEMO 1024	/* threads thread_has_report() keeps */

/* SQL: does messages row T (a table name or alias) keep raw bytes, in
 * the pack (schema 8) or in its raw blob (before)? typeof(), because
 * raw IS NOT NULL reads the blob. */
#define STORE_HAS_RAW(t)                                                     \
	"(" t ".raw_len IS NOT NULL OR typeof(" t ".raw) != 'null')"

/* SQL: the enum outbox_class of outbox row T (a table name or alias
 * with its dot, or ""); where it is used, state/store_outbox.h is
 * included. */
#define OUTBOX_CLASS_SQL(t)                                                   \
	"(CASE WHEN substr(" t "request_id, 1, 2) = '"                      \
	OUTBOX_OUTSIDER_PREFIX "' THEN 1 WHEN " t "team THEN 2 ELSE 0 END)"

/* A prepared statement kept for the store's life, with the indexes of
 * the parameter names bound to it so far (SQLite looks a name up by a
 * linear search; an import binds millions). */
struct store_stmt_slot {
	const char *sql;
	sqlite3_stmt *stmt;
	size_t nnames;
	size_t hint;	/* where the next name is looked for first */
	struct {
		char name[STORE_NAME_MAX];
		int idx;
	} names[STORE_STMT_NAMES];
};

struct store {
	sqlite3 *db;
	char *path;
	enum store_mode mode;
	int depth;		/* transaction nesting */
	int failed;		/* a nested rollback happened */
	int sp_depth;		/* depth at store_savepoint(), 0: none */
	int sp_failed;		/* failed at store_savepoint() */
	struct rawpack *pack;	/* raw mail beside the database */
	/* Prepared statements cached by the address of their SQL text:
	 * ncache of them in cache, found through a hash of the address */
	struct store_stmt_slot cache[STORE_MAX_STMTS];
	size_t ncache;
	short slot_of[2 * STORE_MAX_STMTS];	/* cache index + 1, 0 free */
	struct store_stmt_slot *last;	/* store_stmt()'s last answer */
	/* thread_has_report()'s answers by thread id (slot: the id
	 * modulo the size), good while gen equals thread_gen: a write
	 * transaction's, forgotten when it ends, when a report is added or
	 * deleted and when threads merge (store_thread_memo_forget()) */
	struct {
		int64_t tid;
		uint64_t gen;
		int has;
	} thread_memo[STORE_THREAD_MEMO];
	uint64_t thread_gen;
	struct walk_memo *memo;	/* store_walk_memo(): long walks' ends */
	struct mid_index *mids;	/* store_mid_index_start(), or NULL */
	struct store_ckpt *ckpt; /* store_ckpt_start(), or NULL */
	int wal_frames;		/* frames of STORE_WAL_CKPT_BYTES, RW */
};

/* Bytes of WAL that ask for a checkpoint: wal_autocheckpoint, and
 * store_ckpt.c's threshold (as frames of the database's page size). */
#define STORE_WAL_CKPT_BYTES (16 * 1024 * 1024)

/* ---- the import's Message-ID index (state/store_index.c) ----
 * While st->mids is set it knows every row of thread_ids and every
 * messages.message_id, with what store_message_add asks of them; entries
 * are numbers (0: none), stable while the index lives. Every function
 * is a no-op without it; anything it cannot follow drops it. */
struct mid_entry {
	uint32_t hash;		/* of the Message-ID, */
	uint32_t key;		/* where it is in the index's keys */
	/* ids in an import into an empty store: below 2^32, else the
	 * index is dropped */
	uint32_t tid;		/* thread_ids.thread_id, 0: not there */
	uint32_t row;		/* messages.id, 0: no such message */
	uint32_t top, up;	/* that row's top_id, up_report (0: NULL) */
	uint32_t report;	/* reports.id of that row, 0: none */
	uint32_t next;		/* the next entry of the same thread */
	uint32_t orphans;	/* rows with this in_reply_to wait for it */
};

/* The entry of mid, 0 when there is none (or no index). */
uint32_t mid_index_find(struct store *st, const char *mid);
/* The entry of mid, made when there is none; 0 when the index is gone. */
uint32_t mid_index_get(struct store *st, const char *mid);
/* Entry i, NULL for 0 or without the index. Valid until the next get. */
struct mid_entry *mid_index_entry(struct store *st, uint32_t i);
/* thread_ids got (mid, tid); thread from was merged into to (a new
 * thread needs no word: its id has no entries, even when it is one a
 * merge freed). */
void mid_index_put_tid(struct store *st, const char *mid, int64_t tid);
void mid_index_merge(struct store *st, int64_t from, int64_t to);
/* messages got row for entry i, with its top_id and up_report. */
void mid_index_row(struct store *st, uint32_t i, int64_t row, int64_t top,
		   int64_t up);
/* A row with in_reply_to irt was stored without its parent. */
void mid_index_orphan(struct store *st, const char *irt);
/* reports got report for messages row (the last one added, else the
 * index is dropped). */
void mid_index_report(struct store *st, int64_t row, int64_t report);
/* Drop the index: what the database holds may differ from it now. */
void mid_index_drop(struct store *st, const char *why);
/* At the start of a write transaction: another connection's commit
 * since the index began drops it. */
void mid_index_check(struct store *st);

/* Forget every answer of thread_has_report() (the memo above). */
static inline void
store_thread_memo_forget(struct store *st)
{
	st->thread_gen++;
}

/* Free the walk memo (store_triage.c); NULL is fine. */
void walk_memo_free(struct walk_memo *m);

/* ---- the statement helpers (state/store_stmt.c) ---- */

/* Cached statement for sql (a static string; the pointer is the key).
 * Returns NULL after logging the SQLite error. */
sqlite3_stmt *store_stmt(struct store *st, const char *sql);
/* Reset and clear a cached statement (for out: paths). NULL is fine. */
void store_stmt_done(sqlite3_stmt *s);

/* Bind by :name; an unknown name is a bug in our SQL (LKB_ERR_DB). */
int store_bind_text(struct store *st, sqlite3_stmt *s, const char *name,
		    const char *v);
/* store_bind_text() without SQLite's copy: v must stay as it is until
 * the statement is reset (store_step_done(), store_stmt_done()). */
int store_bind_text_borrowed(struct store *st, sqlite3_stmt *s,
			     const char *name, const char *v);
int store_bind_int(struct store *st, sqlite3_stmt *s, const char *name,
		   int64_t v);
int store_bind_double(struct store *st, sqlite3_stmt *s, const char *name,
		      double v);
int store_bind_null(struct store *st, sqlite3_stmt *s, const char *name);
int store_bind_blob(struct store *st, sqlite3_stmt *s, const char *name,
		    const void *p, size_t n);

/* sqlite3_step, mapping errors to lkb_status (logged). Returns
 * SQLITE_ROW, SQLITE_DONE, or a negative status. */
int store_step(struct store *st, sqlite3_stmt *s);
/* store_step()'s result for a statement that writes: SQLITE_DONE is
 * LKB_OK, a row LKB_ERR_DB, a negative status itself. */
int store_done_status(int step_rc);
/* After the bindings (bind_rc, their status): run a statement that
 * writes to its end. LKB_OK or a negative status; s is reset. */
int store_step_done(struct store *st, sqlite3_stmt *s, int bind_rc);
/* After the bindings (bind_rc, their status): step a statement that
 * reads one row. 1 with s on the row (read its columns, then
 * store_stmt_done(s)); 0 without a row, or a negative status, s reset. */
int store_step_row(struct store *st, sqlite3_stmt *s, int bind_rc);
/* The statement for sql with name bound to text (to num when text is
 * NULL): 1 and column 0 of its first row in *out, 0 without a row, or a
 * negative status. */
int store_lookup_int(struct store *st, const char *sql, const char *name,
		     const char *text, int64_t num, int64_t *out);
/* Map an SQLite result code to lkb_status and log it with what. */
int store_err(struct store *st, int src, const char *what);
/* Run one statement without results (schema work). */
int store_exec(struct store *st, const char *sql);
/* Copy of column i as a heap string (NULL for SQL NULL). free() it. */
char *store_col_strdup(sqlite3_stmt *s, int i);

int store_migrate(struct store *st);

#endif
