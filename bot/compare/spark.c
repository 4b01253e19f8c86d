/* spark.c - one-line block charts (spark.h). */
#include "config.h"
#include "bot/compare/spark.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bot/compare/compare.h"
#include "lib/arena.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "parsers/lkp_report.h"

int
compare_spark_level(const double *v, size_t n, size_t i)
{
	double lo = 0, hi = 0, span;
	int any = 0, level;

	if (i >= n || isnan(v[i]))
		return 0;
	for (size_t k = 0; k < n; k++) {
		if (isnan(v[k]) || isinf(v[k]))
			continue;
		if (!any++) {
			lo = hi = v[k];
			continue;
		}
		hi = v[k] > hi ? v[k] : hi;
		lo = v[k] < lo ? v[k] : lo;
	}
	if (lo > 0)
		lo = 0;		/* bars from zero when nothing is negative */
	span = hi - lo;
	if (!(span > 0) || isinf(v[i]))
		return 8;
	level = (int)lround((v[i] - lo) / span * 8.0);
	return level < 1 ? 1 : level > 8 ? 8 : level;
}

int
compare_spark(struct strbuf *sb, const double *v, size_t n)
{
	/* U+2581 LOWER ONE EIGHTH BLOCK .. U+2588 FULL BLOCK */
	static const char *const blocks[] = {
		" ", "\xe2\x96\x81", "\xe2\x96\x82", "\xe2\x96\x83",
		"\xe2\x96\x84", "\xe2\x96\x85", "\xe2\x96\x86",
		"\xe2\x96\x87", "\xe2\x96\x88",
	};

	for (size_t i = 0; i < n; i++)
		strbuf_adds(sb, blocks[compare_spark_level(v, n, i)]);
	return LKB_OK;
}

void
compare_spark_values(const struct lkp_metric *m, double *v)
{
	for (size_t i = 0; i < m->ncols; i++)
		v[i] = m->values[i].kind == LKP_NUM_NONE ||
		       m->values[i].kind == LKP_NUM_NAN ? NAN
							 : m->values[i].v;
}

int
compare_spark_table(struct strbuf *sb, const char *text, size_t len,
		    const char *testcase, const char *headline)
{
	struct arena a = ARENA_INIT;
	struct lkp_report *r = NULL;
	const struct lkp_comparison *c;
	size_t width = 0;
	int rc = LKB_OK;

	if (lkp_report_parse_text(&a, text, len, LKP_TEXT_NO_HEADERS,
				  &r) != 1 || !r->ncomparisons)
		goto out;
	c = &r->comparisons[0];
	for (size_t i = 0; i < c->nmetrics; i++)
		if (c->metrics[i].ncols &&
		    compare_is_kpi(c->metrics[i].name, testcase, headline) &&
		    strlen(c->metrics[i].name) > width)
			width = strlen(c->metrics[i].name);
	for (size_t i = 0; i < c->nmetrics && !rc; i++) {
		const struct lkp_metric *m = &c->metrics[i];
		double *v;

		if (!m->ncols || !compare_is_kpi(m->name, testcase, headline))
			continue;
		v = xcalloc(m->ncols, sizeof(*v));
		compare_spark_values(m, v);
		strbuf_addf(sb, "  %-*s  ", (int)width, m->name);
		rc = compare_spark(sb, v, m->ncols);
		if (!rc)
			strbuf_addch(sb, '\n');
		free(v);
	}
out:
	arena_release(&a);
	return rc;
}
