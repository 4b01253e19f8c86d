/* test_web.c - the web site's building blocks: the one HTML escaping
 * function (bot/web/html.c), filter page names (site.c), the write-only-
 * when-changed rule, the SVG chart (chart.c) and the mail's block chart
 * (bot/compare/spark.c). Expected strings are worked out by hand. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/compare/spark.h"
#include "bot/web/chart.h"
#include "bot/web/html.h"
#include "bot/web/site.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "tests/unit/check_main.h"

static const struct {
	const char *in;
	size_t len;
	const char *want;
} esc_rows[] = {
	{ "", 0, "" },					/* empty */
	{ "plain text", 10, "plain text" },
	/* the five characters that open markup or end an attribute */
	{ "<script>alert(1)</script>", 25,
	  "&lt;script&gt;alert(1)&lt;/script&gt;" },
	{ "\"><img src=x onerror=alert(1)>", 30,
	  "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" },
	{ "a & b 'c'", 9, "a &amp; b &#39;c&#39;" },
	/* TAB and LF stay, other controls and NUL become U+FFFD */
	{ "a\tb\nc\rd\0e\x1b", 10,
	  "a\tb\nc\xef\xbf\xbd" "d\xef\xbf\xbd" "e\xef\xbf\xbd" },
	/* valid UTF-8 stays; invalid and C1 controls become U+FFFD */
	{ "\xc3\xa9\xe2\x96\x87", 5, "\xc3\xa9\xe2\x96\x87" },
	{ "\xff\xc3", 2, "\xef\xbf\xbd\xef\xbf\xbd" },
	{ "\xc2\x85x", 3, "\xef\xbf\xbdx" },
	/* issue 36 row 13: U+FFFE and U+FFFF, forbidden in XML 1.0;
	 * U+FFFD and U+FFEF stay */
	{ "a\xef\xbf\xbe" "b\xef\xbf\xbf", 8,
	  "a\xef\xbf\xbd" "b\xef\xbf\xbd" },
	{ "\xef\xbf\xbd\xef\xbf\xaf", 6, "\xef\xbf\xbd\xef\xbf\xaf" },
};

START_TEST(escape_table)
{
	struct strbuf sb = STRBUF_INIT;

	ck_assert_int_eq(html_esc(&sb, NULL, 5), LKB_OK);	/* NULL */
	ck_assert_str_eq(sb.buf, "");
	for (size_t i = 0; i < sizeof(esc_rows) / sizeof(esc_rows[0]); i++) {
		strbuf_reset(&sb);
		ck_assert_int_eq(html_esc(&sb, esc_rows[i].in, esc_rows[i].len),
				 LKB_OK);
		ck_assert_msg(!strcmp(sb.buf, esc_rows[i].want), "row %zu: %s", i,
			      sb.buf);
	}
	strbuf_release(&sb);
}
END_TEST

START_TEST(slugs)
{
	static const char *const rows[][2] = {
		{ "open", "state-open.html" },		/* plain: as it is */
		{ "fix-proposed", "state-fix-proposed.html" },
		/* anything else gets '~' and its 64-bit FNV-1a hash
		 * (computed apart in Python): never two values one page */
		{ "Linus", "state-linus~7845d8b545ffd40c.html" },
		{ "../x", "state-_._x~7132eda6838c62fa.html" },
		{ "a/b", "state-a_b~e620c3190468cf61.html" },
		{ "a_b", "state-a_b.html" },
	};
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		strbuf_reset(&sb);
		ck_assert_int_eq(site_slug(&sb, "state", rows[i][0]), LKB_OK);
		ck_assert_msg(!strcmp(sb.buf, rows[i][1]), "row %zu: %s", i,
			      sb.buf);
	}
	/* different values that clean up alike stay apart */
	{
		struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;

		ck_assert_int_eq(site_slug(&a, "tree", "a/b"), LKB_OK);
		ck_assert_int_eq(site_slug(&b, "tree", "a:b"), LKB_OK);
		ck_assert_str_ne(a.buf, b.buf);
		/* issue 36 row 15: a plain name that spells a hashed one */
		strbuf_reset(&a);
		strbuf_reset(&b);
		ck_assert_int_eq(site_slug(&a, "tree", "Linux"), LKB_OK);
		ck_assert_int_eq(site_slug(&b, "tree", "linux-94f302bd"),
				 LKB_OK);
		ck_assert_str_eq(b.buf, "tree-linux-94f302bd.html");
		ck_assert_str_ne(a.buf, b.buf);
		strbuf_release(&a);
		strbuf_release(&b);
	}
	strbuf_release(&sb);
}
END_TEST

