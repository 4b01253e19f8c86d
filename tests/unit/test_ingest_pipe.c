/* test_ingest_pipe.c - the queue between import's parsing and storing
 * threads: order, the byte bound, batched wake-ups, close and stop,
 * with both sides pausing at odd moments; jobs freed by the consumer or
 * given back to the producer (the sanitizer build finds a job freed
 * twice, used after the producer freed it, or never freed). */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bot/ingest/ingest.h"
#include "bot/ingest/ingest_pipe.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "tests/unit/check_main.h"

#define NJOBS 3000

/* Job i has a length of its own, so the consumer can tell them apart;
 * some are bigger than the pipe's byte bound. */
static size_t
job_len(size_t i)
{
	return 40 + (i * 7919) % 9000;
}

static struct ingest_job *
make_job(size_t i)
{
	size_t len = job_len(i);
	char *raw = xmalloc(len);
	struct ingest_job *j;
	int n = snprintf(raw, len, "Subject: job %zu\n\n", i);

	memset(raw + n, 'x', len - (size_t)n);
	j = ingest_job_new(raw, len, "test", 1, NULL,
			   i % 3 ? INGEST_JOB_LATE : 0);
	free(raw);
	return j;
}

struct producer {
	struct ingest_pipe *p;
	size_t n;		/* jobs to push */
	int close_rc;
	size_t pushed;
	int push_rc;		/* the last push's result */
};

static void *
produce(void *arg)
{
	struct producer *pr = arg;

	pr->push_rc = LKB_OK;
	for (size_t i = 0; i < pr->n && pr->push_rc == LKB_OK; i++) {
		if (i % 53 == 0)
			usleep(100);
		pr->push_rc = ingest_pipe_push(pr->p, make_job(i));
		if (pr->push_rc == LKB_OK)
			pr->pushed++;
	}
	ingest_pipe_close(pr->p, pr->close_rc);
	return NULL;
}

/* Pops everything in order; pauses every pause-th job; gives jobs back
 * to the producer (every one, or every other one when give_back is 2)
 * or frees them. */
static void
consume_all(size_t max_jobs, size_t max_bytes, size_t pause, int give_back)
{
	struct producer pr = { 0 };
	struct ingest_job *j;
	pthread_t t;
	size_t got = 0;
	int rc = LKB_OK;

	pr.p = ingest_pipe_new(max_jobs, max_bytes);
	pr.n = NJOBS;
	pr.close_rc = LKB_ERR_IO;	/* handed through to the consumer */
	ck_assert_int_eq(pthread_create(&t, NULL, produce, &pr), 0);
	while ((j = ingest_pipe_pop(pr.p, &rc)) != NULL) {
		ck_assert_uint_eq(ingest_job_bytes(j), job_len(got));
		if (give_back == 1 || (give_back == 2 && got % 2))
			ingest_pipe_done(pr.p, j);
		else
			ingest_job_free(j);
		if (pause && ++got % pause == 0)
			usleep(150);
		else if (!pause)
			got++;
	}
	pthread_join(t, NULL);
	ck_assert_uint_eq(got, NJOBS);
	ck_assert_uint_eq(pr.pushed, NJOBS);
	ck_assert_int_eq(rc, LKB_ERR_IO);
	ingest_pipe_free(pr.p);
}

START_TEST(pipe_order_fast_consumer)
{
	consume_all(64, 8 * 1024 * 1024, 0, 0);
	consume_all(64, 8 * 1024 * 1024, 0, 1);
}
END_TEST

START_TEST(pipe_order_slow_consumer)
{
	consume_all(64, 8 * 1024 * 1024, 7, 0);
	consume_all(64, 8 * 1024 * 1024, 7, 1);
}
END_TEST

START_TEST(pipe_order_byte_bound)
{
	/* most pushes wait for bytes, not for slots */
	consume_all(64, 12000, 5, 2);
	consume_all(4, 4096, 0, 1);
	consume_all(1, 1, 3, 2);
}
END_TEST

START_TEST(pipe_stop_releases_producer)
{
	struct producer pr = { 0 };
	struct ingest_job *j;
	pthread_t t;
	int rc;

	pr.p = ingest_pipe_new(8, 20000);
	pr.n = NJOBS;
	ck_assert_int_eq(pthread_create(&t, NULL, produce, &pr), 0);
	for (int i = 0; i < 100; i++) {
		j = ingest_pipe_pop(pr.p, &rc);
		ck_assert_ptr_nonnull(j);
		ingest_pipe_done(pr.p, j);
	}
	ingest_pipe_stop(pr.p);
	pthread_join(t, NULL);	/* hangs (test timeout) if push never returns */
	ck_assert_int_eq(pr.push_rc, LKB_ERR);
	ck_assert_uint_lt(pr.pushed, NJOBS);
	ck_assert_ptr_null(ingest_pipe_pop(pr.p, &rc));
	ck_assert_int_eq(rc, LKB_ERR);
	ingest_pipe_free(pr.p);	/* frees what is queued or given back */
}
END_TEST

START_TEST(pipe_empty_close)
{
	struct ingest_pipe *p = ingest_pipe_new(16, 1000);
	int rc = LKB_ERR;

	ingest_pipe_close(p, LKB_OK);
	ck_assert_ptr_null(ingest_pipe_pop(p, &rc));
	ck_assert_int_eq(rc, LKB_OK);
	ingest_pipe_free(p);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("ingest_pipe");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, pipe_order_fast_consumer);
	tcase_add_test(tc, pipe_order_slow_consumer);
	tcase_add_test(tc, pipe_order_byte_bound);
	tcase_add_test(tc, pipe_stop_releases_producer);
	tcase_add_test(tc, pipe_empty_close);
	suite_add_tcase(s, tc);
	return s;
}
