/* test_lkp_json.c - the JSON contract of bot/report/json.c: key order,
 * numbers as printed in the mail, dates in ISO 8601 UTC; the rows of
 * bot/report/fields.c. */
#include "config.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bot/report/json.h"
#include "lib/arena.h"
#include "parsers/lkp_report.h"
#include "tests/unit/check_main.h"
#include "tests/unit/test_lkp_input.h"

static char *
dump_num(double v, enum lkp_num_kind k)
{
	struct lkp_num n = { v, k };
	json_t *a = json_array();
	char *s;

	json_array_append_new(a, report_json_num(n));
	s = json_dumps(a, JSON_COMPACT | JSON_REAL_PRECISION(15));
	json_decref(a);
	return s;
}

START_TEST(numbers_as_printed)
{
	static const struct {
		const char *printed, *json;
	} v[] = {
		{ "0.1", "[0.1]" }, { "0.37", "[0.37]" },
		{ "85540", "[85540]" }, { "-1159", "[-1159]" },
		{ "963.36", "[963.36]" }, { "-16.64", "[-16.64]" },
		{ "2.296e+09", "[2296000000.0]" }, { "+2.4e+05", "[240000.0]" },
		{ "6.7e+101", "[6.7e101]" }, { "-0.0", "[-0.0]" },
		{ "0.00", "[0.0]" }, { "nan", "[null]" },
		{ "1.865e+11", "[186500000000.0]" }, { "+5880.5", "[5880.5]" },
	};

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		struct lkp_num n;
		char *s;

		ck_assert(lkp_num_parse(v[i].printed, strlen(v[i].printed),
					&n));
		s = dump_num(n.v, n.kind);
		ck_assert_msg(!strcmp(s, v[i].json), "%s -> %s, want %s",
			      v[i].printed, s, v[i].json);
		free(s);
	}
	{
		char *s = dump_num(0, LKP_NUM_NONE);

		ck_assert_str_eq(s, "[null]");
		free(s);
	}
}
END_TEST

START_TEST(contract_order_and_values)
{
	static const char body[] =
		"FYI, we noticed a -6.3% regression of aim7.jobs-per-min due "
		"to commit:\n\n"
		"commit: 490d451fa5188975c21246f7f8f4914cd3f2d6f2 (\"xfs: x\")\n"
		"\n         %stddev     %change         %stddev\n"
		"     85540            -6.3%      80176        aim7.jobs-per-min\n"
		"      0.10 \xC2\xB1  3%      +0.1        0.20        "
		"perf-profile.x\n";
	static const char *const keys[] = { "format_version", "id",
		"message_id", "kind", "date", "from", "subject", "tree",
		"branch", "prefix", "commit", "headline", "testcase",
		"test_machine", "config", "compiler", "params", "url", "base",
		"patch_link", "patch_subject", "status_lines", "also_impacts",
		"tags", "comparisons", "build", "version", "test_description",
		"test_url", "materials_url", "dmesg", "warnings" };
	struct arena a = ARENA_INIT;
	struct lkp_report_input in;
	struct lkp_report *r;
	json_t *o, *m;
	const char *k;
	void *it;
	size_t i = 0;
	char *s;

	memset(&in, 0, sizeof(in));
	in.subject = "[xfs] 490d451fa5: aim7.jobs-per-min -6.3% regression";
	in.from_name = "kernel test robot";
	in.from_addr = "rong.a.chen@intel.com";
	in.message_id = "20190708091350.GP17490@shao2-debian";
	in.date = 1562577230;	/* Mon, 8 Jul 2019 17:13:50 +0800 */
	in.body = body;
	in.body_len = strlen(body);
	ck_assert_int_eq(lkp_report_parse(&a, &in, &r), 1);
	s = report_json_dump(r, 7);
	ck_assert_ptr_nonnull(s);
	o = json_loads(s, 0, NULL);
	ck_assert_ptr_nonnull(o);
	/* the contract keys come first, in contract order */
	for (it = json_object_iter(o); it && i < sizeof(keys) / sizeof(*keys);
	     it = json_object_iter_next(o, it), i++) {
		k = json_object_iter_key(it);
		ck_assert_str_eq(k, keys[i]);
	}
	ck_assert_uint_eq(i, sizeof(keys) / sizeof(*keys));
	ck_assert_int_eq(json_integer_value(json_object_get(o, "id")), 7);
	ck_assert_str_eq(json_string_value(json_object_get(o, "date")),
			 "2019-07-08T09:13:50Z");
	ck_assert_str_eq(json_string_value(json_object_get(o, "from")),
			 "kernel test robot <rong.a.chen@intel.com>");
	m = json_array_get(json_object_get(json_array_get(
		json_object_get(o, "comparisons"), 0), "metrics"), 1);
	ck_assert_str_eq(json_string_value(json_object_get(m, "change_kind")),
			 "absolute");
	ck_assert_ptr_nonnull(strstr(s, "0.1,"));	/* not 0.10000000001 */
	ck_assert_ptr_nonnull(strstr(s, "85540,"));	/* an integer */
	ck_assert(json_is_null(json_array_get(json_object_get(m,
							      "stddev_pct"), 1)));
	json_decref(o);
	free(s);
	arena_release(&a);
}
END_TEST

