/* test_store.c - schema, migrations, messages and thread linking. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "tests/unit/check_main.h"
#include "lib/status.h"
#include "parsers/message.h"
#include "state/store.h"
#include "state/store-internal.h"	/* st->db */
#include "state/store_request.h"
#include "state/store_triage.h"

static char dbpath[64];
static struct store *st;

static void
setup(void)
{
	lkb_test_open_db(dbpath, sizeof(dbpath), "store", &st);
}

static void
teardown(void)
{
	store_close(st);
	st = NULL;
	lkb_test_remove_db(dbpath);
}

static const char *add_raw;	/* raw bytes the next add() keeps */

/* A message with id, parent and references ("a b c"). */
static int64_t
add(const char *mid, const char *irt, const char *refs_text, int *is_new)
{
	struct message m;
	struct store_msg_in in = { 0 };
	const char *refs[8];
	char buf[256], hash[65];
	int64_t id = 0;
	int n = 0, nn = 0;

	memset(&m, 0, sizeof(m));
	if (refs_text) {
		char *p = buf;

		snprintf(buf, sizeof(buf), "%s", refs_text);
		while (*p && n < 8) {
			refs[n++] = p;
			while (*p && *p != ' ')
				p++;
			if (*p)
				*p++ = '\0';
		}
	}
	m.message_id = mid;
	m.in_reply_to = irt;
	m.references = refs;
	m.nreferences = (size_t)n;
	m.subject = "s";
	m.from.name = "";
	m.from.addr = "a@b";
	m.date = 1000;
	m.body = "";
	m.quality = MSG_OK;
	snprintf(hash, sizeof(hash), "%064d", (int)strlen(mid ? mid : "") +
		 (mid ? mid[0] : 0));
	in.m = &m;
	in.source = "test";
	in.content_hash = hash;
	in.raw = add_raw;
	in.raw_len = add_raw ? strlen(add_raw) : 0;
	add_raw = NULL;
	ck_assert_int_eq(store_message_add(st, &in, &id, is_new ? is_new : &nn),
			 LKB_OK);
	return id;
}

static int64_t
thread_of(const char *mid)
{
	struct store_msg sm;
	int64_t t;

	ck_assert_int_eq(store_message_get(st, mid, &sm), 1);
	t = sm.thread_id;
	store_msg_release(&sm);
	return t;
}

static int64_t
parent_of(const char *mid)
{
	struct store_msg sm;
	int64_t p;

	ck_assert_int_eq(store_message_get(st, mid, &sm), 1);
	p = sm.parent_id;
	store_msg_release(&sm);
	return p;
}

START_TEST(schema_is_at_head)
{
	int v = -1;

	ck_assert_int_eq(store_schema_version(st, &v), LKB_OK);
	ck_assert_int_eq(v, store_schema_head());
	ck_assert_int_eq(store_check(st), LKB_OK);
}
END_TEST

START_TEST(dedup_by_message_id)
{
	int is_new;
	int64_t a = add("x@1", NULL, NULL, &is_new);

	ck_assert_int_eq(is_new, 1);
	ck_assert_int_eq(add("x@1", NULL, NULL, &is_new), a);
	ck_assert_int_eq(is_new, 0);
}
END_TEST

START_TEST(reply_before_parent_is_linked)
{
	/* the reply arrives first, then the report it answers */
	int64_t r = add("reply@x", "report@x", "report@x", NULL);
	int64_t p = add("report@x", NULL, NULL, NULL);

	ck_assert_int_eq(thread_of("reply@x"), thread_of("report@x"));
	ck_assert_int_eq(parent_of("reply@x"), p);
	ck_assert_int_ne(r, p);
}
END_TEST

START_TEST(two_orphans_merge_when_parent_arrives)
{
	/* two replies that only share a missing parent P */
	add("c1@x", "mid@x", "root@x mid@x", NULL);
	add("c2@x", "other@x", "other@x", NULL);
	ck_assert_int_ne(thread_of("c1@x"), thread_of("c2@x"));
	/* "other" replies to "mid": both threads join */
	add("other@x", "mid@x", "root@x mid@x", NULL);
	ck_assert_int_eq(thread_of("c1@x"), thread_of("c2@x"));
	ck_assert_int_eq(thread_of("c1@x"), thread_of("other@x"));
}
END_TEST

