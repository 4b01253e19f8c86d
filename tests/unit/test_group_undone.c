/* test_group_undone.c - when a later report undoes an open regression
 * (bot/report/undone.c, report_undone_match): the changes cancel and
 * the numbers meet, within the noise of both. */
#include "config.h"

#include <math.h>

#include "bot/report/undone.h"
#include "lib/compiler.h"
#include "tests/unit/check_main.h"

/* a, R base/sd, R value/sd, b, L base/sd, L value/sd -> match, noise */
static const struct {
	double a, rb, rbs, rv, rvs, b, lb, lbs, lv, lvs;
	int match;
	double noise;
} cases[] = {
	/* real: btrfs stress-ng.link, ecc64fab7d then 6e3688e66f */
	{ -81.7, 3.75, 2, 0.69, 10, 443.3, 0.67, 11, 3.66, 2, 1, 15.133 },
	/* real: nfsd filebench, no stddev printed: the 2 % floor */
	{ -15.4, 152.01, 0, 128.66, 0, 16.6, 127.92, 0, 149.15, 0, 1, 2.0 },
	/* the same with +8.1 %: does not cancel */
	{ -15.4, 152.01, 0, 128.66, 0, 8.1, 127.92, 0, 138.28, 0, 0, 2.0 },
	/* the same direction is no undoing */
	{ -15.4, 152.01, 0, 128.66, 0, -16.6, 127.92, 0, 106.7, 0, 0, 2.0 },
	/* the changes cancel, but on another level: another machine or
	 * set-up, not the state the regression left */
	{ -20.0, 100, 1, 80, 1, 25.0, 40, 1, 50, 1, 0, 2.0 },
	/* noisy reports: cancels within 10 % */
	{ -20.0, 100, 5, 80, 5, 15.0, 82, 5, 94.3, 5, 1, 10.0 },
	/* a zero base or value cannot be compared */
	{ -100.0, 10, 0, 0, 0, 50.0, 0, 0, 0, 0, 0, 2.0 },
	/* no change */
	{ 0.0, 10, 0, 10, 0, 0.0, 10, 0, 10, 0, 0, 2.0 },
};

START_TEST(undone_match_table)
{
	double noise = -1;
	int got = report_undone_match(cases[_i].a, cases[_i].rb, cases[_i].rbs,
				      cases[_i].rv, cases[_i].rvs, cases[_i].b,
				      cases[_i].lb, cases[_i].lbs, cases[_i].lv,
				      cases[_i].lvs, &noise);

	ck_assert_int_eq(got, cases[_i].match);
	ck_assert_msg(fabs(noise - cases[_i].noise) < 0.01,
		      "noise %.3f, want %.3f", noise, cases[_i].noise);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("group_undone");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, undone_match_table, 0,
			    (int)LKB_ARRAY_SIZE(cases));
	suite_add_tcase(s, tc);
	return s;
}
