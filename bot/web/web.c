/* web.c - `lkpbot web`: collect, then write every page (web.h). */
#include "config.h"
#include "bot/web/web.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/compare/compare.h"
#include "bot/compare/format.h"
#include "bot/compare/stat_rules.h"
#include "bot/compare/stats.h"
#include "bot/report/bucket.h"
#include "bot/web/chart.h"
#include "bot/web/html.h"
#include "bot/web/web-internal.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "parsers/lkp_report.h"
#include "state/store.h"
#include "state/store_report.h"

static char *
dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* 1 when tag is a patch tag's text ("PATCH v2 1/3", "RFC",
 * "v3,PATCH 2/3"), no subsystem. */
static int
patch_tag(const char *tag)
{
	return strstr(tag, "PATCH") || strstr(tag, "RFC") ||
	       (tag[0] == 'v' && tag[1] >= '0' && tag[1] <= '9');
}

/* A name of up to 40 bytes of [A-Za-z0-9_./-] at s, n bytes. */
static int
name_ok(const char *s, size_t n)
{
	if (!n || n > 40)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_./-", s[i]))
			return 0;
	return 1;
}

/* The subsystem of a report: the first name of its subject's tag
 * ("[mm, sched/numa]" -> "mm"), else the patch's ("Re: [PATCH v2 1/3]
 * pwm: sun4i: ..." -> "pwm"), else a file path the subject names, else
 * its tree, else NULL; *from says which. */
static char *
subsystem_of(const char *prefix, const char *subject, const char *tree,
	     const char **from)
{
	const char *p;
	char *s;
	size_t n;

	*from = "tag";
	if (prefix) {
		p = prefix + strspn(prefix, "[ ");
		n = strcspn(p, ",] ");
		if (!patch_tag(p) && name_ok(p, n))
			return xmemdup0(p, n);
	}
	*from = "patch";
	if (subject && (p = strstr(subject, "PATCH")) &&
	    (p = strchr(p, ']'))) {
		p += 1 + strspn(p + 1, " ");
		n = strcspn(p, ":");
		if (p[n] == ':' && name_ok(p, n))
			return xmemdup0(p, n);
	}
	*from = "file";
	if (subject && (s = web_path_subsystem(subject)))
		return s;
	*from = tree ? "tree" : NULL;
	return dup_or_null(tree);
}

/* The path-like word at p ([A-Za-z0-9_./+-]), its length. */
static size_t
path_len(const char *p)
{
	return strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		      "0123456789_./+-");
}

/* The subsystem of one path of n bytes at p, or NULL. */
static char *
one_path(const char *p, size_t n)
{
	static const char *const under[] = { "fs", "drivers", "net", "sound",
					     "arch", "security", "kernel" };
	const char *slash = memchr(p, '/', n), *ext, *c1;
	size_t n0;

	ext = n > 2 ? p + n - 2 : p;
	if (!slash || slash == p ||
	    (strncmp(ext, ".c", 2) && strncmp(ext, ".h", 2) &&
	     strncmp(ext, ".S", 2) && (n < 3 || strncmp(p + n - 3, ".rs", 3))))
		return NULL;
	n0 = (size_t)(slash - p);
	if ((n0 == 7 && !memcmp(p, "include", 7)) ||
	    (n0 == 5 && !memcmp(p, "tools", 5)))
		return NULL;
	for (size_t i = 0; i < LKB_ARRAY_SIZE(under); i++) {
		if (strlen(under[i]) != n0 || memcmp(p, under[i], n0))
			continue;
		c1 = slash + 1;
		slash = memchr(c1, '/', n - (size_t)(c1 - p));
		/* a file right under fs/ names no subsystem */
		return slash && name_ok(c1, (size_t)(slash - c1))
		       ? xmemdup0(c1, (size_t)(slash - c1)) : NULL;
	}
	return name_ok(p, n0) ? xmemdup0(p, n0) : NULL;
}

