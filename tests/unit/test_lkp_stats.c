/* test_lkp_stats.c - lkp's statistics, row selection and row order
 * (doc/lkp-format.md 5.2-5.5; section 9 selection vectors). Every expected
 * value is worked out by hand in the comment next to it. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bot/compare/matrix.h"
#include "bot/compare/select.h"
#include "bot/compare/stat_rules.h"
#include "bot/compare/stats.h"
#include "lib/status.h"
#include "tests/unit/check_main.h"

static struct compare_rules *rules;

static void
setup(void)
{
	char *err = NULL;

	ck_assert_int_eq(compare_rules_new("stress-ng", &rules, &err), LKB_OK);
}

static void
teardown(void)
{
	compare_rules_free(rules);
}

static void
put(struct compare_dataset *ds, size_t col, const char *name, const double *v)
{
	size_t k = compare_dataset_key(ds, name, strlen(name));
	double *s = compare_dataset_samples(ds, col, k);

	memcpy(s, v, ds->cols[col].nruns * sizeof(*s));
}

static void
two_cols(struct compare_dataset *ds, size_t nruns)
{
	compare_dataset_init(ds, 2);
	compare_dataset_set_runs(ds, 0, nruns);
	compare_dataset_set_runs(ds, 1, nruns);
}

/* Rows lkp shows for one stat, base b vs head a (nruns each). */
static size_t
shown(const char *name, const double *b, const double *a, size_t nruns)
{
	struct compare_dataset ds;
	struct compare_table t;
	char *err = NULL;
	size_t n;

	two_cols(&ds, nruns);
	put(&ds, 0, name, b);
	put(&ds, 1, name, a);
	ck_assert_int_eq(compare_stats_compare(rules, &ds, NULL, &t, &err), LKB_OK);
	n = t.nrows;
	compare_table_release(&t);
	compare_dataset_release(&ds);
	return n;
}

START_TEST(mean_sd_sum)
{
	static const double v[] = { 100, 102, 98, 101, 99, 100 };
	double avg, sd;

	compare_stats_mean_sd(v, 6, &avg, &sd);
	ck_assert(avg == 100);
	/* squares 0 4 4 1 1 0 = 10, 10/6, sqrt = 1.2910 */
	ck_assert(fabs(sd - 1.2909944487358056) < 1e-12);
	compare_stats_mean_sd(v, 1, &avg, &sd);
	ck_assert(avg == 100 && sd == -1);	/* one sample: -1 */
	{
		/* lkp sums the squares left to right and multiplies by
		 * 1 / n: Ruby gives 960.39999999999986 (100 * sd / avg =
		 * 49.999999999999993, "± 49%"); a compensated sum divided
		 * by n gives 960.4 ("± 50%") */
		static const double w[] = { 0, 0, 2401, 2401, 2401, 2401,
					    2401, 2401, 2401, 2401 };

		compare_stats_mean_sd(w, 10, &avg, &sd);
		ck_assert(avg == 1920.8);
		ck_assert(sd == 960.39999999999986);
		ck_assert((int)(100 * sd / avg) == 49);
	}
	compare_stats_mean_sd(v, 0, &avg, &sd);
	ck_assert(avg == 0 && sd == -1);
	/* compensated: 1e16 + 1 + -1e16 = 1 (naive summation gives 0) */
	{
		static const double w[] = { 1e16, 1, -1e16 };

		ck_assert(compare_stats_sum(w, 3) == 1);
	}
	ck_assert(compare_stats_change(80, 100, 0) == -20);
	ck_assert(compare_stats_change(2, 5, 1) == -3);
	ck_assert(compare_stats_change(1, 0, 0) == 1e102);	/* 100 * 1 / 1e-100 */
}
END_TEST

START_TEST(summary_upper_median_and_trim)
{
	static const double v[] = { 10, 11, 9, 10, 12, 8 };
	static const double m[] = { -1, -1, 5, 7, 6 };
	double buf[64], big[64];
	struct compare_summary s;

	ck_assert(compare_select_summary(v, 6, 3, buf, &s));
	/* sorted 8 9 10 10 11 12: upper median index 3 */
	ck_assert(s.min == 8 && s.mean == 10 && s.max == 12);
	ck_assert(compare_select_summary(m, 5, 3, buf, &s));
	ck_assert(s.n == 3 && s.min == 5 && s.mean == 6 && s.max == 7);
	/* 64 samples: margin 64 >> 5 = 2, capped by max_margin 1 */
	for (int i = 0; i < 64; i++)
		big[i] = i;
	ck_assert(compare_select_summary(big, 64, 1, buf, &s));
	ck_assert(s.n == 62 && s.min == 1 && s.max == 62 && s.mean == 32);
	ck_assert(compare_select_summary(big, 64, 3, buf, &s));
	ck_assert(s.n == 60 && s.min == 2 && s.max == 61);
	ck_assert(!compare_select_summary(v, 0, 3, buf, &s));
}
END_TEST

