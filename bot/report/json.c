/* json.c - struct lkp_report to the JSON contract. */
#include "config.h"
#include "bot/report/json.h"

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

static void
head_fields(json_t *o, const struct lkp_report *r, int64_t id)
{
	json_t *x;

	set(o, "format_version", json_integer(REPORT_JSON_FORMAT_VERSION));
	set(o, "id", id ? json_integer(id) : json_null());
	set(o, "message_id", str(r->message_id));
	set(o, "kind", r->kind == LKP_KIND_NONE ? json_null()
						: json_string(lkp_kind_name(r->kind)));
	set(o, "date", date_json(r->date));
	set(o, "from", from_json(r));
	set(o, "subject", str(r->subject));
	set(o, "tree", str(r->tree));
	set(o, "branch", str(r->branch));
	set(o, "prefix", str(r->prefix));
	x = json_object();
	set(x, "sha", str(r->commit_sha));
	set(x, "subject", str(r->commit_subject));
	set(o, "commit", x);
	x = json_object();
	set(x, "metric", str(r->headline_metric));
	set(x, "change_pct", report_json_num(r->headline_change_pct));
	set(x, "verdict", str(r->headline_verdict));
	set(o, "headline", x);
}

json_t *
report_json_build(const struct lkp_report *r, int64_t id)
{
	json_t *o = json_object(), *x;

	head_fields(o, r, id);
	set(o, "testcase", str(r->testcase));
	set(o, "test_machine", str(r->test_machine));
	set(o, "config", str(r->config));
	set(o, "compiler", str(r->compiler));
	set(o, "params", kv_object(r->params, r->nparams));
	set(o, "url", str(r->url));
	set(o, "base", str(r->base));
	set(o, "patch_link", str(r->patch_link));
	set(o, "patch_subject", str(r->patch_subject));
	set(o, "status_lines", status_json(r));
	set(o, "also_impacts", impacts_json(r));
	x = json_object();
	set(x, "reported_by", str(r->reported_by));
	set(x, "closes", str(r->closes));
	set(x, "link", str(r->link));
	set(o, "tags", x);
	x = json_array();
	for (size_t i = 0; i < r->ncomparisons; i++)
		json_array_append_new(x, comparison_json(&r->comparisons[i]));
	set(o, "comparisons", x);
	set(o, "build", build_json(r));
	set(o, "version", str(r->version));
	set(o, "test_description", str(r->test_description));
	set(o, "test_url", str(r->test_url));
	set(o, "materials_url", str(r->materials_url));
	set(o, "dmesg", str(r->dmesg));
	set(o, "warnings", str_array(r->warnings, r->nwarnings));
	/* extras beyond the contract */
	set(o, "subkind", str(r->subkind));
	set(o, "subject_sha", str(r->subject_sha));
	set(o, "series_pos", str(r->series_pos));
	set(o, "commit_tree", str(r->commit_tree));
	set(o, "date_text", str(r->date_text));
	set(o, "row_count", json_integer((json_int_t)lkp_report_row_count(r)));
	return o;
}

static char *
dump(const struct lkp_report *r, int64_t id, size_t flags)
{
	json_t *o = report_json_build(r, id);
	char *s;

	if (!o)
		return NULL;
	s = json_dumps(o, flags);
	json_decref(o);
	return s;
}

char *
report_json_dump(const struct lkp_report *r, int64_t id)
{
	return dump(r, id, REPORT_JSON_DUMP_FLAGS);
}

char *
report_json_dump_compact(const struct lkp_report *r, int64_t id)
{
	return dump(r, id, REPORT_JSON_COMPACT_FLAGS);
}
