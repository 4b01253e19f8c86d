/* schema.c - migrations; entry i moves the schema from version i to i+1.
 * Only ever append (doc/style.md R33). */
#include "config.h"
#include "state/store.h"

#include <stdio.h>

#include "lib/compiler.h"
#include "lib/log.h"
#include "lib/status.h"
#include "state/schema_triage.h"
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
	/* 1 -> 2: outbox: rendered mail waiting for SMTP (state/store_outbox.c).
	 * thread_id/report_id are plain integers until those tables settle */
	"CREATE TABLE outbox ("
	"  id INTEGER PRIMARY KEY,"
	"  request_key TEXT NOT NULL UNIQUE,"	/* kind ':' request id */
	"  kind TEXT NOT NULL,"
	"  request_id TEXT NOT NULL,"
	"  thread_id INTEGER NOT NULL DEFAULT 0,"
	"  report_id INTEGER NOT NULL DEFAULT 0,"
	"  message_id TEXT NOT NULL UNIQUE,"
	"  envelope_from TEXT NOT NULL DEFAULT '',"
	"  recipients TEXT NOT NULL,"	/* one address per line */
	"  subject TEXT NOT NULL DEFAULT '',"
	"  raw BLOB NOT NULL,"
	"  state TEXT NOT NULL DEFAULT 'pending'"
	"    CHECK (state IN ('pending','sending','sent','failed')),"
	"  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),"
	"  next_attempt_at INTEGER NOT NULL,"
	"  last_error TEXT,"
	"  created_at INTEGER NOT NULL,"
	"  claimed_at INTEGER,"
	"  sent_at INTEGER"
	");"
	"CREATE INDEX outbox_due ON outbox(state, next_attempt_at);"
	"CREATE INDEX outbox_thread ON outbox(thread_id, created_at);"
	"CREATE INDEX outbox_created ON outbox(created_at);",
	/* 2 -> 3: parsed LKP reports (state/store_report.c) */
	"CREATE TABLE reports ("
	"  id INTEGER PRIMARY KEY,"
	"  msg_id INTEGER NOT NULL UNIQUE"
	"    REFERENCES messages(id) ON DELETE CASCADE,"
	"  kind TEXT NOT NULL,"
	"  subkind TEXT,"
	"  commit_sha TEXT,"
	"  subject_sha TEXT,"
	"  tree TEXT, branch TEXT, prefix TEXT,"
	"  testcase TEXT,"
	"  metric TEXT,"
	"  change_pct REAL,"
	"  verdict TEXT,"
	"  date INTEGER,"
	"  state TEXT NOT NULL DEFAULT 'open',"
	"  close_reason TEXT,"
	"  duplicate_of INTEGER REFERENCES reports(id) ON DELETE SET NULL,"
	"  nrows INTEGER NOT NULL DEFAULT 0,"
	"  json TEXT NOT NULL,"
	"  parsed_at INTEGER NOT NULL"
	");"
	"CREATE INDEX reports_commit ON reports(commit_sha);"
	"CREATE INDEX reports_kind_state ON reports(kind, state);"
	"CREATE INDEX reports_testcase ON reports(testcase);"
	"CREATE INDEX reports_date ON reports(date);"
	"CREATE TABLE report_params ("
	"  report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, key TEXT NOT NULL, value TEXT,"
	"  PRIMARY KEY (report_id, pos)) WITHOUT ROWID;"
	"CREATE TABLE report_status_lines ("
	"  report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, kind TEXT NOT NULL, tree TEXT, sha TEXT,"
	"  PRIMARY KEY (report_id, pos)) WITHOUT ROWID;"
	"CREATE TABLE report_impacts ("
	"  report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, testcase TEXT, metric TEXT, change_pct REAL,"
	"  verdict TEXT, test_machine TEXT,"
	"  params TEXT,"	/* k=v lines */
	"  PRIMARY KEY (report_id, pos)) WITHOUT ROWID;"
	"CREATE TABLE report_comparisons ("
	"  id INTEGER PRIMARY KEY,"
	"  report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, host TEXT, ncolumns INTEGER NOT NULL,"
	"  UNIQUE (report_id, pos));"
	"CREATE TABLE report_axes ("
	"  comparison_id INTEGER NOT NULL"
	"    REFERENCES report_comparisons(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, key TEXT NOT NULL, value TEXT,"
	"  PRIMARY KEY (comparison_id, pos)) WITHOUT ROWID;"
	"CREATE INDEX report_axes_kv ON report_axes(key, value);"
	"CREATE TABLE report_commits ("
	"  comparison_id INTEGER NOT NULL"
	"    REFERENCES report_comparisons(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, sha TEXT NOT NULL, column_name TEXT,"
	"  subject TEXT, note TEXT,"
	"  PRIMARY KEY (comparison_id, pos)) WITHOUT ROWID;"
	"CREATE INDEX report_commits_sha ON report_commits(sha);"
	/* one row per table row: column 0 (the base) and column 1 (the
	 * first compared commit) as numbers, the columns after as JSON
	 * [[change, value, stddev], ...]; report_json has every cell too */
	"CREATE TABLE report_metrics ("
	"  comparison_id INTEGER NOT NULL"
	"    REFERENCES report_comparisons(id) ON DELETE CASCADE,"
	"  row INTEGER NOT NULL, name TEXT NOT NULL,"
	"  ncols INTEGER NOT NULL,"	/* numbers in the row */
	"  base REAL, base_stddev REAL,"	/* column 0 */
	"  change REAL, value REAL, stddev REAL,"	/* column 1 vs column 0 */
	"  kind TEXT CHECK (kind IN ('percent','absolute')),"
	"  more TEXT,"	/* columns 2.. as JSON, NULL when none */
	"  PRIMARY KEY (comparison_id, row)) WITHOUT ROWID;"
	"CREATE TABLE report_failures ("
	"  comparison_id INTEGER NOT NULL"
	"    REFERENCES report_comparisons(id) ON DELETE CASCADE,"
	"  row INTEGER NOT NULL, name TEXT NOT NULL, ncols INTEGER NOT NULL,"
	"  base_fails REAL, base_runs REAL,"	/* column 0 */
	"  fails REAL, runs REAL, reproduction_pct REAL,"	/* column 1 */
	"  more TEXT,"	/* columns 2.. as JSON [[fails, runs, pct], ...] */
	"  PRIMARY KEY (comparison_id, row)) WITHOUT ROWID;",
	/* 3 -> 4: triage: events, commands, history, requests */
	LKB_SCHEMA_TRIAGE,
	/* 4 -> 5: where the IMAP and Maildir sources stopped */
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
	/* 5 -> 6: tables pasted in replies */
	LKB_SCHEMA_REPLY_TABLES,
	/* 6 -> 7: the report JSON in a table of its own (a state change
	 * rewrites the whole reports row); the same regression reported
	 * again (triage) found without reading every report on the commit */
	"CREATE TABLE report_json ("
	"  report_id INTEGER PRIMARY KEY"
	"    REFERENCES reports(id) ON DELETE CASCADE,"
	"  json TEXT NOT NULL"
	");"
	"INSERT INTO report_json (report_id, json) SELECT id, json FROM reports;"
	"ALTER TABLE reports DROP COLUMN json;"
	"CREATE INDEX reports_regression ON reports(commit_sha, metric,"
	"  coalesce(date, 0), id) WHERE duplicate_of IS NULL;",
	/* 7 -> 8: raw mail in the pack beside the database (state/rawpack.h;
	 * rows from before keep it in raw); a content hash only for mail
	 * without a Message-ID, whose identity it is ('' otherwise) */
	"ALTER TABLE messages ADD COLUMN raw_at INTEGER;"
	"ALTER TABLE messages ADD COLUMN raw_len INTEGER;"
	"DROP INDEX messages_hash;"
	"CREATE INDEX messages_hash ON messages(content_hash)"
	"  WHERE content_hash != '';",
	/* 8 -> 9: quotas per day (bot/requests, bot/triage): the pool of
	 * the asker (1 maintainers and the LKP team, 0 everyone else), the
	 * lkp job files each request wrote and when */
	"ALTER TABLE requests ADD COLUMN pool INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE requests ADD COLUMN jobs INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE requests ADD COLUMN jobs_at INTEGER;"
	"CREATE INDEX requests_jobs ON requests(jobs_at) WHERE jobs > 0;",
	/* 9 -> 10: shortcuts for finding a reply's report in O(1) however
	 * deep the chain (state/store_triage.c): the topmost stored
	 * ancestor when the message was linked, and the nearest report
	 * above it then. NULL (rows from before, roots) means "walk". */
	"ALTER TABLE messages ADD COLUMN top_id INTEGER;"
	"ALTER TABLE messages ADD COLUMN up_report INTEGER"
	"  REFERENCES reports(id) ON DELETE SET NULL;"
	/* and the CRC-32 of the raw bytes in the pack (rawpack_sum), so
	 * damage is found, not parsed; NULL for rows from before */
	"ALTER TABLE messages ADD COLUMN raw_crc INTEGER;",
	/* 10 -> 11: the events fix-applied, retest-failed, data-provided */
	LKB_SCHEMA_EVENT_ACTS,
	/* 11 -> 12: the git watch (state/store_git.c): how far each
	 * watched branch of a repository was read; and the reports a
	 * maintainer took out of their group (state/store_group.c) */
	"CREATE TABLE git_positions ("
	"  repo TEXT NOT NULL,"
	"  branch TEXT NOT NULL,"
	"  sha TEXT NOT NULL,"		/* the tip the last run committed */
	"  updated_at INTEGER NOT NULL,"
	"  PRIMARY KEY (repo, branch)"
	") WITHOUT ROWID;"
	"CREATE TABLE report_splits ("
	"  report_id INTEGER PRIMARY KEY"
	"    REFERENCES reports(id) ON DELETE CASCADE,"
	"  author TEXT NOT NULL,"
	"  created_at INTEGER NOT NULL"
	");",
	/* 12 -> 13: the quality CHECK of messages written with OR. As
	 * IN (...) SQLite 3.40 builds an ephemeral table of the three
	 * words on every INSERT, a sixth of an import's storing time
	 * (BENCHMARKS.md). ALTER TABLE cannot change a CHECK and copying
	 * messages would trip everything that points at it; every row
	 * meets the new text, so this is SQLite's documented edit of the
	 * CREATE statement itself (lang_altertable.html, "making other
	 * kinds of table schema changes"), run by schema_edit() */
	"UPDATE sqlite_schema SET sql = replace(sql,"
	"  'CHECK (quality IN (''ok'',''partial'',''rejected''))',"
	"  'CHECK (quality = ''ok'' OR quality = ''partial'' OR"
	" quality = ''rejected'')')"
	"  WHERE type = 'table' AND name = 'messages';",
	/* 13 -> 14: how sure each event is (0..1; NULL in rows from
	 * before) and the review queue (bot/cmd/review.c): an event below
	 * [triage] auto_confidence that would change its report's state is
	 * 'pending' until a maintainer accepts or rejects it; the decision,
	 * who made it and when stay with the event. The CHECK is written
	 * with OR, like messages.quality's (12 -> 13) */
	"ALTER TABLE events ADD COLUMN confidence REAL;"
	"ALTER TABLE events ADD COLUMN review TEXT CHECK (review = 'pending'"
	"  OR review = 'accepted' OR review = 'rejected');"
	"ALTER TABLE events ADD COLUMN reviewed_by TEXT;"
	"ALTER TABLE events ADD COLUMN reviewed_at INTEGER;"
	"CREATE INDEX events_review ON events(review)"
	"  WHERE review IS NOT NULL;",
	/* 14 -> 15: evidence from outside a report's thread
	 * (state/store_evidence.c): what each patch mail names (a
	 * report's Message-ID, a culprit's sha, its own version key) and
	 * each report on a posted patch (that patch's key), so the link
	 * is made whichever arrives first; and the fix patches linked to
	 * a report, so replies below them and pulls find it */
	"CREATE TABLE patch_keys ("
	"  key TEXT NOT NULL,"
	"  kind TEXT NOT NULL,"
	"  msg_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,"
	"  PRIMARY KEY (key, kind, msg_id)"
	") WITHOUT ROWID;"
	"CREATE TABLE fix_links ("
	"  patch_mid TEXT NOT NULL,"	/* the fix patch's Message-ID */
	"  report_id INTEGER NOT NULL"
	"    REFERENCES reports(id) ON DELETE CASCADE,"
	"  msg_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,"
	"  why TEXT NOT NULL,"		/* the trailer that named it */
	"  PRIMARY KEY (patch_mid, report_id)"
	") WITHOUT ROWID;",
	/* 15 -> 16: objects a stage passed over because they broke a
	 * limit (state/store_skip.c): a commit message over
	 * LKB_MAX_GIT_OUTPUT, a mail over LKB_MAX_MESSAGE_BYTES whatever
	 * its stated size; listed by `lkpbot doctor` and the run summary
	 * so that no skip is silent */
	"CREATE TABLE skips ("
	"  stage TEXT NOT NULL,"	/* 'git', 'imap' */
	"  object TEXT NOT NULL,"	/* a sha, an imap:FOLDER;...;UID=N */
	"  place TEXT NOT NULL,"	/* the branch, the folder */
	"  why TEXT NOT NULL,"
	"  at INTEGER NOT NULL,"
	"  PRIMARY KEY (stage, object)"
	");"	/* rowid: the order skips were made in (store_skips) */
	"CREATE INDEX skips_at ON skips(at);",
	/* 16 -> 17: answers to the maintainers and the LKP team
	 * (state/store_outbox.c): sent first and counted on budgets of
	 * their own, so that a flood of answers to others never holds
	 * them up (issue 36 row 8); 0 in rows from before */
	"ALTER TABLE outbox ADD COLUMN team INTEGER NOT NULL DEFAULT 0;",
	/* 17 -> 18: a request whose asker claimed the maintainers' or the
	 * LKP team's standing without proving it (bot/triage/asker.c):
	 * the request stage answers it as an outsider's, alone and on the
	 * outsiders' budgets, as triage answers the same sender's other
	 * commands (issue 36 row 8); 0 in rows from before */
	"ALTER TABLE requests ADD COLUMN outsider INTEGER NOT NULL DEFAULT 0;",
	/* 18 -> 19: duplicates point forward in time (issue 38 row 7):
	 * mail read out of order and maintainers' dup-of once closed an
	 * older report as the duplicate of a newer one. Each set of
	 * duplicates (a report and all whose duplicate_of chain, at most
	 * LKB_MAX_DUP_CHAIN long, ends in it) where a duplicate points to a
	 * later report (by date, then id) is turned round: its earliest
	 * report takes the state and the related commits of the set's
	 * original, every other member is closed as its duplicate. Each
	 * change is a history row dated now, when it was decided; and no
	 * history row stays dated before its report (the rule the insert
	 * has kept since, state/store_triage.c) */
	"CREATE TEMP TABLE dup_sets AS"
	"  WITH RECURSIVE up(id, cur, n) AS ("
	"    SELECT id, duplicate_of, 1 FROM reports"
	"      WHERE duplicate_of IS NOT NULL"
	"    UNION ALL SELECT up.id, r.duplicate_of, up.n + 1 FROM up"
	"      JOIN reports r ON r.id = up.cur"
	"      WHERE r.duplicate_of IS NOT NULL AND up.n < 64)"
	"  SELECT up.id AS id, up.cur AS root FROM up"
	"    JOIN reports r ON r.id = up.cur WHERE r.duplicate_of IS NULL;"
	"INSERT INTO dup_sets SELECT DISTINCT root, root FROM dup_sets;"
	"CREATE TEMP TABLE dup_turn AS"
	"  SELECT s.root AS root, (SELECT m.id FROM dup_sets m"
	"      JOIN reports x ON x.id = m.id WHERE m.root = s.root"
	"      ORDER BY coalesce(x.date, 0), x.id LIMIT 1) AS first"
	"  FROM (SELECT DISTINCT root FROM dup_sets) s WHERE EXISTS ("
	"    SELECT 1 FROM dup_sets m JOIN reports r ON r.id = m.id"
	"      JOIN reports o ON o.id = r.duplicate_of WHERE m.root = s.root"
	"      AND (coalesce(o.date, 0), o.id) > (coalesce(r.date, 0), r.id));"
	"CREATE TEMP TABLE dup_change AS"
	"  SELECT m.id AS id, r.state AS from_state, t.first AS first,"
	"    CASE WHEN m.id = t.first THEN o.state ELSE 'closed' END"
	"      AS to_state,"
	"    CASE WHEN m.id = t.first THEN o.close_reason ELSE 'duplicate'"
	"      END AS reason,"
	"    CASE WHEN m.id = t.first THEN NULL ELSE t.first END AS dup"
	"  FROM dup_turn t JOIN dup_sets m ON m.root = t.root"
	"    JOIN reports r ON r.id = m.id JOIN reports o ON o.id = t.root"
	"  WHERE m.id != t.root OR t.first != t.root;"
	"DELETE FROM dup_change WHERE dup IS NOT NULL AND EXISTS ("
	"  SELECT 1 FROM reports r WHERE r.id = dup_change.id"
	"    AND r.duplicate_of = dup_change.dup);"
	"INSERT OR IGNORE INTO report_related (report_id, sha, relation)"
	"  SELECT t.first, rr.sha, rr.relation FROM dup_turn t"
	"    JOIN report_related rr ON rr.report_id = t.root"
	"  WHERE t.first != t.root;"
	"INSERT INTO report_history (report_id, date, from_state, to_state,"
	"  reason, cause, msg_id)"
	"  SELECT c.id, max(CAST(strftime('%s', 'now') AS INTEGER),"
	"    coalesce(r.date, 0)), c.from_state, c.to_state, c.reason,"
	"    'schema 19: duplicates point forward, report ' || c.first ||"
	"    ' is the earliest', NULL"
	"  FROM dup_change c JOIN reports r ON r.id = c.id ORDER BY c.id;"
	"UPDATE reports SET"
	"  state = (SELECT to_state FROM dup_change c WHERE c.id = reports.id),"
	"  close_reason = (SELECT reason FROM dup_change c"
	"    WHERE c.id = reports.id),"
	"  duplicate_of = (SELECT dup FROM dup_change c WHERE c.id = reports.id)"
	"  WHERE id IN (SELECT id FROM dup_change);"
	"UPDATE report_history SET date = (SELECT r.date FROM reports r"
	"    WHERE r.id = report_history.report_id)"
	"  WHERE date < (SELECT r.date FROM reports r"
	"    WHERE r.id = report_history.report_id);"
	"DROP TABLE dup_change; DROP TABLE dup_turn; DROP TABLE dup_sets;",
	/* 19 -> 20: why a robot report is not verified (bot/triage:
	 * no DKIM signature of the robot's domain, ...), set by triage
	 * when verify_senders = dkim so that show, list and the pages
	 * need no raw mail to say so; NULL: verified or never checked
	 * (issue 36 item 2); and the mail `lkpbot import --trusted`
	 * stored, believed without a signature (0 in rows from before) */
	"ALTER TABLE reports ADD COLUMN unverified TEXT;"
	"ALTER TABLE messages ADD COLUMN trusted INTEGER NOT NULL DEFAULT 0;",
};