/* Section 9 row selection, metric stress-ng.x.ops_per_sec. */
START_TEST(vector_selection)
{
	static const double b1[] = { 10, 10, 10, 10, 10, 10 };
	static const double a1[] = { 9, 9, 9, 9, 9, 9 };
	static const double b2[] = { 10, 11, 9, 10, 12, 8 };
	static const double a2[] = { 9, 10, 8, 11, 9, 10 };
	static const double b3[] = { 100, 100, 100 };
	static const double a3[] = { 101, 101, 101 };
	static const double a4[] = { 103, 103, 103 };

	/* separated, ratio 10/9 = 1.11 > 1.05 */
	ck_assert_uint_eq(shown("stress-ng.x.ops_per_sec", b1, a1, 6), 1);
	/* upper medians 10 and 10: not changed */
	ck_assert_uint_eq(shown("stress-ng.x.ops_per_sec", b2, a2, 6), 0);
	/* ratio 1.01 is not > 1.01 */
	ck_assert_uint_eq(shown("stress-ng.x.ops_per_sec", b3, a3, 3), 0);
	/* ratio 1.03: enough for a perf metric (stress-ng.), not else */
	ck_assert_uint_eq(shown("stress-ng.x.ops_per_sec", b3, a4, 3), 1);
	ck_assert_uint_eq(shown("foo.bar", b3, a4, 3), 0);
}
END_TEST

START_TEST(selection_rules)
{
	static const double z3[] = { 0, 0, 0 }, o3[] = { 1, 1, 1 };
	static const double b[] = { 10, 10, 10 }, a[] = { 100, 100, 100 };
	static const double a2[] = { 200, 200, 200 };
	static const double z2[] = { 0, 0 }, o2[] = { 5, 5 };
	struct compare_dataset ds;
	struct compare_table t;
	char *err = NULL;

	/* fewer than 3 runs on both sides: regular stats skipped ... */
	ck_assert_uint_eq(shown("foo.bar", z2, o2, 2), 0);
	/* ... function stats not */
	ck_assert_uint_eq(shown("dmesg.WARNING:x", z2, o2, 2), 1);
	/* proc-vmstat needs max > 1000; allocstall has threshold 100
	 * (max 200 >= 100, delta 190 >= 50) */
	ck_assert_uint_eq(shown("proc-vmstat.foo", b, a, 3), 0);
	ck_assert_uint_eq(shown("proc-vmstat.allocstall", b, a2, 3), 1);
	/* interrupts.* is denylisted and not report-allowlisted */
	ck_assert_uint_eq(shown("interrupts.CPU0.LOC", b, a2, 3), 0);
	/* x.fail needs x.pass in the base */
	ck_assert_uint_eq(shown("kselftests.t.fail", z3, o3, 3), 0);
	two_cols(&ds, 3);
	put(&ds, 0, "kselftests.t.fail", z3);
	put(&ds, 0, "kselftests.t.pass", o3);
	put(&ds, 1, "kselftests.t.fail", o3);
	put(&ds, 1, "kselftests.t.pass", z3);
	ck_assert_int_eq(compare_stats_compare(rules, &ds, NULL, &t, &err), LKB_OK);
	/* both rows: fail gained, pass lost its partner? .pass needs a
	 * .fail/.warn/.error in the base: kselftests.t.fail is there */
	ck_assert_uint_eq(t.nrows, 2);
	ck_assert(t.rows[0].failure && t.rows[1].failure);
	compare_table_release(&t);
	compare_dataset_release(&ds);
	/* a stat only the head has is ignored unless a function stat */
	two_cols(&ds, 3);
	put(&ds, 0, "foo.other", b);
	put(&ds, 1, "foo.new", a);
	put(&ds, 1, "dmesg.BUG:new", o3);
	ck_assert_int_eq(compare_stats_compare(rules, &ds, NULL, &t, &err), LKB_OK);
	/* foo.other disappears from the head: b has it, head zeros;
	 * ratio 5, delta 10 -> shown; dmesg.BUG:new shown; foo.new not */
	ck_assert_uint_eq(t.nrows, 2);
	ck_assert_str_eq(t.rows[0].name, "dmesg.BUG:new");
	ck_assert_str_eq(t.rows[1].name, "foo.other");
	ck_assert(t.rows[1].avg[1] == 0 && t.rows[1].chg[0] == -100);
	compare_table_release(&t);
	compare_dataset_release(&ds);
}
END_TEST

