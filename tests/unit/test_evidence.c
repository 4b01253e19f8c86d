/* test_evidence.c - evidence from outside a report's thread: the patch
 * keys that tie versions of a patch together (bot/triage/evidence.c)
 * and the store's patch keys, fix links and requeues
 * (state/store_evidence.c). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "bot/triage/triage-internal.h"
#include "lib/arena.h"
#include "lib/compiler.h"
#include "lib/status.h"
#include "parsers/message.h"
#include "state/store.h"
#include "state/store-internal.h"	/* st->db */
#include "state/store_evidence.h"
#include "state/store_triage.h"
#include "tests/unit/check_main.h"

/* Subjects and the version they carry. */
static const struct {
	const char *subject;
	unsigned version;
} versions[] = {
	{ "[PATCH] blk-mq: enforce op-specific segment limits", 1 },
	{ "[PATCH v2] blk-mq: enforce op-specific segment limits", 2 },
	{ "Re: [PATCH v12 11/22] mm/gup: introduce pin_user_pages*()", 12 },
	{ "[PATCHv6 6/7] block: protect wbt_lat_usec", 6 },
	{ "[RFC PATCH v3 0/4] x", 3 },
	{ "[PATCH -next v2 7/7] x", 2 },
	{ "[PATCH 2/2] PM: EM: no version", 1 },
	{ "[PATCH vx] not a number", 1 },
	{ "[PATCH] title with v9 after the bracket", 1 },
	{ "no bracket at all", 1 },
	{ "[PATCH v99999999999999999999] huge", 1000 },	/* capped, no overflow */
	{ "", 1 },
};

START_TEST(evidence_version)
{
	ck_assert_uint_eq(evidence_patch_version(versions[_i].subject),
			  versions[_i].version);
}
END_TEST

/* Versions of one patch share a key; others do not. */
START_TEST(evidence_key)
{
	struct arena a = ARENA_INIT;
	const char *k1 = evidence_patch_key(&a,
		"Re: [PATCH] blk-mq: enforce op-specific segment limits in "
		"blk_insert_cloned_request", "ushankar@purestorage.com");
	const char *k2 = evidence_patch_key(&a,
		"[PATCH v2] blk-mq: enforce op-specific segment limits in "
		"blk_insert_cloned_request ", "UShankar@PureStorage.com");

	ck_assert_ptr_nonnull(k1);
	ck_assert_str_eq(k1, "ushankar@purestorage.com\nblk-mq: enforce "
			 "op-specific segment limits in "
			 "blk_insert_cloned_request");
	ck_assert_str_eq(k1, k2);
	/* the title's case changed between versions (linux-pci, v5 "Add"
	 * and v6 "add"): the same patch */
	ck_assert_str_eq(evidence_patch_key(&a, "[PATCH v6 0/4] PCI: "
					    "endpoint: add D-state change "
					    "notifier support", "q@x.com"),
			 evidence_patch_key(&a, "Re: [PATCH v5 1/4] PCI: "
					    "endpoint: Add D-state change "
					    "notifier support", "Q@x.com"));
	/* another author, no patch subject, too short a title, no author */
	ck_assert_str_ne(evidence_patch_key(&a, "[PATCH v3] blk-mq: enforce "
					    "op-specific segment limits in "
					    "blk_insert_cloned_request",
					    "other@example.org"), k1);
	ck_assert_ptr_null(evidence_patch_key(&a, "blk-mq: enforce limits",
					      "a@b"));
	ck_assert_ptr_null(evidence_patch_key(&a, "[PATCH] x: y", "a@b"));
	ck_assert_ptr_null(evidence_patch_key(&a, "[PATCH] a long title",
					      NULL));
	ck_assert_ptr_null(evidence_patch_key(&a, "[PATCH] a long title",
					      ""));
	arena_release(&a);
}
END_TEST

/* The title a Fixes: quotes: what names a culprit patch the robot
 * tested on its own branch, applied since as another commit. */