/* The migration that edits sqlite_schema (run by schema_edit). */
#define SCHEMA_EDIT_AT 12

/* Run sql, which rewrites CREATE statements in sqlite_schema, inside
 * the open write transaction: with defensive mode off and
 * writable_schema on only for it; then the schema cookie moved on, so
 * that other connections read the new text, and writable_schema=RESET,
 * so that this one does. */
static int
schema_edit(struct store *st, const char *sql)
{
	sqlite3_stmt *s = NULL;
	char pragma[64];
	int on = 1, off = 0, cookie = -1, rc, src;

	src = sqlite3_prepare_v2(st->db, "PRAGMA schema_version", -1, &s,
				 NULL);
	if (src != SQLITE_OK)
		return store_err(st, src, "cannot read the schema cookie");
	if (store_step(st, s) == SQLITE_ROW)
		cookie = sqlite3_column_int(s, 0);
	sqlite3_finalize(s);
	if (cookie < 0)
		return LKB_ERR_DB;
	sqlite3_db_config(st->db, SQLITE_DBCONFIG_DEFENSIVE, off, NULL);
	rc = store_exec(st, "PRAGMA writable_schema=ON");
	if (rc == LKB_OK)
		rc = store_exec(st, sql);
	if (rc == LKB_OK) {
		snprintf(pragma, sizeof(pragma), "PRAGMA schema_version=%d",
			 cookie + 1);
		rc = store_exec(st, pragma);
	}
	if (store_exec(st, "PRAGMA writable_schema=RESET") != LKB_OK)
		rc = LKB_ERR_DB;
	sqlite3_db_config(st->db, SQLITE_DBCONFIG_DEFENSIVE, on, NULL);
	return rc;
}

int
store_schema_head(void)
{
	return (int)LKB_ARRAY_SIZE(migrations);
}

int
store_schema_version(struct store *st, int *version_out)
{
	sqlite3_stmt *s = NULL;
	int src, rc;

	src = sqlite3_prepare_v2(st->db, "PRAGMA user_version", -1, &s, NULL);
	if (src != SQLITE_OK)
		return store_err(st, src, "cannot read schema version");
	rc = store_step(st, s);
	if (rc == SQLITE_ROW) {
		*version_out = sqlite3_column_int(s, 0);
		rc = LKB_OK;
	} else if (rc >= 0) {
		rc = LKB_ERR_DB;
	}
	sqlite3_finalize(s);
	return rc;
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
		rc = v == SCHEMA_EDIT_AT ? schema_edit(st, migrations[v])
					 : store_exec(st, migrations[v]);
		if (rc != LKB_OK)
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
