/* test_lkp_command.c - the #lkp command language: every verb and alias,
 * syntax errors, where commands are (not) taken from, the 5-per-mail cap. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tests/unit/check_main.h"
#include "lib/arena.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/lkp_command.h"
#include "parsers/reply.h"

static const struct {
	const char *line;
	enum lkp_verb verb;
	const char *alias;	/* expected alias field, NULL = none */
	const char *arg0;	/* first sha / target / base / arg */
	const char *arg1;	/* second sha / head */
	size_t nshas;
	enum close_reason reason;
} ok_cases[] = {
	/* doc/design.md section 4, one row per verb */
	{ "#lkp help", LKP_CMD_HELP, NULL, NULL, NULL, 0, CR_NONE },
	{ "#lkp status", LKP_CMD_STATUS, NULL, NULL, NULL, 0, CR_NONE },
	{ "#lkp close", LKP_CMD_CLOSE, NULL, NULL, NULL, 0,
	  CR_ACCEPTED_TRADEOFF },
	{ "#lkp close: the cost is accepted", LKP_CMD_CLOSE, NULL,
	  "the cost is accepted", NULL, 0, CR_ACCEPTED_TRADEOFF },
	{ "#lkp close fixed in v6.2", LKP_CMD_CLOSE, NULL, "fixed in v6.2",
	  NULL, 0, CR_FIXED },
	{ "#lkp close not-reproducible, noise", LKP_CMD_CLOSE, NULL,
	  "not-reproducible, noise", NULL, 0, CR_NOT_REPRODUCIBLE },
	{ "#lkp close superseded by v3", LKP_CMD_CLOSE, NULL,
	  "superseded by v3", NULL, 0, CR_SUPERSEDED },
	{ "#lkp invalid debug kernel", LKP_CMD_INVALID, NULL, "debug kernel",
	  NULL, 0, CR_INVALID },
	{ "#lkp invalid", LKP_CMD_INVALID, NULL, NULL, NULL, 0, CR_INVALID },
	{ "#lkp fixed-by 0123abc", LKP_CMD_FIXED_BY, NULL, "0123abc", NULL, 1,
	  CR_FIXED },
	/* shas are stored lower case; trailing punctuation is dropped */
	{ "#lkp fixed-by EEF983FFEAE7A1CDDE8C3338155AE2DD74B8621B.",
	  LKP_CMD_FIXED_BY, NULL, "eef983ffeae7a1cdde8c3338155ae2dd74b8621b",
	  NULL, 1, CR_FIXED },
	/* a subject after the sha is allowed */
	{ "#lkp fixed-by 0123abcd (\"xfs: fix it\")", LKP_CMD_FIXED_BY, NULL,
	  "0123abcd", NULL, 1, CR_FIXED },
	{ "#lkp fix-of eef983ffeae7", LKP_CMD_FIX_OF, NULL, "eef983ffeae7",
	  NULL, 1, CR_FIX_OF_EARLIER_RACE },
	{ "#lkp dup-of 42", LKP_CMD_DUP_OF, NULL, "42", NULL, 0, CR_DUPLICATE },
	{ "#lkp dup-of <202211220854.48dad6fd-oliver.sang@intel.com>",
	  LKP_CMD_DUP_OF, NULL, "202211220854.48dad6fd-oliver.sang@intel.com",
	  NULL, 0, CR_DUPLICATE },
	/* a lore link gives its message-id */
	{ "#lkp dup-of https://lore.kernel.org/oe-lkp/2024.x-lkp@intel.com/",
	  LKP_CMD_DUP_OF, NULL, "2024.x-lkp@intel.com", NULL, 0,
	  CR_DUPLICATE },
	{ "#lkp reopen", LKP_CMD_REOPEN, NULL, NULL, NULL, 0, CR_NONE },
	{ "#lkp accept 12", LKP_CMD_ACCEPT, NULL, "12", NULL, 0, CR_NONE },
	{ "#lkp reject #7.", LKP_CMD_REJECT, NULL, "7", NULL, 0, CR_NONE },
	{ "#lkp compare-series", LKP_CMD_COMPARE_SERIES, NULL, NULL, NULL, 0,
	  CR_NONE },
	{ "#lkp compare-series ee28855a5449..237b4454014d",
	  LKP_CMD_COMPARE_SERIES, NULL, "ee28855a5449", "237b4454014d", 0,
	  CR_NONE },
	{ "#lkp compare-series v5.17-rc4..mm/munlock-v2",
	  LKP_CMD_COMPARE_SERIES, NULL, "v5.17-rc4", "mm/munlock-v2", 0,
	  CR_NONE },
	{ "#lkp compare c479426e09 237b445401", LKP_CMD_COMPARE, NULL,
	  "c479426e09", "237b445401", 2, CR_NONE },
	{ "#lkp compare aaaaaaa bbbbbbb ccccccc", LKP_CMD_COMPARE, NULL,
	  "aaaaaaa", "bbbbbbb", 3, CR_NONE },
	/* issue 37: the mail's patch; words after the verb are no URL */
	{ "#lkp test", LKP_CMD_TEST, NULL, NULL, NULL, 0, CR_NONE },
	{ "#lkp test: please", LKP_CMD_TEST, NULL, NULL, NULL, 0, CR_NONE },
	/* a git tree and a branch, as syzbot's "#syz test: URL BRANCH" */
	{ "#lkp test: https://git.kernel.org/pub/scm/linux/kernel/git/"
	  "akpm/mm.git mm-hotfixes-unstable", LKP_CMD_TEST, NULL,
	  "https://git.kernel.org/pub/scm/linux/kernel/git/akpm/mm.git",
	  "mm-hotfixes-unstable", 0, CR_NONE },
	{ "#lkp test git://127.0.0.1:9418/linux.git 0123456789abcdef",
	  LKP_CMD_TEST, NULL, "git://127.0.0.1:9418/linux.git",
	  "0123456789abcdef", 0, CR_NONE },
	{ "#lkp retest", LKP_CMD_RETEST, NULL, NULL, NULL, 0, CR_NONE },
	{ "#lkp retest 92a8f471fa", LKP_CMD_RETEST, NULL, "92a8f471fa", NULL,
	  1, CR_NONE },
	/* spelling: case, "#lkp:", blanks before, verb with a colon */
	{ "  #LKP: Fixed-By: 0123abc", LKP_CMD_FIXED_BY, NULL, "0123abc", NULL,
	  1, CR_FIXED },
	{ "\t#Lkp STATUS", LKP_CMD_STATUS, NULL, NULL, NULL, 0, CR_NONE },
	/* the alias table, one row each */
	{ "#lkp fixedby 0123abc", LKP_CMD_FIXED_BY, "fixedby", "0123abc", NULL,
	  1, CR_FIXED },
	{ "#lkp fixed_by 0123abc", LKP_CMD_FIXED_BY, "fixed_by", "0123abc",
	  NULL, 1, CR_FIXED },
	{ "#lkp fixed-in 0123abc", LKP_CMD_FIXED_BY, "fixed-in", "0123abc",
	  NULL, 1, CR_FIXED },
	{ "#lkp fixof 0123abc", LKP_CMD_FIX_OF, "fixof", "0123abc", NULL, 1,
	  CR_FIX_OF_EARLIER_RACE },
	{ "#lkp fix_of 0123abc", LKP_CMD_FIX_OF, "fix_of", "0123abc", NULL, 1,
	  CR_FIX_OF_EARLIER_RACE },
	{ "#lkp dup 7", LKP_CMD_DUP_OF, "dup", "7", NULL, 0, CR_DUPLICATE },
	{ "#lkp dupof 7", LKP_CMD_DUP_OF, "dupof", "7", NULL, 0, CR_DUPLICATE },
	{ "#lkp dup_of 7", LKP_CMD_DUP_OF, "dup_of", "7", NULL, 0,
	  CR_DUPLICATE },
	{ "#lkp duplicate #7", LKP_CMD_DUP_OF, "duplicate", "7", NULL, 0,
	  CR_DUPLICATE },
	{ "#lkp duplicate-of 7", LKP_CMD_DUP_OF, "duplicate-of", "7", NULL, 0,
	  CR_DUPLICATE },
	{ "#lkp duplicate_of 7", LKP_CMD_DUP_OF, "duplicate_of", "7", NULL, 0,
	  CR_DUPLICATE },
	{ "#lkp re-open", LKP_CMD_REOPEN, "re-open", NULL, NULL, 0, CR_NONE },
	{ "#lkp compareseries", LKP_CMD_COMPARE_SERIES, "compareseries", NULL,
	  NULL, 0, CR_NONE },
	{ "#lkp compare_series", LKP_CMD_COMPARE_SERIES, "compare_series", NULL,
	  NULL, 0, CR_NONE },
	{ "#lkp series", LKP_CMD_COMPARE_SERIES, "series", NULL, NULL, 0,
	  CR_NONE },
	{ "#lkp satus", LKP_CMD_STATUS, "satus", NULL, NULL, 0, CR_NONE },
	{ "#lkp stauts", LKP_CMD_STATUS, "stauts", NULL, NULL, 0, CR_NONE },
	{ "#lkp statsu", LKP_CMD_STATUS, "statsu", NULL, NULL, 0, CR_NONE },
	{ "#lkp re-test", LKP_CMD_RETEST, "re-test", NULL, NULL, 0, CR_NONE },
	{ "#lkp rerun", LKP_CMD_RETEST, "rerun", NULL, NULL, 0, CR_NONE },
	{ "#lkp hlep", LKP_CMD_HELP, "hlep", NULL, NULL, 0, CR_NONE },
};

