/* test_config.c - INI parsing through inih. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/unit/check_main.h"
#include "bot/core/secret.h"
#include "bot/core/settings.h"
#include "bot/ingest/sync.h"
#include "bot/ingest/sync_imap.h"
#include "bot/net/smtp.h"
#include "bot/outbox/transport.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
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
	ck_assert_int_eq(chmod(path, 0600), 0);
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

/* Secret files as Debian ships them: the service's group may read one
 * (root:lkpbot 0640); a file others may read or write is refused, the
 * error naming the file, its mode and the fix. */
START_TEST(secret_file_modes)
{
	static const struct {
		mode_t mode;
		int rc;
		const char *says;
	} rows[] = {
		{ 0600, LKB_OK, NULL },
		{ 0640, LKB_OK, NULL },
		{ 0440, LKB_OK, NULL },
		{ 0644, LKB_ERR_CONFIG, "has mode 0644: others can read it; "
					"chmod o-rwx it" },
		{ 0604, LKB_ERR_CONFIG, "has mode 0604: others can read it" },
		{ 0602, LKB_ERR_CONFIG, "has mode 0602: others can change it" },
	};
	char dir[] = "/tmp/lkb-secret.XXXXXX", path[64], *sec = NULL;
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/pw", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("hunter2\n", f);
	fclose(f);
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		ck_assert_int_eq(chmod(path, rows[i].mode), 0);
		log_clear_last_error();
		ck_assert_int_eq(secret_read_file("[imap] password_file", path,
						  &sec), rows[i].rc);
		if (rows[i].rc == LKB_OK) {
			ck_assert_str_eq(sec, "hunter2");
			secret_free(sec);
			continue;
		}
		ck_assert_ptr_null(sec);
		ck_assert_msg(strstr(log_last_error(), path) &&
			      strstr(log_last_error(), rows[i].says),
			      "mode %o: '%s'", (unsigned)rows[i].mode,
			      log_last_error());
	}
	unlink(path);
	rmdir(dir);
}
END_TEST

/* Parse text and load it into set with the rows of more, as bot/main.c
 * loads with the mail sources' keys (the config lives until the next
 * call). */
static int
load_more(const char *text, struct settings *set, settings_more_fn more)
{
	static struct config *cfg;

	config_free(cfg);
	cfg = config_new();
	ck_assert_int_eq(parse(cfg, text), LKB_OK);
	return settings_load_with(set, cfg, more);
}

static int
load(const char *text, struct settings *set)
{
	return load_more(text, set, sync_source_key_at);
}

/* A configuration and what loading it says. */
struct says {
	const char *text;
	const char *says;
};

/* Each of the n rows fails to load with the rows of more, saying its
 * says. */
static void
assert_says(const struct says *rows, size_t n, settings_more_fn more)
{
	struct settings set;

	for (size_t i = 0; i < n; i++) {
		ck_assert_int_eq(load_more(rows[i].text, &set, more),
				 LKB_ERR_CONFIG);
		ck_assert_msg(strstr(set.problem, rows[i].says),
			      "row %zu: '%s'", i, set.problem);
	}
}

/* An unknown section or key is an error naming the line and the
 * nearest known name; a key of another section names that section. */