char *
web_path_subsystem(const char *text)
{
	const char *p = text;
	char *s;

	while (p && *p) {
		size_t n = path_len(p);

		if (n && (p == text || strchr(" \t\n[(<'\"", p[-1])) &&
		    (s = one_path(p, n)))
			return s;
		p += n ? n : 1;
	}
	return NULL;
}

static int
add_report(const struct store_report_row *row, void *arg)
{
	struct web *w = arg;
	const struct report_bucket_facts *f;
	const struct report_group_member *self;
	struct web_report *r;

	ALLOC_GROW(w->rep, w->nrep + 1, w->arep);
	r = &w->rep[w->nrep++];
	memset(r, 0, sizeof(*r));
	r->id = row->id;
	r->date = row->date;
	r->last = row->date;
	r->subject = xstrdup(row->subject ? row->subject : "");
	/* a build report of warnings only is no build error */
	r->kind = xstrdup(row->kind && !strcmp(row->kind, "build-error") &&
			  row->subkind && !strcmp(row->subkind, "warning")
			  ? "build-warning" : row->kind ? row->kind : "");
	r->duplicate_of = row->duplicate_of;
	r->state = xstrdup(row->state ? row->state : "open");
	r->close_reason = dup_or_null(row->close_reason);
	r->unverified = dup_or_null(row->unverified);
	r->tree = dup_or_null(row->tree);
	r->branch = dup_or_null(row->branch);
	r->testcase = dup_or_null(row->testcase);
	r->metric = dup_or_null(row->metric);
	r->verdict = dup_or_null(row->verdict);
	r->sha = dup_or_null(row->commit_sha);
	r->message_id = dup_or_null(row->message_id);
	r->prefix = dup_or_null(row->prefix);
	r->subsystem = subsystem_of(row->prefix, row->subject, row->tree,
				    &r->subsystem_from);
	r->pct = row->change_pct;
	r->has_pct = row->has_change;
	r->bucket = report_buckets_get(w->buckets, row->id, row->kind,
				       row->state, row->date);
	r->review = report_buckets_in(w->buckets, row->id, row->kind,
				      row->state, row->date, BUCKET_REVIEW);
	r->group = report_groups_find(w->groups, row->id, &self);
	f = report_buckets_facts(w->buckets, row->id);
	r->who = f ? f->who : NULL;
	r->since = f ? f->last_change : -1;
	r->last = report_buckets_last(w->buckets, row->id, row->date);
	r->last_mid = f && f->last_mid && f->last_mail == r->last
		      ? f->last_mid : NULL;
	if (row->date > w->newest)
		w->newest = row->date;
	return 0;
}

static int
add_answer(const struct store_outbox_row *row, void *arg)
{
	struct web *w = arg;
	struct web_answer *a;

	ALLOC_GROW(w->ans, w->nans + 1, w->aans);
	a = &w->ans[w->nans++];
	memset(a, 0, sizeof(*a));
	a->id = row->id;
	a->report_id = row->report_id;
	a->created = row->created_at;
	a->state = row->state;
	a->kind = xstrdup(row->kind ? row->kind : "");
	a->request_id = dup_or_null(row->request_id);
	a->subject = xstrdup(row->subject ? row->subject : "");
	return 0;
}

static void
web_release(struct web *w)
{
	for (size_t i = 0; i < w->nrep; i++) {
		struct web_report *r = &w->rep[i];

		free(r->subject);
		free(r->kind);
		free(r->state);
		free(r->close_reason);
		free(r->unverified);
		free(r->tree);
		free(r->branch);
		free(r->testcase);
		free(r->metric);
		free(r->verdict);
		free(r->sha);
		free(r->message_id);
		free(r->prefix);
		free(r->subsystem);
		free(r->author);
	}
	free(w->rep);
	free(w->byid);
	report_buckets_free(w->buckets);
	report_groups_free(w->groups);
	for (size_t i = 0; i < w->nchg; i++) {
		free(w->chg[i].from);
		free(w->chg[i].to);
		free(w->chg[i].reason);
		free(w->chg[i].cause);
	}
	free(w->chg);
	for (size_t i = 0; i < w->nans; i++) {
		free(w->ans[i].kind);
		free(w->ans[i].request_id);
		free(w->ans[i].subject);
		free(w->ans[i].page);
	}
	free(w->ans);
	store_request_list_free(w->req, w->nreq);
	for (size_t i = 0; i < w->nrules; i++) {
		free(w->rules[i].testcase);
		compare_rules_free(w->rules[i].r);
	}
	free(w->rules);
}