static const char *
first_arg(const struct lkp_command *c)
{
	if (c->nshas)
		return c->shas[0];
	if (c->target)
		return c->target;
	if (c->base)
		return c->base;
	if (c->url)
		return c->url;
	return c->arg;
}

START_TEST(command_ok_table)
{
	struct arena a = ARENA_INIT;
	struct lkp_command c;
	const char *l = ok_cases[_i].line;
	const char *got;

	ck_assert_int_eq(lkp_command_parse_line(&a, l, strlen(l), &c), 1);
	ck_assert_msg(c.error == NULL, "row %d: %s", _i, c.error);
	ck_assert_int_eq(c.verb, ok_cases[_i].verb);
	if (ok_cases[_i].alias)
		ck_assert_str_eq(c.alias, ok_cases[_i].alias);
	else
		ck_assert_ptr_null(c.alias);
	got = first_arg(&c);
	if (ok_cases[_i].arg0)
		ck_assert_str_eq(got, ok_cases[_i].arg0);
	else
		ck_assert_ptr_null(got);
	if (ok_cases[_i].arg1)
		ck_assert_str_eq(c.nshas > 1 ? c.shas[1]
				 : c.ref ? c.ref : c.head,
				 ok_cases[_i].arg1);
	ck_assert_uint_eq(c.nshas, ok_cases[_i].nshas);
	if (lkp_verb_changes_state(c.verb))
		ck_assert_int_eq(c.reason, ok_cases[_i].reason);
	arena_release(&a);
}
END_TEST

