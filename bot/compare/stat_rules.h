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

struct compare_rules;

enum compare_stat_flag {
	COMPARE_STAT_FUNCTION = 1u << 0,	 /* function_stat?: fail:runs row */
	COMPARE_STAT_BISECTABLE = 1u << 1,	 /* allowlisted or not denylisted */
	COMPARE_STAT_REPORT_ALLOW = 1u << 2, /* etc/report-allowlist */
	COMPARE_STAT_TIME_LIKE = 1u << 3,	 /* .time. .timestamp: .bootstage: */
	COMPARE_STAT_ABSOLUTE = 1u << 4,	 /* ^perf-profile or %$: abs change */
	COMPARE_STAT_TEST_GROUP = 1u << 5,	 /* group is a test program */
	COMPARE_STAT_ALWAYS_FUNC = 1u << 6,	 /* ^(dmesg|kmsg|last_state|stderr)\. */
	COMPARE_STAT_PERF_PROFILE = 1u << 7, /* ^perf-profile\. */
	COMPARE_STAT_LOCK_STAT = 1u << 8,	 /* ^lock_stat\. */
	COMPARE_STAT_BOOT_KIND = 1u << 9,	 /* ^(dmesg|last_state|stderr)\. */
};

/* Compile the tables. testcase (may be NULL) is the report's test: its
 * "<testcase>." prefix counts as a perf metric unless it is a functional
 * test, and its group sorts first like lkp's test programs. On failure
 * returns a negative status and sets *err_out (caller frees). */
int compare_rules_new(const char *testcase, struct compare_rules **out,
		  char **err_out) LKB_WARN_UNUSED;
void compare_rules_free(struct compare_rules *r);

/* OR of enum compare_stat_flag for the stat name. */
unsigned compare_rules_classify(const struct compare_rules *r, const char *name);

/* perf_metric? (lkp:lib/perf_metrics.rb): etc/perf-metrics-patterns,
 * etc/perf-metrics-prefixes or a performance test's "<test>." prefix.
 * Separate from classify because only changed stats need it. */
int compare_rules_is_perf_metric(const struct compare_rules *r, const char *name);

/* First etc/perf-metrics-threshold.yaml entry matching name: 1 and the
 * threshold (is_int_out: the YAML value was an Integer), or 0. */
int compare_rules_threshold(const struct compare_rules *r, const char *name,
			double *v_out, int *is_int_out);

/* KPI weight of name from etc/index-perf-all.yaml, else
 * etc/index-latency-all.yaml: 1 and the weight, or 0 when none matches. */
int compare_rules_kpi_weight(const struct compare_rules *r, const char *name,
			 double *w_out);

/* Whether the len bytes at group name a test program (lkp's
 * LKP::Programs.all_tests_set, embedded subset, plus the testcase). */
int compare_rules_is_test(const struct compare_rules *r, const char *group,
		      size_t len);

/* The embedded tables (lkp_rules_data.c). */
struct compare_weight {
	const char *re;
	double w;
};
struct compare_threshold {
	const char *re;
	double v;
	int is_int;
};
extern const struct compare_weight compare_index_perf[];
extern const size_t compare_index_perf_n;
extern const struct compare_weight compare_index_latency[];
extern const size_t compare_index_latency_n;
extern const struct compare_threshold compare_perf_thresholds[];
extern const size_t compare_perf_thresholds_n;
extern const char *const compare_failure_res[];
extern const size_t compare_failure_res_n;
extern const char *const compare_pass_res[];
extern const size_t compare_pass_res_n;
extern const char *const compare_denylist_res[];
extern const size_t compare_denylist_res_n;
extern const char *const compare_allowlist_res[];
extern const size_t compare_allowlist_res_n;
extern const char *const compare_report_allow_res[];
extern const size_t compare_report_allow_res_n;
extern const char *const compare_perf_prefix_res[];
extern const size_t compare_perf_prefix_res_n;
extern const char *const compare_perf_pattern_res[];
extern const size_t compare_perf_pattern_res_n;
/* Sorted (strcmp) names: performance tests, functional tests. */
extern const char *const compare_perf_tests[];
extern const size_t compare_perf_tests_n;
extern const char *const compare_func_tests[];
extern const size_t compare_func_tests_n;

#endif
