/* test_requests.c - report axes from a stored report, request plans
 * (without git), and the series summary taken from the attribution. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bot/report/axes.h"
#include "bot/requests/requests-internal.h"
#include "bot/requests/requests.h"
#include "lib/compiler.h"
#include "lib/status.h"
#include "parsers/lkp_report.h"
#include "templates/tvalue.h"
#include "tests/unit/check_main.h"

/* Seed 004's report as the parser gives it (fields trimmed). */
static struct lkp_kv seed4_axes[] = {
	{ "class", "memory" }, { "compiler", "gcc-9" },
	{ "cpufreq_governor", "performance" }, { "kconfig", "x86_64-rhel-8.3" },
	{ "nr_threads", "100%" },
	{ "rootfs", "debian-10.4-x86_64-20200603.cgz" },
	{ "tbox_group", "lkp-icl-2sp6" }, { "test", "remap" },
	{ "testcase", "stress-ng" }, { "testtime", "60s" },
	{ "ucode", "0xd000280" },
};
static struct lkp_kv seed4_params[] = {
	{ "nr_threads", "100%" }, { "testtime", "60s" }, { "class", "memory" },
	{ "test", "remap" }, { "cpufreq_governor", "performance" },
	{ "ucode", "0xd000280" },
};
static struct lkp_commit_ref seed4_compared[] = {
	{ "c479426e09", "mm/munlock: maintain", NULL },
	{ "237b445401", "mm/munlock: mlock_pte", NULL },
};
static struct lkp_comparison seed4_cmp = {
	.axes = seed4_axes, .naxes = LKB_ARRAY_SIZE(seed4_axes),
	.compared = seed4_compared,
	.ncompared = LKB_ARRAY_SIZE(seed4_compared),
};
static const struct lkp_report seed4 = {
	.subject = "[mm/munlock] 237b445401: stress-ng.remap.ops_per_sec "
		   "-62.6% regression",
	.commit_sha = "237b4454014d3759acc6459eb329c5e3d55113ed",
	.commit_subject = "[PATCH v2 07/13] mm/munlock: mlock_pte_range()",
	.headline_metric = "stress-ng.remap.ops_per_sec",
	.testcase = "stress-ng", .config = "x86_64-rhel-8.3",
	.compiler = "gcc-9",
	.params = seed4_params, .nparams = LKB_ARRAY_SIZE(seed4_params),
	.url = "https://github.com/0day-ci/linux/commits/Hugh-Dickins/"
	       "mm-munlock/20220215-104421",
	.base = "https://git.kernel.org/tip.git "
		"ee28855a54493ce83bc2a3fbe30210be61b57bc7",
	.comparisons = &seed4_cmp, .ncomparisons = 1,
};

static const char *
param(const struct report_axes *ra, const char *key)
{
	for (size_t i = 0; i < ra->axes.nparams; i++)
		if (!strcmp(ra->axes.params[i].key, key))
			return ra->axes.params[i].value;
	return NULL;
}

START_TEST(axes_from_header)
{
	struct report_axes ra;
	char *err = NULL;

	report_axes_from_report(&seed4, &ra);
	ck_assert_str_eq(ra.axes.testcase, "stress-ng");
	ck_assert_str_eq(ra.axes.tbox_group, "lkp-icl-2sp6");
	ck_assert_str_eq(ra.axes.rootfs, "debian-10.4-x86_64-20200603.cgz");
	ck_assert_str_eq(ra.axes.kconfig, "x86_64-rhel-8.3");
	ck_assert_str_eq(ra.axes.compiler, "gcc-9");
	/* 11 header keys, 5 of them named axes */
	ck_assert_uint_eq(ra.axes.nparams, 6);
	ck_assert_str_eq(param(&ra, "ucode"), "0xd000280");
	ck_assert_str_eq(param(&ra, "nr_threads"), "100%");
	ck_assert_ptr_null(param(&ra, "testcase"));
	ck_assert_int_eq(report_axes_check(&ra, &err), 0);
	ck_assert_uint_eq(ra.ncompared, 2);
	ck_assert_str_eq(ra.compared[0].sha, "c479426e09");
	ck_assert_str_eq(ra.headline, "stress-ng.remap.ops_per_sec");
	ck_assert_str_eq(report_axes_series_subject(&ra),
			 "[PATCH v2 07/13] mm/munlock: mlock_pte_range()");
	report_axes_release(&ra);
}
END_TEST

START_TEST(axes_fallback)
{
	static struct lkp_kv params[] = {
		{ "mode", "process" }, { "test", "page_fault2" },
	};
	static const struct lkp_report r = {
		.testcase = "will-it-scale", .config = "x86_64-rhel-9.4",
		.compiler = "gcc-12", .params = params, .nparams = 2,
		.commit_sha = "3f1c2e4d5a6b", .commit_subject = "mm: x",
		.patch_subject = "[PATCH 2/4] mm: x",
	};
	struct report_axes ra;
	char *err = NULL;

	report_axes_from_report(&r, &ra);
	ck_assert_str_eq(ra.axes.testcase, "will-it-scale");
	ck_assert_str_eq(ra.axes.kconfig, "x86_64-rhel-9.4");
	ck_assert_str_eq(ra.axes.compiler, "gcc-12");
	ck_assert_uint_eq(ra.axes.nparams, 2);
	ck_assert_ptr_null(ra.axes.tbox_group);
	ck_assert_int_eq(report_axes_check(&ra, &err), -1);
	ck_assert_ptr_nonnull(strstr(err, "tbox_group"));
	free(err);
	/* the commit subject has no [PATCH k/M]: the patch subject has */
	ck_assert_str_eq(report_axes_series_subject(&ra), "[PATCH 2/4] mm: x");
	report_axes_release(&ra);
}
END_TEST

