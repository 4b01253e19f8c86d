/* test_lkp_table.c - rows and sections of LKP comparison tables
 * (doc/lkp-format.md 4.7-4.10 and the 9 round-trip checks). Expected values
 * are read off the quoted mail lines by hand. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "tests/unit/check_main.h"
#include "lib/arena.h"
#include "lib/limits.h"
#include "parsers/lkp_table.h"

static struct arena A;

static void
setup(void)
{
	arena_init(&A);
}

static void
teardown(void)
{
	arena_release(&A);
}

#define NUM_EQ(n, want)                                                      \
	do {                                                                 \
		ck_assert_int_ne((n).kind, LKP_NUM_NONE);                    \
		ck_assert_double_eq_tol((n).v, (want), 1e-9);                \
	} while (0)
#define NONE(n) ck_assert_int_eq((n).kind, LKP_NUM_NONE)

static struct lkp_metric
row(const char *s)
{
	struct lkp_metric m;

	memset(&m, 0, sizeof(m));
	ck_assert_msg(lkp_table_perf_row(&A, s, strlen(s), &m) == 1,
		      "not a row: %s", s);
	return m;
}

static struct lkp_failure
frow(const char *s)
{
	struct lkp_failure f;

	memset(&f, 0, sizeof(f));
	ck_assert_msg(lkp_table_fail_row(&A, s, strlen(s), &f) == 1,
		      "not a fail row: %s", s);
	return f;
}

START_TEST(s0_perf_profile_row)
{
	struct lkp_metric m = row("3.39 \xC2\xB1" "101% -0.6 2.78 \xC2\xB1"
				  "173% perf-profile.calltrace.cycles-pp."
				  "do_page_fault.page_fault");

	ck_assert_uint_eq(m.ncols, 2);
	NUM_EQ(m.values[0], 3.39);
	NUM_EQ(m.stddev[0], 101);
	NUM_EQ(m.changes[0], -0.6);
	NUM_EQ(m.values[1], 2.78);
	NUM_EQ(m.stddev[1], 173);
	ck_assert_int_eq(m.change_kind, LKP_CHANGE_ABSOLUTE);
	ck_assert_str_eq(m.name, "perf-profile.calltrace.cycles-pp."
				 "do_page_fault.page_fault");
}
END_TEST

START_TEST(s3_negative_head)
{
	struct lkp_metric m = row("4011 \xC2\xB1 8% -128.9% -1159 "
				  "sched_debug.cfs_rq:/.spread0.avg");

	NUM_EQ(m.values[0], 4011);
	ck_assert_int_eq(m.values[0].kind, LKP_NUM_INT);
	NUM_EQ(m.stddev[0], 8);
	NUM_EQ(m.changes[0], -128.9);
	NUM_EQ(m.values[1], -1159);
	NONE(m.stddev[1]);
	ck_assert_int_eq(m.change_kind, LKP_CHANGE_PERCENT);
}
END_TEST

START_TEST(exponent_change)
{
	struct lkp_metric m = row("      0.37 \xC2\xB1" "217%  +2.4e+05%     "
				  "895.65 \xC2\xB1" "222%  perf-sched.sch_"
				  "delay.avg.ms.x");

	NUM_EQ(m.changes[0], 240000);
	ck_assert_int_eq(m.change_kind, LKP_CHANGE_PERCENT);
	NUM_EQ(m.values[1], 895.65);
	NUM_EQ(m.stddev[1], 222);
}
END_TEST

START_TEST(three_columns)
{
	struct lkp_metric m = row("      5849           +210.2%      18145 "
				  "\xC2\xB1  3%      +1.5%       5935        "
				  "stress-ng.switch.nanosecs_per_context_"
				  "switch_mq_method");

	ck_assert_uint_eq(m.ncols, 3);
	NUM_EQ(m.values[0], 5849);
	NUM_EQ(m.changes[0], 210.2);
	NUM_EQ(m.values[1], 18145);
	NUM_EQ(m.stddev[1], 3);
	NUM_EQ(m.changes[1], 1.5);
	NUM_EQ(m.values[2], 5935);
	NONE(m.stddev[2]);
}
END_TEST

START_TEST(four_columns_negative_base)
{
	/* section 4.8: a negative base flips the printed sign */
	struct lkp_metric m = row("    -16.64           +39.7%     -23.25   "
				  "       +177.3%     -46.14           +13.9%  "
				  "   -18.94        sched_debug.cpu.nr_"
				  "uninterruptible.min");

	ck_assert_uint_eq(m.ncols, 4);
	NUM_EQ(m.values[0], -16.64);
	NUM_EQ(m.values[3], -18.94);
	NUM_EQ(m.changes[2], 13.9);
}
END_TEST