/* The compact form of every report, hostile ones too, is one JSON
 * object that reads back with its id. */
static void
same_compact(const struct lkp_report *r, const char *what)
{
	int64_t ids[] = { 0, 42 };

	for (size_t i = 0; i < 2; i++) {
		char *a = report_json_dump_compact(r, ids[i]);
		json_error_t err;
		json_t *o;

		ck_assert_msg(a != NULL, "%s: no compact JSON", what);
		ck_assert_msg(!strchr(a, '\n'), "%s: not compact", what);
		o = json_loads(a, 0, &err);
		ck_assert_msg(json_is_object(o), "%s: %s", what, err.text);
		ck_assert_int_eq(json_integer_value(json_object_get(o, "id")),
				 ids[i]);
		json_decref(o);
		free(a);
	}
}

/* Every report of tests/data/report (mails) and of seeds/ and reply/
 * (text); returns how many were compared. */
static int
compare_dir(const char *sub, int text)
{
	char dir[1024], file[2048];
	struct dirent *de;
	DIR *d;
	int n = 0;

	snprintf(dir, sizeof(dir), "%s/%s", lkb_test_data_dir(), sub);
	d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	while ((de = readdir(d))) {
		struct arena a = ARENA_INIT;
		struct strbuf sb = STRBUF_INIT;
		struct lkp_report_input in;
		struct lkp_report_part parts[LKP_INPUT_MAX_PARTS];
		struct lkp_report *r = NULL;
		size_t len = strlen(de->d_name);
		int rc;

		if (de->d_name[0] == '.' || len < 4 ||
		    strcmp(de->d_name + len - (text ? 4 : 3),
			   text ? ".txt" : ".in"))
			continue;
		snprintf(file, sizeof(file), "%s/%s", dir, de->d_name);
		ck_assert_int_eq(lkp_input_read_file(file, &sb), 0);
		if (text) {
			rc = lkp_report_parse_text(&a, sb.buf, sb.len, 0, &r);
		} else {
			ck_assert_int_eq(lkp_input_parse(&a, sb.buf, sb.len,
							 &in, parts), 0);
			rc = lkp_report_parse(&a, &in, &r);
		}
		if (rc == 1) {
			same_compact(r, file);
			n++;
		}
		strbuf_release(&sb);
		arena_release(&a);
	}
	closedir(d);
	return n;
}

START_TEST(compact_form_of_every_report)
{
	ck_assert_int_ge(compare_dir("report", 0), 29);
	ck_assert_int_ge(compare_dir("seeds", 1), 4);
	ck_assert_int_ge(compare_dir("reply", 1), 1);
}
END_TEST