START_TEST(plans)
{
	struct request_env env = { "/nonexistent", NULL, NULL, 14 };
	struct request_plan p;
	struct report_axes ra;
	char *err = NULL;

	report_axes_from_report(&seed4, &ra);
	/* no args: the report's two commits */
	ck_assert_int_eq(requests_plan(&env, &ra, REQ_COMPARE, "", &p, &err), 0);
	ck_assert_uint_eq(p.n, 2);
	ck_assert_str_eq(p.c[1].sha, "237b445401");
	ck_assert_str_eq(p.again, "#lkp compare");
	requests_plan_release(&p);
	/* named commits; subjects from the report when a prefix matches */
	ck_assert_int_eq(requests_plan(&env, &ra, REQ_COMPARE,
				       "c479426e09c8 abcdef1 1234567", &p,
				       &err), 0);
	ck_assert_uint_eq(p.n, 3);
	ck_assert_str_eq(p.c[0].subject, "mm/munlock: maintain");
	ck_assert_ptr_null(p.c[2].subject);
	requests_plan_release(&p);
	ck_assert_int_eq(requests_plan(&env, &ra, REQ_COMPARE, "zzz 1234567",
				       &p, &err), LKB_ERR_USAGE);
	ck_assert_str_eq(err, "'zzz' is not a commit sha (7 to 40 hex digits)");
	free(err);
	requests_plan_release(&p);
	ck_assert_int_eq(requests_plan(&env, &ra, REQ_COMPARE, "1234567", &p,
				       &err), LKB_ERR_USAGE);
	free(err);
	requests_plan_release(&p);
	/* retest: parent vs the commit */
	ck_assert_int_eq(requests_plan(&env, &ra, REQ_RETEST, NULL, &p, &err), 0);
	ck_assert_uint_eq(p.n, 2);
	ck_assert_str_eq(p.retest, "237b4454014d3759acc6459eb329c5e3d55113ed");
	ck_assert_str_eq(p.c[0].sha, "c479426e09");
	requests_plan_release(&p);
	/* a series needs a repository */
	ck_assert_int_ne(requests_plan(&env, &ra, REQ_COMPARE_SERIES, "", &p,
				       &err), 0);
	ck_assert_str_eq(err, "cannot resolve the series: no kernel "
			      "repository ([git] repo) is configured");
	free(err);
	requests_plan_release(&p);
	/* an unknown kind never reaches a plan: the vocabulary refuses it */
	ck_assert_int_lt(request_kind_parse("bisect"), 0);
	ck_assert_int_eq(requests_plan(&env, &ra, (enum request_kind)99, "",
				       &p, &err), LKB_ERR_USAGE);
	free(err);
	requests_plan_release(&p);
	report_axes_release(&ra);
	ck_assert_int_eq(request_kind_parse("retest"), REQ_RETEST);
	ck_assert_int_lt(request_kind_parse("close"), 0);
	/* every name reads back as itself */
	for (int k = 0; k < REQ_KIND__COUNT; k++)
		ck_assert_int_eq(request_kind_parse(request_kind_name(
					 (enum request_kind)k)), k);
	for (int st = 0; st < REQ_STATE__COUNT; st++)
		ck_assert_int_eq(request_state_parse(request_state_name(
					 (enum request_state)st)), st);
	ck_assert_int_lt(request_state_parse("open"), 0);
}
END_TEST

START_TEST(changes)
{
	static const char text[] =
		"    599006 ...  stress-ng.remap.ops\n\n"
		"Where the change comes from (each step compares a column "
		"with the one before it):\n\n"
		"stress-ng.remap.ops_per_sec\n"
		"  largest step: 07/13 4ebfd9af7f: -62.6% (regression)\n"
		"  given back:   10/13 6b25276bf8: +168.0%\n"
		"  net change:   base -> 13/13: +0.0%, within noise\n\n"
		"will-it-scale.per_process_ops\n"
		"  largest step: #2 1234567890: +3.1% (improvement)\n";
	struct tvalue *v = requests_changes_from(text);
	const struct tvalue *c;

	ck_assert_uint_eq(tvalue_len(v), 2);
	c = tvalue_list_at(v, 0);
	ck_assert_str_eq(tvalue_str(tvalue_map_get(c, "metric"), NULL),
			 "stress-ng.remap.ops_per_sec");
	ck_assert_str_eq(tvalue_str(tvalue_map_get(c, "change"), NULL),
			 "-62.6%");
	ck_assert_str_eq(tvalue_str(tvalue_map_get(c, "patch"), NULL),
			 "07/13");
	c = tvalue_list_at(v, 1);
	ck_assert_str_eq(tvalue_str(tvalue_map_get(c, "patch"), NULL), "#2");
	ck_assert_str_eq(tvalue_str(tvalue_map_get(c, "change"), NULL),
			 "+3.1%");
	tvalue_free(v);
	/* no attribution block: no changes */
	v = requests_changes_from("  largest step: 07/13 x: -1% (y)\n");
	ck_assert_uint_eq(tvalue_len(v), 0);
	tvalue_free(v);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("requests");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, axes_from_header);
	tcase_add_test(tc, axes_fallback);
	tcase_add_test(tc, plans);
	tcase_add_test(tc, changes);
	suite_add_tcase(s, tc);
	return s;
}
