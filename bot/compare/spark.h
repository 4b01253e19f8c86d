/* spark.h - a one-line text chart of a row of numbers, for plain-text
 * mail: one Unicode block per value (U+2581..U+2588, eight heights).
 *
 * Heights are in proportion to the values when none is negative (the
 * bar starts at zero, so 3740 against 10000 is a third of the height,
 * as a bar chart would show it); with a negative value the range is
 * min..max. The smallest height is one block, so every value shows; an
 * absent value (NaN) is a space. All equal values are full blocks.
 */
#ifndef LKB_BOT_COMPARE_SPARK_H
#define LKB_BOT_COMPARE_SPARK_H

#include <stddef.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"

struct lkp_metric;

/* Append the n blocks of v (3 bytes each in UTF-8) to sb. */
int compare_spark(struct strbuf *sb, const double *v, size_t n)
	LKB_WARN_UNUSED;

/* The height, 1..8, compare_spark gives v[i]; 0 for an absent value. */
int compare_spark_level(const double *v, size_t n, size_t i);

/* For the series mail: one line "  METRIC  BLOCKS" for each KPI row
 * (names padded to the longest)
 * (compare_is_kpi with testcase and headline, either may be NULL) of
 * the first comparison table found in text, lkp's layout; nothing when
 * there is none. Column values come from the table as printed. */
int compare_spark_table(struct strbuf *sb, const char *text, size_t len,
			const char *testcase, const char *headline)
	LKB_WARN_UNUSED;

/* The means of metric row m as doubles (NaN for an absent cell) in v,
 * which has room for m->ncols. */
void compare_spark_values(const struct lkp_metric *m, double *v);

#endif
