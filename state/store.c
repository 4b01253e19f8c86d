/* store.c - opening, checking and closing the database (statements:
 * store_stmt.c; transactions: store_txn.c; the schema: schema.c). */
#include "config.h"
#include "state/store.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sqlite3.h>

#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "state/store-internal.h"

static int
mkdir_parents(const char *path)
{
	char *dir = xstrdup(path), *p;

	for (p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
			lkb_error_errno("cannot create directory '%s'", dir);
			free(dir);
			return LKB_ERR_IO;
		}
		*p = '/';
	}
	free(dir);
	return LKB_OK;
}

/* imports write in large transactions: a checkpoint every
 * STORE_WAL_CKPT_BYTES of WAL, in frames of this database's pages */
static int
wal_frames(struct store *st)
{
	char sql[64];
	sqlite3_stmt *s = NULL;
	int src, page = 0;

	src = sqlite3_prepare_v2(st->db, "PRAGMA page_size", -1, &s, NULL);
	if (src == SQLITE_OK && (src = sqlite3_step(s)) == SQLITE_ROW) {
		page = sqlite3_column_int(s, 0);
		src = SQLITE_OK;
	}
	sqlite3_finalize(s);
	if (src != SQLITE_OK || page < 512)
		return store_err(st, src, "cannot read the page size");
	st->wal_frames = STORE_WAL_CKPT_BYTES / page;
	snprintf(sql, sizeof(sql), "PRAGMA wal_autocheckpoint=%d",
		 st->wal_frames);
	return store_exec(st, sql);
}

static int
configure(struct store *st)
{
	int on = 1, off = 0, rc;

	sqlite3_extended_result_codes(st->db, 1);
	sqlite3_busy_timeout(st->db, 5000);
	sqlite3_db_config(st->db, SQLITE_DBCONFIG_DEFENSIVE, on, NULL);
	sqlite3_db_config(st->db, SQLITE_DBCONFIG_DQS_DDL, off, NULL);
	sqlite3_db_config(st->db, SQLITE_DBCONFIG_DQS_DML, off, NULL);
	sqlite3_db_config(st->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, off, NULL);
	if ((rc = store_exec(st, "PRAGMA foreign_keys=ON")) != LKB_OK)
		return rc;
	/* 8 MiB of page cache: the indexes of a big import stay in memory.
	 * Of 8 KiB pages it takes, in the heap, about twice what it says
	 * (linux-pm's import: 16 MiB of them made a peak RSS of 67 MiB,
	 * 8 MiB 51 MiB, as 16 MiB of 4 KiB pages did) */
	if ((rc = store_exec(st, "PRAGMA cache_size=-8192")) != LKB_OK)
		return rc;
	if (st->mode == STORE_RW) {
		/* A new database gets 8 KiB pages (SQLite's default is 4):
		 * a bulk import writes each page it changed once a commit,
		 * and with half as many, larger pages it makes half the WAL
		 * frames and write calls and fewer B-tree splits (linux-pm,
		 * 35,000 mails: 0.25 s less CPU). 16 KiB is no faster there,
		 * and writes 43 % more than 4 KiB in 500-mail commits
		 * (sync's). An existing database keeps the size it has
		 * (SQLite ignores this). */
		if ((rc = store_exec(st, "PRAGMA page_size=8192")) != LKB_OK)
			return rc;
		if ((rc = store_exec(st, "PRAGMA journal_mode=WAL")) != LKB_OK)
			return rc;
		if ((rc = store_exec(st, "PRAGMA synchronous=NORMAL")) != LKB_OK)
			return rc;
		if ((rc = wal_frames(st)) != LKB_OK)
			return rc;
	}
	return LKB_OK;
}

int
store_open(const char *path, enum store_mode mode, struct store **st_out)
{
	static int configured;
	struct store *st = xcalloc(1, sizeof(*st));
	int flags, src, rc, v = 0;

	*st_out = NULL;
	/* no allocation statistics: they take a global mutex on every
	 * sqlite3_malloc, which the import's and triage's threads share.
	 * Only possible before SQLite initialises, so once, here. */
	if (!configured) {
		configured = 1;
		(void)sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	}
	st->path = xstrdup(path);
	st->mode = mode;
	st->pack = rawpack_new(path, mode == STORE_RW);
	if (mode == STORE_RW) {
		flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
		if ((rc = mkdir_parents(path)) != LKB_OK)
			goto fail;
	} else {
		flags = SQLITE_OPEN_READONLY;
	}
	src = sqlite3_open_v2(path, &st->db, flags | SQLITE_OPEN_NOMUTEX, NULL);
	if (src != SQLITE_OK) {
		rc = store_err(st, src, "cannot open database");
		goto fail;
	}
	if ((rc = configure(st)) != LKB_OK)
		goto fail;
	if (mode == STORE_RW) {
		if ((rc = store_migrate(st)) != LKB_OK)
			goto fail;
	} else {
		if ((rc = store_schema_version(st, &v)) != LKB_OK)
			goto fail;
		if (v > store_schema_head()) {
			lkb_error("database '%s' has schema version %d, newer "
				  "than this lkpbot (%d)", path, v,
				  store_schema_head());
			rc = LKB_ERR_SCHEMA_TOO_NEW;
			goto fail;
		}
		if (v < store_schema_head()) {
			lkb_error("database '%s' has schema version %d; run "
				  "'lkpbot db migrate' (or any writing command)",
				  path, v);
			rc = LKB_ERR_DB;
			goto fail;
		}
	}
	*st_out = st;
	return LKB_OK;
fail:
	store_close(st);
	return rc;
}

