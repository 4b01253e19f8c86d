/* fields.c - the rows of a parsed report's fields and their JSON
 * values (fields.h). */
#include "config.h"
#include "bot/report/fields.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/compiler.h"
#include "lib/xalloc.h"

/* Largest integer a double holds exactly. */
#define EXACT_INT 9007199254740992.0

enum num_form {
	NUM_NULL,
	NUM_INT,	/* (long long)n.v */
	NUM_REAL,	/* a finite double */
};

static enum num_form
num_form(struct lkp_num n)
{
	switch (n.kind) {
	case LKP_NUM_INT:
		if (isfinite(n.v) && fabs(n.v) < EXACT_INT &&
		    n.v == floor(n.v) && !(n.v == 0 && signbit(n.v)))
			return NUM_INT;
		/* fall through */
	case LKP_NUM_REAL:
		return isfinite(n.v) ? NUM_REAL : NUM_NULL;
	default:
		return NUM_NULL;
	}
}

json_t *
report_json_num(struct lkp_num n)
{
	switch (num_form(n)) {
	case NUM_INT:
		return json_integer((json_int_t)n.v);
	case NUM_REAL:
		return json_real(n.v);
	default:
		return json_null();
	}
}

static json_t *
str(const char *s)
{
	return s ? json_string(s) : json_null();
}

static void
set(json_t *o, const char *k, json_t *v)
{
	/* a string that is not UTF-8 gives NULL: store null, never crash */
	json_object_set_new(o, k, v ? v : json_null());
}

static json_t *
kv_object(const struct lkp_kv *kv, size_t n)
{
	json_t *o = json_object();

	for (size_t i = 0; i < n; i++)
		if (kv[i].key)
			set(o, kv[i].key, str(kv[i].value));
	return o;
}

static json_t *
str_array(const char *const *v, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, v[i] ? json_string(v[i]) : json_null());
	return a;
}

static json_t *
num_array(const struct lkp_num *v, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, report_json_num(v[i]));
	return a;
}

/* ISO 8601 UTC from seconds since the epoch, by the civil-calendar
 * arithmetic (no gmtime_r: the build is strict C11): 0 (buf untouched)
 * for (time_t)-1. */
static int
date_text(time_t t, char *buf, size_t size)
{
	long long s = (long long)t, days, secs, z, era, doe, yoe, doy, mp;
	long long y, m, d;

	if (t == (time_t)-1)
		return 0;
	days = s / 86400;
	secs = s % 86400;
	if (secs < 0) {
		secs += 86400;
		days--;
	}
	z = days + 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	d = doy - (153 * mp + 2) / 5 + 1;
	m = mp < 10 ? mp + 3 : mp - 9;
	y = yoe + era * 400 + (m <= 2);
	snprintf(buf, size, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lldZ",
		 y, m, d, secs / 3600, secs / 60 % 60, secs % 60);
	return 1;
}

static json_t *
date_json(time_t t)
{
	char buf[128];

	if (!date_text(t, buf, sizeof(buf)))
		return json_null();
	return json_string(buf);
}

static json_t *
from_json(const struct lkp_report *r)
{
	if (r->from_name && *r->from_name && r->from_addr && *r->from_addr) {
		char *buf = xasprintf("%s <%s>", r->from_name, r->from_addr);
		json_t *j = json_string(buf);

		free(buf);
		return j;
	}
	if (r->from_addr && *r->from_addr)
		return json_string(r->from_addr);
	return str(r->from_name);
}

static json_t *
metric_json(const struct lkp_metric *m)
{
	static const char *const ck[] = { NULL, "percent", "absolute" };
	json_t *o = json_object();

	set(o, "name", str(m->name));
	set(o, "values", num_array(m->values, m->ncols));
	set(o, "stddev_pct", num_array(m->stddev, m->ncols));
	set(o, "changes", num_array(m->changes, m->ncols ? m->ncols - 1 : 0));
	set(o, "change_kind", str(ck[m->change_kind]));
	if (m->note)
		set(o, "note", str(m->note));
	return o;
}