static const struct {
	const char *line;
	enum lkp_verb verb;
	const char *error_has;	/* a piece of the error message */
} err_cases[] = {
	{ "#lkp", LKP_CMD_UNKNOWN, "no command" },		/* no verb */
	{ "#lkp:", LKP_CMD_UNKNOWN, "no command" },
	{ "#lkp frobnicate", LKP_CMD_UNKNOWN, "unknown command 'frobnicate'" },
	{ "#lkp fixed-by", LKP_CMD_FIXED_BY, "needs a commit sha" },
	{ "#lkp fixed-by 123abc", LKP_CMD_FIXED_BY, "not a commit sha" },	/* 6 */
	{ "#lkp fixed-by 0123456789abcdef0123456789abcdef012345678",
	  LKP_CMD_FIXED_BY, "not a commit sha" },	/* 41 digits */
	{ "#lkp fix-of xyz1234", LKP_CMD_FIX_OF, "not a commit sha" },
	{ "#lkp compare 0123abc", LKP_CMD_COMPARE, "at least two" },
	{ "#lkp compare", LKP_CMD_COMPARE, "at least two" },
	{ "#lkp compare 0123abc HEAD", LKP_CMD_COMPARE, "'HEAD' is not" },
	{ "#lkp compare a1a1a1a b1b1b1b c1c1c1c d1d1d1d e1e1e1e f1f1f1f "
	  "a2a2a2a b2b2b2b c2c2c2c d2d2d2d e2e2e2e f2f2f2f a3a3a3a b3b3b3b "
	  "c3c3c3c d3d3d3d e3e3e3e", LKP_CMD_COMPARE, "at most 16" },
	{ "#lkp retest nothex!", LKP_CMD_RETEST, "not a commit sha" },
	{ "#lkp dup-of", LKP_CMD_DUP_OF, "needs a report id" },
	{ "#lkp dup-of banana", LKP_CMD_DUP_OF, "neither a report id" },
	{ "#lkp compare-series abc", LKP_CMD_COMPARE_SERIES, "range" },
	/* git option injection through a range */
	{ "#lkp compare-series --upload-pack=x..y", LKP_CMD_COMPARE_SERIES,
	  "range" },
	{ "#lkp compare-series a...b", LKP_CMD_COMPARE_SERIES, "range" },
	{ "#lkp close duplicate of 12", LKP_CMD_CLOSE, "dup-of" },
	/* #lkp test <git-url> <ref>: only URLs git gets as data */
	{ "#lkp test https://x.org/l.git", LKP_CMD_TEST, "needs a branch" },
	{ "#lkp test https://x.org/l.git --upload-pack=touch", LKP_CMD_TEST,
	  "needs a branch" },
	{ "#lkp test https://x.org/l.git a..b", LKP_CMD_TEST,
	  "needs a branch" },
	{ "#lkp test ssh://x.org/l.git main", LKP_CMD_TEST, "not a git URL" },
	{ "#lkp test https://x.org/l.git'$(id)' main", LKP_CMD_TEST,
	  "not a git URL" },
	{ "#lkp test -https://x.org/l.git main", LKP_CMD_TEST,
	  "not a git URL" },
	{ "#lkp accept", LKP_CMD_ACCEPT, "needs the event's number" },
	{ "#lkp accept 0", LKP_CMD_ACCEPT, "no event number" },
	{ "#lkp reject 1e3", LKP_CMD_REJECT, "no event number" },
	{ "#lkp reject 1234567890123456789", LKP_CMD_REJECT,
	  "no event number" },
};