START_TEST(settings_unknown_names)
{
	static const struct {
		const char *text;
		const char *says;
	} rows[] = {
		{ "[imap]\nurl = imaps://a/\nfoldres = INBOX\n",
		  "config:3: unknown key 'foldres' in [imap]; did you mean "
		  "'folders'?" },
		{ "# mail\n[imapp]\nurl = imaps://a/\n",
		  "config:2: unknown section [imapp]; did you mean [imap]?" },
		{ "[bot]\n[IMAP]\n", "config:2: unknown section [IMAP]; did "
		  "you mean [imap]?" },
		{ "[bot]\nmax_per_hour = 1\nfrom = a@b\n",
		  "config:3: unknown key 'from' in [bot]; did you mean it in "
		  "[smtp]?" },
		{ "[bot]\nmaxperhour = 1\n", "did you mean 'max_per_hour'?" },
		{ "[git]\nwhatever = 1\n", "config:2: unknown key 'whatever' "
		  "in [git]; its keys are listed in lkpbot.conf(5)" },
		{ "[colour]\nx = 1\n", "config:1: unknown section [colour]; "
		  "the sections are listed in lkpbot.conf(5)" },
		{ "[bot]\nmax_per_hour = ten\n", "config:2: [bot] max_per_hour "
		  "= 'ten': expected a whole number from 0 to 1000000" },
		{ "[imap]\nbatch = 0\n", "config:2: [imap] batch = '0': "
		  "expected a whole number from 1 to 5000 "
		  "(LKB_MAX_IMAP_BATCH)" },
		{ "[smtp]\nstarttls = maybe\n", "[smtp] starttls = 'maybe': "
		  "expected no, try or yes" },
		{ "[bot]\ncc_policy = all\n", "[bot] cc_policy = 'all': "
		  "expected thread or asker" },
		{ "[imap]\nafter = delete\n", "config:2: [imap] after = "
		  "'delete': expected none, seen or move:FOLDER" },
		{ "[imap]\n\ninsecure = perhaps\n", "config:3: [imap] insecure "
		  "= 'perhaps': expected yes or no" },
	};
	struct settings set;

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		ck_assert_int_eq(load(rows[i].text, &set), LKB_ERR_CONFIG);
		ck_assert_int_ge(set.nproblems, 1);
		ck_assert_msg(strstr(set.problem, rows[i].says),
			      "row %zu: '%s'", i, set.problem);
	}
	/* a long name gets no suggestion and no overflow */
	{
		char text[300];

		snprintf(text, sizeof(text), "[imap]\n%0150d = 1\n", 7);
		ck_assert_int_eq(load(text, &set), LKB_ERR_CONFIG);
		ck_assert_ptr_nonnull(strstr(set.problem, "its keys are "
					     "listed"));
	}
	ck_assert_int_eq(load("[imap]\nfolders = a\n[imap]\nuser = u\n",
			      &set), LKB_OK);
	ck_assert_int_eq(set.nproblems, 0);
}
END_TEST

/* [bot] maintainers up to LKB_MAX_MAINTAINERS entries (the bench
 * names 259); one more is an error naming the limit, not a silent cut
 * of who may change a report's state. */
START_TEST(settings_maintainers_limit)
{
	struct settings set;
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(&sb, "[bot]\nmaintainers =");
	for (int i = 0; i < LKB_MAX_MAINTAINERS; i++)
		strbuf_addf(&sb, "\n m%d@x.org", i);
	ck_assert_int_eq(load(sb.buf, &set), LKB_OK);
	ck_assert_uint_eq(set.bot.nmaintainers, LKB_MAX_MAINTAINERS);
	ck_assert_str_eq(set.bot.maintainers[LKB_MAX_MAINTAINERS - 1],
			 "m1023@x.org");
	strbuf_adds(&sb, " last@x.org\n");
	ck_assert_int_eq(load(sb.buf, &set), LKB_ERR_CONFIG);
	ck_assert_ptr_nonnull(strstr(set.problem, "[bot] maintainers: "
				     "more than 1024 entries "
				     "(LKB_MAX_MAINTAINERS)"));
	strbuf_release(&sb);
}
END_TEST

/* The defaults of the table: an empty file is valid and reads as
 * lkpbot.conf(5) says; values are typed once ([imap] after into what
 * and where). */
