/* test_lkp_report.c - report sections (doc/lkp-format.md 4.1-4.6, 8), text
 * tolerance (scrapes, quotes) and hostile input: the parser must keep
 * what is sound, warn, never crash, and stay linear. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tests/unit/check_main.h"
#include "lib/arena.h"
#include "lib/limits.h"
#include "lib/strbuf.h"
#include "parsers/lkp_report.h"

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

static struct lkp_report *
text(const char *s)
{
	struct lkp_report *r = NULL;

	ck_assert_int_eq(lkp_report_parse_text(&A, s, strlen(s), 0, &r), 1);
	return r;
}

static struct lkp_report *
mail(const char *subject, const char *body)
{
	struct lkp_report_input in;
	struct lkp_report *r = NULL;

	memset(&in, 0, sizeof(in));
	in.subject = subject;
	in.from_name = "kernel test robot";
	in.from_addr = "oliver.sang@intel.com";
	in.message_id = "202505191143.59950d28-lkp@intel.com";
	in.date = 0;
	in.body = body;
	in.body_len = strlen(body);
	ck_assert_int_eq(lkp_report_parse(&A, &in, &r), 1);
	return r;
}

START_TEST(robot_recognition)
{
	ck_assert(lkp_report_is_robot("kernel test robot", "x@y"));
	ck_assert(lkp_report_is_robot("kbuild test robot", NULL));
	ck_assert(lkp_report_is_robot("", "LKP@intel.com"));
	ck_assert(!lkp_report_is_robot("Oliver Sang", "oliver.sang@intel.com"));
	ck_assert(!lkp_report_is_robot("Dan Carpenter", "dan@x.org"));
	ck_assert(!lkp_report_is_robot(NULL, "lkp@intel.com.evil"));
}
END_TEST

START_TEST(not_robot_is_not_report)
{
	struct lkp_report_input in;
	struct lkp_report *r = (void *)&in;

	memset(&in, 0, sizeof(in));
	in.from_name = "Hugh Dickins";
	in.from_addr = "hughd@google.com";
	in.body = "FYI, we noticed a -1.0% regression of a.b due to commit:\n";
	in.body_len = strlen(in.body);
	ck_assert_int_eq(lkp_report_parse(&A, &in, &r), 0);
	ck_assert_ptr_null(r);
}
END_TEST

static const char new_perf[] =
	"Hello,\n\n"
	"kernel test robot noticed a 23.3% regression of "
	"stress-ng.unlink.unlink_calls_per_sec on:\n\n\n"
	"commit: 1af3331764b9356fadc4652af77bbbc97f3d7f78 (\"super: add "
	"filesystem freezing helpers for suspend and hibernate\")\n"
	"https://git.kernel.org/cgit/linux/kernel/git/next/linux-next.git "
	"master\n\n"
	"[test failed on linux-next/master "
	"8566fc3b96539e3235909d6bdda198e1282beaed]\n"
	"[still regression on linus/master      "
	"0123456789abcdef0123456789abcdef01234567]\n\n"
	"testcase: stress-ng\nconfig: x86_64-rhel-9.4\ncompiler: gcc-12\n"
	"test machine: 64 threads 2 sockets Intel(R) Xeon(R) Gold 6346 CPU @ "
	"3.10GHz (Ice Lake) with 256G memory\nparameters:\n\n"
	"\tnr_threads: 100%\n\ttesttime: 60s\n\n"
	"In addition to that, the commit also has significant impact on the "
	"following tests:\n\n"
	"+------------------+---------------------------------------------+\n"
	"| testcase: change | unixbench: unixbench.throughput  3.8% regression |\n"
	"| test machine     | 104 threads 2 sockets (Skylake) with 192G memory |\n"
	"| test parameters  | cpufreq_governor=performance                |\n"
	"|                  | nr_task=100%                                |\n"
	"+------------------+---------------------------------------------+\n\n"
	"If you fix the issue in a separate patch/commit (i.e. not just a new "
	"version of\nthe same patch/commit), kindly add following tags\n"
	"| Reported-by: kernel test robot <oliver.sang@intel.com>\n"
	"| Closes: https://lore.kernel.org/oe-lkp/202505191143.59950d28-lkp@"
	"intel.com\n\n"
	"The kernel config and materials to reproduce are available at:\n"
	"https://download.01.org/0day-ci/archive/20250519/x\n\n"
	"=============================================================="
	"===========================\n"
	"compiler/testcase:\n  gcc-12/stress-ng\n\ncommit: \n"
	"  62a2175ddf (\"gfs2: pass through holder\")\n"
	"  1af3331764 (\"super: add filesystem freezing helpers\")\n\n"
	"62a2175ddf7e7294 1af3331764b9356fadc4652af77 \n"
	"---------------- --------------------------- \n"
	"         %stddev     %change         %stddev\n"
	"             \\          |                \\  \n"
	"     12343           -23.3%       9464        stress-ng.unlink."
	"unlink_calls_per_sec\n\n"
	"******************************************************************\n"
	"lkp-skl: 104 threads 2 sockets (Skylake) with 192G memory\n"
	"=============================================================="
	"===========================\n"
	"testcase:\n  unixbench\n\n"
	"         %stddev     %change         %stddev\n"
	"      1000            -3.8%        962        unixbench.throughput\n";

START_TEST(new_perf_report)
{
	struct lkp_report *r = mail("[linux-next:master] [super] 1af3331764: "
				    "stress-ng.unlink.unlink_calls_per_sec "
				    "23.3% regression", new_perf);

	ck_assert_int_eq(r->kind, LKP_KIND_PERF_REGRESSION);
	/* unsigned headline, sign from the table row */
	ck_assert_double_eq_tol(r->headline_change_pct.v, -23.3, 1e-9);
	ck_assert_str_eq(r->tree, "linux-next");
	ck_assert_str_eq(r->prefix, "super");
	ck_assert_uint_eq(r->nstatus_lines, 2);
	ck_assert_str_eq(r->status_lines[0].kind, "test failed");
	ck_assert_str_eq(r->status_lines[0].tree, "linux-next/master");
	ck_assert_str_eq(r->status_lines[1].tree, "linus/master");
	ck_assert_str_eq(r->config, "x86_64-rhel-9.4");
	ck_assert_uint_eq(r->nparams, 2);
	ck_assert_str_eq(r->params[1].value, "60s");
	ck_assert_uint_eq(r->nimpacts, 1);
	ck_assert_str_eq(r->impacts[0].testcase, "unixbench");
	ck_assert_str_eq(r->impacts[0].metric, "unixbench.throughput");
	/* sign of the box change from its own table */
	ck_assert_double_eq_tol(r->impacts[0].change_pct.v, -3.8, 1e-9);
	ck_assert_uint_eq(r->impacts[0].nparams, 2);
	ck_assert_str_eq(r->impacts[0].params[1].key, "nr_task");
	ck_assert_str_eq(r->impacts[0].params[1].value, "100%");
	ck_assert_str_eq(r->closes, "https://lore.kernel.org/oe-lkp/"
				    "202505191143.59950d28-lkp@intel.com");
	ck_assert_str_eq(r->materials_url,
			 "https://download.01.org/0day-ci/archive/20250519/x");
	ck_assert_uint_eq(r->ncomparisons, 2);
	ck_assert_str_eq(r->comparisons[1].host, "lkp-skl: 104 threads 2 "
				 "sockets (Skylake) with 192G memory");
	ck_assert_uint_eq(r->nwarnings, 0);
}
END_TEST