/* Incomplete runs: perf numbers from complete runs, fail rows from all. */
START_TEST(incomplete_runs)
{
	static const double b[] = { 100, 100, 100, 5 }, inc[] = { 0, 0, 0, 1 };
	static const double a[] = { 50, 50, 50, 50 };
	struct compare_dataset ds;
	struct compare_table t;
	char *err = NULL;

	two_cols(&ds, 4);
	put(&ds, 0, "stress-ng.x.ops_per_sec", b);
	put(&ds, 0, COMPARE_INCOMPLETE_KEY, inc);
	put(&ds, 1, "stress-ng.x.ops_per_sec", a);
	ck_assert_int_eq(compare_stats_compare(rules, &ds, NULL, &t, &err), LKB_OK);
	ck_assert_uint_eq(t.nrows, 2);
	/* fail row: base 1 of 4 runs, head 0 of 4: 100 * (0/4 - 1/4) */
	ck_assert_str_eq(t.rows[0].name, COMPARE_INCOMPLETE_KEY);
	ck_assert(t.rows[0].avg[0] == 1 && t.rows[0].runs[0] == 4);
	ck_assert(t.rows[0].chg[0] == -25);
	/* perf row: the incomplete run (5) is dropped: mean 100 of 3 runs */
	ck_assert_str_eq(t.rows[1].name, "stress-ng.x.ops_per_sec");
	ck_assert(t.rows[1].avg[0] == 100 && t.rows[1].runs[0] == 3);
	ck_assert(t.rows[1].sd[0] == 0 && t.rows[1].chg[0] == -50);
	compare_table_release(&t);
	compare_dataset_release(&ds);
}
END_TEST

/* Compare.sort_stats: test group first, then groups with fewer rows;
 * perf-profile by its first two components, then change ascending. */
/* lkp's perf-profile branch of changed_stats?: when the later column's
 * upper-median sample is a Ruby Integer (lkp's 0 padding), the row shows
 * iff a median is above 5, whatever the change test says. */
static size_t
pp_shown(const double *b, const double *a, int a_zeros_real, int b_absent_a)
{
	static const char *name = "perf-profile.self.cycles-pp.x";
	struct compare_dataset ds;
	struct compare_table t;
	char *err = NULL;
	size_t n, k;

	two_cols(&ds, 6);
	k = compare_dataset_key(&ds, name, strlen(name));
	put(&ds, 0, name, b);
	for (size_t r = 0; r < 6; r++)
		compare_dataset_set_real(&ds, 0, k, r);
	if (!b_absent_a) {
		put(&ds, 1, name, a);
		for (size_t r = 0; r < 6; r++)
			if (a[r] != 0 || a_zeros_real)
				compare_dataset_set_real(&ds, 1, k, r);
	} else {
		/* the head ran perf-profile but lost this symbol */
		double other[6] = { 1, 1, 1, 1, 1, 1 };

		put(&ds, 1, "perf-profile.self.cycles-pp.y", other);
	}
	ck_assert_int_eq(compare_stats_compare(rules, &ds, NULL, &t, &err), LKB_OK);
	n = 0;
	for (size_t i = 0; i < t.nrows; i++)
		n += !strcmp(t.rows[i].name, name);
	compare_table_release(&t);
	compare_dataset_release(&ds);
	return n;
}

/* Base [0.61, 0.31] (Floats) against a head of three zeros, the one of
 * run real_run a Float 0.0, the others lkp's Integer 0: rows shown. */
static size_t
pp_tie(size_t real_run)
{
	static const char *name = "perf-profile.children.cycles-pp.memset";
	static const double base[] = { 0.61, 0.31 }, head[] = { 0, 0, 0 };
	struct compare_dataset ds;
	struct compare_table t;
	char *err = NULL;
	size_t k, n;

	compare_dataset_init(&ds, 2);
	compare_dataset_set_runs(&ds, 0, 2);
	compare_dataset_set_runs(&ds, 1, 3);
	k = compare_dataset_key(&ds, name, strlen(name));
	put(&ds, 0, name, base);
	put(&ds, 1, name, head);
	compare_dataset_set_real(&ds, 0, k, 0);
	compare_dataset_set_real(&ds, 0, k, 1);
	compare_dataset_set_real(&ds, 1, k, real_run);
	ck_assert_int_eq(compare_stats_compare(rules, &ds, NULL, &t, &err), LKB_OK);
	n = t.nrows;
	compare_table_release(&t);
	compare_dataset_release(&ds);
	return n;
}