/* Text jansson refuses, escapes, repeated keys, odd numbers. */
START_TEST(compact_form_of_hostile_reports)
{
	struct lkp_num vals[] = {
		{ 1e20, LKP_NUM_REAL }, { 1e-5, LKP_NUM_REAL },
		{ -0.0, LKP_NUM_INT }, { 0.1, LKP_NUM_REAL },
		{ 9007199254740993.0, LKP_NUM_INT }, { NAN, LKP_NUM_REAL },
		{ INFINITY, LKP_NUM_INT }, { 123456789012345678.0,
					     LKP_NUM_REAL },
		{ 3, LKP_NUM_REAL }, { -2.5e-300, LKP_NUM_REAL },
		{ 1.5e300, LKP_NUM_REAL }, { 7, LKP_NUM_NONE },
	};
	struct lkp_kv kv[] = {
		{ "a", "1" }, { "b", "\"q\" \\ /\b\f\n\r\t\x01\x1f\x7f" },
		{ "a", "2" }, { NULL, "x" }, { "bad\xff", "y" },
		{ "c", "bad \xc3\x28" }, { "d", NULL }, { "b", "last" },
		{ "\xe2\x82\xac", "\xf0\x9f\x98\x80 ok" },
		{ "e", "\xed\xa0\x80 surrogate" }, { "f", "\xc0\xaf overlong" },
		{ "g", "\xf4\x90\x80\x80 too big" }, { "h", "\xe2\x82" },
	};
	const char *strs[] = { "ok", NULL, "\xff", "tab\there" };
	struct lkp_metric m = { "m\xc3", 12, vals, vals, vals + 1,
				LKP_CHANGE_ABSOLUTE, "note\n" };
	struct lkp_failure f = { "f", 3, vals, vals + 3, vals + 6, "\x80" };
	struct lkp_commit_ref cr = { "abc", "subj \"x\"", NULL };
	struct lkp_comparison c;
	struct lkp_impact im;
	struct lkp_report r;

	memset(&c, 0, sizeof(c));
	c.axes = kv;
	c.naxes = sizeof(kv) / sizeof(*kv);
	c.compared = &cr;
	c.ncompared = 1;
	c.columns = strs;
	c.ncolumns = 4;
	c.metrics = &m;
	c.nmetrics = 1;
	c.failures = &f;
	c.nfailures = 1;
	memset(&im, 0, sizeof(im));
	im.testcase = "t";
	im.change_pct = vals[1];
	im.params = kv;
	im.nparams = 3;
	memset(&r, 0, sizeof(r));
	r.kind = LKP_KIND_BUILD_ERROR;
	r.date = (time_t)-1;
	r.from_name = "Na\"me";
	r.from_addr = "a@b";
	r.subject = "s\xc3\xa9";
	r.headline_change_pct = vals[0];
	r.build_configs_tested = vals[4];
	r.build_errors = strs;
	r.nbuild_errors = 4;
	r.params = kv;
	r.nparams = sizeof(kv) / sizeof(*kv);
	r.impacts = &im;
	r.nimpacts = 1;
	r.comparisons = &c;
	r.ncomparisons = 1;
	r.warnings = strs;
	r.nwarnings = 4;
	same_compact(&r, "hostile");
	r.from_addr = "\xff";
	r.date = 1562577230;
	r.kind = LKP_KIND_NONE;
	same_compact(&r, "hostile from");
	r.from_name = "";
	same_compact(&r, "hostile addr only");
	r.from_addr = NULL;
	r.from_name = "n";
	same_compact(&r, "name only");
}
END_TEST

/* 1 when rows a and b name the same JSON member. */
static int
same_member(const struct report_field *a, const struct report_field *b)
{
	if (!a->key || !b->key || strcmp(a->key, b->key))
		return 0;
	if (!a->in || !b->in)
		return !a->in && !b->in;
	return !strcmp(a->in, b->in);
}

/* Every row of report_fields: a text row's member reaches the JSON
 * at its key (inside its object), keys are unique in their object,
 * and a row is shown somewhere (JSON, show or the web). */
START_TEST(field_table_rows)
{
	struct lkp_report r;
	char text[64][32];
	size_t ntext = 0;
	json_t *o;

	memset(&r, 0, sizeof(r));
	for (size_t i = 0; i < report_nfields; i++) {
		const struct report_field *f = &report_fields[i];

		ck_assert_msg(f->key || f->show || f->web, "row %zu: nowhere", i);
		ck_assert_msg(!f->show || f->key, "row %zu: show reads JSON", i);
		if (f->json)
			continue;
		ck_assert_uint_lt(ntext, 64);
		snprintf(text[ntext], sizeof(text[ntext]), "text-%zu", i);
		memcpy((char *)&r + f->off, &(const char *){ text[ntext] },
		       sizeof(const char *));
		ck_assert_str_eq(report_field_text(&r, f), text[ntext]);
		ntext++;
	}
	o = report_json_build(&r, 0);
	for (size_t i = 0; i < report_nfields; i++) {
		const struct report_field *f = &report_fields[i];
		const json_t *in = f->in ? json_object_get(o, f->in) : o;
		char want[32];

		for (size_t j = 0; j < i; j++)
			ck_assert_msg(!same_member(f, &report_fields[j]),
				      "rows %zu and %zu: key %s twice", j, i,
				      f->key);
		if (f->json || !f->key)
			continue;
		snprintf(want, sizeof(want), "text-%zu", i);
		ck_assert_str_eq(json_string_value(json_object_get(in, f->key)),
				 want);
	}
	json_decref(o);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("lkp_json");
	TCase *tc = tcase_create("json");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, numbers_as_printed);
	tcase_add_test(tc, contract_order_and_values);
	tcase_add_test(tc, compact_form_of_every_report);
	tcase_add_test(tc, compact_form_of_hostile_reports);
	tcase_add_test(tc, field_table_rows);
	suite_add_tcase(s, tc);
	return s;
}