START_TEST(functional_headlines)
{
	struct lkp_report *r;

	r = mail("[linus:master] [fs] 541d4c798a: BUG:x",
		 "kernel test robot noticed \"BUG:KCSAN:data-race_in_x\" on:\n\n"
		 "commit: 541d4c798a598854fcce7326d947cbcbd35701d6 (\"fs: y\")\n"
		 "(please refer to attached dmesg/kmsg for entire log/"
		 "backtrace)\n\n| Reported-by: kernel test robot <a@b>\n\n"
		 "[  179.356355][ T3221] BUG: KCSAN: data-race\n"
		 "[  179.363113][ T3221]\n\n"
		 "The kernel config and materials to reproduce are available "
		 "at:\nhttps://download.01.org/x\n");
	ck_assert_int_eq(r->kind, LKP_KIND_FUNCTIONAL);
	ck_assert_str_eq(r->headline_metric, "BUG:KCSAN:data-race_in_x");
	ck_assert_str_eq(r->dmesg, "[  179.356355][ T3221] BUG: KCSAN: "
				   "data-race\n[  179.363113][ T3221]");
	r = mail("[xfs] 73e5fff98b: kmsg.dev/zero:Can't_open_blockdev",
		 "FYI, we noticed the following commit (built with gcc-7):\n\n"
		 "commit: 73e5fff98b6446de1490a8d7809121b0108d49f4 (\"x\")\n");
	ck_assert_int_eq(r->kind, LKP_KIND_FUNCTIONAL);
	ck_assert_str_eq(r->headline_metric, "kmsg.dev/zero:Can't_open_"
					     "blockdev");
	ck_assert_str_eq(r->compiler, "gcc-7");
	r = mail("Re: [PATCH v2] xfs: z", "FYI, we noticed xfstests.xfs.076."
		 "fail due to commit (built with gcc-11):\n");
	ck_assert_int_eq(r->kind, LKP_KIND_FUNCTIONAL);
	ck_assert_str_eq(r->headline_metric, "xfstests.xfs.076.fail");
	ck_assert_str_eq(r->patch_subject, "[PATCH v2] xfs: z");
}
END_TEST

