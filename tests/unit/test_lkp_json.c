/* test_lkp_json.c - the JSON contract of bot/report_json.c: key order,
 * numbers as printed in the mail, dates in ISO 8601 UTC. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "tests/unit/check_main.h"
#include "bot/report_json.h"
#include "lib/arena.h"
#include "parsers/lkp_report.h"

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

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("lkp_json");
	TCase *tc = tcase_create("json");

	tcase_add_test(tc, numbers_as_printed);
	tcase_add_test(tc, contract_order_and_values);
	suite_add_tcase(s, tc);
	return s;
}
