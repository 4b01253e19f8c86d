/* test_config.c - INI parsing through inih. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/unit/check_main.h"
#include "bot/core/secret.h"
#include "bot/core/settings.h"
#include "bot/net/smtp.h"
#include "bot/outbox/transport.h"
#include "lib/limits.h"
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

/* A value goes on over indented lines (inih's lines are at most 200
 * bytes): one value, joined with a space; elsewhere a key again
 * replaces its value. */
START_TEST(config_continued_value)
{
	struct config *cfg = config_new();
	const char *items[4];

	ck_assert_int_eq(parse(cfg,
			       "[bot]\nmaintainers =\n a@x.org\n b@x.org,\n"
			       "  c@x.org\nmax_per_hour = 3\n[imap]\n"
			       "url = imaps://a/\nuser = u\nurl = imaps://b/\n"),
			 LKB_OK);
	ck_assert_int_eq(config_get_list(cfg, "bot", "maintainers", items, 4),
			 3);
	ck_assert_str_eq(items[0], "a@x.org");
	ck_assert_str_eq(items[2], "c@x.org");
	ck_assert_int_eq(config_get_long(cfg, "bot", "max_per_hour", 0), 3);
	ck_assert_str_eq(config_get(cfg, "imap", "url"), "imaps://b/");
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

/* One boolean syntax for every key (the [smtp] insecure key once took
 * only "yes" while [imap] took true/on/1 too). */
START_TEST(config_bool_one_syntax)
{
	static const char *const yes[] = { "yes", "true", "on", "1", "Yes",
					   "TRUE" };
	static const char *const no[] = { "no", "false", "off", "0", "NO" };
	struct config *cfg = config_new();

	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		config_set(cfg, "smtp", "insecure", yes[i]);
		ck_assert_int_eq(config_get_bool(cfg, "smtp", "insecure", 0), 1);
	}
	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++) {
		config_set(cfg, "imap", "starttls", no[i]);
		ck_assert_int_eq(config_get_bool(cfg, "imap", "starttls", 1), 0);
	}
	ck_assert_int_eq(config_get_bool(cfg, "imap", "unset", 1), 1);
	ck_assert_int_eq(config_get_bool(cfg, "imap", "unset", 0), 0);
	config_set(cfg, "smtp", "insecure", "maybe");
	ck_assert_int_eq(config_get_bool(cfg, "smtp", "insecure", 0), -1);
	config_free(cfg);
}
END_TEST

/* [smtp] insecure = true was silently ignored (only "yes" counted). */
START_TEST(smtp_insecure_bool)
{
	struct config *cfg = config_new();
	struct settings set;
	struct smtp_conf c;

	config_set(cfg, "smtp", "url", "smtps://mail.example.org");
	config_set(cfg, "smtp", "insecure", "true");
	ck_assert_int_eq(settings_load(&set, cfg), LKB_OK);
	ck_assert_int_eq(outbox_smtp_conf(&c, &set), LKB_OK);
	ck_assert_int_eq(c.net.insecure, 1);
	smtp_conf_release(&c);
	config_set(cfg, "smtp", "insecure", "off");
	ck_assert_int_eq(settings_load(&set, cfg), LKB_OK);
	ck_assert_int_eq(outbox_smtp_conf(&c, &set), LKB_OK);
	ck_assert_int_eq(c.net.insecure, 0);
	smtp_conf_release(&c);
	config_set(cfg, "smtp", "insecure", "sure");
	ck_assert_int_eq(settings_load(&set, cfg), LKB_ERR_CONFIG);
	config_free(cfg);
}
END_TEST

/* The one password-file reader: first line, capped, errors named. */
START_TEST(secret_file_reader)
{
	char dir[] = "/tmp/lkb-secret.XXXXXX", path[64], *sec = NULL;
	static char big[LKB_MAX_SECRET_BYTES + 2];
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/pw", dir);
	f = fopen(path, "w");
	fputs("hunter2\r\nsecond line\n", f);
	fclose(f);
	ck_assert_int_eq(secret_read_file("[imap] password_file", path, &sec),
			 LKB_OK);
	ck_assert_str_eq(sec, "hunter2");
	secret_free(sec);

	/* exactly the cap is fine; one byte more is an error, not a
	 * silently truncated password */
	memset(big, 'x', sizeof(big));
	f = fopen(path, "w");
	fwrite(big, 1, LKB_MAX_SECRET_BYTES, f);
	fclose(f);
	ck_assert_int_eq(secret_read_file("[smtp] password_file", path, &sec),
			 LKB_OK);
	ck_assert_uint_eq(strlen(sec), LKB_MAX_SECRET_BYTES);
	secret_free(sec);
	f = fopen(path, "w");
	fwrite(big, 1, LKB_MAX_SECRET_BYTES + 1, f);
	fclose(f);
	ck_assert_int_eq(secret_read_file("[smtp] password_file", path, &sec),
			 LKB_ERR_CONFIG);
	ck_assert_ptr_null(sec);

	f = fopen(path, "w");
	fwrite("pass\0word\n", 1, 10, f);
	fclose(f);
	ck_assert_int_eq(secret_read_file("[imap] password_file", path, &sec),
			 LKB_ERR_CONFIG);
	ck_assert_ptr_null(sec);

	f = fopen(path, "w");
	fputs("\nafter an empty line\n", f);
	fclose(f);
	ck_assert_int_eq(secret_read_file("[imap] password_file", path, &sec),
			 LKB_ERR_CONFIG);
	ck_assert_ptr_null(sec);
	unlink(path);
	ck_assert_int_eq(secret_read_file("[imap] password_file", path, &sec),
			 LKB_ERR_CONFIG);
	rmdir(dir);
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
	tcase_add_test(tc, config_bool_one_syntax);
	tcase_add_test(tc, secret_file_reader);
	tcase_add_test(tc, smtp_insecure_bool);
	tcase_add_test(tc, config_continued_value);
	suite_add_tcase(s, tc);
	return s;
}