START_TEST(perf_profile_integer_branch)
{
	static const double b[] = { 0.9, 0.92, 0.88, 0.9, 0.91, 0.89 };
	static const double b6[] = { 6, 6.1, 5.9, 6, 6.2, 5.8 };
	static const double a[] = { 0, 0, 0, 0, 5.9, 6.1 };

	/* symbol vanished from the head: Integer 0 median, 0 > 5 || 0.9 >
	 * 5 is false, so lkp hides the clear -0.9 change */
	ck_assert_uint_eq(pp_shown(b, NULL, 0, 1), 0);
	/* head mostly padded with Integer 0: median 0 (Integer), the base
	 * median 6 > 5 shows it although the change test fails ... */
	ck_assert_uint_eq(pp_shown(b6, a, 0, 0), 1);
	/* ... and with Float 0.0 samples the ordinary test hides it */
	ck_assert_uint_eq(pp_shown(b6, a, 1, 0), 0);
	/* Ruby's sort keeps ties in run order: head runs Integer 0, Float
	 * 0.0, Integer 0 sort as [0, 0.0, 0], the median is the Float, so
	 * the ordinary test decides and shows the vanished symbol (lkp
	 * ncompare, property seed 3011); Float first: [0.0, 0, 0], Integer
	 * median, hidden */
	ck_assert_uint_eq(pp_tie(1), 1);
	ck_assert_uint_eq(pp_tie(0), 0);
}
END_TEST

START_TEST(row_order)
{
	static const double pb[] = { 10, 10, 10 }, f1[] = { 9, 9, 9 },
			    f2[] = { 7, 7, 7 }, c1[] = { 5, 5, 5 },
			    c2[] = { 6, 6, 6 }, m1[] = { 2000, 2000, 2000 },
			    m2[] = { 4000, 4000, 4000 }, s1[] = { 100, 100, 100 },
			    s2[] = { 200, 200, 200 };
	static const char *const want[] = {
		"stress-ng.x.ops_per_sec", "meminfo.z", "perf-stat.a",
		"perf-stat.b", "perf-profile.children.x",
		"perf-profile.self.f2", "perf-profile.self.f1",
	};
	struct compare_dataset ds;
	struct compare_table t;
	char *err = NULL;

	two_cols(&ds, 3);
	put(&ds, 0, "perf-profile.self.f1", pb);
	put(&ds, 1, "perf-profile.self.f1", f1);
	put(&ds, 0, "perf-stat.b", s1);
	put(&ds, 1, "perf-stat.b", s2);
	put(&ds, 0, "perf-profile.self.f2", pb);
	put(&ds, 1, "perf-profile.self.f2", f2);
	put(&ds, 0, "perf-profile.children.x", c1);
	put(&ds, 1, "perf-profile.children.x", c2);
	put(&ds, 0, "meminfo.z", m1);
	put(&ds, 1, "meminfo.z", m2);
	put(&ds, 0, "perf-stat.a", s1);
	put(&ds, 1, "perf-stat.a", s2);
	put(&ds, 0, "stress-ng.x.ops_per_sec", s1);
	put(&ds, 1, "stress-ng.x.ops_per_sec", s2);
	ck_assert_int_eq(compare_stats_compare(rules, &ds, NULL, &t, &err), LKB_OK);
	ck_assert_uint_eq(t.nrows, 7);
	for (size_t i = 0; i < 7; i++)
		ck_assert_str_eq(t.rows[i].name, want[i]);
	ck_assert_int_eq(t.rows[0].rank, 0);
	ck_assert_int_eq(t.rows[1].rank, 1);
	ck_assert_int_eq(t.rows[2].rank, 2);
	ck_assert_int_eq(t.rows[4].rank, 3);
	/* perf-profile is absolute: 9 - 10 = -1 */
	ck_assert(t.rows[6].absolute && t.rows[6].chg[0] == -1);
	compare_table_release(&t);
	compare_dataset_release(&ds);
}
END_TEST

