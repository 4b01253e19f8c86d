/* test_config.c - INI parsing through inih. */
#include "config.h"

#include <string.h>

#include "tests/unit/check_main.h"
#include "lib/status.h"
#include "parsers/conf.h"

static int
parse(struct config *cfg, const char *text)
{
	return config_parse_buffer(cfg, "test.conf", text, strlen(text));
}

START_TEST(config_empty)
{
	struct config *cfg = config_new();

	ck_assert_int_eq(parse(cfg, ""), LKB_OK);
	ck_assert_ptr_null(config_get(cfg, "imap", "url"));
	ck_assert_int_eq(config_get_long(cfg, "bot", "max_per_hour", 60), 60);
	config_free(cfg);
}
END_TEST

START_TEST(config_design_keys)
{
	/* lkpbot.conf(5) contract keys, doc/design.md section 7. */
	struct config *cfg = config_new();
	const char *items[4];

	ck_assert_int_eq(parse(cfg,
			       "[imap]\nurl = imaps://mail.example.org/INBOX\n"
			       "user = bot\n[bot]\n"
			       "maintainers = a@x.org, @intel.com\n"
			       "max_per_hour = 30\n"), LKB_OK);
	ck_assert_str_eq(config_get(cfg, "imap", "url"),
			 "imaps://mail.example.org/INBOX");
	ck_assert_int_eq(config_get_long(cfg, "bot", "max_per_hour", 60), 30);
	ck_assert_uint_eq(config_get_list(cfg, "bot", "maintainers", items, 4),
			  2);
	ck_assert_str_eq(items[0], "a@x.org");
	ck_assert_str_eq(items[1], "@intel.com");
	config_free(cfg);
}
END_TEST

START_TEST(config_malformed_line)
{
	struct config *cfg = config_new();

	ck_assert_int_eq(parse(cfg, "[imap]\nurl = x\nthis is junk\n"),
			 LKB_ERR_CONFIG);
	config_free(cfg);
}
END_TEST

START_TEST(config_key_outside_section)
{
	struct config *cfg = config_new();

	ck_assert_int_eq(parse(cfg, "url = x\n"), LKB_ERR_CONFIG);
	config_free(cfg);
}
END_TEST

START_TEST(config_bad_number)
{
	struct config *cfg = config_new();

	ck_assert_int_eq(parse(cfg, "[bot]\nmax_per_hour = ten\n"), LKB_OK);
	ck_assert_int_eq(config_get_long(cfg, "bot", "max_per_hour", 60), -1);
	config_free(cfg);
}
END_TEST

START_TEST(config_nul_refused)
{
	struct config *cfg = config_new();

	ck_assert_int_eq(config_parse_buffer(cfg, "t", "[a]\0b=c", 7),
			 LKB_ERR_CONFIG);
	config_free(cfg);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("config");
	TCase *tc = tcase_create("parse");

	tcase_add_test(tc, config_empty);
	tcase_add_test(tc, config_design_keys);
	tcase_add_test(tc, config_malformed_line);
	tcase_add_test(tc, config_key_outside_section);
	tcase_add_test(tc, config_bad_number);
	tcase_add_test(tc, config_nul_refused);
	suite_add_tcase(s, tc);
	return s;
}