START_TEST(settings_defaults)
{
	struct imap_settings is;
	struct settings set;

	ck_assert_int_eq(load("", &set), LKB_OK);
	sync_imap_settings(&set, &is);
	ck_assert_int_eq(is.timeout, 60);
	ck_assert_int_eq(is.deadline, 1800);
	ck_assert_int_eq(is.batch, LKB_BATCH_MESSAGES);
	ck_assert_int_eq(is.starttls, -1);
	ck_assert_int_eq(is.insecure, 0);
	ck_assert_int_eq(is.after, AFTER_NONE);
	ck_assert_uint_eq(is.nfolders, 0);
	ck_assert_ptr_null(is.url);
	ck_assert_int_eq(set.smtp.starttls, SET_TLS_DEFAULT);
	ck_assert_int_eq(set.smtp.timeout, 300);
	ck_assert_int_eq(set.bot.cc_policy, CC_THREAD);
	ck_assert_int_eq(set.bot.max_per_hour, 60);
	ck_assert_int_eq(set.bot.threads, -1);
	ck_assert_int_eq(set.bot.run_deadline, 3600);
	ck_assert_uint_eq(set.bot.nbots, 2);
	ck_assert_str_eq(set.bot.bots[0], "patchwork-bot@kernel.org");
	ck_assert_uint_eq(set.bot.nmaintainers, 0);
	ck_assert_int_eq(set.git.timeout, LKB_MAX_GIT_SECONDS);
	ck_assert_int_eq(set.git.window, 1000);
	ck_assert_int_eq(set.requests.jobs_per_day, 200);
	ck_assert_int_eq(set.requests.per_hour, 20);
	ck_assert_int_eq(set.requests.jobs_per_hour, 40);
	ck_assert(set.triage.model_floor > 0.39 &&
		  set.triage.model_floor < 0.41);

	ck_assert_int_eq(load("[imap]\nafter = move:Done\nstarttls = no\n"
			      "[smtp]\nstarttls = try\nfrom = Bot <b@x.org>\n"
			      "[bot]\ncc_policy = asker\nthreads = 0\n", &set),
			 LKB_OK);
	sync_imap_settings(&set, &is);
	ck_assert_int_eq(is.after, AFTER_MOVE);
	ck_assert_str_eq(is.move_to, "Done");
	ck_assert_int_eq(is.starttls, 0);
	ck_assert_int_eq(set.smtp.starttls, SET_TLS_TRY);
	ck_assert_int_eq(set.bot.cc_policy, CC_ASKER);
	ck_assert_int_eq(set.bot.threads, 0);
	ck_assert_str_eq(set.bot.address, "b@x.org");
	ck_assert_int_eq(load("[imap]\nafter = seen\n", &set), LKB_OK);
	sync_imap_settings(&set, &is);
	ck_assert_int_eq(is.after, AFTER_SEEN);
	ck_assert_ptr_null(is.move_to);
}
END_TEST

/* The keys of lkpbot.conf(5): ".It Cm [section]" opens a section, each
 * ".It Cm key" or ".It Cm a , Cm b" item in it documents keys. Every
 * key of the table is documented, and every key documented is in the
 * table. */
START_TEST(settings_table_is_the_man_page)
{
	const char *src = getenv("LKB_SRCDIR");
	char *path, line[512], section[64] = "", doc[200][130];
	size_t ndoc = 0;
	const struct settings_key *k;
	struct settings set;
	FILE *f;

	ck_assert_int_eq(load("", &set), LKB_OK);
	path = xasprintf("%s/doc/lkpbot.conf.5", src ? src : ".");
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	while (fgets(line, sizeof(line), f)) {
		char *p = line, *tok;
		size_t len = strlen(line);

		/* a line that ends in a backslash goes on */
		while (len > 1 && !strcmp(line + len - 2, "\\\n") &&
		       fgets(line + len - 2, (int)(sizeof(line) - len + 2), f))
			len = strlen(line);

		if (!strncmp(line, ".Sh ", 4))
			section[0] = '\0';
		if (strncmp(line, ".It Cm ", 7))
			continue;
		if (line[7] == '[') {
			ck_assert_int_eq(sscanf(line + 8, "%63[a-z_]", section),
					 1);
			continue;
		}
		if (!section[0])
			continue;
		while ((tok = strstr(p, "Cm ")) != NULL) {
			char key[64];

			ck_assert_int_eq(sscanf(tok + 3, "%63[a-z0-9_]", key),
					 1);
			ck_assert_uint_lt(ndoc, 200);
			snprintf(doc[ndoc++], sizeof(doc[0]), "%s.%s",
				 section, key);
			p = tok + 3;
		}
	}
	fclose(f);
	free(path);
	ck_assert_uint_gt(ndoc, 40);
	for (size_t i = 0; (k = settings_key_at(&set, i)) != NULL; i++) {
		char want[80];
		size_t j;

		snprintf(want, sizeof(want), "%s.%s", k->section, k->key);
		for (j = 0; j < ndoc && strcmp(doc[j], want); j++)
			;
		ck_assert_msg(j < ndoc, "[%s] %s is not in lkpbot.conf(5)",
			      k->section, k->key);
	}
	for (size_t j = 0; j < ndoc; j++) {
		size_t i;

		for (i = 0; (k = settings_key_at(&set, i)) != NULL; i++) {
			char have[80];

			snprintf(have, sizeof(have), "%s.%s", k->section,
				 k->key);
			if (!strcmp(doc[j], have))
				break;
		}
		ck_assert_msg(k != NULL, "lkpbot.conf(5) documents %s, which "
			      "the table of bot/core/settings.c lacks",
			      doc[j]);
	}
}
END_TEST