START_TEST(direction)
{
	ck_assert_str_eq(compare_stats_direction(rules, "stress-ng.remap.ops_per_sec",
					     -62.6), "regression");
	ck_assert_str_eq(compare_stats_direction(rules, "will-it-scale.per_process_ops",
					     5), "improvement");
	/* kbuild\..+_per_iteration: -1: lower is better */
	ck_assert_str_eq(compare_stats_direction(rules,
					     "kbuild.buildtime_per_iteration", 5),
			 "regression");
	/* latency table: qperf\..+\.latency: -0.3 */
	ck_assert_str_eq(compare_stats_direction(rules, "qperf.tcp.latency", -5),
			 "improvement");
	ck_assert_str_eq(compare_stats_direction(rules, "foo.bar", 5), "undefined");
}
END_TEST

START_TEST(classify)
{
	unsigned f = compare_rules_classify(rules, "dmesg.WARNING:at_foo");

	ck_assert(f & COMPARE_STAT_FUNCTION);
	ck_assert(!(compare_rules_classify(rules, "dmesg.timestamp:last") &
		    COMPARE_STAT_FUNCTION));	/* .timestamp: is never one */
	ck_assert(compare_rules_classify(rules, "ltp.x.fail") & COMPARE_STAT_FUNCTION);
	ck_assert(!(compare_rules_classify(rules, "ltp.x.fail_count") &
		    COMPARE_STAT_FUNCTION));	/* [^_]*$ */
	ck_assert(compare_rules_classify(rules, "mpstat.cpu.all.sys%") &
		  COMPARE_STAT_ABSOLUTE);
	ck_assert(!(compare_rules_classify(rules, "perf-stat.ipc") &
		    COMPARE_STAT_BISECTABLE));
	ck_assert(compare_rules_classify(rules, "perf-stat.ipc") &
		  COMPARE_STAT_REPORT_ALLOW);
	ck_assert(compare_rules_is_perf_metric(rules, "stress-ng.x.ops"));
	ck_assert(compare_rules_is_perf_metric(rules, "perf-stat.ipc"));
	ck_assert(compare_rules_is_perf_metric(rules, "foo.time.elapsed_time"));
	ck_assert(!compare_rules_is_perf_metric(rules, "sched_debug.x"));
	ck_assert(!compare_rules_is_perf_metric(rules, "ltp.x"));
	/* the embedded name lists must stay sorted for bsearch */
	for (size_t i = 1; i < compare_perf_tests_n; i++)
		ck_assert(strcmp(compare_perf_tests[i - 1], compare_perf_tests[i]) < 0);
	for (size_t i = 1; i < compare_func_tests_n; i++)
		ck_assert(strcmp(compare_func_tests[i - 1], compare_func_tests[i]) < 0);
}
END_TEST

START_TEST(needs_two_columns)
{
	struct compare_dataset ds;
	struct compare_table t;
	char *err = NULL;

	compare_dataset_init(&ds, 1);
	ck_assert_int_lt(compare_stats_compare(rules, &ds, NULL, &t, &err), 0);
	ck_assert_ptr_nonnull(err);
	free(err);
	compare_table_release(&t);
	compare_dataset_release(&ds);
}
END_TEST

START_TEST(overflow_is_an_error)
{
	static const double b[] = { 1e308, 1e308, 1e308 };
	static const double a[] = { 1, 1, 1 };
	struct compare_dataset ds;
	struct compare_table t;
	char *err = NULL;

	/* sd of 1e308 samples overflows ((x - avg)^2 with avg inf) */
	two_cols(&ds, 3);
	put(&ds, 0, "stress-ng.x.ops_per_sec", b);
	put(&ds, 1, "stress-ng.x.ops_per_sec", a);
	ck_assert_int_lt(compare_stats_compare(rules, &ds, NULL, &t, &err), 0);
	ck_assert_ptr_nonnull(strstr(err, "non-finite"));
	free(err);
	compare_dataset_release(&ds);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("compare_stats");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, mean_sd_sum);
	tcase_add_test(tc, summary_upper_median_and_trim);
	tcase_add_test(tc, vector_selection);
	tcase_add_test(tc, selection_rules);
	tcase_add_test(tc, incomplete_runs);
	tcase_add_test(tc, perf_profile_integer_branch);
	tcase_add_test(tc, row_order);
	tcase_add_test(tc, direction);
	tcase_add_test(tc, classify);
	tcase_add_test(tc, needs_two_columns);
	tcase_add_test(tc, overflow_is_an_error);
	suite_add_tcase(s, tc);
	return s;
}