const struct compare_rules *
web_rules_for(struct web *w, const char *testcase)
{
	struct web_rules *e;
	char *err = NULL;

	if (!testcase)
		testcase = "";
	for (size_t i = 0; i < w->nrules; i++)
		if (!strcmp(w->rules[i].testcase, testcase))
			return w->rules[i].r;
	ALLOC_GROW(w->rules, w->nrules + 1, w->arules);
	e = &w->rules[w->nrules++];
	e->testcase = xstrdup(testcase);
	e->r = NULL;
	if (compare_rules_new(*testcase ? testcase : NULL, &e->r, &err)) {
		lkb_warn("charts of %s are not coloured: %s", testcase,
			 err ? err : "no lkp rules");
		e->r = NULL;
	}
	free(err);
	return e->r;
}

static int
by_id(const void *a, const void *b)
{
	const struct web_report *x = *(const struct web_report *const *)a;
	const struct web_report *y = *(const struct web_report *const *)b;

	return x->id < y->id ? -1 : x->id > y->id;
}

const struct web_report *
web_report_by_id(const struct web *w, int64_t id)
{
	struct web_report key = { .id = id }, *k = &key, **r;

	if (!w->byid)
		return NULL;
	r = bsearch(&k, w->byid, w->nrep, sizeof(*w->byid), by_id);
	return r ? *r : NULL;
}

/* The id index, and the folds: the reports of one group, kind and
 * bucket share one (report_group_fold, as the digest's). */
static void
index_and_fold(struct web *w)
{
	const struct report_group_member *self;

	w->byid = xcalloc(w->nrep ? w->nrep : 1, sizeof(*w->byid));
	for (size_t i = 0; i < w->nrep; i++) {
		w->byid[i] = &w->rep[i];
		if (report_groups_find(w->groups, w->rep[i].id, &self))
			w->rep[i].fold = report_group_fold(w->rep[i].group,
							   self, w->buckets);
	}
	if (w->nrep > 1)
		qsort(w->byid, w->nrep, sizeof(*w->byid), by_id);
}

int
web_put(struct web *w, const char *name, struct strbuf *sb)
{
	int rc = site_put(&w->site, name, sb->buf, sb->len);

	strbuf_reset(sb);
	return rc;
}

/* Append s percent-encoded for a URL path segment: everything but
 * RFC 3986's unreserved characters and '@' becomes %XX. */
static int
url_segment(struct strbuf *sb, const char *s)
{
	int rc = LKB_OK;

	for (const unsigned char *p = (const unsigned char *)s; *p && !rc;
	     p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~@", *p))
			rc = strbuf_addch(sb, (char)*p);
		else
			rc = strbuf_addf(sb, "%%%02X", *p);
	}
	return rc;
}

int
web_lore_href(struct web *w, struct strbuf *sb, const char *mid,
	      const char *tail)
{
	const char *base = w->o->lore_url && *w->o->lore_url
			   ? w->o->lore_url : WEB_LORE_URL;
	size_t n = strlen(base);
	int rc;

	if (n && base[n - 1] == '/')
		n--;
	rc = html_esc(sb, base, n);
	rc |= strbuf_adds(sb, "/");
	rc |= url_segment(sb, mid ? mid : "");
	return rc | strbuf_adds(sb, "/") | strbuf_adds(sb, tail);
}

int
web_commit_link(struct web *w, struct strbuf *sb, const char *sha)
{
	const char *base = w->o->commit_url && *w->o->commit_url
			   ? w->o->commit_url : WEB_COMMIT_URL;
	size_t n = sha ? strlen(sha) : 0;
	int rc;

	if (n < 7 || n > 64 || strspn(sha, "0123456789abcdef") != n)
		return html_escs(sb, sha);
	rc = strbuf_adds(sb, "<a class=\"sha\" href=\"");
	rc |= html_escs(sb, base);
	rc |= strbuf_addf(sb, "%s\">%.12s</a>", sha, sha);
	return rc;
}

