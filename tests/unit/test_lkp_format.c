/* test_lkp_format.c - lkp table text byte for byte (doc/lkp-format.md 4.7-4.9,
 * the section 9 vectors and formatting edge cases).
 *
 * Expected strings are the spec's vectors or worked out by hand from the
 * printf rules (comments show the arithmetic); rows are built from the
 * samples with the stats helpers, so these tests also pin the numbers.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/compare/compare.h"
#include "bot/compare/format.h"
#include "bot/compare/matrix.h"
#include "bot/compare/rubyfmt.h"
#include "bot/compare/stat_rules.h"
#include "bot/compare/stats.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "tests/unit/check_main.h"

#define MAXC 4

struct fixture {
	double avg[MAXC], sd[MAXC], chg[MAXC];
	size_t runs[MAXC];
	struct compare_row row;
};

/* Build a perf row from per-column samples (n[i] samples each). */
static void
perf_row(struct fixture *f, const char *name, int absolute, size_t ncols,
	 const double *const *v, const size_t *n)
{
	memset(f, 0, sizeof(*f));
	for (size_t i = 0; i < ncols; i++) {
		compare_stats_mean_sd(v[i], n[i], &f->avg[i], &f->sd[i]);
		f->runs[i] = n[i];
	}
	for (size_t i = 1; i < ncols; i++)
		f->chg[i - 1] = compare_stats_change(f->avg[i], f->avg[0], absolute);
	f->row.name = name;
	f->row.absolute = absolute;
	f->row.avg = f->avg;
	f->row.sd = f->sd;
	f->row.chg = f->chg;
	f->row.runs = f->runs;
	f->row.nchg = ncols - 1;
}

static void
fail_row(struct fixture *f, const char *name, size_t ncols,
	 const double *fails, const size_t *runs, int fixed)
{
	memset(f, 0, sizeof(*f));
	for (size_t i = 0; i < ncols; i++) {
		f->avg[i] = fails[i];
		f->sd[i] = -1;
		f->runs[i] = runs[i];
	}
	compare_stats_repro(f->avg, f->runs, ncols, fixed, f->chg);
	f->row.name = name;
	f->row.failure = 1;
	f->row.avg = f->avg;
	f->row.sd = f->sd;
	f->row.chg = f->chg;
	f->row.runs = f->runs;
	f->row.nchg = ncols - 1;
}

static void
check_perf(const char *name, int absolute, size_t ncols,
	   const double *const *v, const size_t *n, const char *want)
{
	struct fixture f;
	struct strbuf sb = STRBUF_INIT;

	perf_row(&f, name, absolute, ncols, v, n);
	ck_assert_int_eq(compare_format_perf_row(&sb, &f.row, ncols), LKB_OK);
	ck_assert_str_eq(sb.buf, want);
	strbuf_release(&sb);
}

static void
check_fail(const char *name, size_t ncols, const double *fails,
	   const size_t *runs, int fixed, const char *want)
{
	struct fixture f;
	struct strbuf sb = STRBUF_INIT;

	fail_row(&f, name, ncols, fails, runs, fixed);
	ck_assert_int_eq(compare_format_fail_row(&sb, &f.row, ncols), LKB_OK);
	ck_assert_str_eq(sb.buf, want);
	strbuf_release(&sb);
}

/* Section 9, perf row 1: relative change, no stddev shown (sd 1.29%). */
START_TEST(vector_perf_relative)
{
	static const double a[] = { 100, 102, 98, 101, 99, 100 };
	static const double b[] = { 80, 82, 78, 81, 79, 80 };
	const double *v[] = { a, b };
	size_t n[] = { 6, 6 };

	check_perf("stress-ng.foo.ops_per_sec", 0, 2, v, n,
		   "    100.00           -20.0%      80.00        "
		   "stress-ng.foo.ops_per_sec\n");
}
END_TEST

/* Section 9, perf row 2: absolute change, stddev 2.83 % -> " ±  2%". */
START_TEST(vector_perf_absolute)
{
	static const double a[] = { 5.0, 5.2, 4.8, 5.0 };
	static const double b[] = { 2, 2, 2, 2 };
	const double *v[] = { a, b };
	size_t n[] = { 4, 4 };

	check_perf("perf-profile.self.cycles-pp.foo", 1, 2, v, n,
		   "      5.00 \xc2\xb1  2%      -3.0        2.00        "
		   "perf-profile.self.cycles-pp.foo\n");
}
END_TEST