/* What doctor checks comes from the table: the keys marked for it are
 * strings (settings_key_str), and their values are the fields. */
START_TEST(settings_doctor_marks)
{
	static const char *const want[] = {
		"imap.url=1", "smtp.url=1", "smtp.dry_run_dir=2",
		"results.queue=3", "git.worktrees=3", "web.dir=3",
	};
	const struct settings_key *k;
	struct settings set;
	size_t n = 0;

	ck_assert_int_eq(load("[web]\ndir = /srv/www\n[smtp]\n"
			      "url = smtp://a:b@h\n", &set), LKB_OK);
	for (size_t i = 0; (k = settings_key_at(&set, i)) != NULL; i++) {
		char have[80];
		int kind = k->doctor == SETD_URL ? 1 : k->doctor == SETD_DIR
			   ? 2 : k->doctor == SETD_DIR_MAKE ? 3 : 0;

		if (!kind)
			continue;
		ck_assert_int_eq(k->type, SETT_STR);
		snprintf(have, sizeof(have), "%s.%s=%d", k->section, k->key,
			 kind);
		ck_assert_uint_lt(n, LKB_ARRAY_SIZE(want));
		ck_assert_str_eq(have, want[n++]);
		if (!strcmp(have, "web.dir=3"))
			ck_assert_str_eq(settings_key_str(&set, k), "/srv/www");
		else if (!strcmp(have, "smtp.url=1"))
			ck_assert_str_eq(settings_key_str(&set, k),
					 "smtp://a:b@h");
		else
			ck_assert_ptr_null(settings_key_str(&set, k));
	}
	ck_assert_uint_eq(n, LKB_ARRAY_SIZE(want));
}
END_TEST

/* Keys declared outside settings.c, as a mail source declares them: a
 * number, a yes/no, a choice and a list kept by row, with the table's
 * checks and a check of their own. */
static const char *const probe_modes[] = { "fast", "slow", NULL };

static void
check_probe_names(struct settings *s, const struct settings_key *k,
		  const char *v)
{
	if (v && strstr(v, "bad"))
		settings_problem(s, k, "[probe] names = '%s': no bad names",
				 v);
}

static const struct settings_key probe_keys[] = {
	{ .section = "probe", .key = "path", .type = SETT_STR },
	{ .section = "probe", .key = "limit", .type = SETT_NUM, .def = "7",
	  .lo = 1, .hi = 9, .limit = "LKB_MAX_PROBE" },
	{ .section = "probe", .key = "strict", .type = SETT_BOOL,
	  .def = "no" },
	{ .section = "probe", .key = "mode", .type = SETT_CHOICE,
	  .def = "slow", .names = probe_modes },
	{ .section = "probe", .key = "names", .type = SETT_LIST, .hi = 2,
	  .limit = "LKB_MAX_PROBE_NAMES", .check = check_probe_names },
	{ .section = NULL },
};

