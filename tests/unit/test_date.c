/* test_date.c - parsers/date: RFC 5322 s3.3 dates to time_t.
 * Expected epochs were computed with Python's calendar.timegm, not with
 * the code under test. */
#include "config.h"

#include <string.h>
#include <time.h>

#include "tests/unit/check_main.h"
#include "parsers/date.h"

static const struct {
	const char *in;
	int ok;
	long long want;
} cases[] = {
	/* RFC 5322 s3.3 full form, the corpus' report #1 */
	{ "Mon, 8 Jul 2019 17:13:50 +0800", 1, 1562577230 },
	/* day-of-week is optional (s3.3) */
	{ "8 Jul 2019 17:13:50 +0800", 1, 1562577230 },
	/* no blank after the comma: lenient */
	{ "Mon,8 Jul 2019 17:13:50 +0800", 1, 1562577230 },
	/* s4.3 obs-year: two digits, seconds optional (s3.3) */
	{ "Mon, 08 Jul 19 17:13 +0800", 1, 1562577180 },
	/* s4.3 obs-year: three digits add 1900 */
	{ "1 Jan 119 00:00:00 +0000", 1, 1546300800 },
	/* trailing comment (CFWS) */
	{ "Mon, 8 Jul 2019 17:13:50 +0800 (CST)", 1, 1562577230 },
	/* leap day, negative zone */
	{ "Tue, 29 Feb 2000 12:00:00 -0500", 1, 951843600 },
	/* s4.3 obs-zone names */
	{ "Sun, 10 Mar 2024 02:30:00 PST", 1, 1710066600 },
	{ "Thu, 1 Jan 1970 00:00:00 GMT", 1, 0 },
	/* half-hour zone */
	{ "Thu, 13 Feb 2025 10:00:00 +0530", 1, 1739421000 },
	/* asctime form some MTAs write */
	{ "Mon Jan  2 15:04:05 2006", 1, 1136214245 },
	/* full month name, lenient */
	{ "1 January 2020 00:00:00 +0000", 1, 1577836800 },
	/* leap second 60 is allowed by s3.3 */
	{ "Sat, 1 Jan 2000 00:00:60 +0000", 1, 946684860 },
	/* before the epoch */
	{ "Wed, 31 Dec 1969 00:00:00 +0000", 1, -86400 },
	/* range ends */
	{ "Fri, 31 Dec 9999 23:59:59 +0000", 1, 253402300799LL },
	{ "Mon, 1 Jan 1900 00:00:00 +0000", 1, -2208988800LL },
	/* missing zone: read as UTC */
	{ "Mon, 8 Jul 2019 09:13:50", 1, 1562577230 },
	/* refused: no such day, hour, month, or no date at all */
	{ "Fri, 29 Feb 2019 12:00:00 +0000", 0, 0 },
	{ "32 Jan 2019 10:00:00 +0000", 0, 0 },
	{ "Mon, 8 Jul 2019 25:00:00 +0000", 0, 0 },
	{ "1 Foo 2019 10:00:00 +0000", 0, 0 },
	{ "garbage", 0, 0 },
	{ "", 0, 0 },
	{ "8 Jul 2019", 0, 0 },
	{ "99999999999999 Jul 2019 10:00", 0, 0 },
	{ "Mon, 8 Jul 2019 17:13:50 +08", 0, 0 },
};

START_TEST(date_table)
{
	time_t t = 12345;
	int r = date_parse(cases[_i].in, strlen(cases[_i].in), &t);

	if (cases[_i].ok) {
		ck_assert_msg(r == 0, "refused '%s'", cases[_i].in);
		ck_assert_msg((long long)t == cases[_i].want,
			      "'%s': got %lld want %lld", cases[_i].in,
			      (long long)t, cases[_i].want);
	} else {
		ck_assert_msg(r == -1, "accepted '%s'", cases[_i].in);
		ck_assert_int_eq(t, 12345);	/* untouched */
	}
}
END_TEST

/* The value need not be NUL-terminated: nothing past len is read. */
START_TEST(date_len_bounded)
{
	const char buf[] = "Mon, 8 Jul 2019 17:13:50 +0800XXXX";
	time_t t;

	ck_assert_int_eq(date_parse(buf, 30, &t), 0);
	ck_assert_int_eq((long long)t, 1562577230);
	ck_assert_int_eq(date_parse(buf, 0, &t), -1);
}
END_TEST

/* days_from_civil against libc's gmtime_r, an independent oracle. */
START_TEST(date_days_match_gmtime)
{
	for (long long day = -800000; day < 800000; day += 37) {
		time_t t = (time_t)(day * 86400);
		struct tm tm;

		ck_assert_ptr_nonnull(gmtime_r(&t, &tm));
		ck_assert_int_eq(date_days_from_civil(tm.tm_year + 1900LL,
						      (unsigned)tm.tm_mon + 1,
						      (unsigned)tm.tm_mday),
				 day);
	}
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("date");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, date_table, 0,
			    (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, date_len_bounded);
	tcase_add_test(tc, date_days_match_gmtime);
	suite_add_tcase(s, tc);
	return s;
}