START_TEST(section9_vectors)
{
	struct lkp_metric m;

	m = row(" 2.296e+09           -67.8%    7.4e+08            -1.4%  "
		"2.263e+09        perf-stat.ps.instructions");
	ck_assert_uint_eq(m.ncols, 3);
	NUM_EQ(m.values[0], 2.296e9);
	ck_assert_int_eq(m.values[0].kind, LKP_NUM_REAL);
	NUM_EQ(m.values[1], 7.4e8);
	NUM_EQ(m.values[2], 2.263e9);
	m = row("      1166 \xC2\xB1" "223%    +328.6%       5000 \xC2\xB1  2%"
		"  sched_debug.cfs_rq:/.load.max");
	NUM_EQ(m.stddev[0], 223);
	NUM_EQ(m.changes[0], 328.6);
	m = row("      5.00 \xC2\xB1  2%      -3.0        2.00        "
		"perf-profile.self.cycles-pp.foo");
	ck_assert_int_eq(m.change_kind, LKP_CHANGE_ABSOLUTE);
	NUM_EQ(m.changes[0], -3.0);
}
END_TEST

START_TEST(mojibake_stddev)
{
	/* Â±, ą, U+FFFD and a bare 0xB1 byte in the stddev slot */
	static const char *const rows[] = {
		"85540 \xC3\x82\xC2\xB1 5% -6.3% 80176 aim7.jobs-per-min",
		"85540 \xC4\x85  5% -6.3% 80176 aim7.jobs-per-min",
		"85540 \xEF\xBF\xBD" "5% -6.3% 80176 aim7.jobs-per-min",
		"85540 \xB1 5% -6.3% 80176 aim7.jobs-per-min",
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct lkp_metric m = row(rows[i]);

		NUM_EQ(m.stddev[0], 5);
		NUM_EQ(m.values[1], 80176);
	}
}
END_TEST

START_TEST(fail_rows)
{
	struct lkp_failure f;

	f = frow("112:1 456% 117:1 dmesg.timestamp:last");
	NUM_EQ(f.fails[0], 112);
	NUM_EQ(f.runs[0], 1);
	NUM_EQ(f.repro[0], 456);
	NUM_EQ(f.fails[1], 117);
	ck_assert_str_eq(f.name, "dmesg.timestamp:last");
	f = frow("          6:6         -100%            :6     dmesg.WARNING:"
		 "possible_recursive_locking_detected   <-------- (1)");
	NUM_EQ(f.fails[0], 6);
	NUM_EQ(f.repro[0], -100);
	NUM_EQ(f.fails[1], 0);
	NUM_EQ(f.runs[1], 6);
	ck_assert_str_eq(f.name,
			 "dmesg.WARNING:possible_recursive_locking_detected");
	ck_assert_str_eq(f.note, "<-------- (1)");
	f = frow("           :6           50%           3:4          150%    "
		 "       6:6     dmesg.BUG:bar");
	ck_assert_uint_eq(f.ncols, 3);
	NUM_EQ(f.repro[1], 150);
	NUM_EQ(f.runs[1], 4);
}
END_TEST