static const struct settings_key *
probe_key_at(size_t i)
{
	return i + 1 < LKB_ARRAY_SIZE(probe_keys) ? &probe_keys[i] : NULL;
}

/* Their values are typed, their defaults kept, their errors name the
 * file's line; unknown keys of their section get a "did you mean";
 * without them their section is unknown. */
START_TEST(settings_keys_from_outside)
{
	static const struct says bad[] = {
		{ "[probe]\npath = /p\nlimit = 10\n", "config:3: [probe] "
		  "limit = '10': expected a whole number from 1 to 9 "
		  "(LKB_MAX_PROBE)" },
		{ "[probe]\nstrict = maybe\n", "config:2: [probe] strict = "
		  "'maybe': expected yes or no" },
		{ "[probe]\nmode = quick\n", "config:2: [probe] mode = "
		  "'quick': expected fast or slow" },
		{ "[bot]\n[probe]\nlimt = 2\n", "config:3: unknown key 'limt' "
		  "in [probe]; did you mean 'limit'?" },
		{ "[prob]\n", "config:1: unknown section [prob]; did you mean "
		  "[probe]?" },
		{ "[smtp]\nstrict = yes\n", "config:2: unknown key 'strict' "
		  "in [smtp]; did you mean it in [probe]?" },
		{ "[probe]\nnames = a, b, c\n", "config:2: [probe] names: more "
		  "than 2 entries (LKB_MAX_PROBE_NAMES)" },
		{ "[probe]\n\nnames = a, bad\n", "config:3: [probe] names = "
		  "'a, bad': no bad names" },
	};
	struct settings set;
	size_t n;

	ck_assert_int_eq(load_more("[smtp]\nfrom = a@b\n", &set,
				   probe_key_at), LKB_OK);
	ck_assert_ptr_null(settings_value(&set, &probe_keys[0])->str);
	ck_assert_int_eq(settings_value(&set, &probe_keys[1])->num, 7);
	ck_assert_int_eq(settings_value(&set, &probe_keys[2])->flag, 0);
	ck_assert_int_eq(settings_value(&set, &probe_keys[3])->flag, 1);
	ck_assert_uint_eq(settings_value(&set, &probe_keys[4])->list.n, 0);
	ck_assert_int_eq(load_more("[probe]\npath = /p\nlimit = 2\n"
				   "strict = yes\nmode = fast\n"
				   "names = a, b\n", &set,
				   probe_key_at), LKB_OK);
	ck_assert_str_eq(settings_value(&set, &probe_keys[0])->str, "/p");
	ck_assert_str_eq(settings_key_str(&set, &probe_keys[0]), "/p");
	ck_assert_int_eq(settings_value(&set, &probe_keys[1])->num, 2);
	ck_assert_int_eq(settings_value(&set, &probe_keys[2])->flag, 1);
	ck_assert_int_eq(settings_value(&set, &probe_keys[3])->flag, 0);
	ck_assert_uint_eq(settings_value(&set, &probe_keys[4])->list.n, 2);
	ck_assert_str_eq(settings_value(&set, &probe_keys[4])->list.items[1],
			 "b");
	/* the walk of doctor and the man page test sees them first */
	for (n = 0; n + 1 < LKB_ARRAY_SIZE(probe_keys); n++)
		ck_assert_ptr_eq(settings_key_at(&set, n), &probe_keys[n]);
	assert_says(bad, LKB_ARRAY_SIZE(bad), probe_key_at);
	ck_assert_int_eq(load_more("[probe]\npath = /p\n", &set, NULL),
			 LKB_ERR_CONFIG);
	ck_assert_ptr_nonnull(strstr(set.problem, "unknown section [probe]"));
}
END_TEST

/* The row of section.key among the keys of set, or NULL. */
static const struct settings_key *
row_of(const struct settings *set, const char *section, const char *key)
{
	const struct settings_key *k;

	for (size_t i = 0; (k = settings_key_at(set, i)) != NULL; i++)
		if (!strcmp(k->section, section) && !strcmp(k->key, key))
			return k;
	return NULL;
}

