/* stat_rules.c - compile and apply lkp-tests' stat tables (PCRE2). */
#include "config.h"
#include "bot/compare/stat_rules.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"

/* A crafted stat name must not make a pattern run away (doc/style.md R27). */
#define COMPARE_RULES_MATCH_LIMIT 100000
#define COMPARE_RULES_DEPTH_LIMIT 1000

struct compare_re {
	pcre2_code *code;
};

struct compare_rules {
	pcre2_match_context *mctx;
	pcre2_match_data *md;
	struct compare_re failure, pass, deny, allow, report, perf;
	struct compare_re *thr, *iperf, *ilat;
	char *testcase;
	int testcase_is_func;
};

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int
names_has(const char *const *v, size_t n, const char *s)
{
	return bsearch(&s, v, n, sizeof(*v), cmp_str) != NULL;
}

static int
re_compile(struct compare_re *re, const char *pat, char **err_out)
{
	int ec;
	PCRE2_SIZE off;
	PCRE2_UCHAR msg[256];

	re->code = pcre2_compile((PCRE2_SPTR)pat, PCRE2_ZERO_TERMINATED, 0,
				 &ec, &off, NULL);
	if (!re->code) {
		pcre2_get_error_message(ec, msg, sizeof(msg));
		*err_out = xasprintf("cannot compile lkp pattern '%s' at "
				     "offset %zu: %s", pat, (size_t)off,
				     (const char *)msg);
		return LKB_ERR;
	}
	/* JIT is an optimisation; the interpreter is the fallback. */
	(void)pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE);
	return LKB_OK;
}

/* Join v[] into one alternation: pre (?:v0)|(?:v1)... post. */
static int
re_compile_list(struct compare_re *re, const char *pre, const char *const *v,
		size_t n, const char *extra, const char *post, char **err_out)
{
	struct strbuf sb = STRBUF_INIT;
	int rc = LKB_OK;

	strbuf_adds(&sb, pre);
	strbuf_adds(&sb, "(?:");
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&sb, "%s(?:%s)", i ? "|" : "", v[i]);
	if (extra)
		strbuf_adds(&sb, extra);
	strbuf_adds(&sb, ")");
	strbuf_adds(&sb, post);
	if (rc == LKB_OK)
		rc = re_compile(re, sb.buf, err_out);
	strbuf_release(&sb);
	return rc;
}

static int
re_match(const struct compare_rules *r, const struct compare_re *re, const char *s)
{
	int rc = pcre2_match(re->code, (PCRE2_SPTR)s, strlen(s), 0, 0, r->md,
			     r->mctx);

	/* >= 0 matched; NOMATCH, or a limit hit on a crafted name: no. */
	return rc >= 0;
}

static int
re_compile_full(struct compare_re **out, const char *const *res, size_t stride,
		size_t n, char **err_out)
{
	struct compare_re *v = xcalloc(n ? n : 1, sizeof(*v));
	char *pat;
	int rc = LKB_OK;

	*out = v;
	for (size_t i = 0; i < n && rc == LKB_OK; i++) {
		const char *re = *(const char *const *)
			((const char *)res + i * stride);
		pat = xasprintf("^(?:%s)$", re);
		rc = re_compile(&v[i], pat, err_out);
		free(pat);
	}
	return rc;
}

/* The perf-metric regex: patterns anywhere, or a prefix at the start;
 * performance tests and the testcase (unless functional) add
 * "<test>." prefixes (lkp:lib/perf_metrics.rb). */
static int
compile_perf(struct compare_rules *r, char **err_out)
{
	struct strbuf sb = STRBUF_INIT;
	int rc = LKB_OK;

	for (size_t i = 0; i < compare_perf_tests_n; i++)
		strbuf_addf(&sb, "|\\Q%s.\\E", compare_perf_tests[i]);
	if (r->testcase && !r->testcase_is_func && !strstr(r->testcase, "\\E"))
		strbuf_addf(&sb, "|\\Q%s.\\E", r->testcase);
	if (rc == LKB_OK) {
		struct strbuf pre = STRBUF_INIT;

		strbuf_adds(&pre, "(?:");
		for (size_t i = 0; i < compare_perf_pattern_res_n; i++)
			strbuf_addf(&pre, "%s(?:%s)", i ? "|" : "",
				    compare_perf_pattern_res[i]);
		strbuf_adds(&pre, ")|^");
		if (rc == LKB_OK)
			rc = re_compile_list(&r->perf, pre.buf,
					     compare_perf_prefix_res,
					     compare_perf_prefix_res_n, sb.buf, "",
					     err_out);
		strbuf_release(&pre);
	}
	strbuf_release(&sb);
	return rc;
}