START_TEST(command_error_table)
{
	struct arena a = ARENA_INIT;
	struct lkp_command c;
	const char *l = err_cases[_i].line;

	ck_assert_int_eq(lkp_command_parse_line(&a, l, strlen(l), &c), 1);
	ck_assert_int_eq(c.verb, err_cases[_i].verb);
	ck_assert_msg(c.error && strstr(c.error, err_cases[_i].error_has),
		      "row %d: error '%s'", _i, c.error ? c.error : "(none)");
	arena_release(&a);
}
END_TEST

START_TEST(command_not_commands)
{
	static const char *const lines[] = {
		"", "lkp help", "# lkp help", "#lkphelp", "#lkpx status",
		"text #lkp help", "#linux", "#",
	};
	struct arena a = ARENA_INIT;
	struct lkp_command c;

	for (size_t i = 0; i < LKB_ARRAY_SIZE(lines); i++)
		ck_assert_msg(!lkp_command_parse_line(&a, lines[i],
						      strlen(lines[i]), &c),
			      "'%s' taken as a command", lines[i]);
	ck_assert_str_eq(lkp_verb_name(LKP_CMD_FIXED_BY), "fixed-by");
	ck_assert(lkp_verb_changes_state(LKP_CMD_DUP_OF));
	ck_assert(!lkp_verb_changes_state(LKP_CMD_COMPARE));
	ck_assert(lkp_is_sha("abcdef0", 7));
	ck_assert(!lkp_is_sha("abcdef", 6));
	arena_release(&a);
}
END_TEST