uint64_t
web_msgid_hash(const char *mid)
{
	uint64_t h = 14695981039346656037u;

	for (const char *c = mid ? mid : ""; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211u;
	return h;
}

int
web_age(struct web *w, struct strbuf *sb, int64_t t)
{
	if (t < 0 || w->newest < 0)
		return strbuf_adds(sb, "-");
	if (t > w->newest)
		return strbuf_adds(sb, "0 d");
	/* calendar days (UTC), so ages move once a day, not with each mail */
	return strbuf_addf(sb, "%lld d",
			   (long long)(w->newest / 86400 - t / 86400));
}

/* The direction of column i's change against the base: lkp's rules of
 * the metric, except that a KPI changing the way report r's headline
 * does takes the verdict r states where the metric is its headline or
 * the rules know no direction (a -62 % drop is the same colour in each
 * chart of the report). */
static enum chart_dir
direction(const struct compare_rules *rules, const struct lkp_metric *m,
	  size_t i, const struct web_report *r)
{
	const char *d;
	double chg;

	if (!i || i - 1 >= m->ncols - 1 ||
	    m->changes[i - 1].kind == LKP_NUM_NONE ||
	    m->changes[i - 1].kind == LKP_NUM_NAN)
		return CHART_NEUTRAL;
	chg = m->changes[i - 1].v;
	if (m->change_kind == LKP_CHANGE_PERCENT && fabs(chg) < 1.0)
		return CHART_NEUTRAL;
	if (chg == 0)
		return CHART_NEUTRAL;
	d = rules ? compare_stats_direction(rules, m->name, chg) : "neutral";
	if (r && r->verdict && r->metric && r->has_pct &&
	    (chg < 0) == (r->pct < 0) &&
	    (!strcmp(r->metric, m->name) ||
	     (strcmp(d, "regression") && strcmp(d, "improvement"))))
		d = r->verdict;
	return !strcmp(d, "regression") ? CHART_REGRESSION
	       : !strcmp(d, "improvement") ? CHART_IMPROVEMENT : CHART_NEUTRAL;
}

/* The unit a metric's name states: "ops_per_sec" -> "/s". NULL: none
 * the name says. */
static const char *
metric_unit(const char *name)
{
	static const struct {
		const char *end, *unit;
	} units[] = {
		{ "per_sec", "per second" }, { "_ps", "per second" },
		{ "/s", "per second" }, { "per-min", "per minute" },
		{ "per_min", "per minute" }, { "iops", "IO per second" },
		{ "_ms", "ms" }, { ".ms", "ms" }, { "_us", "\xc2\xb5s" },
		{ "_ns", "ns" }, { "_sec", "s" }, { "seconds", "s" },
		{ "elapsed_time", "s" }, { "_bytes", "bytes" },
		{ "_kb", "KB" }, { "_mb", "MB" }, { "_percent", "%" },
		{ "_pct", "%" }, { "%", "%" },
	};
	size_t n = strlen(name);

	for (size_t i = 0; i < LKB_ARRAY_SIZE(units); i++) {
		size_t k = strlen(units[i].end);

		if (n >= k && !strcasecmp(name + n - k, units[i].end))
			return units[i].unit;
	}
	return NULL;
}

/* "metric (unit)" and "head -62.6% against base": the last column's
 * change. */
static int
chart_title(struct strbuf *title, struct strbuf *change,
	    const struct lkp_metric *m, const char *last_label)
{
	const struct lkp_num *chg = &m->changes[m->ncols - 2];
	const char *unit = metric_unit(m->name);
	int rc = strbuf_addf(title, "%s (%s)", m->name,
			     unit ? unit : "unit not stated");

	if (chg->kind == LKP_NUM_NONE || chg->kind == LKP_NUM_NAN)
		return rc;
	rc |= strbuf_addf(change, "%s ", last_label);
	rc |= compare_format_change(change, chg->v,
				    m->change_kind != LKP_CHANGE_PERCENT);
	return rc | strbuf_adds(change, " against base");
}

/* Column i's commit, up to 12 characters, and its label. */
static void
column_names(const struct lkp_comparison *c, size_t ncols, size_t i,
	     char *sha, size_t shalen, char *label, size_t lablen)
{
	const char *s = "";

	if (c->ncolumns == ncols)
		s = c->columns[i];
	else if (c->ncompared == ncols && c->compared[i].sha)
		s = c->compared[i].sha;
	snprintf(sha, shalen, "%.12s", s);
	if (!i)
		snprintf(label, lablen, "base");
	else if (ncols == 2)
		snprintf(label, lablen, "head");
	else
		snprintf(label, lablen, "#%zu", i);
}

static int
one_chart(struct strbuf *sb, const struct lkp_metric *m,
	  const struct compare_rules *rules, const struct web_report *r,
	  const char *const *shas, const char *const *labels,
	  const struct lkp_comparison *c, const char *id)
{
	struct strbuf title = STRBUF_INIT, change = STRBUF_INIT;
	unsigned char *small = xcalloc(m->ncols, 1);
	size_t n = m->ncols;
	double *mean = xcalloc(n, sizeof(double));
	double *sd = xcalloc(n, sizeof(double));
	enum chart_dir *dir = xcalloc(n, sizeof(*dir));
	char (*sbuf)[16] = xcalloc(n, sizeof(*sbuf));
	char (*lbuf)[24] = xcalloc(n, sizeof(*lbuf));
	const char **sv = xcalloc(n, sizeof(char *));
	const char **lv = xcalloc(n, sizeof(char *));
	struct chart ch;
	int rc;

	for (size_t i = 0; i < n; i++) {
		const struct lkp_num *s = &m->stddev[i];

		mean[i] = m->values[i].kind == LKP_NUM_NONE ||
			  m->values[i].kind == LKP_NUM_NAN
			  ? NAN : m->values[i].v;
		sd[i] = s->kind == LKP_NUM_NONE || s->kind == LKP_NUM_NAN
			? NAN : fabs(mean[i]) * s->v / 100.0;
		/* lkp prints no stddev under 2 % */
		small[i] = s->kind == LKP_NUM_NONE;
		dir[i] = direction(rules, m, i, r);
		column_names(c, n, i, sbuf[i], sizeof(sbuf[i]), lbuf[i],
			     sizeof(lbuf[i]));
		sv[i] = shas ? shas[i] : sbuf[i];
		lv[i] = labels ? labels[i] : lbuf[i];
	}
	ch.id = id;
	ch.metric = m->name;
	rc = chart_title(&title, &change, m, lv[n - 1]);
	ch.title = title.buf;
	ch.change = change.len ? change.buf : NULL;
	ch.sd_small = small;
	ch.n = n;
	ch.labels = lv;
	ch.shas = sv;
	ch.mean = mean;
	ch.sd = sd;
	ch.dir = dir;
	ch.step = compare_format_largest_step(mean, n);
	rc = rc ? LKB_ERR_TOO_BIG : chart_svg(sb, &ch);
	strbuf_release(&title);
	strbuf_release(&change);
	free(small);
	free(mean);
	free(sd);
	free(dir);
	free(sbuf);
	free(lbuf);
	free(sv);
	free(lv);
	return rc;
}

/* 1 when seen has name; else it is added. */
static int
seen_before(struct web_seen *seen, const char *name)
{
	if (!seen)
		return 0;
	for (size_t i = 0; i < seen->n; i++)
		if (!strcmp(seen->v[i], name))
			return 1;
	ALLOC_GROW(seen->v, seen->n + 1, seen->alloc);
	seen->v[seen->n++] = name;
	return 0;
}

int
web_charts(struct web *w, struct strbuf *sb, const struct lkp_comparison *c,
	   const struct web_report *r, const char *const *shas,
	   const char *const *labels, const char *id_prefix,
	   struct web_seen *seen)
{
	const char *testcase = r ? r->testcase : NULL;
	const struct compare_rules *rules = NULL;
	size_t shown = 0;
	int rc = LKB_OK;

	for (size_t i = 0; i < c->nmetrics && !rc; i++) {
		const struct lkp_metric *m = &c->metrics[i];
		char id[64];

		if (m->ncols < 2 ||
		    !compare_is_kpi(m->name, testcase, r ? r->metric : NULL) ||
		    seen_before(seen, m->name))
			continue;
		if (shown == LKB_MAX_WEB_CHARTS) {
			rc = strbuf_addf(sb, "<p>More KPI rows than the %u "
					 "charts a table gets "
					 "(LKB_MAX_WEB_CHARTS): the table has "
					 "them all.</p>\n",
					 LKB_MAX_WEB_CHARTS);
			break;
		}
		if (!rules)
			rules = web_rules_for(w, testcase);
		snprintf(id, sizeof(id), "%s-%zu", id_prefix, shown++);
		rc = one_chart(sb, m, rules, r, shas, labels, c, id);
	}
	return rc;
}

static int
put_css(struct web *w)
{
	return site_put(&w->site, "style.css", html_css, strlen(html_css));
}

/* The site's URL goes into the feed as it is: http(s), no blank, no
 * quote or angle bracket. */
static int
url_ok(const char *url)
{
	if (strncmp(url, "https://", 8) && strncmp(url, "http://", 7))
		return 0;
	for (const char *p = url; *p; p++)
		if ((unsigned char)*p <= ' ' || (unsigned char)*p >= 0x7f ||
		    strchr("\"'<>\\^`{|}", *p))
			return 0;
	return 1;
}

int
web_build(struct store *st, const struct web_opts *opts,
	  struct web_summary *out)
{
	struct store_report_filter f = { 0 };
	struct web w;
	int rc;

	memset(&w, 0, sizeof(w));
	memset(out, 0, sizeof(*out));
	w.st = st;
	w.o = opts;
	w.newest = -1;
	if (opts->url && !url_ok(opts->url)) {
		lkb_error("web: '%s' is no site URL (http:// or https://, "
			  "no blanks or quotes)", opts->url);
		return LKB_ERR_USAGE;
	}
	if ((opts->lore_url && !url_ok(opts->lore_url)) ||
	    (opts->commit_url && !url_ok(opts->commit_url))) {
		lkb_error("web: [web] lore_url '%s' or commit_url '%s' is no "
			  "plain http(s) URL (no blanks or quotes)",
			  opts->lore_url ? opts->lore_url : "-",
			  opts->commit_url ? opts->commit_url : "-");
		return LKB_ERR_USAGE;
	}
	if ((rc = site_open(&w.site, opts->out)) != LKB_OK)
		return rc;
	if ((rc = store_begin_read(st)) != LKB_OK)
		return rc;
	rc = report_buckets_load(st, opts->stale_days, &w.buckets);
	/* ages count to the day the buckets count to */
	w.newest = report_buckets_now(w.buckets);
	if (!rc)
		rc = report_groups_load(st, &w.groups);
	if (!rc)
		rc = store_report_list(st, &f, add_report, &w);
	if (!rc)
		index_and_fold(&w);
	if (!rc)
		rc = store_outbox_foreach(st, -1, add_answer, &w);
	if (!rc)
		rc = store_request_list(st, REQ_STATE_ANY, LKB_MAX_WEB_REQUESTS,
					&w.req, &w.nreq);
	if (!rc)
		rc = put_css(&w);
	if (!rc)
		rc = web_series_pages(&w);
	for (size_t i = 0; i < w.nrep && !rc; i++)
		rc = web_report_page(&w, &w.rep[i]);
	if (!rc)
		rc = web_index_pages(&w);
	if (!rc)
		rc = web_feed(&w);
	store_rollback(st);
	out->written = w.site.written;
	out->unchanged = w.site.unchanged;
	out->reports = w.nrep;
	out->series = w.nseries;
	out->changes = w.nchg;
	web_release(&w);
	return rc;
}