START_TEST(build_reports)
{
	struct lkp_report *r;

	r = mail("[cgroup:for-next] BUILD INCOMPLETE c00ec3075b",
		 "tree/branch: https://x/cgroup.git for-next\n"
		 "branch HEAD: c00ec3075b0123456789abcdef0123456789abcd  Merge\n"
		 "\nelapsed time: 100m\n\nconfigs tested: 42\n");
	ck_assert_int_eq(r->kind, LKP_KIND_BUILD_SUCCESS);
	ck_assert_str_eq(r->subkind, "incomplete");
	ck_assert_double_eq(r->build_configs_tested.v, 42);
	ck_assert_str_eq(r->build_head,
			 "c00ec3075b0123456789abcdef0123456789abcd");
	r = mail("Re: [PATCH 1/2] foo", "Hi A,\n\nkernel test robot noticed "
		 "the following build warnings:\n\nurl:https://github.com/x\n"
		 "base:https://git.kernel.org/y for-next\n\nAll warnings (new "
		 "ones prefixed by >>):\n\n>> a.c:1:2: warning: w\n   b.c:3: "
		 "note\n\nvim +1 a.c\n>> not collected\n");
	ck_assert_int_eq(r->kind, LKP_KIND_BUILD_ERROR);
	ck_assert_str_eq(r->subkind, "warning");
	ck_assert_str_eq(r->url, "https://github.com/x");	/* glued */
	ck_assert_str_eq(r->base, "https://git.kernel.org/y for-next");
	ck_assert_uint_eq(r->nbuild_errors, 1);
	ck_assert_str_eq(r->build_errors[0], "a.c:1:2: warning: w");
	ck_assert_str_eq(r->series_pos, "1/2");
}
END_TEST

/* S3: subject wrapped onto two lines, blank lines dropped, obfuscated. */
START_TEST(scrape_wrapped_subject)
{
	struct lkp_report *r = text(
		"Date: Tue, 9 Oct 2018 17:35:34 +0800\n"
		"From: kernel test robot <rong.a.chen@...el.com>\n"
		"Subject: [LKP] [mm, sched/numa] efaffc5e40:\n"
		"perf-bench-numa-mem.GB_per_thread 38.7% improvement\n"
		"Greeting,\n"
		"FYI, we noticed a 38.7% improvement of perf-bench-numa-mem."
		"GB_per_thread due to commit:\n"
		"commit: efaffc5e40aeced0bcb497ed7a0a5b8c14abfcdf (\"mm\")\n"
		"in testcase: perf-bench-numa-mem\n"
		"with following parameters:\n"
		"nr_threads: 2t\nucode: 0x42d\n"
		"test-description: not a parameter\n"
		"Details are as below:\n");

	ck_assert_int_eq(r->kind, LKP_KIND_PERF_IMPROVEMENT);
	ck_assert_str_eq(r->subject, "[LKP] [mm, sched/numa] efaffc5e40: "
		"perf-bench-numa-mem.GB_per_thread 38.7% improvement");
	ck_assert_str_eq(r->prefix, "mm, sched/numa");
	ck_assert_str_eq(r->from_addr, "rong.a.chen@...el.com");
	ck_assert_uint_eq(r->nparams, 2);
	ck_assert_str_eq(r->test_description, "not a parameter");
	ck_assert_str_eq(r->date_text, "Tue, 9 Oct 2018 17:35:34 +0800");
}
END_TEST

