/* store_stmt.c - the statement helpers every state/store*.c file uses:
 * the cache of prepared statements, binding by name, stepping, errors.
 * The lowest file of state/: it calls no other. */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include <sqlite3.h>

#include "lib/compiler.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "state/store-internal.h"

int
store_err(struct store *st, int src, const char *what)
{
	int prim = src & 0xff;

	lkb_error("%s: %s (database '%s')", what,
		  st && st->db ? sqlite3_errmsg(st->db) : sqlite3_errstr(src),
		  st && st->path ? st->path : "?");
	if (prim == SQLITE_BUSY || prim == SQLITE_LOCKED)
		return LKB_ERR_DB_BUSY;
	if (prim == SQLITE_NOMEM)
		return LKB_ERR_NOMEM;
	if (prim == SQLITE_TOOBIG)
		return LKB_ERR_TOO_BIG;
	if (prim == SQLITE_CANTOPEN || prim == SQLITE_IOERR ||
	    prim == SQLITE_FULL)
		return LKB_ERR_IO;
	return LKB_ERR_DB;
}

sqlite3_stmt *
store_stmt(struct store *st, const char *sql)
{
	sqlite3_stmt *s = NULL;
	size_t h = ((uintptr_t)sql >> 3) % LKB_ARRAY_SIZE(st->slot_of);
	int src;

	for (; st->slot_of[h]; h = (h + 1) % LKB_ARRAY_SIZE(st->slot_of)) {
		struct store_stmt_slot *c = &st->cache[st->slot_of[h] - 1];

		if (c->sql == sql) {
			st->last = c;
			return c->stmt;
		}
	}
	src = sqlite3_prepare_v3(st->db, sql, -1, SQLITE_PREPARE_PERSISTENT,
				 &s, NULL);
	if (src != SQLITE_OK) {
		store_err(st, src, "cannot prepare statement");
		lkb_error("statement: %.200s", sql);
		return NULL;
	}
	if (st->ncache == STORE_MAX_STMTS)
		LKB_BUG("statement cache full: raise STORE_MAX_STMTS");
	st->cache[st->ncache].sql = sql;
	st->cache[st->ncache].stmt = s;
	st->cache[st->ncache].nnames = 0;
	st->cache[st->ncache].hint = 0;
	st->last = &st->cache[st->ncache];
	st->slot_of[h] = (short)++st->ncache;
	return s;
}

void
store_stmt_done(sqlite3_stmt *s)
{
	if (!s)
		return;
	sqlite3_reset(s);
	sqlite3_clear_bindings(s);
}

static int
param_index(struct store *st, sqlite3_stmt *s, const char *name)
{
	struct store_stmt_slot *c = st->last && st->last->stmt == s ? st->last
								    : NULL;
	size_t len = strlen(name);
	int i;

	/* names come in the same order each time: start after the last */
	if (c && len < STORE_NAME_MAX)
		for (size_t k = 0, j = c->hint; k < c->nnames; k++, j++) {
			if (j >= c->nnames)
				j = 0;
			if (!memcmp(c->names[j].name, name, len + 1)) {
				c->hint = j + 1;
				return c->names[j].idx;
			}
		}
	i = sqlite3_bind_parameter_index(s, name);
	if (i && c && len < STORE_NAME_MAX && c->nnames < STORE_STMT_NAMES) {
		memcpy(c->names[c->nnames].name, name, len + 1);
		c->names[c->nnames++].idx = i;
	}
	if (i == 0)
		lkb_error("no SQL parameter '%s' in '%.80s' (database '%s')",
			  name, sqlite3_sql(s), st->path);
	return i;
}

#define BIND_BODY(call)                                                      \
	int i = param_index(st, s, name), src;                               \
	if (!i)                                                              \
		return LKB_ERR_DB;                                           \
	src = (call);                                                        \
	return src == SQLITE_OK ? LKB_OK : store_err(st, src, "cannot bind")

int
store_bind_text(struct store *st, sqlite3_stmt *s, const char *name,
		const char *v)
{
	BIND_BODY(v ? sqlite3_bind_text(s, i, v, -1, SQLITE_TRANSIENT)
		    : sqlite3_bind_null(s, i));
}

int
store_bind_text_borrowed(struct store *st, sqlite3_stmt *s, const char *name,
			 const char *v)
{
	BIND_BODY(v ? sqlite3_bind_text(s, i, v, -1, SQLITE_STATIC)
		    : sqlite3_bind_null(s, i));
}

int
store_bind_int(struct store *st, sqlite3_stmt *s, const char *name, int64_t v)
{
	BIND_BODY(sqlite3_bind_int64(s, i, v));
}

int
store_bind_double(struct store *st, sqlite3_stmt *s, const char *name,
		  double v)
{
	BIND_BODY(sqlite3_bind_double(s, i, v));
}

int
store_bind_null(struct store *st, sqlite3_stmt *s, const char *name)
{
	BIND_BODY(sqlite3_bind_null(s, i));
}

int
store_bind_blob(struct store *st, sqlite3_stmt *s, const char *name,
		const void *p, size_t n)
{
	BIND_BODY(p ? sqlite3_bind_blob64(s, i, p, n, SQLITE_TRANSIENT)
		    : sqlite3_bind_null(s, i));
}

int
store_step(struct store *st, sqlite3_stmt *s)
{
	int src = sqlite3_step(s);

	if (src == SQLITE_ROW || src == SQLITE_DONE)
		return src;
	return store_err(st, src, "statement failed");
}

int
store_done_status(int step_rc)
{
	return step_rc == SQLITE_DONE ? LKB_OK : step_rc < 0 ? step_rc
							 : LKB_ERR_DB;
}

int
store_step_done(struct store *st, sqlite3_stmt *s, int bind_rc)
{
	if (bind_rc == LKB_OK)
		bind_rc = store_done_status(store_step(st, s));
	store_stmt_done(s);
	return bind_rc;
}

int
store_step_row(struct store *st, sqlite3_stmt *s, int bind_rc)
{
	int rc = bind_rc;

	if (rc == LKB_OK) {
		rc = store_step(st, s);
		if (rc == SQLITE_ROW)
			return 1;
		if (rc == SQLITE_DONE)
			rc = 0;
	}
	store_stmt_done(s);
	return rc;
}

int
store_lookup_int(struct store *st, const char *sql, const char *name,
		 const char *text, int64_t num, int64_t *out)
{
	sqlite3_stmt *s = store_stmt(st, sql);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	rc = store_step_row(st, s, text ? store_bind_text(st, s, name, text)
				      : store_bind_int(st, s, name, num));
	if (rc == 1) {
		*out = sqlite3_column_int64(s, 0);
		store_stmt_done(s);
	}
	return rc;
}

int
store_exec(struct store *st, const char *sql)
{
	char *msg = NULL;
	int src = sqlite3_exec(st->db, sql, NULL, NULL, &msg);

	sqlite3_free(msg);
	if (src == SQLITE_OK)
		return LKB_OK;
	return store_err(st, src, "cannot run SQL");
}

char *
store_col_strdup(sqlite3_stmt *s, int i)
{
	const unsigned char *t = sqlite3_column_text(s, i);

	if (!t)
		return NULL;
	return xmemdup0(t, (size_t)sqlite3_column_bytes(s, i));
}
