/* test_lkp_subject.c - subject grammar (doc/lkp-format.md section 3), on the
 * examples quoted there and in the corpus. */
#include "config.h"

#include <string.h>

#include "tests/unit/check_main.h"
#include "lib/arena.h"
#include "parsers/lkp_subject.h"

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

static struct lkp_subject
subj(const char *s)
{
	struct lkp_subject out;

	lkp_subject_parse(&A, s, strlen(s), &out);
	return out;
}

#define STR_OR_NULL(got, want)                                              \
	do {                                                                \
		if (want)                                                   \
			ck_assert_str_eq((got) ? (got) : "(null)", (want)); \
		else                                                        \
			ck_assert_ptr_null(got);                            \
	} while (0)

START_TEST(perf_forms)
{
	static const struct {
		const char *in, *tree, *branch, *prefix, *sha, *metric;
		double pct;
		int sign;
		const char *verdict;
	} v[] = {
		{ "[mm] 87eaceb3fa: stress-ng.madvise.ops_per_sec -19.6% "
		  "regression", NULL, NULL, "mm", "87eaceb3fa",
		  "stress-ng.madvise.ops_per_sec", -19.6, 1, "regression" },
		{ "[LKP] [mm, sched/numa] efaffc5e40: perf-bench-numa-mem."
		  "GB_per_thread 38.7% improvement", NULL, NULL,
		  "mm, sched/numa", "efaffc5e40",
		  "perf-bench-numa-mem.GB_per_thread", 38.7, 0, "improvement" },
		{ "[linus:master] [mm]  01b9da291c: stress-ng.switch.ops_per_"
		  "sec 67.7%\n regression", "linus", "master", "mm",
		  "01b9da291c", "stress-ng.switch.ops_per_sec", 67.7, 0,
		  "regression" },
		{ "Re: [LKP] Re: [xfs] 2bf1ec0ff0: stress-ng.mknod.ops_per_sec "
		  "-45.4% regression", NULL, NULL, "xfs", "2bf1ec0ff0",
		  "stress-ng.mknod.ops_per_sec", -45.4, 1, "regression" },
		{ "[linux-next:master] [memcg]  70a64b7919:  will-it-scale."
		  "per_process_ops -11.9% regression", "linux-next", "master",
		  "memcg", "70a64b7919", "will-it-scale.per_process_ops",
		  -11.9, 1, "regression" },
		{ "Re: [mm]  :  aim7.jobs-per-min -5.6% regression", NULL,
		  NULL, "mm", NULL, "aim7.jobs-per-min", -5.6, 1,
		  "regression" },
	};

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		struct lkp_subject s = subj(v[i].in);

		ck_assert_msg(s.form == LKP_SUBJ_PERF, "case %zu", i);
		STR_OR_NULL(s.tree, v[i].tree);
		STR_OR_NULL(s.branch, v[i].branch);
		STR_OR_NULL(s.prefix, v[i].prefix);
		STR_OR_NULL(s.sha, v[i].sha);
		ck_assert_str_eq(s.metric, v[i].metric);
		ck_assert_double_eq_tol(s.pct.v, v[i].pct, 1e-9);
		ck_assert_int_eq(s.pct_signed, v[i].sign);
		ck_assert_str_eq(s.verdict, v[i].verdict);
	}
}
END_TEST

START_TEST(functional_forms)
{
	struct lkp_subject s;

	s = subj("[tip:sched/core] [sched]  b079d93796:  WARNING:possible_"
		 "recursive_locking_detected_x");
	ck_assert_int_eq(s.form, LKP_SUBJ_FUNC);
	ck_assert_str_eq(s.tree, "tip");
	ck_assert_str_eq(s.branch, "sched/core");
	ck_assert_str_eq(s.error_id,
			 "WARNING:possible_recursive_locking_detected_x");
	s = subj("[xfs] [confidence: ] 505313cbc0: Assertion_failed");
	ck_assert_int_eq(s.form, LKP_SUBJ_FUNC);
	ck_assert_str_eq(s.prefix, "xfs");
	ck_assert_str_eq(s.sha, "505313cbc0");
	s = subj("379b0fd8ed: blktests.block/024.fail");
	ck_assert_int_eq(s.form, LKP_SUBJ_FUNC);
	ck_assert_ptr_null(s.prefix);
	ck_assert_str_eq(s.error_id, "blktests.block/024.fail");
	s = subj("[legion:patchset/meminfo/v2.1] [mm]  0123456789:  x.fail");
	ck_assert_str_eq(s.branch, "patchset/meminfo/v2.1");
}
END_TEST

START_TEST(build_forms)
{
	struct lkp_subject s;

	s = subj("[cgroup:for-next] BUILD INCOMPLETE c00ec3075b");
	ck_assert_int_eq(s.form, LKP_SUBJ_BUILD_SUMMARY);
	ck_assert_str_eq(s.build_status, "INCOMPLETE");
	ck_assert_str_eq(s.build_sha, "c00ec3075b");
	s = subj("[linux-next:master] BUILD SUCCESS WITH WARNING "
		 "d3f2cd24819158bb70701c3549e586f9df9cee67");
	ck_assert_str_eq(s.build_status, "SUCCESS WITH WARNING");
	s = subj("[tj-cgroup:for-6.18 17/17] kernel/cgroup/cgroup.c:3029:24: "
		 "warning:  unused variable 'ss'");
	ck_assert_int_eq(s.form, LKP_SUBJ_BUILD_COMMIT);
	ck_assert_str_eq(s.tree, "tj-cgroup");
	ck_assert_str_eq(s.branch, "for-6.18");
	ck_assert_str_eq(s.series_pos, "17/17");
	ck_assert_str_eq(s.diagnostic, "kernel/cgroup/cgroup.c:3029:24: "
				       "warning: unused variable 'ss'");
}
END_TEST

START_TEST(patch_forms)
{
	struct lkp_subject s;

	s = subj("Re: [PATCH v4 4/5] mm: foo");
	ck_assert_int_eq(s.form, LKP_SUBJ_PATCH_REPLY);
	ck_assert_str_eq(s.patch_subject, "[PATCH v4 4/5] mm: foo");
	s = subj("[RFC PATCH djwong-xfs] xfs: fix duplicated inclusion");
	ck_assert_int_eq(s.form, LKP_SUBJ_PATCH);
	s = subj("Hello world");
	ck_assert_int_eq(s.form, LKP_SUBJ_UNKNOWN);
	s = subj("xfs: fix a bug");
	ck_assert_int_eq(s.form, LKP_SUBJ_UNKNOWN);
	s = subj("");
	ck_assert_int_eq(s.form, LKP_SUBJ_UNKNOWN);
	s = subj("[unclosed");
	ck_assert_int_eq(s.form, LKP_SUBJ_UNKNOWN);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("lkp_subject");
	TCase *tc = tcase_create("subject");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, perf_forms);
	tcase_add_test(tc, functional_forms);
	tcase_add_test(tc, build_forms);
	tcase_add_test(tc, patch_forms);
	suite_add_tcase(s, tc);
	return s;
}