/* Section 9, perf row 3: three columns, %10.4g above 1e8. */
START_TEST(vector_perf_three_columns)
{
	static const double a[] = { 2.3e9, 2.29e9, 2.298e9 };
	static const double b[] = { 7.4e8, 7.5e8, 7.3e8 };
	static const double c[] = { 2.26e9, 2.27e9, 2.259e9 };
	const double *v[] = { a, b, c };
	size_t n[] = { 3, 3, 3 };

	check_perf("perf-stat.ps.instructions", 0, 3, v, n,
		   " 2.296e+09           -67.8%    7.4e+08            -1.4%  "
		   "2.263e+09        perf-stat.ps.instructions\n");
}
END_TEST

/* Section 9, perf row 4: %10d truncates 1166.67, ±223 truncates 223.6. */
START_TEST(vector_perf_truncation)
{
	static const double a[] = { 0, 0, 0, 0, 0, 7000 };
	static const double b[] = { 5000, 5200, 4800, 5000, 5100, 4900 };
	const double *v[] = { a, b };
	size_t n[] = { 6, 6 };

	check_perf("sched_debug.cfs_rq:/.load.max", 0, 2, v, n,
		   "      1166 \xc2\xb1" "223%    +328.6%       5000 \xc2\xb1  2%  "
		   "sched_debug.cfs_rq:/.load.max\n");
}
END_TEST

/* Section 9 fail rows; the first is A:2de99c31a5 byte for byte. */
START_TEST(vector_fail_rows)
{
	static const double f1[] = { 0, 6 }, f2[] = { 6, 0 }, f3[] = { 0, 3, 6 };
	static const size_t r1[] = { 9, 6 }, r2[] = { 6, 6 }, r3[] = { 6, 4, 6 };

	check_fail("kernel-selftests.cgroup.test_core.test_cgcore_destroy.fail",
		   2, f1, r1, 0,
		   "           :9           67%           6:6     "
		   "kernel-selftests.cgroup.test_core.test_cgcore_destroy.fail\n");
	check_fail("dmesg.WARNING:foo", 2, f2, r2, 0,
		   "          6:6         -100%            :6     "
		   "dmesg.WARNING:foo\n");
	/* lkp quirk: 3/6*100 = 50 and 6/4*100 = 150 */
	check_fail("dmesg.BUG:bar", 3, f3, r3, 0,
		   "           :6           50%           3:4          150%"
		   "           6:6     dmesg.BUG:bar\n");
	/* the correct divisor: 3/4 = 75%, 6/6 = 100% */
	check_fail("dmesg.BUG:bar", 3, f3, r3, 1,
		   "           :6           75%           3:4          100%"
		   "           6:6     dmesg.BUG:bar\n");
	/* 6 of 9 with the correct divisor on two columns: 6/6 = 100% */
	check_fail("x.fail", 2, f1, r1, 1,
		   "           :9          100%           6:6     x.fail\n");
}
END_TEST

/* A negative base flips the sign: (-23.25 - -16.64) / -16.64 = +39.7%. */
START_TEST(edge_negative_base)
{
	static const double a[] = { -16.64 }, b[] = { -23.25 };
	const double *v[] = { a, b };
	size_t n[] = { 1, 1 };

	/* single sample: sd -1, pct = 100 * -1 / -16.64 = 6.0 > 2: the
	 * spurious stddev lkp prints is reproduced (truncated 6 and 4) */
	check_perf("sched_debug.cpu.nr_uninterruptible.min", 0, 2, v, n,
		   "    -16.64 \xc2\xb1  6%     +39.7%     -23.25 \xc2\xb1  4%  "
		   "sched_debug.cpu.nr_uninterruptible.min\n");
}
END_TEST

/* Zero base: 100 * (0.67 - 1e-100) / 1e-100 = 6.7e+101 -> %+10.2g,
 * 9 characters, so one pad blank after the 6 stddev blanks. */
START_TEST(edge_zero_base)
{
	static const double a[] = { 0, 0, 0 }, b[] = { 0.67, 0.67, 0.67 };
	const double *v[] = { a, b };
	size_t n[] = { 3, 3 };

	check_perf("perf-sched.sch_delay.avg.ms.x", 0, 2, v, n,
		   "      0.00       +6.7e+101%       0.67        "
		   "perf-sched.sch_delay.avg.ms.x\n");
}
END_TEST

