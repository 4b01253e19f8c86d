/* test_bucket.c - the triage buckets (bot/report/bucket.c): one row per
 * rule of bucket.h, each the boundary it decides. Days count to "now",
 * the newest mail of the store. */
#include "config.h"

#include <string.h>

#include "bot/report/bucket.h"
#include "tests/unit/check_main.h"

#define DAY 86400
#define NOW (20000 * (int64_t)DAY)

static const struct {
	const char *kind, *state;
	int64_t date, last_mail, last_change;
	enum report_bucket want;
} rows[] = {
	/* NULL kind and state: an open report of no known kind */
	{ NULL, NULL, NOW, -1, -1, BUCKET_ATTENTION },
	/* informational robot mail is never open, however new */
	{ "build-success", "open", NOW, -1, -1, BUCKET_INFO },
	{ "perf-improvement", "open", NOW, -1, -1, BUCKET_INFO },
	{ "other-robot", "closed", NOW - 400 * DAY, -1, -1, BUCKET_INFO },
	/* open, last activity exactly stale_days (90) ago: not yet stale */
	{ "build-error", "open", NOW - 90 * DAY, -1, -1, BUCKET_ATTENTION },
	/* a second more: stale (the 2019 build errors the issue found) */
	{ "build-error", "open", NOW - 90 * DAY - 1, -1, -1, BUCKET_STALE },
	/* an old report with a recent reply is alive again */
	{ "functional", "open", NOW - 900 * DAY, NOW - DAY, -1,
	  BUCKET_ATTENTION },
	/* a recent state change counts as activity too */
	{ "perf-regression", "acknowledged", NOW - 900 * DAY, -1, NOW - DAY,
	  BUCKET_WORKING },
	{ "perf-regression", "fix-proposed", NOW, -1, NOW, BUCKET_WORKING },
	{ "perf-regression", "fix-confirmed", NOW, -1, NOW, BUCKET_WORKING },
	{ "functional", "waiting", NOW, -1, NOW, BUCKET_WAITING },
	/* waiting for long is stale all the same */
	{ "functional", "waiting", NOW - 200 * DAY, -1, NOW - 100 * DAY,
	  BUCKET_STALE },
	/* closed 30 days ago: resolved recently; 31: closed */
	{ "build-error", "closed", NOW - 99 * DAY, -1, NOW - 30 * DAY,
	  BUCKET_RESOLVED },
	{ "build-error", "closed", NOW - 99 * DAY, -1, NOW - 31 * DAY,
	  BUCKET_CLOSED },
	/* closed with no history (imported closed): closed */
	{ "build-error", "closed", NOW, -1, -1, BUCKET_CLOSED },
};

START_TEST(bucket_rules)
{
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct report_bucket_in in = {
			rows[i].kind, rows[i].state, rows[i].date,
			rows[i].last_mail, rows[i].last_change, NOW, 90,
		};
		enum report_bucket got = report_bucket_of(&in);

		ck_assert_msg(got == rows[i].want, "row %zu: %s, want %s", i,
			      report_bucket_name(got),
			      report_bucket_name(rows[i].want));
	}
}
END_TEST

START_TEST(stale_days_and_no_clock)
{
	struct report_bucket_in in = { "build-error", "open", NOW - 10 * DAY,
				       -1, -1, NOW, 7 };

	/* [web] stale_days = 7 */
	ck_assert_int_eq(report_bucket_of(&in), BUCKET_STALE);
	/* 0: the default 90 */
	in.stale_days = 0;
	ck_assert_int_eq(report_bucket_of(&in), BUCKET_ATTENTION);
	/* no dated mail in the store: nothing is stale */
	in.now = -1;
	in.date = 0;
	ck_assert_int_eq(report_bucket_of(&in), BUCKET_ATTENTION);
}
END_TEST

START_TEST(names)
{
	ck_assert_int_eq(report_bucket_from_name(NULL), -1);
	ck_assert_int_eq(report_bucket_from_name(""), -1);
	ck_assert_int_eq(report_bucket_from_name("Attention"), -1);
	for (int b = 0; b < BUCKET__COUNT; b++) {
		ck_assert_int_eq(report_bucket_from_name(
					 report_bucket_name((enum report_bucket)b)),
				 b);
		ck_assert_ptr_nonnull(report_bucket_title((enum report_bucket)b));
	}
	ck_assert_str_eq(report_bucket_name(BUCKET__COUNT), "?");
	ck_assert_int_eq(report_kind_informational(NULL), 0);
	ck_assert_int_eq(report_kind_informational("build-error"), 0);
	ck_assert_int_eq(report_kind_informational("build-regression"), 0);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("bucket");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, bucket_rules);
	tcase_add_test(tc, stale_days_and_no_clock);
	tcase_add_test(tc, names);
	suite_add_tcase(s, tc);
	return s;
}