START_TEST(put_only_changes)
{
	char dir[] = "/tmp/lkb-web-XXXXXX";
	struct site s;
	struct stat st1, st2;
	char path[64];

	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_eq(site_open(&s, dir), LKB_OK);
	ck_assert_int_eq(site_put(&s, "a.html", "one", 3), LKB_OK);
	snprintf(path, sizeof(path), "%s/a.html", dir);
	ck_assert_int_eq(stat(path, &st1), 0);
	ck_assert_int_eq(site_put(&s, "a.html", "one", 3), LKB_OK);
	ck_assert_int_eq(stat(path, &st2), 0);
	ck_assert_uint_eq(st1.st_ino, st2.st_ino);	/* not replaced */
	ck_assert_int_eq(site_put(&s, "a.html", "onf", 3), LKB_OK);
	ck_assert_int_eq(site_put(&s, "a.html", "on", 2), LKB_OK);
	ck_assert_uint_eq(s.written, 3);
	ck_assert_uint_eq(s.unchanged, 1);
	ck_assert_int_eq(stat(path, &st2), 0);
	ck_assert_int_eq((int)st2.st_size, 2);
	unlink(path);
	rmdir(dir);
}
END_TEST

static size_t
count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

START_TEST(chart_marks)
{
	static const char *const labels[] = { "base", "01/03", "02/03", "03/03" };
	static const char *const shas[] = { "aaaaaaaaaaaa", "bbbbbbbbbbbb",
					    "cccccccccccc", "<dddddddddd" };
	const double mean[] = { 10000, 9990, 3740.5, 10010 };
	const double sd[] = { 100, NAN, 0, 37.4 };
	const enum chart_dir dir[] = { CHART_NEUTRAL, CHART_NEUTRAL,
				       CHART_REGRESSION, CHART_NEUTRAL };
	const unsigned char small[] = { 0, 1, 0, 0 };
	struct chart c = { "t", "stress-ng.<b>ops", "stress-ng.<b>ops (x)",
			   "03/03 +0.1% against base", 4, labels, shas, mean,
			   sd, small, dir, 2 };
	struct strbuf sb = STRBUF_INIT;

	ck_assert_int_eq(chart_svg(&sb, &c), LKB_OK);
	ck_assert_uint_eq(count(sb.buf, "class=\"mark "), 4);
	ck_assert_ptr_nonnull(strstr(sb.buf, "<rect class=\"mark neutral\" "
				     "data-commit=\"aaaaaaaaaaaa\" data-value="
				     "\"10000\""));
	ck_assert_ptr_nonnull(strstr(sb.buf, "<rect class=\"mark regression\" "
				     "data-commit=\"cccccccccccc\" data-value="
				     "\"3740.5\""));
	/* hostile names stay text */
	ck_assert_ptr_nonnull(strstr(sb.buf, "data-commit=\"&lt;dddddddddd\""));
	ck_assert_ptr_null(strstr(sb.buf, "<b>"));
	ck_assert_ptr_nonnull(strstr(sb.buf, "<title>stress-ng.&lt;b&gt;ops</title>"));
	/* whiskers only where a stddev is known and positive */
	ck_assert_uint_eq(count(sb.buf, "class=\"whisker\""), 2);
	ck_assert_uint_eq(count(sb.buf, "<rect class=\"step\""), 1);
	ck_assert_ptr_nonnull(strstr(sb.buf, "Largest step: 02/03."));
	ck_assert_ptr_nonnull(strstr(sb.buf, "02/03 3740.5 (regression)"));
	/* the title on top; the missing whisker of 01/03 explained */
	ck_assert_ptr_nonnull(strstr(sb.buf, ">stress-ng.&lt;b&gt;ops (x)</text>"));
	ck_assert_ptr_nonnull(strstr(sb.buf, "01/03 9990 (no stddev printed: "
				     "&lt; 2 %)"));
	ck_assert_uint_eq(count(sb.buf, "<text class=\"nosd\""), 2);
	strbuf_release(&sb);
}
END_TEST