/* |p| >= 100000: 100 * (1601 - 1) / 1 = 160000 -> "+1.6e+05%". */
START_TEST(edge_big_change)
{
	static const double a[] = { 1, 1, 1 }, b[] = { 1601, 1601, 1601 };
	const double *v[] = { a, b };
	size_t n[] = { 3, 3 };

	check_perf("x.y", 0, 2, v, n,
		   "      1.00        +1.6e+05%       1601        x.y\n");
}
END_TEST

/* 4-digit stddev overflows the cell: samples 0 x 111 and one 1396428
 * give mean 1396428 / 112 = 12468.1 and stddev 131359.7 = 1053.6 % of
 * it -> "     12468 ±1053%" (cf. "12579 ±1058%" in A:d901fc178f). */
START_TEST(edge_stddev_overflow)
{
	static double a[112];
	const double *v[] = { a, a };
	size_t n[] = { 112, 112 };

	a[111] = 1396428;
	check_perf("x.y", 0, 2, v, n,
		   "     12468 \xc2\xb1" "1053%      +0.0%      12468 \xc2\xb1"
		   "1053%  x.y\n");
}
END_TEST

/* Absolute row printing -0.0 for a tiny negative delta. */
START_TEST(edge_absolute_tiny)
{
	static const double a[] = { 22.48, 22.48, 22.48 };
	static const double b[] = { 22.47, 22.47, 22.47 };
	const double *v[] = { a, b };
	size_t n[] = { 3, 3 };

	check_perf("mpstat.cpu.all.idle%", 1, 2, v, n,
		   "     22.48            -0.0       22.47        "
		   "mpstat.cpu.all.idle%\n");
}
END_TEST

/* Ruby's float text (bot/compare/rubyfmt.h): every expected string is
 * what Ruby 3.1.2 printed for the value (format('%.2f'), '%+.1f',
 * '%.0f', '%.4g', '%+.2g'); C's printf differs on the first rows. */