START_TEST(not_rows)
{
	static const char *const bad[] = {
		"", "stress-ng.madvise.ops", "7000 +-+------------------+",
		"  5200 +-O O O OO OO OO O OOO O |", "85540 -6.3%",
		"85540 -6.3% 80176", "85540 \xC2\xB1 x% -6.3% 80176 m",
		"In 5.3 the deferred split queue is per node",
		"1.2.3 -4% 5 m", "12 -3 4 5",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(!lkp_table_perf_row(&A, bad[i], strlen(bad[i]),
						  NULL), "row: %s", bad[i]);
	ck_assert(!lkp_table_fail_row(&A, "1:4 m", 5, NULL));
	ck_assert(!lkp_table_fail_row(&A, "a:4 5% 1:4 m", 12, NULL));
}
END_TEST

START_TEST(commit_entries)
{
	static const struct {
		const char *in, *sha, *subj, *note;
	} v[] = {
		{ "  c479426e09 (\"mm/munlock: maintain page->mlock_count\")",
		  "c479426e09", "mm/munlock: maintain page->mlock_count", NULL },
		{ "682fd4e9ff  <--- above patch from Shakeel", "682fd4e9ff",
		  NULL, "above patch from Shakeel" },
		{ "  8da1b1ea43 (\"memcg: x\")   <---- v2", "8da1b1ea43",
		  "memcg: x", "v2" },
		{ "  e0bf1dc859fdd mm: memcg: foo", "e0bf1dc859fdd",
		  "mm: memcg: foo", NULL },
		{ "  v5.6-rc4", "v5.6-rc4", NULL, NULL },
		{ "4eb559dd15 (\"Merge tag 'x' of git://y into \"z\"\")",
		  "4eb559dd15", "Merge tag 'x' of git://y into \"z\"", NULL },
	};

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		struct lkp_commit_ref c;

		ck_assert(lkp_table_commit_entry(&A, v[i].in, strlen(v[i].in),
						 &c));
		ck_assert_str_eq(c.sha, v[i].sha);
		if (v[i].subj)
			ck_assert_str_eq(c.subject, v[i].subj);
		else
			ck_assert_ptr_null(c.subject);
		if (v[i].note)
			ck_assert_str_eq(c.note, v[i].note);
		else
			ck_assert_ptr_null(c.note);
	}
	ck_assert(!lkp_table_commit_entry(&A, "Thanks,", 7, NULL));
	ck_assert(!lkp_table_commit_entry(&A, "abc (\"x\")", 9, NULL));
}
END_TEST

static size_t
parse_section(const char *text, struct lkp_comparison *c,
	      struct lkp_warnings *w)
{
	struct lkp_lines L;
	size_t i = 0;

	memset(w, 0, sizeof(*w));
	w->a = &A;
	lkp_lines_split(&A, text, strlen(text), 1, &L);
	while (i < L.n && lkp_table_line(&L, i) == LKP_TL_OTHER)
		i++;
	ck_assert_uint_lt(i, L.n);
	return lkp_table_parse(&A, w, &L, i, c);
}