/* Mixed quote depths; a human table between quoted report lines. */
START_TEST(quoted_mixed_depth)
{
	struct lkp_report *r = text(
		"On 8/4/2021 10:38 PM, kernel test robot wrote:\n"
		"> > > FYI, we noticed a -45.4% regression of a.b due to "
		"commit:\n"
		">>commit: 2bf1ec0ff067ff8f692d261b29c713f3583f7e2a (\"xfs\")\n"
		"We got:\n"
		"%stddev %change %stddev\n"
		"47979 +80.6% 86655 a.b\n"
		"> > > > > >   in testcase: stress-ng\n");

	ck_assert_int_eq(r->kind, LKP_KIND_PERF_REGRESSION);
	ck_assert_str_eq(r->commit_sha,
			 "2bf1ec0ff067ff8f692d261b29c713f3583f7e2a");
	ck_assert_str_eq(r->testcase, "stress-ng");
	ck_assert_uint_eq(r->ncomparisons, 1);
	ck_assert_uint_eq(r->comparisons[0].nmetrics, 1);
}
END_TEST

/* Attachments: a table in one is read wherever it starts, after lines
 * of any kind; a kernel config (no line that can start a table) adds
 * nothing. */
START_TEST(tables_in_attachments)
{
	static const char *const tables[] = {
		/* stddev header first, indented by a no-break space */
		"CONFIG_X=y\n# CONFIG_Y is not set\n\xC2\xA0%stddev  %change"
		"  %stddev\n  1 \xC2\xB1 2%  +5.0%  1.05  m.a\n",
		/* a dash line before the header */
		"CONFIG_X=y\n-----------  ----------  -----------\n"
		"%stddev  %change  %stddev\n  1  +5.0%  1.05  m.a\n",
		/* a rule and a key line, as the header of a section */
		"CONFIG_X=y\n=================\ntbox_group/testcase:\n"
		"  lkp-x/will-it-scale\n\n%stddev  %change  %stddev\n"
		"  1  +5.0%  1.05  m.a\n",
		/* fail:runs */
		"CONFIG_X=y\nfail:runs  %reproduction  fail:runs\n"
		"   :6  100%  6:6  dmesg.oops\n",
	};
	struct lkp_report_input in;
	struct lkp_report_part part;
	struct lkp_report *r;
	const char *body = "Hello,\n\nkernel test robot noticed nothing.\n";

	for (size_t i = 0; i <= LKB_ARRAY_SIZE(tables); i++) {
		memset(&in, 0, sizeof(in));
		memset(&part, 0, sizeof(part));
		in.subject = "[linus:master] [x]  abcdef0123: regression";
		in.from_name = "kernel test robot";
		in.from_addr = "oliver.sang@intel.com";
		in.body = body;
		in.body_len = strlen(body);
		part.name = "att";
		part.text = i < LKB_ARRAY_SIZE(tables) ? tables[i]
			: "#\n# Automatically generated file\nCONFIG_X=y\n"
			  "CONFIG_Y=\"x - y\"\n# CONFIG_Z is not set\n";
		part.len = strlen(part.text);
		in.parts = &part;
		in.nparts = 1;
		r = NULL;
		ck_assert_int_eq(lkp_report_parse(&A, &in, &r), 1);
		ck_assert_msg(r->ncomparisons == (i < LKB_ARRAY_SIZE(tables)),
			      "part %zu: %zu sections", i, r->ncomparisons);
		if (i < LKB_ARRAY_SIZE(tables))
			ck_assert_uint_eq(r->comparisons[0].nmetrics +
					  r->comparisons[0].nfailures, 1);
	}
	/* rows after "<below more details" (no % or f in the first
	 * column) continue the body's last table */
	in.body = "Hello,\n\n%stddev  %change  %stddev\n"
		  "  1  +5.0%  1.05  m.a\n";
	in.body_len = strlen(in.body);
	part.text = "<below more details>\n  2  +3.0%  2.06  m.b\n";
	part.len = strlen(part.text);
	r = NULL;
	ck_assert_int_eq(lkp_report_parse(&A, &in, &r), 1);
	ck_assert_uint_eq(r->ncomparisons, 1);
	ck_assert_uint_eq(r->comparisons[0].nmetrics, 2);
}
END_TEST