static void
parse_body(struct arena *a, const char *body, struct lkp_command_list *l)
{
	struct reply *r;

	ck_assert_int_eq(reply_parse(a, body, strlen(body), &r), LKB_OK);
	ck_assert_int_eq(lkp_command_parse_reply(a, r, l), LKB_OK);
}

START_TEST(command_only_authored)
{
	static const char body[] =
		"On Mon, 1 Jan 2024, kernel test robot wrote:\n"
		"> #lkp close quoted\n"		/* quoted: ignored */
		">> #lkp reopen\n"
		"\n"
		"#lkp fixed-by 0123abc\n"	/* line 4: taken */
		"\n"
		"diff --git a/f b/f\n"
		"--- a/f\n"
		"+++ b/f\n"
		"@@ -1 +1,2 @@\n"
		" a\n"
		"+#lkp invalid\n"		/* in a patch: ignored */
		"  #lkp status\n"		/* line 12: taken */
		"-- \n"
		"#lkp help\n";			/* signature: ignored */
	struct arena a = ARENA_INIT;
	struct lkp_command_list l;

	parse_body(&a, body, &l);
	ck_assert_uint_eq(l.n, 2);
	ck_assert_uint_eq(l.seen, 2);
	ck_assert_int_eq(l.cmds[0].verb, LKP_CMD_FIXED_BY);
	ck_assert_uint_eq(l.cmds[0].line, 4);
	ck_assert_int_eq(l.cmds[1].verb, LKP_CMD_STATUS);
	ck_assert_uint_eq(l.cmds[1].line, 12);
	ck_assert_str_eq(l.cmds[1].text, "#lkp status");
	arena_release(&a);
}
END_TEST

START_TEST(command_thousand)
{
	struct arena a = ARENA_INIT;
	struct strbuf sb = STRBUF_INIT;
	struct lkp_command_list l;

	for (int i = 0; i < 1000; i++)
		strbuf_addf(&sb, "#lkp retest %07x\n", i);
	parse_body(&a, sb.buf, &l);
	ck_assert_uint_eq(l.seen, 1000);
	ck_assert_uint_eq(l.n, LKB_MAX_COMMANDS + 1);
	for (int i = 0; i < LKB_MAX_COMMANDS; i++) {
		ck_assert_int_eq(l.cmds[i].verb, LKP_CMD_RETEST);
		ck_assert_ptr_null(l.cmds[i].error);
		ck_assert_uint_eq(l.cmds[i].line, (size_t)i);
	}
	ck_assert_int_eq(l.cmds[LKB_MAX_COMMANDS].verb, LKP_CMD_TOO_MANY);
	ck_assert_ptr_nonnull(strstr(l.cmds[LKB_MAX_COMMANDS].error,
				     "too many commands: 1000"));
	ck_assert_uint_eq(l.cmds[LKB_MAX_COMMANDS].line, LKB_MAX_COMMANDS);
	strbuf_release(&sb);
	arena_release(&a);
}
END_TEST