/* [maildir] path is its source's key (bot/ingest/sync_maildir.c): read
 * as before when the sources' keys are handed over, unknown when not. */
START_TEST(settings_source_keys)
{
	const struct settings_key *k;
	struct settings set;

	ck_assert_int_eq(load("[maildir]\npath = /srv/md\n", &set), LKB_OK);
	ck_assert_ptr_nonnull(k = row_of(&set, "maildir", "path"));
	ck_assert_str_eq(settings_value(&set, k)->str, "/srv/md");
	ck_assert_int_eq(load("[maildir]\npaht = /srv/md\n", &set),
			 LKB_ERR_CONFIG);
	ck_assert_str_eq(set.problem, "config:2: unknown key 'paht' in "
			 "[maildir]; did you mean 'path'?");
	ck_assert_int_eq(load_more("[maildir]\npath = /srv/md\n", &set,
				   NULL), LKB_ERR_CONFIG);
	ck_assert_ptr_nonnull(strstr(set.problem,
				     "unknown section [maildir]"));
}
END_TEST

/* The keys of [imap] are its source's (bot/ingest/sync_imap.c), read
 * before the table's as they were its first rows: folders a list of at
 * most LKB_MAX_IMAP_FOLDERS, a key of [imap] elsewhere names [imap]. */
START_TEST(settings_imap_keys)
{
	static const struct says bad[] = {
		{ "[smtp]\nfolders = a\n", "config:2: unknown key 'folders' "
		  "in [smtp]; did you mean it in [imap]?" },
		{ "[bot]\nurl = imaps://a/\n", "config:2: unknown key 'url' "
		  "in [bot]; did you mean it in [imap]?" },
		{ "[maildir]\ntimeout = 3\n", "config:2: unknown key "
		  "'timeout' in [maildir]; did you mean it in [imap]?" },
		{ "[imap]\ndeadline = 0\n", "config:2: [imap] deadline = '0': "
		  "expected a whole number from 1 to 86400" },
	};
	struct strbuf text = STRBUF_INIT;
	struct imap_settings is;
	struct settings set;

	ck_assert_int_eq(load("[imap]\nurl = imaps://a/\nfolders = INBOX, "
			      "lkml\ndeadline = 60\n", &set), LKB_OK);
	ck_assert_str_eq(settings_key_at(&set, 0)->section, "imap");
	ck_assert_str_eq(settings_key_at(&set, 0)->key, "url");
	sync_imap_settings(&set, &is);
	ck_assert_str_eq(is.url, "imaps://a/");
	ck_assert_uint_eq(is.nfolders, 2);
	ck_assert_str_eq(is.folders[0], "INBOX");
	ck_assert_str_eq(is.folders[1], "lkml");
	ck_assert_int_eq(is.deadline, 60);
	assert_says(bad, LKB_ARRAY_SIZE(bad), sync_source_key_at);
	strbuf_adds(&text, "[imap]\nfolders = f0");
	for (int i = 1; i <= LKB_MAX_IMAP_FOLDERS; i++)
		strbuf_addf(&text, ", f%d", i);
	strbuf_adds(&text, "\n");
	ck_assert_int_eq(load(text.buf, &set), LKB_ERR_CONFIG);
	ck_assert_str_eq(set.problem, "config:2: [imap] folders: more than "
			 "64 entries (LKB_MAX_IMAP_FOLDERS)");
	strbuf_release(&text);
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
	tcase_add_test(tc, secret_file_modes);
	tcase_add_test(tc, settings_unknown_names);
	tcase_add_test(tc, settings_defaults);
	tcase_add_test(tc, settings_maintainers_limit);
	tcase_add_test(tc, settings_table_is_the_man_page);
	tcase_add_test(tc, settings_doctor_marks);
	tcase_add_test(tc, settings_keys_from_outside);
	tcase_add_test(tc, settings_source_keys);
	tcase_add_test(tc, settings_imap_keys);
	suite_add_tcase(s, tc);
	return s;
}
