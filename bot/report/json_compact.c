/* json_compact.c - the stored (compact) report JSON, written
 * straight into a buffer: no jansson tree per report. The output is
 * byte for byte json_dumps(report_json_build(), REPORT_JSON_COMPACT_FLAGS):
 * the same key order, jansson's number forms ("%lld"; "%.15g" with ".0"
 * added to integral reals and the exponent's '+' and leading zeros
 * dropped), its string escapes, null for text that is not UTF-8, and
 * its object rules (a repeated key keeps its first place and its last
 * value; a key that is not UTF-8 is left out) and array rule (a string
 * that is not UTF-8 is left out). test_report_json checks
 * the two against each other on every report of the test data.
 */
#include "config.h"
#include "bot/report/json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"

struct jw {
	struct strbuf sb;
	int err;
};

static void
put(struct jw *w, const char *p, size_t n)
{
	if (strbuf_add(&w->sb, p, n))
		w->err = 1;
}

static void
put_s(struct jw *w, const char *s)
{
	put(w, s, strlen(s));
}

static void
putch(struct jw *w, int c)
{
	if (strbuf_addch(&w->sb, c))
		w->err = 1;
}

/* Length of the UTF-8 sequence at p (n bytes left), 0 if not valid
 * UTF-8 by jansson's rules: no overlong forms, no surrogates, nothing
 * past U+10FFFF. */
static size_t
utf8_len(const unsigned char *p, size_t n)
{
	size_t len;
	unsigned long cp;

	if (p[0] < 0x80)
		return 1;
	if (p[0] < 0xC2 || p[0] > 0xF4)
		return 0;
	len = p[0] < 0xE0 ? 2 : p[0] < 0xF0 ? 3 : 4;
	if (len > n)
		return 0;
	cp = p[0] & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (p[i] & 0x3F);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return len;
}

static int
utf8_valid(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);

	for (size_t i = 0; i < n;) {
		size_t k = utf8_len(p + i, n - i);

		if (!k)
			return 0;
		i += k;
	}
	return 1;
}

/* A valid UTF-8 string escaped as jansson does, without quotes. */
static void
put_escaped(struct jw *w, const char *s)
{
	const char *run = s;
	char esc[8];

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		const char *e;

		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		put(w, run, (size_t)(s - run));
		run = s + 1;
		switch (c) {
		case '"': e = "\\\""; break;
		case '\\': e = "\\\\"; break;
		case '\b': e = "\\b"; break;
		case '\f': e = "\\f"; break;
		case '\n': e = "\\n"; break;
		case '\r': e = "\\r"; break;
		case '\t': e = "\\t"; break;
		default:
			snprintf(esc, sizeof(esc), "\\u%04X", (unsigned)c);
			e = esc;
		}
		put_s(w, e);
	}
	put(w, run, (size_t)(s - run));
}

static void
put_quoted(struct jw *w, const char *s)
{
	putch(w, '"');
	put_escaped(w, s);
	putch(w, '"');
}

/* A string value: null when absent or not UTF-8. */
static void
put_str(struct jw *w, const char *s)
{
	if (s && utf8_valid(s))
		put_quoted(w, s);
	else
		put_s(w, "null");
}

/* The key of the next member; first is cleared. */
static void
put_key(struct jw *w, int *first, const char *k)
{
	if (!*first)
		putch(w, ',');
	*first = 0;
	put_quoted(w, k);
	putch(w, ':');
}