START_TEST(evidence_title)
{
	struct arena a = ARENA_INIT;

	ck_assert_str_eq(evidence_fixes_title(&a, "Fixes: 4596cbea0ed2 "
		"(\"thermal: intel: Remove explicit user_space governor "
		"selection\")"), "thermal: intel: Remove explicit user_space "
		"governor selection");
	ck_assert_str_eq(evidence_fixes_title(&a, "Fixes: 0123456789ab "
		"(\"Revert \"foo: bar baz\"\")"), "Revert \"foo: bar baz\"");
	ck_assert_str_eq(evidence_fixes_title(&a, "Fixes: 0123456789ab (\"  "
		"foo: spaces around  \")"), "foo: spaces around");
	ck_assert_ptr_null(evidence_fixes_title(&a, "Fixes: 0123456789ab"));
	ck_assert_ptr_null(evidence_fixes_title(&a,
		"Fixes: 0123456789ab (\"short\")"));
	ck_assert_ptr_null(evidence_fixes_title(&a,
		"Fixes: 0123456789ab (\"no end to it"));
	ck_assert_ptr_null(evidence_fixes_title(&a,
		"Fixes: 0123456789ab (\"no paren at the end\""));
	ck_assert_ptr_null(evidence_fixes_title(&a, NULL));
	arena_release(&a);
}
END_TEST

static char dbpath[64];
static struct store *st;

static int64_t
add_msg(const char *mid, const char *irt)
{
	return lkb_test_add_message(st, mid, irt, NULL, 0);
}

static int
collect(int64_t id, void *arg)
{
	int64_t *out = arg;

	out[++out[0]] = id;
	return out[0] >= 3;
}

static int
collect_link(const struct store_fix_link *l, void *arg)
{
	char *out = arg;

	snprintf(out, 64, "%lld %lld %s", (long long)l->report_id,
		 (long long)l->msg_id, l->why);
	return 0;
}

static int64_t
count(const char *sql)
{
	sqlite3_stmt *s = NULL;
	int64_t n = -1;

	ck_assert_int_eq(sqlite3_prepare_v2(st->db, sql, -1, &s, NULL),
			 SQLITE_OK);
	if (sqlite3_step(s) == SQLITE_ROW)
		n = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	return n;
}

static void
exec(const char *sql)
{
	ck_assert_int_eq(sqlite3_exec(st->db, sql, NULL, NULL, NULL),
			 SQLITE_OK);
}

static void
setup(void)
{
	lkb_test_open_db(dbpath, sizeof(dbpath), "evidence", &st);
}

static void
teardown(void)
{
	store_close(st);
	st = NULL;
	lkb_test_remove_db(dbpath);
}

/* Keys: kept once, found by key and kind only, in id order, the walk
 * stopped when the callback says so. */
START_TEST(evidence_store_keys)
{
	int64_t m1 = add_msg("p1@x", NULL), m2 = add_msg("p2@x", NULL);
	int64_t got[8] = { 0 };

	ck_assert_int_eq(store_patch_key_add(st, "r@x", "mid", m2), LKB_OK);
	ck_assert_int_eq(store_patch_key_add(st, "r@x", "mid", m1), LKB_OK);
	ck_assert_int_eq(store_patch_key_add(st, "r@x", "mid", m1), LKB_OK);
	ck_assert_int_eq(store_patch_key_add(st, "r@x", "sha", m1), LKB_OK);
	ck_assert_int_eq(count("SELECT count(*) FROM patch_keys"), 3);
	ck_assert_int_eq(store_patch_keys_each(st, "r@x", "mid", collect, got),
			 LKB_OK);
	ck_assert_int_eq(got[0], 2);
	ck_assert_int_eq(got[1], m1);
	ck_assert_int_eq(got[2], m2);
	got[0] = 0;
	ck_assert_int_eq(store_patch_keys_each(st, "R@x", "mid", collect, got),
			 LKB_OK);
	ck_assert_int_eq(got[0], 0);	/* exact, as Message-IDs are */
	/* a mail deleted takes its keys along */
	exec("DELETE FROM messages WHERE message_id = 'p2@x'");
	ck_assert_int_eq(count("SELECT count(*) FROM patch_keys"), 2);
}
END_TEST

/* What is left to triage, counted without a scan: every new message,
 * none once marked, one again when it is queued again. */