START_TEST(truncated_references_link_transitively)
{
	/* corpus README: long threads where References lost the report */
	add("r@x", NULL, NULL, NULL);
	add("a@x", "r@x", "r@x", NULL);
	add("b@x", "a@x", "a@x", NULL);		/* report id dropped */
	add("c@x", "b@x", "b@x", NULL);
	ck_assert_int_eq(thread_of("c@x"), thread_of("r@x"));
}
END_TEST

/* Ids a mail names more than once (its parent again in References,
 * itself, one reference twice) go into the thread once each: the mail
 * is stored, and a later mail with one of them joins its thread. */
START_TEST(ids_named_twice_are_put_once)
{
	int is_new;
	int64_t a, p, q;

	a = add("self@x", "p@x", "p@x self@x p@x q@x q@x", &is_new);
	ck_assert_int_gt(a, 0);
	ck_assert_int_eq(is_new, 1);
	q = add("q@x", NULL, NULL, NULL);
	p = add("p@x", "q@x", "q@x q@x", NULL);
	ck_assert_int_eq(thread_of("q@x"), thread_of("self@x"));
	ck_assert_int_eq(thread_of("p@x"), thread_of("self@x"));
	ck_assert_int_eq(parent_of("self@x"), p);
	ck_assert_int_eq(parent_of("p@x"), q);
	ck_assert_int_eq(store_check(st), LKB_OK);
}
END_TEST

START_TEST(no_message_id_dedups_by_content)
{
	int is_new;
	int64_t a = add(NULL, NULL, NULL, &is_new);

	ck_assert_int_eq(is_new, 1);
	ck_assert_int_eq(add(NULL, NULL, NULL, &is_new), a);
	ck_assert_int_eq(is_new, 0);
}
END_TEST

static int
page_size(sqlite3 *db)
{
	sqlite3_stmt *s;
	int n = -1;

	ck_assert_int_eq(sqlite3_prepare_v2(db, "PRAGMA page_size", -1, &s,
					    NULL), SQLITE_OK);
	if (sqlite3_step(s) == SQLITE_ROW)
		n = sqlite3_column_int(s, 0);
	sqlite3_finalize(s);
	return n;
}

/* A database the store makes has 8 KiB pages; one made before (4 KiB,
 * SQLite's default) keeps its size when the store opens and migrates
 * it, and stays whole. */
START_TEST(page_size_new_and_kept)
{
	char old[64];
	struct store *o = NULL;
	sqlite3 *db;
	int fd;

	ck_assert_int_eq(page_size(st->db), 8192);
	snprintf(old, sizeof(old), "/tmp/lkb-store-XXXXXX");
	fd = mkstemp(old);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(sqlite3_open(old, &db), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(db, "PRAGMA page_size=4096;"
				      "CREATE TABLE t (x); DROP TABLE t;",
				      NULL, NULL, NULL), SQLITE_OK);
	ck_assert_int_eq(page_size(db), 4096);
	sqlite3_close(db);
	ck_assert_int_eq(store_open(old, STORE_RW, &o), LKB_OK);
	ck_assert_int_eq(page_size(o->db), 4096);
	ck_assert_int_eq(store_check(o), LKB_OK);
	store_close(o);
	lkb_test_remove_db(old);
}
END_TEST

START_TEST(readonly_open_of_missing_db_fails)
{
	struct store *ro = NULL;

	ck_assert_int_ne(store_open("/nonexistent/dir/x.db", STORE_RO, &ro),
			 LKB_OK);
	ck_assert_ptr_null(ro);
}
END_TEST

START_TEST(nested_rollback_rolls_back_all)
{
	int is_new;

	ck_assert_int_eq(store_begin_write(st), LKB_OK);
	add("t1@x", NULL, NULL, &is_new);	/* nests inside */
	store_rollback(st);
	ck_assert_int_eq(store_message_exists(st, "t1@x", NULL), 0);
}
END_TEST