START_TEST(ruby_rounding)
{
	static const struct {
		double v;
		const char *f2, *f1, *f0, *g4, *g2;
	} t[] = {
		{ 2.9949999999999997, "3.00", "+3.0", "3", "2.995", "+3" },
		{ 3.0050000000000003, "3.00", "+3.0", "3", "3.005", "+3" },
		{ 44.725, "44.72", "+44.7", "45", "44.72", "+45" },
		{ 2.675, "2.68", "+2.7", "3", "2.675", "+2.7" },
		{ 1.005, "1.00", "+1.0", "1", "1.005", "+1" },
		{ 0.005, "0.01", "+0.0", "0", "0.005", "+0.005" },
		{ 0.015, "0.02", "+0.0", "0", "0.015", "+0.015" },
		{ 0.025, "0.02", "+0.0", "0", "0.025", "+0.025" },
		{ 1.115, "1.12", "+1.1", "1", "1.115", "+1.1" },
		{ 12.345, "12.34", "+12.3", "12", "12.34", "+12" },
		{ 0.125, "0.12", "+0.1", "0", "0.125", "+0.12" },
		{ 0.375, "0.38", "+0.4", "0", "0.375", "+0.38" },
		{ -0.505, "-0.50", "-0.5", "-1", "-0.505", "-0.50" },
		{ 999.995, "1000.00", "+1000.0", "1000", "1000", "+1e+03" },
		{ 0.0, "0.00", "+0.0", "0", "0", "+0" },
		{ -0.0, "-0.00", "-0.0", "-0", "-0", "-0" },
		{ 5.3605, "5.36", "+5.4", "5", "5.360", "+5.4" },
		{ 467.05, "467.05", "+467.0", "467", "467.0", "+4.7e+02" },
		{ -105.0, "-105.00", "-105.0", "-105", "-105", "-1.0e+02" },
		{ 1050.0, "1050.00", "+1050.0", "1050", "1050", "+1.0e+03" },
		{ 123450000.0, "123450000.00", "+123450000.0", "123450000", "1.234e+08", "+1.2e+08" },
		{ 1.5, "1.50", "+1.5", "2", "1.5", "+1.5" },
		{ 2.5, "2.50", "+2.5", "2", "2.5", "+2.5" },
		{ 0.5, "0.50", "+0.5", "0", "0.5", "+0.5" },
		{ 99999.95, "99999.95", "+100000.0", "100000", "1e+05", "+1e+05" },
		{ 1.0e-05, "0.00", "+0.0", "0", "1e-05", "+1e-05" },
		{ 6.05, "6.05", "+6.0", "6", "6.05", "+6" },
	};
	char buf[COMPARE_RUBYFMT_SIZE], want[COMPARE_RUBYFMT_SIZE];

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		ck_assert_int_gt(compare_fmt_fixed(buf, t[i].v, 2, 0), 0);
		ck_assert_str_eq(buf, t[i].f2);
		ck_assert_int_gt(compare_fmt_fixed(buf, t[i].v, 1, 1), 0);
		ck_assert_str_eq(buf, t[i].f1);
		ck_assert_int_gt(compare_fmt_fixed(buf, t[i].v, 0, 0), 0);
		ck_assert_str_eq(buf, t[i].f0);
		ck_assert_int_gt(compare_fmt_general(buf, t[i].v, 4, 0), 0);
		ck_assert_str_eq(buf, t[i].g4);
		ck_assert_int_gt(compare_fmt_general(buf, t[i].v, 2, 1), 0);
		ck_assert_str_eq(buf, t[i].g2);
	}
	/* beyond 14 digits MRI rounds exactly, as C does */
	ck_assert_int_gt(compare_fmt_fixed(buf, 1e300, 2, 0), 300);
	snprintf(want, sizeof(want), "%.2f", 1e300);
	ck_assert_str_eq(buf, want);
	ck_assert_int_eq(compare_fmt_fixed(buf, 1.0 / 0.0, 2, 1), 4);
	ck_assert_str_eq(buf, "+Inf");
	ck_assert_int_eq(compare_fmt_fixed(buf, 1, COMPARE_RUBYFMT_MAX_PREC + 1, 0), -1);
	/* the table cells use it: 2.9949999999999997 is "3.00" */
	{
		struct strbuf sb = STRBUF_INIT;
		double avg[2] = { 2.9949999999999997, 3.0050000000000003 };
		double sd[2] = { 0, 0 }, chg[1] = { 0.34999999999999998 };
		size_t runs[2] = { 3, 3 };
		struct compare_row row = { 0, "x.y", 0, 0, 0, 0, avg, sd, runs,
					   chg, 1 };

		ck_assert_int_eq(compare_format_perf_row(&sb, &row, 2), LKB_OK);
		ck_assert_str_eq(sb.buf, "      3.00            +0.4%       3.00"
				 "        x.y\n");
		strbuf_release(&sb);
	}
}
END_TEST

/* Headers (doc/lkp-format.md 4.7-4.9). */
START_TEST(headers)
{
	struct strbuf sb = STRBUF_INIT;
	static const struct compare_fmt_commit c[] = {
		{ "8285917d6f383aef0123456789abcdef01234567", "mm: base", NULL, 0 },
		{ "01b9da291c4969354807b52956f0123456789abc", NULL, NULL, 0 },
		{ "v5.6-rc4", "", NULL, 0 },
	};
	/* ncompare's own list: whole shas */
	static const struct compare_fmt_commit full[] = {
		{ "8285917d6f383aef0123456789abcdef01234567", NULL, NULL, 1 },
		{ "01b9da291c4969354807b52956f0123456789abc", NULL, NULL, 1 },
	};
	char eq[90];

	memset(eq, '=', 89);
	eq[89] = '\0';
	ck_assert_int_eq(compare_format_header(&sb, "compiler/testcase",
					   "gcc-12/stress-ng", c, 3), LKB_OK);
	ck_assert_int_eq(strncmp(sb.buf, eq, 89), 0);
	ck_assert_str_eq(sb.buf + 89,
		"\ncompiler/testcase:\n  gcc-12/stress-ng\n\ncommit: \n"
		"  8285917d6f (\"mm: base\")\n  01b9da291c\n  v5.6-rc4\n\n"
		"8285917d6f383aef 01b9da291c4969354807b52956f "
		"                   v5.6-rc4 \n"
		"---------------- --------------------------- "
		"--------------------------- \n");
	strbuf_reset(&sb);
	ck_assert_int_eq(compare_format_header(&sb, "k", "v", full, 2), LKB_OK);
	ck_assert_ptr_nonnull(strstr(sb.buf, "commit: \n"
		"  8285917d6f383aef0123456789abcdef01234567\n"
		"  01b9da291c4969354807b52956f0123456789abc\n\n"));
	strbuf_reset(&sb);
	ck_assert_int_eq(compare_format_perf_header(&sb, 2), LKB_OK);
	ck_assert_str_eq(sb.buf,
		"         %stddev     %change         %stddev\n"
		"             \\          |                \\  \n");
	strbuf_reset(&sb);
	ck_assert_int_eq(compare_format_fail_header(&sb, 3), LKB_OK);
	ck_assert_str_eq(sb.buf,
		"       fail:runs  %reproduction    fail:runs"
		"  %reproduction    fail:runs\n"
		"           |             |             |    "
		"         |             |    \n");
	strbuf_release(&sb);
}
END_TEST

