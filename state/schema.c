/* schema.c - migrations; entry i moves the schema from version i to i+1.
 * Only ever append (STYLE R33). */
#include "config.h"
#include "state/store.h"

#include <stdio.h>

#include "lib/compiler.h"
#include "lib/log.h"
#include "lib/status.h"
#include "state/store-internal.h"

static const char *const migrations[] = {
	/* 0 -> 1: messages and threads */
	"CREATE TABLE threads ("
	"  id INTEGER PRIMARY KEY,"
	"  root_msgid TEXT NOT NULL"	/* oldest known ancestor id */
	");"
	"CREATE TABLE messages ("
	"  id INTEGER PRIMARY KEY,"
	"  message_id TEXT NOT NULL UNIQUE,"
	"  synthetic_id INTEGER NOT NULL DEFAULT 0,"
	"  content_hash TEXT NOT NULL,"
	"  in_reply_to TEXT,"
	"  refs TEXT NOT NULL DEFAULT '',"
	"  subject TEXT NOT NULL DEFAULT '',"
	"  from_name TEXT NOT NULL DEFAULT '',"
	"  from_addr TEXT NOT NULL DEFAULT '',"
	"  to_addrs TEXT NOT NULL DEFAULT '',"
	"  cc_addrs TEXT NOT NULL DEFAULT '',"
	"  date INTEGER,"
	"  source TEXT NOT NULL,"
	"  quality TEXT NOT NULL CHECK (quality IN ('ok','partial','rejected')),"
	"  problem TEXT,"
	"  thread_id INTEGER NOT NULL REFERENCES threads(id),"
	"  parent_id INTEGER REFERENCES messages(id) ON DELETE SET NULL,"
	"  is_robot INTEGER NOT NULL DEFAULT 0,"
	"  auto_submitted TEXT, precedence TEXT, list_id TEXT, x_lkpbot TEXT,"
	"  body TEXT,"
	"  raw BLOB,"
	"  imported_at INTEGER NOT NULL"
	");"
	"CREATE INDEX messages_thread ON messages(thread_id, date);"
	"CREATE INDEX messages_hash ON messages(content_hash);"
	"CREATE INDEX messages_parent_ref ON messages(in_reply_to);"
	/* every Message-ID seen, present or only referenced -> thread */
	"CREATE TABLE thread_ids ("
	"  msgid TEXT PRIMARY KEY,"
	"  thread_id INTEGER NOT NULL REFERENCES threads(id)"
	") WITHOUT ROWID;"
	"CREATE INDEX thread_ids_thread ON thread_ids(thread_id);",
	/* 1 -> 2: where the IMAP and Maildir sources stopped */
	"CREATE TABLE sync_cursors ("
	"  account TEXT NOT NULL,"	/* imap[s]://user@host:port */
	"  folder TEXT NOT NULL,"
	"  uidvalidity INTEGER NOT NULL,"
	"  last_uid INTEGER NOT NULL,"	/* highest UID committed */
	"  updated_at INTEGER NOT NULL,"
	"  PRIMARY KEY (account, folder)"
	") WITHOUT ROWID;"
	"CREATE TABLE maildir_seen ("
	"  dir TEXT NOT NULL,"		/* the Maildir's real path */
	"  name TEXT NOT NULL,"		/* file name up to ':' */
	"  PRIMARY KEY (dir, name)"
	") WITHOUT ROWID;"
	"CREATE TABLE maildir_dirs ("
	"  dir TEXT PRIMARY KEY,"
	"  stamp TEXT NOT NULL,"	/* new/ and cur/ mtimes of the last scan */
	"  updated_at INTEGER NOT NULL"
	") WITHOUT ROWID;",
};

int
store_schema_head(void)
{
	return (int)LKB_ARRAY_SIZE(migrations);
}

int
store_migrate(struct store *st)
{
	int v, rc;
	char pragma[64];

	if ((rc = store_schema_version(st, &v)) != LKB_OK)
		return rc;
	if (v > store_schema_head()) {
		lkb_error("database '%s' has schema version %d, newer than "
			  "this lkpbot (%d)", st->path, v, store_schema_head());
		return LKB_ERR_SCHEMA_TOO_NEW;
	}
	for (; v < store_schema_head(); v++) {
		if ((rc = store_begin_write(st)) != LKB_OK)
			return rc;
		/* the version is re-read inside the write lock: another
		 * process may have migrated meanwhile */
		if ((rc = store_schema_version(st, &v)) != LKB_OK)
			goto fail;
		if (v >= store_schema_head()) {
			rc = store_commit(st);
			return rc;
		}
		lkb_debug("migrating database '%s' to version %d", st->path,
			  v + 1);
		if ((rc = store_exec(st, migrations[v])) != LKB_OK)
			goto fail;
		snprintf(pragma, sizeof(pragma), "PRAGMA user_version=%d",
			 v + 1);
		if ((rc = store_exec(st, pragma)) != LKB_OK)
			goto fail;
		if ((rc = store_commit(st)) != LKB_OK)
			return rc;
	}
	return LKB_OK;
fail:
	store_rollback(st);
	return rc;
}