START_TEST(section_scraped)
{
	/* S0 shape: blanks collapsed, no blank lines, plot right after */
	static const char text[] =
		"=========================================================\n"
		"class/compiler/testcase:\n"
		"vm/gcc-7/stress-ng\n"
		"commit:\n"
		"0a432dcbeb (\"mm: shrinker: make shrinker not depend\")\n"
		"87eaceb3fa (\"mm: thp: make deferred split\")\n"
		"0a432dcbeb32edcd 87eaceb3faa59b9b4d940ec9554\n"
		"---------------- ---------------------------\n"
		"%stddev %change %stddev\n"
		"\\ | \\\n"
		"6457 -19.5% 5198 stress-ng.madvise.ops\n"
		"15.77 -5.8% 14.85 \xC2\xB1 2% iostat.cpu.user\n"
		"stress-ng.madvise.ops\n"
		"7000 +-+-----------------------------+\n";
	struct lkp_comparison c;
	struct lkp_warnings w;

	parse_section(text, &c, &w);
	ck_assert_uint_eq(c.naxes, 3);
	ck_assert_str_eq(c.axes[0].key, "class");
	ck_assert_str_eq(c.axes[2].value, "stress-ng");
	ck_assert_uint_eq(c.ncompared, 2);
	ck_assert_str_eq(c.compared[1].sha, "87eaceb3fa");
	ck_assert_uint_eq(c.ncolumns, 2);
	ck_assert_str_eq(c.columns[0], "0a432dcbeb32edcd");
	ck_assert_uint_eq(c.nmetrics, 2);
	ck_assert_str_eq(c.metrics[1].name, "iostat.cpu.user");
	ck_assert_uint_eq(w.n, 0);
}
END_TEST

START_TEST(section_fail_then_stddev)
{
	/* 2019 layout: fail:runs straight into %stddev, quoted */
	static const char text[] =
		"> 494dba7b276e12bc 490d451fa5188975c21246f7f8f \n"
		"> ---------------- --------------------------- \n"
		">        fail:runs  %reproduction    fail:runs\n"
		">            |             |             |    \n"
		">           1:4          -25%            :4     dmesg.x\n"
		">          %stddev     %change         %stddev\n"
		">              \\          |                \\  \n"
		">      85540            -6.3%      80176        aim7.jobs\n"
		">\n"
		"> Thanks\n";
	struct lkp_comparison c;
	struct lkp_warnings w;

	parse_section(text, &c, &w);
	ck_assert_uint_eq(c.nfailures, 1);
	ck_assert_uint_eq(c.nmetrics, 1);
	ck_assert_uint_eq(c.ncolumns, 2);
}
END_TEST

START_TEST(section_truncated_and_garbled)
{
	static const char text[] =
		"%stddev %change %stddev\n"
		"1 +1% 2 a.b\n"
		"3 +1% 4x c.d\n"		/* garbled: skipped, counted */
		"5 +1% 6 e.f\n"
		"7 +1%\n";			/* truncated mail */
	struct lkp_comparison c;
	struct lkp_warnings w;

	parse_section(text, &c, &w);
	ck_assert_uint_eq(c.nmetrics, 2);
	ck_assert_str_eq(c.metrics[1].name, "e.f");
	ck_assert_uint_eq(w.n, 1);
}
END_TEST

START_TEST(axes_mismatch_warns)
{
	static const char text[] =
		"=========================================================\n"
		"a/b/c:\n"
		"  1/2\n"
		"%stddev %change %stddev\n"
		"1 +1% 2 a.b\n";
	struct lkp_comparison c;
	struct lkp_warnings w;

	parse_section(text, &c, &w);
	ck_assert_uint_eq(c.naxes, 2);
	ck_assert_uint_eq(w.n, 1);
	ck_assert_uint_eq(c.nmetrics, 1);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("lkp_table");
	TCase *tc = tcase_create("rows");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, s0_perf_profile_row);
	tcase_add_test(tc, s3_negative_head);
	tcase_add_test(tc, exponent_change);
	tcase_add_test(tc, three_columns);
	tcase_add_test(tc, four_columns_negative_base);
	tcase_add_test(tc, section9_vectors);
	tcase_add_test(tc, mojibake_stddev);
	tcase_add_test(tc, fail_rows);
	tcase_add_test(tc, not_rows);
	tcase_add_test(tc, commit_entries);
	tcase_add_test(tc, section_scraped);
	tcase_add_test(tc, section_fail_then_stddev);
	tcase_add_test(tc, section_truncated_and_garbled);
	tcase_add_test(tc, axes_mismatch_warns);
	suite_add_tcase(s, tc);
	return s;
}