/* fail table first, then the perf table, then a blank line. */
START_TEST(table_order)
{
	struct fixture ff, fp;
	struct compare_row rows[2];
	struct compare_table t;
	struct strbuf sb = STRBUF_INIT;
	static const double fails[] = { 0, 6 }, a[] = { 1, 1, 1 },
			    b[] = { 2, 2, 2 };
	static const size_t runs[] = { 9, 6 };
	const double *v[] = { a, b };
	size_t n[] = { 3, 3 };

	perf_row(&fp, "a.b", 0, 2, v, n);
	fail_row(&ff, "dmesg.c", 2, fails, runs, 0);
	rows[0] = fp.row;
	rows[1] = ff.row;
	memset(&t, 0, sizeof(t));
	t.ncols = 2;
	t.nrows = 2;
	t.rows = rows;
	ck_assert_int_eq(compare_format_table(&sb, &t), LKB_OK);
	ck_assert_str_eq(sb.buf,
		"       fail:runs  %reproduction    fail:runs\n"
		"           |             |             |    \n"
		"           :9           67%           6:6     dmesg.c\n"
		"         %stddev     %change         %stddev\n"
		"             \\          |                \\  \n"
		"      1.00          +100.0%       2.00        a.b\n\n");
	strbuf_release(&sb);
}
END_TEST

START_TEST(change_text)
{
	struct strbuf sb = STRBUF_INIT;

	ck_assert_int_eq(compare_format_change(&sb, -62.64, 0), LKB_OK);
	ck_assert_int_eq(compare_format_change(&sb, 250000, 0), LKB_OK);
	ck_assert_int_eq(compare_format_change(&sb, -3.04, 1), LKB_OK);
	ck_assert_str_eq(sb.buf, "-62.6%+2.5e+05%-3.0");
	strbuf_release(&sb);
}
END_TEST

/* Attribution: base 100 (sd 1.414), a fall to 50 at 01/02, then col2;
 * hand-computed: -50.0 %; (x - 50) / 50 back; net (x - 100) / 100;
 * Welch: sample variances 8/3 on both sides, 4 runs each, so
 * t = (x - 100) / sqrt(4 / 3) with 6 df (p by Simpson integration of
 * Student's density). */
/* The table of the attribution cases: base, the fall, col2. */
static void
attr_table(const double *col2, struct compare_rules **r,
	   struct compare_dataset *ds, struct compare_table *t)
{
	static const double b[] = { 100, 102, 98, 100 }, c1[] = { 50, 51, 49, 50 };
	const double *cols[] = { b, c1, col2 };
	char *err = NULL;
	size_t k;

	ck_assert_int_eq(compare_rules_new("stress-ng", r, &err), LKB_OK);
	compare_dataset_init(ds, 3);
	k = compare_dataset_key(ds, "stress-ng.x.ops_per_sec", 23);
	for (size_t c = 0; c < 3; c++) {
		compare_dataset_set_runs(ds, c, 4);
		memcpy(compare_dataset_samples(ds, c, k), cols[c], 4 * sizeof(double));
	}
	ck_assert_int_eq(compare_stats_compare(*r, ds, NULL, t, &err), LKB_OK);
	ck_assert_uint_eq(t->nrows, 1);
}

static void
check_attr(const double *col2, const char *want)
{
	static const struct compare_fmt_commit fc[] = {
		{ "0000000000aaaa", NULL, "base", 0 },
		{ "1111111111bbbb", NULL, "01/02", 0 },
		{ "2222222222cccc", NULL, "02/02", 0 },
	};
	struct compare_rules *r = NULL;
	struct compare_dataset ds;
	struct compare_table t;
	struct strbuf sb = STRBUF_INIT;

	attr_table(col2, &r, &ds, &t);
	ck_assert_int_eq(compare_format_attribution(&sb, r, &t, &t.rows[0], fc),
			 LKB_OK);
	ck_assert_str_eq(sb.buf, want);
	strbuf_release(&sb);
	compare_table_release(&t);
	compare_dataset_release(&ds);
	compare_rules_free(r);
}