/* triage's savepoint per mail: one mail undone, the batch goes on,
 * a nested rollback inside it forgotten */
START_TEST(savepoint_undoes_one_unit)
{
	struct store_msg sm;
	int is_new;

	ck_assert_int_eq(store_begin_write(st), LKB_OK);
	add("s1@x", NULL, NULL, &is_new);
	ck_assert_int_eq(store_savepoint(st), LKB_OK);
	add("s2@x", NULL, NULL, &is_new);
	ck_assert_int_eq(store_savepoint_release(st), LKB_OK);
	ck_assert_int_eq(store_savepoint(st), LKB_OK);
	add("s3@x", NULL, NULL, &is_new);
	ck_assert_int_eq(store_begin_write(st), LKB_OK);
	store_rollback(st);	/* nested: would fail the commit */
	ck_assert_int_eq(store_savepoint_rollback(st), LKB_OK);
	ck_assert_int_eq(store_message_get(st, "s1@x", &sm), 1);
	/* the skipped unit's problem, recorded once */
	ck_assert_int_eq(store_triage_skip(st, sm.id, "triage: why"), LKB_OK);
	ck_assert_int_eq(store_triage_skip(st, sm.id, "triage: why"), LKB_OK);
	store_msg_release(&sm);
	ck_assert_int_eq(store_commit(st), LKB_OK);
	ck_assert_int_eq(store_message_exists(st, "s1@x", NULL), 1);
	ck_assert_int_eq(store_message_exists(st, "s2@x", NULL), 1);
	ck_assert_int_eq(store_message_exists(st, "s3@x", NULL), 0);
	ck_assert_int_eq(store_message_get(st, "s1@x", &sm), 1);
	ck_assert_str_eq(sm.problem, "triage: why");
	store_msg_release(&sm);
}
END_TEST


static long long
pack_size(void)
{
	char p[80];
	struct stat sb;

	snprintf(p, sizeof(p), "%s.raw", dbpath);
	return stat(p, &sb) == 0 ? (long long)sb.st_size : -1;
}

static void
assert_raw(const char *mid, const char *want)
{
	struct store_msg sm;
	char *raw = NULL;
	size_t len = 0;

	ck_assert_int_eq(store_message_get(st, mid, &sm), 1);
	ck_assert_int_eq(sm.has_raw, want != NULL);
	ck_assert_int_eq(store_message_raw(st, sm.id, &raw, &len), want != NULL);
	if (want) {
		ck_assert_uint_eq(len, strlen(want));
		ck_assert_str_eq(raw, want);
	}
	free(raw);
	store_msg_release(&sm);
}

START_TEST(raw_bytes_in_the_pack)
{
	add_raw = "Subject: one\n\nfirst\n";
	add("r1@x", NULL, NULL, NULL);
	add("bare@x", NULL, NULL, NULL);	/* bytes not kept */
	add_raw = "Subject: two\n\nsecond, longer\n";
	add("r2@x", NULL, NULL, NULL);
	assert_raw("r1@x", "Subject: one\n\nfirst\n");
	assert_raw("r2@x", "Subject: two\n\nsecond, longer\n");
	assert_raw("bare@x", NULL);
	/* written once, beside the database */
	ck_assert_int_eq(pack_size(), (long long)(strlen("Subject: one\n\n"
		"first\n") + strlen("Subject: two\n\nsecond, longer\n")));
	ck_assert_int_eq(store_check(st), LKB_OK);
}
END_TEST

START_TEST(raw_rollback_cuts_the_pack)
{
	add_raw = "kept\n";
	add("k@x", NULL, NULL, NULL);
	ck_assert_int_eq(pack_size(), 5);
	ck_assert_int_eq(store_begin_write(st), LKB_OK);
	add_raw = "rolled back\n";
	add("gone@x", NULL, NULL, NULL);
	ck_assert_int_eq(pack_size(), 5 + 12);
	store_rollback(st);
	ck_assert_int_eq(pack_size(), 5);
	ck_assert_int_eq(store_message_exists(st, "gone@x", NULL), 0);
	add_raw = "next\n";
	add("n@x", NULL, NULL, NULL);
	assert_raw("n@x", "next\n");
	assert_raw("k@x", "kept\n");
}
END_TEST