START_TEST(not_report_text)
{
	struct lkp_report *r = NULL;
	const char *s = "Hi,\n\nThanks for the patch.\n> quoted\n";

	ck_assert_int_eq(lkp_report_parse_text(&A, s, strlen(s), 0, &r), 0);
	ck_assert_ptr_null(r);
	ck_assert_int_eq(lkp_report_parse_text(&A, "", 0, 0, &r), 0);
}
END_TEST

static double
now(void)
{
	struct timespec ts;

	timespec_get(&ts, TIME_UTC);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* 50,000 rows parse in linear time; past LKB_MAX_TABLE_ROWS the rest is
 * dropped with a warning. */
static struct lkp_report *
big_table(size_t rows, struct strbuf *sb)
{
	strbuf_adds(sb, "%stddev %change %stddev\n");
	/* no ck_assert in the loop: Check records every call */
	for (size_t i = 0; i < rows; i++)
		strbuf_addf(sb, "%zu \xC2\xB1 3%% +1.5%% %zu m.row%zu\n",
			    i, i + 1, i);
	return text(sb->buf);
}

START_TEST(table_50000_rows)
{
	struct strbuf sb = STRBUF_INIT;
	double t0 = now();
	struct lkp_report *r = big_table(50000, &sb);

	ck_assert_uint_eq(r->comparisons[0].nmetrics, 50000);
	ck_assert_str_eq(r->comparisons[0].metrics[49999].name, "m.row49999");
	ck_assert_msg(now() - t0 < 5.0, "50k rows took %.1fs", now() - t0);
	strbuf_release(&sb);
}
END_TEST

START_TEST(table_over_limit)
{
	struct strbuf sb = STRBUF_INIT;
	struct lkp_report *r = big_table(LKB_MAX_TABLE_ROWS + 5, &sb);

	ck_assert_uint_eq(r->comparisons[0].nmetrics, LKB_MAX_TABLE_ROWS);
	ck_assert_uint_eq(r->ncomparisons, 1);
	ck_assert_uint_ge(r->nwarnings, 1);
	ck_assert_ptr_nonnull(strstr(r->warnings[0], "LKB_MAX_TABLE_ROWS"));
	strbuf_release(&sb);
}
END_TEST

/* A 4 MiB line, NUL bytes, lone quote markers, invalid UTF-8. */
START_TEST(absurd_input)
{
	struct strbuf sb = STRBUF_INIT;
	struct lkp_report *r = NULL;
	static const char junk[] = "\0\xff\xfe>>>> > >\n\n\r\n[\n|\n+\n"
		"commit:\ncommit: \ncommit: zz\n%stddev\nfail:runs\n"
		"=====================================================\n";
	double t0 = now();
	char *big;

	strbuf_adds(&sb, "FYI, we noticed a -1% regression of ");
	big = malloc(4u * 1024 * 1024);
	ck_assert_ptr_nonnull(big);
	for (size_t i = 0; i < 4u * 1024 * 1024; i++)
		big[i] = i % 7 ? 'x' : ' ';
	strbuf_add(&sb, big, 4u * 1024 * 1024);
	free(big);
	strbuf_add(&sb, junk, sizeof(junk) - 1);
	ck_assert_int_ge(lkp_report_parse_text(&A, sb.buf, sb.len, 0, &r), 0);
	ck_assert_msg(now() - t0 < 5.0, "absurd input took %.1fs", now() - t0);
	strbuf_release(&sb);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("lkp_report");
	TCase *tc = tcase_create("report");

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, robot_recognition);
	tcase_add_test(tc, not_robot_is_not_report);
	tcase_add_test(tc, new_perf_report);
	tcase_add_test(tc, functional_headlines);
	tcase_add_test(tc, build_reports);
	tcase_add_test(tc, scrape_wrapped_subject);
	tcase_add_test(tc, quoted_mixed_depth);
	tcase_add_test(tc, not_report_text);
	tcase_add_test(tc, tables_in_attachments);
	tcase_add_test(tc, table_50000_rows);
	tcase_add_test(tc, table_over_limit);
	tcase_add_test(tc, absurd_input);
	suite_add_tcase(s, tc);
	return s;
}
