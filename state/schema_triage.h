/* schema_triage.h - DDL of the triage tables (one migration entry). */
#ifndef LKB_STATE_SCHEMA_TRIAGE_H
#define LKB_STATE_SCHEMA_TRIAGE_H

/* The events table called name, its type one of types (SQL strings). */
#define LKB_EVENTS_TABLE(name, types)                                         \
	"CREATE TABLE " name " ("                                             \
	"  id INTEGER PRIMARY KEY,"                                           \
	"  report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE," \
	"  msg_id INTEGER REFERENCES messages(id) ON DELETE CASCADE,"         \
	"  type TEXT NOT NULL CHECK (type IN (" types ")),"                   \
	"  source TEXT NOT NULL,"                                             \
	"  author TEXT, evidence TEXT, sha TEXT, reason TEXT,"                \
	"  created_at INTEGER NOT NULL"                                       \
	");"
#define LKB_EVENTS_ONCE                                                       \
	"CREATE UNIQUE INDEX events_once ON events(report_id,"                \
	"  coalesce(msg_id, 0), type, source, coalesce(evidence, ''));"
/* The event types of schema 4 to 8. */
#define LKB_EVENT_TYPES_4                                                     \
	"'ack','fix-proposed',"                                               \
	"    'retest-request','fix-confirmed','fix-partial','fix-no-effect',"  \
	"    'cannot-reproduce','root-caused','more-data-request',"           \
	"    'series-compare-request','dispute','close','command','reopen',"  \
	"    'duplicate','regression-again'"

#define LKB_SCHEMA_TRIAGE                                                     \
	LKB_EVENTS_TABLE("events", LKB_EVENT_TYPES_4)                         \
	LKB_EVENTS_ONCE                                                       \
	"CREATE TABLE commands ("                                             \
	"  id INTEGER PRIMARY KEY,"                                           \
	"  msg_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE," \
	"  report_id INTEGER REFERENCES reports(id) ON DELETE SET NULL,"      \
	"  idx INTEGER NOT NULL,"                                             \
	"  verb TEXT NOT NULL, args TEXT NOT NULL DEFAULT '',"                \
	"  author TEXT NOT NULL, tier TEXT NOT NULL,"                         \
	"  allowed INTEGER NOT NULL, result TEXT NOT NULL,"                   \
	"  created_at INTEGER NOT NULL,"                                      \
	"  UNIQUE (msg_id, idx)"                                              \
	");"                                                                  \
	"CREATE TABLE report_history ("                                       \
	"  id INTEGER PRIMARY KEY,"                                           \
	"  report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE," \
	"  date INTEGER NOT NULL,"                                            \
	"  from_state TEXT NOT NULL, to_state TEXT NOT NULL,"                 \
	"  reason TEXT, cause TEXT NOT NULL,"                                 \
	"  msg_id INTEGER REFERENCES messages(id) ON DELETE SET NULL"         \
	");"                                                                  \
	"CREATE INDEX report_history_report ON report_history(report_id, id);" \
	"CREATE TABLE report_related ("                                       \
	"  report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE," \
	"  sha TEXT NOT NULL, relation TEXT NOT NULL,"                        \
	"  PRIMARY KEY (report_id, sha, relation)"                            \
	") WITHOUT ROWID;"                                                    \
	"CREATE TABLE triaged ("                                              \
	"  msg_id INTEGER PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE," \
	"  report_id INTEGER REFERENCES reports(id) ON DELETE SET NULL"       \
	");"                                                                  \
	"CREATE TABLE requests ("                                             \
	"  id INTEGER PRIMARY KEY,"                                           \
	"  report_id INTEGER REFERENCES reports(id) ON DELETE CASCADE,"       \
	"  msg_id INTEGER REFERENCES messages(id) ON DELETE SET NULL,"        \
	"  asker TEXT NOT NULL, kind TEXT NOT NULL, args TEXT NOT NULL DEFAULT ''," \
	"  state TEXT NOT NULL CHECK (state IN ('new','queued','done',"       \
	"    'failed','expired')),"                                           \
	"  result TEXT,"                                                      \
	"  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,"         \
	"  UNIQUE (msg_id, kind, args)"                                       \
	");"

/* The events table again, its type CHECK grown by the acts fix-applied,
 * retest-failed and data-provided (doc/reply-acts.md): SQLite cannot
 * change a CHECK, so the table is copied into a new one. */
#define LKB_SCHEMA_EVENT_ACTS                                                 \
	LKB_EVENTS_TABLE("events_acts", LKB_EVENT_TYPES_4                     \
			 ",'fix-applied','retest-failed','data-provided'")    \
	"INSERT INTO events_acts SELECT id, report_id, msg_id, type, source," \
	"  author, evidence, sha, reason, created_at FROM events;"            \
	"DROP TABLE events;"                                                  \
	"ALTER TABLE events_acts RENAME TO events;"                           \
	LKB_EVENTS_ONCE

/* Tables people paste in replies (retest results, comparisons). */
#define LKB_SCHEMA_REPLY_TABLES                                               \
	"CREATE TABLE reply_tables ("                                         \
	"  msg_id INTEGER PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE," \
	"  report_id INTEGER REFERENCES reports(id) ON DELETE SET NULL,"      \
	"  json TEXT NOT NULL"                                                \
	");"

#endif