const char *
store_path(const struct store *st)
{
	return st->path;
}

void
store_close(struct store *st)
{
	if (!st)
		return;
	store_ckpt_stop(st);
	for (size_t i = 0; i < st->ncache; i++)
		sqlite3_finalize(st->cache[i].stmt);
	if (st->db)
		sqlite3_close(st->db);
	rawpack_close(st->pack);
	walk_memo_free(st->memo);
	store_mid_index_stop(st);
	free(st->path);
	free(st);
}

static int
check_rows(struct store *st, const char *sql, const char *ok)
{
	sqlite3_stmt *s = NULL;
	int src, rc, bad = 0;

	src = sqlite3_prepare_v2(st->db, sql, -1, &s, NULL);
	if (src != SQLITE_OK)
		return store_err(st, src, "cannot check database");
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		const char *t = (const char *)sqlite3_column_text(s, 0);

		if (ok && t && !strcmp(t, ok))
			continue;
		lkb_error("database '%s': %s: %s", st->path, sql,
			  t ? t : "(row)");
		bad = 1;
	}
	sqlite3_finalize(s);
	if (rc < 0)
		return rc;
	return bad ? LKB_ERR_DB : LKB_OK;
}

/* Every raw reference within the pack beside the database. */
static int
check_pack(struct store *st)
{
	sqlite3_stmt *s = NULL;
	int64_t end = 0, n = 0;
	uint64_t size;
	int src, rc;

	src = sqlite3_prepare_v2(st->db, "SELECT coalesce(max(raw_at +"
				 " raw_len), 0), count(raw_len) FROM messages",
				 -1, &s, NULL);
	if (src != SQLITE_OK)
		return store_err(st, src, "cannot check database");
	rc = store_step(st, s);
	if (rc == SQLITE_ROW) {
		end = sqlite3_column_int64(s, 0);
		n = sqlite3_column_int64(s, 1);
	}
	sqlite3_finalize(s);
	if (rc < 0)
		return rc;
	if (rawpack_size(st->pack, &size) < 0)
		return LKB_ERR_IO;
	if (end < 0 || (uint64_t)end > size) {
		lkb_error("database '%s': %lld messages keep raw bytes up to "
			  "offset %lld of '%s.raw', which has %llu bytes",
			  st->path, (long long)n, (long long)end, st->path,
			  (unsigned long long)size);
		return LKB_ERR_DB;
	}
	return LKB_OK;
}

/* Every record with a checksum read back and compared; each damaged
 * or cut-off one named. */
static int
check_sums(struct store *st)
{
	sqlite3_stmt *s = NULL;
	uint64_t size, at;
	size_t len;
	char *raw;
	int src, rc, bad = 0;

	if (rawpack_size(st->pack, &size) < 0)
		return LKB_ERR_IO;
	src = sqlite3_prepare_v2(st->db, "SELECT message_id, raw_at, raw_len,"
				 " raw_crc FROM messages WHERE raw_len IS NOT"
				 " NULL AND raw_crc IS NOT NULL ORDER BY raw_at",
				 -1, &s, NULL);
	if (src != SQLITE_OK)
		return store_err(st, src, "cannot check database");
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		at = (uint64_t)sqlite3_column_int64(s, 1);
		len = (size_t)sqlite3_column_int64(s, 2);
		if (at > size || len > size - at ||
		    rawpack_read(st->pack, at, len, &raw) != LKB_OK) {
			lkb_error("database '%s': message <%s>: raw bytes cut "
				  "off in '%s.raw'", st->path,
				  sqlite3_column_text(s, 0), st->path);
			bad = 1;
			continue;
		}
		if ((uint32_t)sqlite3_column_int64(s, 3) !=
		    rawpack_sum(raw, len)) {
			lkb_error("database '%s': message <%s>: raw bytes at "
				  "offset %llu of '%s.raw' are damaged "
				  "(checksum)", st->path,
				  sqlite3_column_text(s, 0),
				  (unsigned long long)at, st->path);
			bad = 1;
		}
		free(raw);
	}
	sqlite3_finalize(s);
	if (rc < 0)
		return rc;
	return bad ? LKB_ERR_DB : LKB_OK;
}

int
store_check(struct store *st)
{
	int rc = check_rows(st, "PRAGMA integrity_check", "ok");

	if (rc == LKB_OK)
		rc = check_rows(st, "PRAGMA foreign_key_check", NULL);
	if (rc == LKB_OK)
		rc = check_pack(st);
	if (rc == LKB_OK || rc == LKB_ERR_DB) {
		int sums = check_sums(st);

		rc = rc == LKB_OK ? sums : rc;
	}
	return rc;
}