/* The value of the tick label after *p ("...>12000</text>"), moving *p
 * past it; NAN when there is none. */
static double
next_tick(const char **p)
{
	const char *t = strstr(*p, "<text class=\"tick\"");

	if (!t || !(t = strchr(t, '>')))
		return NAN;
	*p = t + 1;
	return strtod(t + 1, NULL);
}

START_TEST(chart_axis)
{
	static const char *const labels[] = { "base", "head" };
	static const char *const shas[] = { "aaaaaaaaaaaa", "bbbbbbbbbbbb" };
	const double mean[] = { 24540000, 6400000 };
	const double sd[] = { NAN, NAN };
	const unsigned char small[] = { 0, 0 };
	const enum chart_dir dir[] = { CHART_NEUTRAL, CHART_REGRESSION };
	struct chart c = { "t", "m", NULL, NULL, 2, labels, shas, mean, sd,
			   small, dir, 1 };
	struct strbuf sb = STRBUF_INIT;
	const char *p, *x;
	double v, prev = NAN, x0;
	size_t n = 0, longest = 0;

	ck_assert_int_eq(chart_svg(&sb, &c), LKB_OK);
	/* plain numbers, never 2.454e+07, at least three, evenly apart */
	ck_assert_ptr_null(strstr(sb.buf, "e+"));
	for (p = sb.buf; !isnan(v = next_tick(&p)); n++) {
		size_t len = strcspn(p, "<");

		longest = len > longest ? len : longest;
		ck_assert(isnan(prev) || v > prev);
		prev = v;
	}
	ck_assert_uint_ge(n, 3);
	ck_assert(prev >= 24540000);
	/* the labels (end-anchored before the axis) fit: the axis stands
	 * further right than the longest label is wide at 6.5 px each */
	x = strstr(sb.buf, "<line x1=\"");
	ck_assert_ptr_nonnull(x);
	x0 = strtod(x + strlen("<line x1=\""), NULL);
	ck_assert(x0 - 5 >= 6.5 * (double)longest);
	/* two bars: no largest step */
	ck_assert_ptr_null(strstr(sb.buf, "class=\"step\""));
	ck_assert_ptr_null(strstr(sb.buf, "Largest step"));
	strbuf_release(&sb);
}
END_TEST

START_TEST(spark_levels)
{
	const double v[] = { 10000, 10000, 3740, 6200, NAN };
	const double neg[] = { -1, 1 };
	const double same[] = { 5, 5 };
	struct strbuf sb = STRBUF_INIT;

	ck_assert_int_eq(compare_spark(&sb, NULL, 0), LKB_OK);	/* empty */
	ck_assert_str_eq(sb.buf, "");
	/* from zero: 3740/10000*8 = 2.99 -> 3, 6200/10000*8 = 4.96 -> 5 */
	ck_assert_int_eq(compare_spark(&sb, v, 5), LKB_OK);
	ck_assert_str_eq(sb.buf, "\xe2\x96\x88\xe2\x96\x88\xe2\x96\x83"
				 "\xe2\x96\x85 ");
	ck_assert_int_eq(compare_spark_level(neg, 2, 0), 1);	/* min..max */
	ck_assert_int_eq(compare_spark_level(neg, 2, 1), 8);
	ck_assert_int_eq(compare_spark_level(same, 2, 0), 8);
	ck_assert_int_eq(compare_spark_level(v, 5, 9), 0);	/* out of range */
	strbuf_release(&sb);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("web");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, escape_table);
	tcase_add_test(tc, slugs);
	tcase_add_test(tc, put_only_changes);
	tcase_add_test(tc, chart_marks);
	tcase_add_test(tc, chart_axis);
	tcase_add_test(tc, spark_levels);
	suite_add_tcase(s, tc);
	return s;
}