/* The verdict on a fix (compare_fix_judge) with col2 as culprit + fix;
 * the share by hand: (x - 50) / (100 - 50). */
static void
check_fix(const double *col2, enum compare_fix_level level,
	  const char *summary)
{
	struct compare_fix fix = { FIX_UNCHANGED, 0, "", STRBUF_INIT };
	struct compare_rules *r = NULL;
	struct compare_dataset ds;
	struct compare_table t;

	attr_table(col2, &r, &ds, &t);
	ck_assert_int_eq(compare_fix_judge(&t, "stress-ng", NULL, &fix), LKB_OK);
	ck_assert_int_eq(fix.level, level);
	ck_assert_str_eq(fix.summary, summary);
	ck_assert_ptr_nonnull(strstr(fix.text.buf, "stress-ng.x.ops_per_sec: "));
	ck_assert_ptr_nonnull(strstr(fix.text.buf, summary));
	strbuf_release(&fix.text);
	compare_table_release(&t);
	compare_dataset_release(&ds);
	compare_rules_free(r);
}

START_TEST(fix_verdict)
{
	static const double back[] = { 99, 101, 97, 99 };	/* base's noise */
	static const double most[] = { 97, 99, 95, 97 };	/* 94 %, likely */
	static const double none[] = { 50, 52, 48, 50 };	/* culprit's */
	static const double worse[] = { 40, 41, 39, 40 };	/* -20 % */
	static const double past[] = { 120, 122, 118, 120 };	/* 140 % */

	check_fix(back, FIX_FULL, "fully recovers");
	check_fix(most, FIX_PARTLY, "partly recovers (94 % of the regression)");
	check_fix(none, FIX_NO_EFFECT, "does not recover");
	check_fix(worse, FIX_WORSE, "makes it worse");
	check_fix(past, FIX_FULL, "fully recovers");
}
END_TEST

START_TEST(attribution)
{
	static const double noise[] = { 99, 101, 97, 99 };	/* t -0.87 */
	static const double clear[] = { 90, 92, 88, 90 };	/* t -8.66 */
	static const double marg[] = { 97, 99, 95, 97 };	/* t -2.60 */

	check_attr(noise,
		"stress-ng.x.ops_per_sec\n"
		"  largest step: 01/02 1111111111: -50.0% (regression)\n"
		"  given back:   02/02 2222222222: +98.0%\n"
		"  net change:   base -> 02/02: -1.0%, within noise "
		"(Welch t -0.87, 6.0 df, p 0.4198)\n");
	check_attr(clear,
		"stress-ng.x.ops_per_sec\n"
		"  largest step: 01/02 1111111111: -50.0% (regression)\n"
		"  given back:   02/02 2222222222: +80.0%\n"
		"  net change:   base -> 02/02: -10.0%, clear "
		"(Welch t -8.66, 6.0 df, p 0.0001)\n");
	check_attr(marg,
		"stress-ng.x.ops_per_sec\n"
		"  largest step: 01/02 1111111111: -50.0% (regression)\n"
		"  given back:   02/02 2222222222: +94.0%\n"
		"  net change:   base -> 02/02: -3.0%, likely "
		"(Welch t -2.60, 6.0 df, p 0.0408)\n");
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("compare_format");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, vector_perf_relative);
	tcase_add_test(tc, vector_perf_absolute);
	tcase_add_test(tc, vector_perf_three_columns);
	tcase_add_test(tc, vector_perf_truncation);
	tcase_add_test(tc, vector_fail_rows);
	tcase_add_test(tc, edge_negative_base);
	tcase_add_test(tc, edge_zero_base);
	tcase_add_test(tc, edge_big_change);
	tcase_add_test(tc, edge_stddev_overflow);
	tcase_add_test(tc, edge_absolute_tiny);
	tcase_add_test(tc, ruby_rounding);
	tcase_add_test(tc, headers);
	tcase_add_test(tc, table_order);
	tcase_add_test(tc, change_text);
	tcase_add_test(tc, attribution);
	tcase_add_test(tc, fix_verdict);
	suite_add_tcase(s, tc);
	return s;
}