START_TEST(raw_pack_cut_short_is_found)
{
	char p[80];

	add_raw = "Subject: x\n\n0123456789\n";
	add("cut@x", NULL, NULL, NULL);
	store_close(st);
	snprintf(p, sizeof(p), "%s.raw", dbpath);
	ck_assert_int_eq(truncate(p, 10), 0);
	ck_assert_int_eq(store_open(dbpath, STORE_RO, &st), LKB_OK);
	ck_assert_int_eq(store_check(st), LKB_ERR_DB);
	{
		struct store_msg sm;
		char *raw = NULL;
		size_t len;

		ck_assert_int_eq(store_message_get(st, "cut@x", &sm), 1);
		/* reported and treated as not kept (0), so that triage
		 * skips it instead of failing on it in every run */
		ck_assert_int_eq(store_message_raw(st, sm.id, &raw, &len), 0);
		ck_assert_ptr_null(raw);
		store_msg_release(&sm);
	}
}
END_TEST

/* OpenEphemeral opcodes in the plan of storing one message, read on
 * db (the store's own connection, or another). */
static int
ephemerals(sqlite3 *db)
{
	sqlite3_stmt *s = NULL;
	int n = 0;

	ck_assert_int_eq(sqlite3_prepare_v2(db, "EXPLAIN INSERT INTO messages"
		" (message_id, content_hash, source, quality, thread_id,"
		" imported_at) VALUES ('x', '', 's', 'ok', 1, 0)", -1, &s,
		NULL), SQLITE_OK);
	while (sqlite3_step(s) == SQLITE_ROW)
		n += strcmp((const char *)sqlite3_column_text(s, 1),
			    "OpenEphemeral") == 0;
	sqlite3_finalize(s);
	return n;
}

/* Migration 12 -> 13 edits the CREATE text of messages: the connection
 * that migrates stores with the new text at once, not from the next
 * run on (white box: the store's connection). */