START_TEST(evidence_store_pending)
{
	int64_t m1 = add_msg("a@x", NULL), m2 = add_msg("b@x", "a@x"), n = -1;

	ck_assert_int_eq(store_triage_pending(st, &n), LKB_OK);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(store_triage_mark(st, m1, 0), LKB_OK);
	ck_assert_int_eq(store_triage_pending(st, &n), LKB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(store_triage_mark(st, m2, 0), LKB_OK);
	ck_assert_int_eq(store_triage_pending(st, &n), LKB_OK);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(store_triage_requeue_msg(st, m2, &n), LKB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(store_triage_pending(st, &n), LKB_OK);
	ck_assert_int_eq(n, 1);
	/* a message deleted takes its mark along: still 1 */
	exec("DELETE FROM messages WHERE message_id = 'a@x'");
	ck_assert_int_eq(store_triage_pending(st, &n), LKB_OK);
	ck_assert_int_eq(n, 1);
}
END_TEST

/* Fix links: new once, found by the patch's Message-ID; requeues only
 * what was triaged without a report. */
START_TEST(evidence_store_links)
{
	int64_t rep = add_msg("report@x", NULL), patch = add_msg("fix@x", NULL);
	int64_t reply = add_msg("reply@x", "fix@x"), n = -1;
	int64_t bare = add_msg("bare@x", "fix@x");
	char out[64] = "";
	int added = -1;
	char sql[160];

	snprintf(sql, sizeof(sql), "INSERT INTO reports (msg_id, kind, "
		 "parsed_at) VALUES (%lld, 'functional', 0)", (long long)rep);
	exec(sql);
	ck_assert_int_eq(store_fix_link_add(st, "fix@x", 1, patch, "Closes: u",
					    &added), LKB_OK);
	ck_assert_int_eq(added, 1);
	ck_assert_int_eq(store_fix_link_add(st, "fix@x", 1, patch, "Link: u",
					    &added), LKB_OK);
	ck_assert_int_eq(added, 0);	/* one link a patch and report */
	ck_assert_int_eq(store_fix_links_each(st, "fix@x", collect_link, out),
			 LKB_OK);
	snprintf(sql, sizeof(sql), "1 %lld Closes: u", (long long)patch);
	ck_assert_str_eq(out, sql);
	out[0] = '\0';
	ck_assert_int_eq(store_fix_links_each(st, "reply@x", collect_link,
					      out), LKB_OK);
	ck_assert_str_eq(out, "");
	/* the reply triaged alone is queued again, one with a report not,
	 * nor one whose bytes were not kept (it has nothing to say) */
	snprintf(sql, sizeof(sql), "UPDATE messages SET raw_len = 1 WHERE "
		 "id = %lld", (long long)reply);
	exec(sql);
	ck_assert_int_eq(store_triage_mark(st, bare, 0), LKB_OK);
	ck_assert_int_eq(store_triage_mark(st, reply, 0), LKB_OK);
	ck_assert_int_eq(store_triage_mark(st, patch, 1), LKB_OK);
	ck_assert_int_eq(store_triage_requeue_msg(st, patch, &n), LKB_OK);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(store_triage_requeue_below(st, patch, &n), LKB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(count("SELECT count(*) FROM triaged"), 2);
	ck_assert_int_eq(store_triage_mark(st, reply, 0), LKB_OK);
	ck_assert_int_eq(store_triage_requeue_msg(st, reply, &n), LKB_OK);
	ck_assert_int_eq(n, 1);
}
END_TEST

/* Two reports of one date in one thread queued each other again on
 * every pass and every run: a report queues its thread's replies
 * again, never another report. */
START_TEST(evidence_store_two_reports)
{
	int64_t a = add_msg("a@x", "patch@x"), b = add_msg("b@x", "patch@x");
	int64_t reply = add_msg("reply@x", "a@x"), n = -1;
	char sql[200];

	snprintf(sql, sizeof(sql), "INSERT INTO reports (msg_id, kind, "
		 "parsed_at) VALUES (%lld, 'build-error', 0), (%lld, "
		 "'build-error', 0)", (long long)a, (long long)b);
	exec(sql);
	ck_assert_int_eq(store_triage_mark(st, a, 0), LKB_OK);
	ck_assert_int_eq(store_triage_mark(st, b, 0), LKB_OK);
	ck_assert_int_eq(store_triage_mark(st, reply, 0), LKB_OK);
	ck_assert_int_eq(store_triage_requeue_thread(st, 1, &n), LKB_OK);
	ck_assert_int_eq(n, 1);		/* the reply, not report b */
	ck_assert_int_eq(store_triage_requeue_thread(st, 2, &n), LKB_OK);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(count("SELECT count(*) FROM triaged"), 2);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("evidence");
	TCase *tc = tcase_create("keys");
	TCase *ts = tcase_create("store");

	tcase_add_loop_test(tc, evidence_version, 0,
			    (int)LKB_ARRAY_SIZE(versions));
	tcase_add_test(tc, evidence_key);
	tcase_add_test(tc, evidence_title);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(ts, setup, teardown);
	tcase_add_test(ts, evidence_store_keys);
	tcase_add_test(ts, evidence_store_pending);
	tcase_add_test(ts, evidence_store_links);
	tcase_add_test(ts, evidence_store_two_reports);
	suite_add_tcase(s, ts);
	return s;
}