int
compare_rules_new(const char *testcase, struct compare_rules **out, char **err_out)
{
	struct compare_rules *r = xcalloc(1, sizeof(*r));
	int rc;

	*out = NULL;
	*err_out = NULL;
	if (testcase && *testcase) {
		r->testcase = xstrdup(testcase);
		r->testcase_is_func = names_has(compare_func_tests,
						compare_func_tests_n, testcase);
	}
	r->mctx = pcre2_match_context_create(NULL);
	r->md = pcre2_match_data_create(16, NULL);
	if (!r->mctx || !r->md)
		abort();	/* out of memory (R14) */
	pcre2_set_match_limit(r->mctx, COMPARE_RULES_MATCH_LIMIT);
	pcre2_set_depth_limit(r->mctx, COMPARE_RULES_DEPTH_LIMIT);
	if ((rc = re_compile_list(&r->failure, "^", compare_failure_res,
				  compare_failure_res_n, NULL, "", err_out)) ||
	    (rc = re_compile_list(&r->pass, "^", compare_pass_res,
				  compare_pass_res_n, NULL, "", err_out)) ||
	    (rc = re_compile_list(&r->deny, "", compare_denylist_res,
				  compare_denylist_res_n, NULL, "", err_out)) ||
	    (rc = re_compile_list(&r->allow, "", compare_allowlist_res,
				  compare_allowlist_res_n, NULL, "", err_out)) ||
	    (rc = re_compile_list(&r->report, "", compare_report_allow_res,
				  compare_report_allow_res_n, NULL, "",
				  err_out)) ||
	    (rc = compile_perf(r, err_out)) ||
	    (rc = re_compile_full(&r->thr, &compare_perf_thresholds[0].re,
				  sizeof(compare_perf_thresholds[0]),
				  compare_perf_thresholds_n, err_out)) ||
	    (rc = re_compile_full(&r->iperf, &compare_index_perf[0].re,
				  sizeof(compare_index_perf[0]), compare_index_perf_n,
				  err_out)) ||
	    (rc = re_compile_full(&r->ilat, &compare_index_latency[0].re,
				  sizeof(compare_index_latency[0]),
				  compare_index_latency_n, err_out))) {
		compare_rules_free(r);
		return rc;
	}
	*out = r;
	return LKB_OK;
}

static void
re_free_array(struct compare_re *v, size_t n)
{
	if (!v)
		return;
	for (size_t i = 0; i < n; i++)
		pcre2_code_free(v[i].code);
	free(v);
}

void
compare_rules_free(struct compare_rules *r)
{
	if (!r)
		return;
	pcre2_code_free(r->failure.code);
	pcre2_code_free(r->pass.code);
	pcre2_code_free(r->deny.code);
	pcre2_code_free(r->allow.code);
	pcre2_code_free(r->report.code);
	pcre2_code_free(r->perf.code);
	re_free_array(r->thr, compare_perf_thresholds_n);
	re_free_array(r->iperf, compare_index_perf_n);
	re_free_array(r->ilat, compare_index_latency_n);
	pcre2_match_data_free(r->md);
	pcre2_match_context_free(r->mctx);
	free(r->testcase);
	free(r);
}

static int
has_prefix(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

unsigned
compare_rules_classify(const struct compare_rules *r, const char *name)
{
	unsigned f = 0;
	size_t len = strlen(name);
	const char *dot = strchr(name, '.');

	if (strstr(name, ".time.") || strstr(name, ".timestamp:") ||
	    strstr(name, ".bootstage:"))
		f |= COMPARE_STAT_TIME_LIKE;
	else if (re_match(r, &r->failure, name) || re_match(r, &r->pass, name))
		f |= COMPARE_STAT_FUNCTION;
	if (!re_match(r, &r->deny, name) || re_match(r, &r->allow, name))
		f |= COMPARE_STAT_BISECTABLE;
	if (re_match(r, &r->report, name))
		f |= COMPARE_STAT_REPORT_ALLOW;
	/* $stat_absolute_changes (lkp:lib/compare.rb): /^perf-profile/, /%$/ */
	if (has_prefix(name, "perf-profile") || (len && name[len - 1] == '%'))
		f |= COMPARE_STAT_ABSOLUTE;
	if (has_prefix(name, "perf-profile."))
		f |= COMPARE_STAT_PERF_PROFILE;
	if (has_prefix(name, "lock_stat."))
		f |= COMPARE_STAT_LOCK_STAT;
	if (has_prefix(name, "dmesg.") || has_prefix(name, "last_state.") ||
	    has_prefix(name, "stderr."))
		f |= COMPARE_STAT_BOOT_KIND | COMPARE_STAT_ALWAYS_FUNC;
	if (has_prefix(name, "kmsg."))
		f |= COMPARE_STAT_ALWAYS_FUNC;
	if (compare_rules_is_test(r, name, dot ? (size_t)(dot - name) : len))
		f |= COMPARE_STAT_TEST_GROUP;
	return f;
}

int
compare_rules_is_perf_metric(const struct compare_rules *r, const char *name)
{
	return re_match(r, &r->perf, name);
}

int
compare_rules_threshold(const struct compare_rules *r, const char *name,
		    double *v_out, int *is_int_out)
{
	for (size_t i = 0; i < compare_perf_thresholds_n; i++) {
		if (re_match(r, &r->thr[i], name)) {
			*v_out = compare_perf_thresholds[i].v;
			*is_int_out = compare_perf_thresholds[i].is_int;
			return 1;
		}
	}
	return 0;
}

int
compare_rules_kpi_weight(const struct compare_rules *r, const char *name,
		     double *w_out)
{
	for (size_t i = 0; i < compare_index_perf_n; i++) {
		if (re_match(r, &r->iperf[i], name)) {
			*w_out = compare_index_perf[i].w;
			return 1;
		}
	}
	for (size_t i = 0; i < compare_index_latency_n; i++) {
		if (re_match(r, &r->ilat[i], name)) {
			*w_out = compare_index_latency[i].w;
			return 1;
		}
	}
	return 0;
}

int
compare_rules_is_test(const struct compare_rules *r, const char *group, size_t len)
{
	char buf[128];

	if (len == 0 || len >= sizeof(buf))
		return 0;
	memcpy(buf, group, len);
	buf[len] = '\0';
	if (r->testcase && !strcmp(r->testcase, buf))
		return 1;
	return names_has(compare_perf_tests, compare_perf_tests_n, buf) ||
	       names_has(compare_func_tests, compare_func_tests_n, buf);
}