/* Decimal digits of u backwards into the end of buf; the first digit. */
static char *
digits_back(unsigned long long u, char *end)
{
	do {
		*--end = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	return end;
}

static void
put_int(struct jw *w, long long v)
{
	char buf[32], *p;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v
				     : (unsigned long long)v;

	buf[sizeof(buf) - 1] = '\0';
	p = digits_back(u, buf + sizeof(buf) - 1);
	if (v < 0)
		*--p = '-';
	put_s(w, p);
}

size_t
report_json_real_text(double v, char *buf)
{
	static const double p10[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6 };
	double a = fabs(v);
	char *e;
	size_t len;

	/* The numbers of reports are short decimals: when m / 10^k gives v
	 * back exactly (m < 10^15, so at most 15 digits), that decimal is
	 * the one "%.15g" prints (v is within half an ulp of it, closer
	 * than any other 15-digit decimal), without printf's bignums. */
	if (a >= 1e-4 && a < 1e15) {
		for (int k = 0; k < (int)LKB_ARRAY_SIZE(p10); k++) {
			double m = rint(a * p10[k]);
			char d[24], *q, *o = buf;
			size_t nd;

			if (m >= 1e15)
				break;
			if (m / p10[k] != a)
				continue;
			q = digits_back((unsigned long long)m, d + sizeof(d));
			nd = (size_t)(d + sizeof(d) - q);
			if (v < 0)
				*o++ = '-';
			if (nd <= (size_t)k) {
				*o++ = '0';
				*o++ = '.';
				for (size_t z = nd; z < (size_t)k; z++)
					*o++ = '0';
			} else {
				memcpy(o, q, nd - (size_t)k);
				o += nd - (size_t)k;
				q += nd - (size_t)k;
				nd = (size_t)k;
				*o++ = '.';
				if (!k)
					*o++ = '0';
			}
			memcpy(o, q, nd);
			o += nd;
			*o = '\0';
			return (size_t)(o - buf);
		}
	}
	snprintf(buf, REPORT_JSON_REAL_MAX - 3, "%.15g", v);
	if (!strchr(buf, '.') && !strchr(buf, 'e')) {
		len = strlen(buf);	/* < REPORT_JSON_REAL_MAX - 3 */
		buf[len] = '.';
		buf[len + 1] = '0';
		buf[len + 2] = '\0';
	}
	if ((e = strchr(buf, 'e'))) {
		char *start = e + 1, *end = e + 2;

		if (*start == '-')
			start++;
		while (*end == '0')
			end++;
		len = strlen(end);
		memmove(start, end, len + 1);
	}
	return strlen(buf);
}

/* A real as jansson prints it with JSON_REAL_PRECISION(15). */
static void
put_real(struct jw *w, double v)
{
	char buf[REPORT_JSON_REAL_MAX];

	report_json_real_text(v, buf);
	put_s(w, buf);
}

static void
put_num(struct jw *w, struct lkp_num n)
{
	switch (report_json_num_form(n)) {
	case REPORT_JSON_NUM_INT:
		put_int(w, (long long)n.v);
		break;
	case REPORT_JSON_NUM_REAL:
		put_real(w, n.v);
		break;
	default:
		put_s(w, "null");
	}
}

/* An object of key/value pairs as json_object_set_new() builds it. */
static void
put_kv(struct jw *w, const struct lkp_kv *kv, size_t n)
{
	int first = 1;

	putch(w, '{');
	for (size_t i = 0; i < n; i++) {
		const char *k = kv[i].key, *v = kv[i].value;
		int seen = 0;

		if (!k || !utf8_valid(k))
			continue;
		for (size_t j = 0; j < i && !seen; j++)
			seen = kv[j].key && !strcmp(kv[j].key, k);
		if (seen)
			continue;
		for (size_t j = i + 1; j < n; j++)
			if (kv[j].key && !strcmp(kv[j].key, k))
				v = kv[j].value;
		put_key(w, &first, k);
		put_str(w, v);
	}
	putch(w, '}');
}

/* A string array: NULL is null, text that is not UTF-8 is left out
 * (json_array_append_new() refuses the NULL json_string() gives). */
static void
put_strs(struct jw *w, const char *const *v, size_t n)
{
	int first = 1;

	putch(w, '[');
	for (size_t i = 0; i < n; i++) {
		if (v[i] && !utf8_valid(v[i]))
			continue;
		if (!first)
			putch(w, ',');
		first = 0;
		put_str(w, v[i]);
	}
	putch(w, ']');
}

static void
put_nums(struct jw *w, const struct lkp_num *v, size_t n)
{
	putch(w, '[');
	for (size_t i = 0; i < n; i++) {
		if (i)
			putch(w, ',');
		put_num(w, v[i]);
	}
	putch(w, ']');
}

static void
put_metric(struct jw *w, const struct lkp_metric *m)
{
	static const char *const ck[] = { NULL, "percent", "absolute" };
	int first = 1;

	putch(w, '{');
	put_key(w, &first, "name");
	put_str(w, m->name);
	put_key(w, &first, "values");
	put_nums(w, m->values, m->ncols);
	put_key(w, &first, "stddev_pct");
	put_nums(w, m->stddev, m->ncols);
	put_key(w, &first, "changes");
	put_nums(w, m->changes, m->ncols ? m->ncols - 1 : 0);
	put_key(w, &first, "change_kind");
	put_str(w, ck[m->change_kind]);
	if (m->note) {
		put_key(w, &first, "note");
		put_str(w, m->note);
	}
	putch(w, '}');
}

static void
put_failure(struct jw *w, const struct lkp_failure *f)
{
	int first = 1;

	putch(w, '{');
	put_key(w, &first, "name");
	put_str(w, f->name);
	put_key(w, &first, "fails");
	put_nums(w, f->fails, f->ncols);
	put_key(w, &first, "runs");
	put_nums(w, f->runs, f->ncols);
	put_key(w, &first, "reproduction_pct");
	put_nums(w, f->repro, f->ncols ? f->ncols - 1 : 0);
	if (f->note) {
		put_key(w, &first, "note");
		put_str(w, f->note);
	}
	putch(w, '}');
}

/* {"k1": v1, "k2": v2, "k3": v3} with string (or null) values. */
static void
put_obj3(struct jw *w, const char *k1, const char *v1, const char *k2,
	 const char *v2, const char *k3, const char *v3)
{
	int first = 1;

	putch(w, '{');
	put_key(w, &first, k1);
	put_str(w, v1);
	put_key(w, &first, k2);
	put_str(w, v2);
	put_key(w, &first, k3);
	put_str(w, v3);
	putch(w, '}');
}

static void
put_comparison(struct jw *w, const struct lkp_comparison *c)
{
	int first = 1;

	putch(w, '{');
	put_key(w, &first, "axes");
	put_kv(w, c->axes, c->naxes);
	put_key(w, &first, "compared");
	putch(w, '[');
	for (size_t i = 0; i < c->ncompared; i++) {
		if (i)
			putch(w, ',');
		put_obj3(w, "sha", c->compared[i].sha, "subject",
			 c->compared[i].subject, "note", c->compared[i].note);
	}
	putch(w, ']');
	put_key(w, &first, "metrics");
	putch(w, '[');
	for (size_t i = 0; i < c->nmetrics; i++) {
		if (i)
			putch(w, ',');
		put_metric(w, &c->metrics[i]);
	}
	putch(w, ']');
	put_key(w, &first, "failures");
	putch(w, '[');
	for (size_t i = 0; i < c->nfailures; i++) {
		if (i)
			putch(w, ',');
		put_failure(w, &c->failures[i]);
	}
	putch(w, ']');
	put_key(w, &first, "columns");
	put_strs(w, c->columns, c->ncolumns);
	put_key(w, &first, "host");
	put_str(w, c->host);
	putch(w, '}');
}

static void
put_impacts(struct jw *w, const struct lkp_report *r)
{
	putch(w, '[');
	for (size_t i = 0; i < r->nimpacts; i++) {
		const struct lkp_impact *im = &r->impacts[i];
		int first = 1;

		if (i)
			putch(w, ',');
		putch(w, '{');
		put_key(w, &first, "testcase");
		put_str(w, im->testcase);
		put_key(w, &first, "metric");
		put_str(w, im->metric);
		put_key(w, &first, "change_pct");
		put_num(w, im->change_pct);
		put_key(w, &first, "verdict");
		put_str(w, im->verdict);
		put_key(w, &first, "test_machine");
		put_str(w, im->test_machine);
		put_key(w, &first, "params");
		put_kv(w, im->params, im->nparams);
		putch(w, '}');
	}
	putch(w, ']');
}

static void
put_status(struct jw *w, const struct lkp_report *r)
{
	putch(w, '[');
	for (size_t i = 0; i < r->nstatus_lines; i++) {
		if (i)
			putch(w, ',');
		put_obj3(w, "kind", r->status_lines[i].kind, "tree",
			 r->status_lines[i].tree, "sha", r->status_lines[i].sha);
	}
	putch(w, ']');
}

static void
put_build(struct jw *w, const struct lkp_report *r)
{
	int first = 1;

	if (r->kind != LKP_KIND_BUILD_SUCCESS &&
	    r->kind != LKP_KIND_BUILD_REGRESSION &&
	    r->kind != LKP_KIND_BUILD_ERROR) {
		put_s(w, "null");
		return;
	}
	putch(w, '{');
	put_key(w, &first, "tree_branch");
	put_str(w, r->build_tree_branch);
	put_key(w, &first, "head");
	put_str(w, r->build_head);
	put_key(w, &first, "errors");
	put_strs(w, r->build_errors, r->nbuild_errors);
	put_key(w, &first, "configs_tested");
	put_num(w, r->build_configs_tested);
	putch(w, '}');
}

static void
put_from(struct jw *w, const struct lkp_report *r)
{
	if (r->from_name && *r->from_name && r->from_addr && *r->from_addr) {
		if (!utf8_valid(r->from_name) || !utf8_valid(r->from_addr)) {
			put_s(w, "null");
			return;
		}
		/* "name <addr>" */
		putch(w, '"');
		put_escaped(w, r->from_name);
		put_s(w, " <");
		put_escaped(w, r->from_addr);
		put_s(w, ">\"");
		return;
	}
	if (r->from_addr && *r->from_addr)
		put_str(w, r->from_addr);
	else
		put_str(w, r->from_name);
}

static void
put_head(struct jw *w, int *first, const struct lkp_report *r, int64_t id)
{
	char date[REPORT_JSON_DATE_MAX];
	int f2 = 1;

	put_key(w, first, "format_version");
	put_int(w, REPORT_JSON_FORMAT_VERSION);
	put_key(w, first, "id");
	if (id)
		put_int(w, (long long)id);
	else
		put_s(w, "null");
	put_key(w, first, "message_id");
	put_str(w, r->message_id);
	put_key(w, first, "kind");
	put_str(w, r->kind == LKP_KIND_NONE ? NULL : lkp_kind_name(r->kind));
	put_key(w, first, "date");
	put_str(w, report_json_date_text(r->date, date, sizeof(date)) ? date
								       : NULL);
	put_key(w, first, "from");
	put_from(w, r);
	put_key(w, first, "subject");
	put_str(w, r->subject);
	put_key(w, first, "tree");
	put_str(w, r->tree);
	put_key(w, first, "branch");
	put_str(w, r->branch);
	put_key(w, first, "prefix");
	put_str(w, r->prefix);
	put_key(w, first, "commit");
	putch(w, '{');
	put_key(w, &f2, "sha");
	put_str(w, r->commit_sha);
	put_key(w, &f2, "subject");
	put_str(w, r->commit_subject);
	putch(w, '}');
	put_key(w, first, "headline");
	f2 = 1;
	putch(w, '{');
	put_key(w, &f2, "metric");
	put_str(w, r->headline_metric);
	put_key(w, &f2, "change_pct");
	put_num(w, r->headline_change_pct);
	put_key(w, &f2, "verdict");
	put_str(w, r->headline_verdict);
	putch(w, '}');
}

static void
put_tail(struct jw *w, int *first, const struct lkp_report *r)
{
	int f2 = 1;

	put_key(w, first, "tags");
	putch(w, '{');
	put_key(w, &f2, "reported_by");
	put_str(w, r->reported_by);
	put_key(w, &f2, "closes");
	put_str(w, r->closes);
	put_key(w, &f2, "link");
	put_str(w, r->link);
	putch(w, '}');
	put_key(w, first, "comparisons");
	putch(w, '[');
	for (size_t i = 0; i < r->ncomparisons; i++) {
		if (i)
			putch(w, ',');
		put_comparison(w, &r->comparisons[i]);
	}
	putch(w, ']');
	put_key(w, first, "build");
	put_build(w, r);
	put_key(w, first, "version");
	put_str(w, r->version);
	put_key(w, first, "test_description");
	put_str(w, r->test_description);
	put_key(w, first, "test_url");
	put_str(w, r->test_url);
	put_key(w, first, "materials_url");
	put_str(w, r->materials_url);
	put_key(w, first, "dmesg");
	put_str(w, r->dmesg);
	put_key(w, first, "warnings");
	put_strs(w, r->warnings, r->nwarnings);
	put_key(w, first, "subkind");
	put_str(w, r->subkind);
	put_key(w, first, "subject_sha");
	put_str(w, r->subject_sha);
	put_key(w, first, "series_pos");
	put_str(w, r->series_pos);
	put_key(w, first, "commit_tree");
	put_str(w, r->commit_tree);
	put_key(w, first, "date_text");
	put_str(w, r->date_text);
	put_key(w, first, "row_count");
	put_int(w, (long long)lkp_report_row_count(r));
}

char *
report_json_dump_compact(const struct lkp_report *r, int64_t id)
{
	struct jw w = { STRBUF_INIT, 0 };
	int first = 1;

	strbuf_init(&w.sb, 4096);
	putch(&w, '{');
	put_head(&w, &first, r, id);
	put_key(&w, &first, "testcase");
	put_str(&w, r->testcase);
	put_key(&w, &first, "test_machine");
	put_str(&w, r->test_machine);
	put_key(&w, &first, "config");
	put_str(&w, r->config);
	put_key(&w, &first, "compiler");
	put_str(&w, r->compiler);
	put_key(&w, &first, "params");
	put_kv(&w, r->params, r->nparams);
	put_key(&w, &first, "url");
	put_str(&w, r->url);
	put_key(&w, &first, "base");
	put_str(&w, r->base);
	put_key(&w, &first, "patch_link");
	put_str(&w, r->patch_link);
	put_key(&w, &first, "patch_subject");
	put_str(&w, r->patch_subject);
	put_key(&w, &first, "status_lines");
	put_status(&w, r);
	put_key(&w, &first, "also_impacts");
	put_impacts(&w, r);
	put_tail(&w, &first, r);
	putch(&w, '}');
	if (w.err) {
		strbuf_release(&w.sb);
		return NULL;
	}
	return strbuf_detach(&w.sb, NULL);
}
