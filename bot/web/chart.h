/* chart.h - inline SVG charts of lkp comparison rows.
 *
 * One chart is one metric over the compared commits: a title with the
 * metric, its unit and the change, a y axis of three or more ticks in
 * plain numbers (1, 2 or 5 times a power of ten, its labels as wide as
 * they need), a bar per commit whose height is the mean the table
 * prints, a +/- stddev whisker (or, where lkp printed none because it
 * was under 2 %, a note saying so), the largest step
 * (compare_format_largest_step) outlined when there are more than two
 * bars, and each bar coloured by the direction of its change against
 * the base (regression, improvement, or neutral for the base and for
 * changes under one percent). Each bar is an element of class "mark" carrying
 * data-commit (the commit's sha, 12 digits where known) and data-value
 * (the mean, "%.15g"); the chart (role img) has a <title> (its
 * accessible name), a <desc> and a caption listing every value, so it
 * reads without the picture.
 */
#ifndef LKB_BOT_WEB_CHART_H
#define LKB_BOT_WEB_CHART_H

#include <stddef.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"

enum chart_dir { CHART_NEUTRAL, CHART_REGRESSION, CHART_IMPROVEMENT,
		 CHART_DIR__COUNT };

struct chart {
	const char *id;		/* the svg's id, unique in the page:
				 * [a-z0-9-] */
	const char *metric;
	const char *title;	/* "metric (unit)", shown on top; NULL:
				 * the metric */
	const char *change;	/* "head -62.5% against base", or NULL */
	size_t n;		/* commits, base first */
	const char *const *labels;	/* "base", "01/13", ... */
	const char *const *shas;
	const double *mean;	/* NaN: no value */
	const double *sd;	/* absolute; NaN or <= 0: none */
	const unsigned char *sd_small;	/* 1: lkp printed no stddev, as
					 * it does under 2 % */
	const enum chart_dir *dir;
	size_t step;		/* largest step's column, 0: none */
};

/* Append the chart as <figure> with the <svg> and its caption. */
int chart_svg(struct strbuf *sb, const struct chart *c) LKB_WARN_UNUSED;

/* "regression", "improvement", "neutral". */
const char *chart_dir_name(enum chart_dir d);

#endif
