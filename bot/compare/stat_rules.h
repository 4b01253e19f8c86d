/* stat_rules.h - lkp-tests' stat classification tables, compiled once.
 *
 * lkp decides from the stat name alone whether a stat is a "function"
 * (fail:runs) stat, whether it may be reported at all, whether it is a
 * performance metric, which threshold guards it and in which direction a
 * change is a regression. The tables live in lkp-tests' etc/ files; they
 * are embedded here as static data (lkp_rules_data.c cites each file) and
 * compiled with PCRE2 once per comparison.
 *
 * Pattern semantics follow lkp:lib/lkp_pattern.rb: etc/failure, etc/pass
 * and etc/perf-metrics-prefixes match at the start of the name;
 * etc/stat-denylist, etc/stat-allowlist, etc/report-allowlist and
 * etc/perf-metrics-patterns match anywhere (their lines carry their own
 * '^'); etc/perf-metrics-threshold.yaml and etc/index-*.yaml keys must
 * match the whole name, first matching key wins.
 */
#ifndef LKB_BOT_COMPARE_STAT_RULES_H
#define LKB_BOT_COMPARE_STAT_RULES_H

#include <stddef.h>

#include "lib/compiler.h"

struct lkp_rules;

enum lkp_stat_flag {
	LKP_STAT_FUNCTION = 1u << 0,	 /* function_stat?: fail:runs row */
	LKP_STAT_BISECTABLE = 1u << 1,	 /* allowlisted or not denylisted */
	LKP_STAT_REPORT_ALLOW = 1u << 2, /* etc/report-allowlist */
	LKP_STAT_TIME_LIKE = 1u << 3,	 /* .time. .timestamp: .bootstage: */
	LKP_STAT_ABSOLUTE = 1u << 4,	 /* ^perf-profile or %$: abs change */
	LKP_STAT_TEST_GROUP = 1u << 5,	 /* group is a test program */
	LKP_STAT_ALWAYS_FUNC = 1u << 6,	 /* ^(dmesg|kmsg|last_state|stderr)\. */
	LKP_STAT_PERF_PROFILE = 1u << 7, /* ^perf-profile\. */
	LKP_STAT_LOCK_STAT = 1u << 8,	 /* ^lock_stat\. */
	LKP_STAT_BOOT_KIND = 1u << 9,	 /* ^(dmesg|last_state|stderr)\. */
};

/* Compile the tables. testcase (may be NULL) is the report's test: its
 * "<testcase>." prefix counts as a perf metric unless it is a functional
 * test, and its group sorts first like lkp's test programs. On failure
 * returns a negative status and sets *err_out (caller frees). */
int lkp_rules_new(const char *testcase, struct lkp_rules **out,
		  char **err_out) LKB_WARN_UNUSED;
void lkp_rules_free(struct lkp_rules *r);

/* OR of enum lkp_stat_flag for the stat name. */
unsigned lkp_rules_classify(const struct lkp_rules *r, const char *name);

/* perf_metric? (lkp:lib/perf_metrics.rb): etc/perf-metrics-patterns,
 * etc/perf-metrics-prefixes or a performance test's "<test>." prefix.
 * Separate from classify because only changed stats need it. */
int lkp_rules_is_perf_metric(const struct lkp_rules *r, const char *name);

/* First etc/perf-metrics-threshold.yaml entry matching name: 1 and the
 * threshold (is_int_out: the YAML value was an Integer), or 0. */
int lkp_rules_threshold(const struct lkp_rules *r, const char *name,
			double *v_out, int *is_int_out);

/* KPI weight of name from etc/index-perf-all.yaml, else
 * etc/index-latency-all.yaml: 1 and the weight, or 0 when none matches. */
int lkp_rules_kpi_weight(const struct lkp_rules *r, const char *name,
			 double *w_out);

/* Whether the len bytes at group name a test program (lkp's
 * LKP::Programs.all_tests_set, embedded subset, plus the testcase). */
int lkp_rules_is_test(const struct lkp_rules *r, const char *group,
		      size_t len);

/* The embedded tables (lkp_rules_data.c). */
struct lkp_weight {
	const char *re;
	double w;
};
struct lkp_threshold {
	const char *re;
	double v;
	int is_int;
};
extern const struct lkp_weight lkp_index_perf[];
extern const size_t lkp_index_perf_n;
extern const struct lkp_weight lkp_index_latency[];
extern const size_t lkp_index_latency_n;
extern const struct lkp_threshold lkp_perf_thresholds[];
extern const size_t lkp_perf_thresholds_n;
extern const char *const lkp_failure_res[];
extern const size_t lkp_failure_res_n;
extern const char *const lkp_pass_res[];
extern const size_t lkp_pass_res_n;
extern const char *const lkp_denylist_res[];
extern const size_t lkp_denylist_res_n;
extern const char *const lkp_allowlist_res[];
extern const size_t lkp_allowlist_res_n;
extern const char *const lkp_report_allow_res[];
extern const size_t lkp_report_allow_res_n;
extern const char *const lkp_perf_prefix_res[];
extern const size_t lkp_perf_prefix_res_n;
extern const char *const lkp_perf_pattern_res[];
extern const size_t lkp_perf_pattern_res_n;
/* Sorted (strcmp) names: performance tests, functional tests. */
extern const char *const lkp_perf_tests[];
extern const size_t lkp_perf_tests_n;
extern const char *const lkp_func_tests[];
extern const size_t lkp_func_tests_n;

#endif