static json_t *
failure_json(const struct lkp_failure *f)
{
	json_t *o = json_object();

	set(o, "name", str(f->name));
	set(o, "fails", num_array(f->fails, f->ncols));
	set(o, "runs", num_array(f->runs, f->ncols));
	set(o, "reproduction_pct",
	    num_array(f->repro, f->ncols ? f->ncols - 1 : 0));
	if (f->note)
		set(o, "note", str(f->note));
	return o;
}

static json_t *
comparison_json(const struct lkp_comparison *c)
{
	json_t *o = json_object(), *a;

	set(o, "axes", kv_object(c->axes, c->naxes));
	a = json_array();
	for (size_t i = 0; i < c->ncompared; i++) {
		json_t *e = json_object();

		set(e, "sha", str(c->compared[i].sha));
		set(e, "subject", str(c->compared[i].subject));
		set(e, "note", str(c->compared[i].note));
		json_array_append_new(a, e);
	}
	set(o, "compared", a);
	a = json_array();
	for (size_t i = 0; i < c->nmetrics; i++)
		json_array_append_new(a, metric_json(&c->metrics[i]));
	set(o, "metrics", a);
	a = json_array();
	for (size_t i = 0; i < c->nfailures; i++)
		json_array_append_new(a, failure_json(&c->failures[i]));
	set(o, "failures", a);
	set(o, "columns", str_array(c->columns, c->ncolumns));
	set(o, "host", str(c->host));
	return o;
}