START_TEST(command_exactly_five)
{
	struct arena a = ARENA_INIT;
	struct lkp_command_list l;

	parse_body(&a, "#lkp help\n#lkp status\n#lkp retest\n#lkp help\n"
		       "#lkp bogus\n", &l);
	ck_assert_uint_eq(l.n, 5);	/* no TOO_MANY record at the cap */
	ck_assert_int_eq(l.cmds[4].verb, LKP_CMD_UNKNOWN);
	ck_assert_ptr_nonnull(l.cmds[4].error);
	arena_release(&a);
}
END_TEST

START_TEST(command_long_line)
{
	struct arena a = ARENA_INIT;
	struct strbuf sb = STRBUF_INIT;
	struct lkp_command c;

	strbuf_adds(&sb, "#lkp close ");
	for (int i = 0; i < 2000; i++)
		strbuf_addch(&sb, 'x');
	ck_assert_int_eq(lkp_command_parse_line(&a, sb.buf, sb.len, &c), 1);
	ck_assert_ptr_nonnull(strstr(c.error, "longer than"));
	ck_assert_uint_eq(strlen(c.text), LKB_MAX_COMMAND_BYTES);
	strbuf_release(&sb);
	arena_release(&a);
}
END_TEST

/* The verb table: every real verb has its help line and is found by its
 * name; no alias shadows a verb; twins are found by their CLI name. */
START_TEST(command_verb_table)
{
	struct arena a;
	struct lkp_command c;
	char line[64];

	arena_init(&a);
	for (int v = LKP_CMD_HELP; v < LKP_CMD_TOO_MANY; v++) {
		const struct lkp_verb_info *vi = lkp_verb_info(v);

		ck_assert_ptr_nonnull(vi->synopsis);
		ck_assert_ptr_nonnull(vi->help);
		ck_assert_int_eq(strncmp(vi->synopsis, vi->name,
					 strlen(vi->name)), 0);
		snprintf(line, sizeof(line), "#lkp %s", vi->name);
		ck_assert_int_eq(lkp_command_parse_line(&a, line, strlen(line),
							&c), 1);
		ck_assert_int_eq(c.verb, v);
		ck_assert_ptr_null(c.alias);
		for (size_t j = 0; vi->aliases && vi->aliases[j]; j++)
			for (int w = LKP_CMD_HELP; w < LKP_CMD_TOO_MANY; w++)
				ck_assert_str_ne(vi->aliases[j],
						 lkp_verb_info(w)->name);
		ck_assert_int_eq(lkp_verb_changes_state(v),
				 vi->tier == LKP_TIER_MAINTAINER);
		if (vi->cli.name)
			ck_assert_int_eq(lkp_verb_by_cli(vi->cli.name), v);
	}
	ck_assert_int_eq(lkp_verb_by_cli("dup"), LKP_CMD_DUP_OF);
	ck_assert_int_eq(lkp_verb_by_cli("dup-of"), LKP_CMD_UNKNOWN);
	ck_assert_int_eq(lkp_verb_by_cli("help"), LKP_CMD_UNKNOWN);
	ck_assert_ptr_nonnull(lkp_verb_info(LKP_CMD__COUNT + 3));
	ck_assert_str_eq(lkp_verb_info(LKP_CMD__COUNT + 3)->name, "unknown");
	arena_release(&a);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("lkp_command");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, command_ok_table, 0,
			    (int)LKB_ARRAY_SIZE(ok_cases));
	tcase_add_loop_test(tc, command_error_table, 0,
			    (int)LKB_ARRAY_SIZE(err_cases));
	tcase_add_test(tc, command_not_commands);
	tcase_add_test(tc, command_only_authored);
	tcase_add_test(tc, command_thousand);
	tcase_add_test(tc, command_exactly_five);
	tcase_add_test(tc, command_long_line);
	tcase_add_test(tc, command_verb_table);
	suite_add_tcase(s, tc);
	return s;
}
