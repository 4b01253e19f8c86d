/* test_outbox.c - the outbox table and its state machine. */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/unit/check_main.h"
#include "lib/status.h"
#include "state/store.h"
#include "state/store_outbox.h"

static char db_path[64];
static struct store *st;

static void
setup(void)
{
	int fd;

	snprintf(db_path, sizeof(db_path), "/tmp/lkb-outbox-XXXXXX");
	fd = mkstemp(db_path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(store_open(db_path, STORE_RW, &st), LKB_OK);
}

static void
teardown(void)
{
	char p[80];

	store_close(st);
	st = NULL;
	unlink(db_path);
	snprintf(p, sizeof(p), "%s-wal", db_path);
	unlink(p);
	snprintf(p, sizeof(p), "%s-shm", db_path);
	unlink(p);
}

static int64_t
enqueue(const char *kind, const char *req, int64_t tid, int64_t now,
	int *is_new)
{
	static const char *const rcpt[] = { "jane@example.com",
					     "lkp@intel.com" };
	struct store_outbox_in in = { 0 };
	char mid[128];
	int64_t id = -1;

	snprintf(mid, sizeof(mid), "lkpbot.%s.%s@example.org", req, kind);
	in.kind = kind;
	in.request_id = req;
	in.thread_id = tid;
	in.message_id = mid;
	in.envelope_from = "";
	in.rcpt = rcpt;
	in.nrcpt = 2;
	in.subject = "Re: x";
	in.raw = "Subject: Re: x\r\n\r\nhi\0there\r\n";
	in.raw_len = 28;	/* a NUL inside must survive */
	in.now = now;
	ck_assert_int_eq(store_outbox_enqueue(st, &in, &id, is_new), LKB_OK);
	return id;
}

static enum outbox_state
state_of(int64_t id)
{
	struct store_outbox_row r;
	enum outbox_state s;

	ck_assert_int_eq(store_outbox_get(st, id, 0, &r), 1);
	s = r.state;
	store_outbox_row_release(&r);
	return s;
}

START_TEST(outbox_enqueue_once)
{
	int is_new;
	int64_t a = enqueue("ack", "1", 7, 1000, &is_new), b, n;

	ck_assert_int_eq(is_new, 1);
	b = enqueue("ack", "1", 7, 2000, &is_new);
	ck_assert_int_eq(is_new, 0);
	ck_assert_int_eq(a, b);
	enqueue("error", "1", 7, 1000, &is_new);	/* other kind: new */
	ck_assert_int_eq(is_new, 1);
	ck_assert_int_eq(store_outbox_count(st, OUTBOX_PENDING, &n), LKB_OK);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(state_of(a), OUTBOX_PENDING);
}
END_TEST

START_TEST(outbox_enqueue_joins_caller_txn)
{
	int is_new;
	int64_t n;

	/* the decision rolls back: its outbox row must go with it */
	ck_assert_int_eq(store_begin_write(st), LKB_OK);
	enqueue("ack", "9", 1, 1000, &is_new);
	store_rollback(st);
	ck_assert_int_eq(store_outbox_count(st, OUTBOX_PENDING, &n), LKB_OK);
	ck_assert_int_eq(n, 0);
	/* and commits with it */
	ck_assert_int_eq(store_begin_write(st), LKB_OK);
	enqueue("ack", "9", 1, 1000, &is_new);
	ck_assert_int_eq(store_commit(st), LKB_OK);
	ck_assert_int_eq(store_outbox_count(st, OUTBOX_PENDING, &n), LKB_OK);
	ck_assert_int_eq(n, 1);
}
END_TEST

START_TEST(outbox_enqueue_refuses_bad_rows)
{
	static const char *const bad_rcpt[] = { "a@b\r\nRCPT TO:<x@y>" };
	struct store_outbox_in in = { 0 };
	int64_t id;
	int is_new;

	in.kind = "ack";
	in.request_id = "1";
	in.message_id = "m@x";
	in.raw = "x";
	in.raw_len = 1;
	in.rcpt = bad_rcpt;
	in.nrcpt = 0;
	ck_assert_int_eq(store_outbox_enqueue(st, &in, &id, &is_new),
			 LKB_ERR_USAGE);
	in.nrcpt = 1;
	ck_assert_int_eq(store_outbox_enqueue(st, &in, &id, &is_new),
			 LKB_ERR_USAGE);
	/* same Message-ID for another request: refused */
	enqueue("ack", "1", 0, 1000, &is_new);
	in.rcpt = (const char *const[]){ "a@b" };
	in.request_id = "2";
	in.message_id = "lkpbot.1.ack@example.org";
	ck_assert_int_eq(store_outbox_enqueue(st, &in, &id, &is_new),
			 LKB_ERR_DB);
}
END_TEST

START_TEST(outbox_claim_and_send)
{
	struct store_outbox_row r;
	int is_new;
	int64_t id = enqueue("ack", "1", 0, 1000, &is_new);

	ck_assert_int_eq(store_outbox_claim_next(st, 999, &r), 0);
	ck_assert_int_eq(store_outbox_claim_next(st, 1000, &r), 1);
	ck_assert_int_eq(r.id, id);
	ck_assert_int_eq(r.state, OUTBOX_SENDING);
	ck_assert_uint_eq(r.raw_len, 28);
	ck_assert_int_eq(memcmp(r.raw + 18, "hi\0there\r\n", 10), 0);
	ck_assert_str_eq(r.recipients, "jane@example.com\nlkp@intel.com");
	ck_assert_str_eq(r.envelope_from, "");
	ck_assert_int_eq(r.claimed_at, 1000);
	store_outbox_row_release(&r);
	/* claimed rows are not claimed twice */
	ck_assert_int_eq(store_outbox_claim_next(st, 5000, &r), 0);
	ck_assert_int_eq(store_outbox_mark_sent(st, id, 1001), LKB_OK);
	ck_assert_int_eq(state_of(id), OUTBOX_SENT);
	/* sent is final: no second send, no drop, no requeue */
	ck_assert_int_eq(store_outbox_mark_sent(st, id, 1002), LKB_ERR_PROTO);
	ck_assert_int_eq(store_outbox_drop(st, id, 1), LKB_ERR_USAGE);
	ck_assert_int_eq(store_outbox_requeue(st, id, 1, 1003), LKB_ERR_USAGE);
	ck_assert_int_eq(store_outbox_get(st, id, 0, &r), 1);
	ck_assert_int_eq(r.sent_at, 1001);
	ck_assert_int_eq(r.attempts, 1);
	store_outbox_row_release(&r);
}
END_TEST

START_TEST(outbox_backoff_values)
{
	/* 5 min * 2^attempts, capped at 12 h */
	ck_assert_int_eq(store_outbox_backoff(0), 300);
	ck_assert_int_eq(store_outbox_backoff(1), 600);
	ck_assert_int_eq(store_outbox_backoff(3), 2400);
	ck_assert_int_eq(store_outbox_backoff(7), 38400);
	ck_assert_int_eq(store_outbox_backoff(8), 43200);
	ck_assert_int_eq(store_outbox_backoff(1000), 43200);
}
END_TEST

START_TEST(outbox_retry_then_give_up)
{
	struct store_outbox_row r;
	int64_t next, now = 1000;
	int is_new;
	int64_t id = enqueue("ack", "1", 0, now, &is_new);

	ck_assert_int_eq(store_outbox_claim_next(st, now, &r), 1);
	store_outbox_row_release(&r);
	ck_assert_int_eq(store_outbox_retry_later(st, id, "450 busy", now, 3,
						  &next), 1);
	ck_assert_int_eq(next, now + 300);
	/* not due before the back-off */
	ck_assert_int_eq(store_outbox_claim_next(st, now + 299, &r), 0);
	ck_assert_int_eq(store_outbox_claim_next(st, now + 300, &r), 1);
	ck_assert_int_eq(r.attempts, 1);
	ck_assert_str_eq(r.last_error, "450 busy");
	store_outbox_row_release(&r);
	ck_assert_int_eq(store_outbox_retry_later(st, id, "451 again",
						  now + 300, 3, &next), 1);
	ck_assert_int_eq(next, now + 300 + 600);
	ck_assert_int_eq(store_outbox_claim_next(st, next, &r), 1);
	store_outbox_row_release(&r);
	/* third failure with max 3: failed */
	ck_assert_int_eq(store_outbox_retry_later(st, id, "452 no", next, 3,
						  &next), 0);
	ck_assert_int_eq(state_of(id), OUTBOX_FAILED);
	ck_assert_int_eq(store_outbox_get(st, id, 0, &r), 1);
	ck_assert_int_eq(r.attempts, 3);
	ck_assert_str_eq(r.last_error, "452 no");
	store_outbox_row_release(&r);
	/* an operator may requeue a failed row */
	ck_assert_int_eq(store_outbox_requeue(st, id, 0, 9000), LKB_OK);
	ck_assert_int_eq(state_of(id), OUTBOX_PENDING);
}
END_TEST

START_TEST(outbox_permanent_failure)
{
	struct store_outbox_row r;
	int is_new;
	int64_t id = enqueue("ack", "1", 0, 10, &is_new);

	ck_assert_int_eq(store_outbox_claim_next(st, 10, &r), 1);
	store_outbox_row_release(&r);
	ck_assert_int_eq(store_outbox_mark_failed(st, id, "550 5.1.1 no such "
						  "user", 11), LKB_OK);
	ck_assert_int_eq(store_outbox_get(st, id, 0, &r), 1);
	ck_assert_int_eq(r.state, OUTBOX_FAILED);
	ck_assert_str_eq(r.last_error, "550 5.1.1 no such user");
	store_outbox_row_release(&r);
	ck_assert_int_eq(store_outbox_claim_next(st, 1000000, &r), 0);
}
END_TEST

START_TEST(outbox_stuck_sending_needs_force)
{
	struct store_outbox_row r;
	int is_new;
	int64_t id = enqueue("ack", "1", 0, 10, &is_new), n;

	/* a crash after the claim leaves the row in sending */
	ck_assert_int_eq(store_outbox_claim_next(st, 10, &r), 1);
	store_outbox_row_release(&r);
	ck_assert_int_eq(store_outbox_count(st, OUTBOX_SENDING, &n), LKB_OK);
	ck_assert_int_eq(n, 1);
	/* it is never claimed again by itself */
	ck_assert_int_eq(store_outbox_claim_next(st, 1000000, &r), 0);
	ck_assert_int_eq(store_outbox_claim(st, id, 1000000, &r), 0);
	ck_assert_int_eq(store_outbox_requeue(st, id, 0, 20), LKB_ERR_USAGE);
	ck_assert_int_eq(store_outbox_drop(st, id, 0), LKB_ERR_USAGE);
	ck_assert_int_eq(state_of(id), OUTBOX_SENDING);
	ck_assert_int_eq(store_outbox_requeue(st, id, 1, 20), LKB_OK);
	ck_assert_int_eq(state_of(id), OUTBOX_PENDING);
	ck_assert_int_eq(store_outbox_claim_next(st, 20, &r), 1);
	store_outbox_row_release(&r);
	/* server unreachable: back to pending, no attempt counted */
	ck_assert_int_eq(store_outbox_release(st, id, "connection refused"),
			 LKB_OK);
	ck_assert_int_eq(store_outbox_get(st, id, 0, &r), 1);
	ck_assert_int_eq(r.state, OUTBOX_PENDING);
	ck_assert_int_eq(r.attempts, 0);
	ck_assert_str_eq(r.last_error, "connection refused");
	store_outbox_row_release(&r);
}
END_TEST

START_TEST(outbox_claim_by_id_and_drop)
{
	struct store_outbox_row r;
	int is_new;
	int64_t a = enqueue("ack", "1", 0, 10, &is_new);
	int64_t b = enqueue("ack", "2", 0, 5000, &is_new);

	/* "send now": a row not yet due can be claimed by id */
	ck_assert_int_eq(store_outbox_claim(st, b, 10, &r), 1);
	ck_assert_int_eq(r.id, b);
	store_outbox_row_release(&r);
	ck_assert_int_eq(store_outbox_claim(st, 999, 10, &r), 0);
	ck_assert_int_eq(store_outbox_drop(st, a, 0), LKB_OK);
	ck_assert_int_eq(store_outbox_get(st, a, 0, &r), 0);
	ck_assert_int_eq(store_outbox_drop(st, a, 0), LKB_ERR_NOT_FOUND);
	ck_assert_int_eq(store_outbox_drop(st, b, 1), LKB_OK);
}
END_TEST

START_TEST(outbox_rate_counts)
{
	struct store_outbox_row r;
	int is_new;
	int64_t n;

	enqueue("ack", "1", 5, 100, &is_new);
	enqueue("ack", "2", 5, 200, &is_new);
	enqueue("ack", "3", 6, 300, &is_new);
	ck_assert_int_eq(store_outbox_count_created(st, 0, 150, INT64_MAX, &n), LKB_OK);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(store_outbox_count_created(st, 5, 0, INT64_MAX, &n), LKB_OK);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(store_outbox_count_created(st, 6, 0, INT64_MAX, &n), LKB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(store_outbox_claim_next(st, 1000, &r), 1);
	ck_assert_int_eq(store_outbox_mark_sent(st, r.id, 1000), LKB_OK);
	store_outbox_row_release(&r);
	ck_assert_int_eq(store_outbox_count_sent(st, 1000, INT64_MAX, &n), LKB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(store_outbox_count_sent(st, 1001, INT64_MAX, &n), LKB_OK);
	ck_assert_int_eq(n, 0);
}
END_TEST

static int
count_rows(const struct store_outbox_row *r, void *arg)
{
	(void)r;
	++*(int *)arg;
	return 0;
}

START_TEST(outbox_foreach_and_names)
{
	int is_new, n = 0;

	enqueue("ack", "1", 0, 1, &is_new);
	enqueue("ack", "2", 0, 1, &is_new);
	ck_assert_int_eq(store_outbox_foreach(st, -1, count_rows, &n), LKB_OK);
	ck_assert_int_eq(n, 2);
	n = 0;
	ck_assert_int_eq(store_outbox_foreach(st, OUTBOX_SENT, count_rows, &n),
			 LKB_OK);
	ck_assert_int_eq(n, 0);
	for (int i = 0; i < OUTBOX__COUNT; i++)
		ck_assert_int_eq(outbox_state_parse(outbox_state_name(i)), i);
	ck_assert_int_eq(outbox_state_parse("bogus"), -1);
}
END_TEST

START_TEST(outbox_claim_in_txn_is_a_bug)
{
	struct store_outbox_row r;

	/* the claim must be committed before SMTP: inside an open
	 * transaction it aborts (LKB_BUG) */
	ck_assert_int_eq(store_begin_write(st), LKB_OK);
	ck_assert_int_eq(store_outbox_claim_next(st, 1, &r), 0);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("outbox");
	TCase *tc = tcase_create("store");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, outbox_enqueue_once);
	tcase_add_test(tc, outbox_enqueue_joins_caller_txn);
	tcase_add_test(tc, outbox_enqueue_refuses_bad_rows);
	tcase_add_test(tc, outbox_claim_and_send);
	tcase_add_test(tc, outbox_backoff_values);
	tcase_add_test(tc, outbox_retry_then_give_up);
	tcase_add_test(tc, outbox_permanent_failure);
	tcase_add_test(tc, outbox_stuck_sending_needs_force);
	tcase_add_test(tc, outbox_claim_by_id_and_drop);
	tcase_add_test(tc, outbox_rate_counts);
	tcase_add_test(tc, outbox_foreach_and_names);
	/* an abort can only be caught in a forked test */
	if (!getenv("CK_FORK") || strcmp(getenv("CK_FORK"), "no"))
		tcase_add_test_raise_signal(tc, outbox_claim_in_txn_is_a_bug,
					    SIGABRT);
	suite_add_tcase(s, tc);
	return s;
}
