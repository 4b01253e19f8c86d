/* web_charts.c - the SVG charts of a comparison's KPI rows, coloured
 * by lkp's statistics rules (web-internal.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/compare/compare.h"
#include "bot/compare/format.h"
#include "bot/compare/stat_rules.h"
#include "bot/compare/stats.h"
#include "bot/web/chart.h"
#include "bot/web/web-internal.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "parsers/lkp_report.h"

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
	int rc = LKB_OK;

	strbuf_addf(title, "%s (%s)", m->name,
		    unit ? unit : "unit not stated");
	if (chg->kind == LKP_NUM_NONE || chg->kind == LKP_NUM_NAN)
		return rc;
	strbuf_addf(change, "%s ", last_label);
	rc |= compare_format_change(change, chg->v,
				    m->change_kind != LKP_CHANGE_PERCENT);
	strbuf_adds(change, " against base");
	return rc;
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
			strbuf_addf(sb, "<p>More KPI rows than the %u "
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