START_TEST(schema_13_in_the_migrating_connection)
{
	sqlite3 *db;

	store_close(st);
	ck_assert_int_eq(sqlite3_open(dbpath, &db), SQLITE_OK);
	ck_assert_int_eq(ephemerals(db), 0);
	ck_assert_int_eq(sqlite3_exec(db, "PRAGMA writable_schema=ON;"
		"UPDATE sqlite_schema SET sql = replace(sql, 'quality = ''ok''"
		" OR quality = ''partial'' OR quality = ''rejected''',"
		" 'quality IN (''ok'',''partial'',''rejected'')')"
		" WHERE name = 'messages';"
		"PRAGMA writable_schema=OFF;"
		/* and the migrations after it undone, to run again */
		"DROP INDEX events_review;"
		"ALTER TABLE events DROP COLUMN confidence;"
		"ALTER TABLE events DROP COLUMN review;"
		"ALTER TABLE events DROP COLUMN reviewed_by;"
		"ALTER TABLE events DROP COLUMN reviewed_at;"
		"DROP TABLE patch_keys; DROP TABLE fix_links;"
		"DROP TABLE skips; ALTER TABLE outbox DROP COLUMN team;"
		"ALTER TABLE requests DROP COLUMN outsider;"
		"ALTER TABLE reports DROP COLUMN unverified;"
		"ALTER TABLE messages DROP COLUMN trusted;"
		"PRAGMA user_version=12;",
		NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	ck_assert_int_eq(sqlite3_open(dbpath, &db), SQLITE_OK);
	ck_assert_int_eq(ephemerals(db), 1);	/* the text went back */
	sqlite3_close(db);
	ck_assert_int_eq(store_open(dbpath, STORE_RW, &st), LKB_OK);
	ck_assert_int_eq(ephemerals(st->db), 0);
	ck_assert_int_eq(store_check(st), LKB_OK);
	add("after@x", NULL, NULL, NULL);
}
END_TEST

START_TEST(raw_blob_of_schema_7_still_read)
{
	sqlite3 *db;

	add("old@x", NULL, NULL, NULL);
	store_close(st);
	/* a row as schema 7 stored it: the bytes in the raw column */
	ck_assert_int_eq(sqlite3_open(dbpath, &db), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(db, "UPDATE messages SET raw ="
				      " CAST('old bytes' AS BLOB) WHERE"
				      " message_id = 'old@x'", NULL, NULL,
				      NULL), SQLITE_OK);
	sqlite3_close(db);
	ck_assert_int_eq(store_open(dbpath, STORE_RW, &st), LKB_OK);
	assert_raw("old@x", "old bytes");
	ck_assert_int_eq(store_check(st), LKB_OK);
}
END_TEST

/* Request kinds and states cross into the store as names and come back
 * as enums; a name this lkpbot does not know is an error, not a guess. */
START_TEST(request_vocabulary_round_trip)
{
	struct store_request rq = { 0 };
	struct store_request_rec r, *v;
	sqlite3 *db;
	size_t n;
	int64_t id;

	rq.asker = "hugh@example.org";
	rq.kind = REQ_COMPARE_SERIES;
	rq.state = REQ_NEW;
	rq.args = "a..b";
	ck_assert_int_eq(store_request_add(st, &rq, &id), LKB_OK);
	ck_assert_int_eq(store_request_set_state(st, id, REQ_QUEUED, "x"),
			 LKB_OK);
	ck_assert_int_eq(store_request_get(st, id, &r), 1);
	ck_assert_int_eq(r.kind, REQ_COMPARE_SERIES);
	ck_assert_int_eq(r.state, REQ_QUEUED);
	store_request_rec_release(&r);
	ck_assert_int_eq(store_request_list(st, REQ_STATE_OPEN, 10, &v, &n),
			 LKB_OK);
	ck_assert_uint_eq(n, 1);
	store_request_list_free(v, n);
	ck_assert_int_eq(store_request_list(st, REQ_DONE, 10, &v, &n), LKB_OK);
	ck_assert_uint_eq(n, 0);
	store_request_list_free(v, n);

	store_close(st);
	ck_assert_int_eq(sqlite3_open(dbpath, &db), SQLITE_OK);
	/* the schema's CHECK refuses it; a damaged or foreign file may not */
	ck_assert_int_eq(sqlite3_exec(db, "PRAGMA ignore_check_constraints = ON;"
				      " UPDATE requests SET state ="
				      " 'bogus'", NULL, NULL, NULL),
			 SQLITE_OK);
	sqlite3_close(db);
	ck_assert_int_eq(store_open(dbpath, STORE_RW, &st), LKB_OK);
	ck_assert_int_eq(store_request_get(st, id, &r), LKB_ERR_DB);
	ck_assert_int_eq(store_request_list(st, REQ_STATE_ANY, 10, &v, &n),
			 LKB_ERR_DB);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("store");
	TCase *tc = tcase_create("messages");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, schema_is_at_head);
	tcase_add_test(tc, page_size_new_and_kept);
	tcase_add_test(tc, dedup_by_message_id);
	tcase_add_test(tc, reply_before_parent_is_linked);
	tcase_add_test(tc, two_orphans_merge_when_parent_arrives);
	tcase_add_test(tc, truncated_references_link_transitively);
	tcase_add_test(tc, ids_named_twice_are_put_once);
	tcase_add_test(tc, no_message_id_dedups_by_content);
	tcase_add_test(tc, readonly_open_of_missing_db_fails);
	tcase_add_test(tc, nested_rollback_rolls_back_all);
	tcase_add_test(tc, savepoint_undoes_one_unit);
	tcase_add_test(tc, raw_bytes_in_the_pack);
	tcase_add_test(tc, raw_rollback_cuts_the_pack);
	tcase_add_test(tc, raw_pack_cut_short_is_found);
	tcase_add_test(tc, raw_blob_of_schema_7_still_read);
	tcase_add_test(tc, schema_13_in_the_migrating_connection);
	tcase_add_test(tc, request_vocabulary_round_trip);
	suite_add_tcase(s, tc);
	return s;
}