static json_t *
impacts_json(const struct lkp_report *r)
{
	json_t *a = json_array();

	for (size_t i = 0; i < r->nimpacts; i++) {
		const struct lkp_impact *im = &r->impacts[i];
		json_t *o = json_object();

		set(o, "testcase", str(im->testcase));
		set(o, "metric", str(im->metric));
		set(o, "change_pct", report_json_num(im->change_pct));
		set(o, "verdict", str(im->verdict));
		set(o, "test_machine", str(im->test_machine));
		set(o, "params", kv_object(im->params, im->nparams));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *
status_json(const struct lkp_report *r)
{
	json_t *a = json_array();

	for (size_t i = 0; i < r->nstatus_lines; i++) {
		json_t *o = json_object();

		set(o, "kind", str(r->status_lines[i].kind));
		set(o, "tree", str(r->status_lines[i].tree));
		set(o, "sha", str(r->status_lines[i].sha));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *
build_json(const struct lkp_report *r)
{
	json_t *o;

	if (r->kind != LKP_KIND_BUILD_SUCCESS &&
	    r->kind != LKP_KIND_BUILD_REGRESSION &&
	    r->kind != LKP_KIND_BUILD_ERROR)
		return json_null();
	o = json_object();
	set(o, "tree_branch", str(r->build_tree_branch));
	set(o, "head", str(r->build_head));
	set(o, "errors", str_array(r->build_errors, r->nbuild_errors));
	set(o, "configs_tested", report_json_num(r->build_configs_tested));
	return o;
}


static json_t *
kind_json(const struct lkp_report *r)
{
	return r->kind == LKP_KIND_NONE ? json_null()
					: json_string(lkp_kind_name(r->kind));
}

static json_t *
date_of(const struct lkp_report *r)
{
	return date_json(r->date);
}

static json_t *
headline_pct(const struct lkp_report *r)
{
	return report_json_num(r->headline_change_pct);
}

static json_t *
params_json(const struct lkp_report *r)
{
	return kv_object(r->params, r->nparams);
}

static json_t *
comparisons_json(const struct lkp_report *r)
{
	json_t *a = json_array();

	for (size_t i = 0; i < r->ncomparisons; i++)
		json_array_append_new(a, comparison_json(&r->comparisons[i]));
	return a;
}

static json_t *
warnings_json(const struct lkp_report *r)
{
	return str_array(r->warnings, r->nwarnings);
}

static json_t *
row_count(const struct lkp_report *r)
{
	return json_integer((json_int_t)lkp_report_row_count(r));
}

#define ROW(k, obj) .key = (k), .in = (obj)
#define AT(m) .off = offsetof(struct lkp_report, m)
#define SHOW(label, p) .show = (label), .part = REPORT_PART_##p
#define WEB(label, v) .web = (label), .view = REPORT_VIEW_##v

const struct report_field report_fields[] = {
	{ ROW("message_id", NULL), AT(message_id), SHOW("message-id", HEAD) },
	{ ROW("kind", NULL), .json = kind_json, SHOW("kind", HEAD) },
	{ ROW("date", NULL), .json = date_of, SHOW("date", HEAD) },
	{ ROW("from", NULL), .json = from_json, SHOW("from", HEAD) },
	{ ROW("subject", NULL), AT(subject) },
	{ ROW("tree", NULL), AT(tree) },
	{ ROW("branch", NULL), AT(branch) },
	{ ROW("prefix", NULL), AT(prefix) },
	{ ROW("sha", "commit"), AT(commit_sha), SHOW("commit", COMMIT),
	  WEB("Commit", COMMIT) },
	{ ROW("subject", "commit"), AT(commit_subject),
	  SHOW("  subject", COMMIT) },
	{ ROW("metric", "headline"), AT(headline_metric),
	  SHOW("headline", COMMIT), WEB("Headline", HEADLINE) },
	{ ROW("change_pct", "headline"), .json = headline_pct },
	{ ROW("verdict", "headline"), AT(headline_verdict) },
	{ ROW("testcase", NULL), AT(testcase), SHOW("testcase", SETUP),
	  WEB("Testcase", TEXT) },
	{ ROW("test_machine", NULL), AT(test_machine),
	  SHOW("test machine", SETUP), WEB("Test machine", TEXT) },
	{ ROW("config", NULL), AT(config), SHOW("config", SETUP),
	  WEB("Config", TEXT) },
	{ ROW("compiler", NULL), AT(compiler), SHOW("compiler", SETUP),
	  WEB("Compiler", TEXT) },
	{ ROW("params", NULL), .json = params_json, SHOW("  param", SETUP),
	  WEB("Parameters", PARAMS) },
	{ ROW("url", NULL), AT(url), SHOW("url", SETUP), WEB("URL", LINK) },
	{ ROW("base", NULL), AT(base), SHOW("base", SETUP),
	  WEB("Base", TEXT) },
	{ ROW("patch_link", NULL), AT(patch_link),
	  WEB("Patch link", LINK) },
	{ ROW("patch_subject", NULL), AT(patch_subject),
	  SHOW("patch", SETUP), WEB("Patch subject", TEXT) },
	/* the page shows the bare address, the JSON "from" above */
	{ ROW(NULL, NULL), AT(from_addr), WEB("From", TEXT) },
	{ ROW("status_lines", NULL), .json = status_json },
	{ ROW("also_impacts", NULL), .json = impacts_json },
	{ ROW("reported_by", "tags"), AT(reported_by),
	  WEB("Reported-by", TEXT) },
	{ ROW("closes", "tags"), AT(closes), WEB("Closes", LINK) },
	{ ROW("link", "tags"), AT(link), WEB("Link", LINK) },
	{ ROW("comparisons", NULL), .json = comparisons_json },
	{ ROW("build", NULL), .json = build_json },
	{ ROW("version", NULL), AT(version) },
	{ ROW("test_description", NULL), AT(test_description) },
	{ ROW("test_url", NULL), AT(test_url) },
	{ ROW("materials_url", NULL), AT(materials_url) },
	{ ROW("dmesg", NULL), AT(dmesg) },
	{ ROW("warnings", NULL), .json = warnings_json },
	/* extras beyond the contract */
	{ ROW("subkind", NULL), AT(subkind) },
	{ ROW("subject_sha", NULL), AT(subject_sha) },
	{ ROW("series_pos", NULL), AT(series_pos) },
	{ ROW("commit_tree", NULL), AT(commit_tree) },
	{ ROW("date_text", NULL), AT(date_text) },
	{ ROW("row_count", NULL), .json = row_count },
};

const size_t report_nfields = LKB_ARRAY_SIZE(report_fields);

const char *
report_field_text(const struct lkp_report *r, const struct report_field *f)
{
	if (f->json)
		return NULL;
	return *(const char *const *)(const void *)((const char *)r + f->off);
}

json_t *
report_field_json(const struct lkp_report *r, const struct report_field *f)
{
	json_t *v = f->json ? f->json(r) : str(report_field_text(r, f));

	/* a string that is not UTF-8 gives NULL: null, never a crash */
	return v ? v : json_null();
}
