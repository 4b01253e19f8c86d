/* test_gitwatch_trailers.c - what a commit message says about reports
 * (parsers/git_trailers.c): every lore URL form, shas of 12 and 40
 * digits, reverts, and hostile text that must say nothing. */
#include "config.h"

#include <string.h>

#include "lib/arena.h"
#include "lib/compiler.h"
#include "parsers/git_trailers.h"
#include "tests/unit/check_main.h"

#define MID "202406141453.7a44f956-oliver.sang@intel.com"
#define SHA40 "c5c810b94cfd818fc2f58c96feee58a9e5ead96d"

/* One line each; kind -1: nothing may come out of it. */
static const struct {
	const char *line;
	int kind;
	const char *value;
} cases[] = {
	/* what LKP asks for since 2023 (the reports' own text) */
	{ "Closes: https://lore.kernel.org/oe-lkp/" MID, GREF_CLOSES, MID },
	/* b4 and older practice */
	{ "Link: https://lore.kernel.org/r/" MID, GREF_LINK, MID },
	{ "Link: https://lore.kernel.org/all/" MID "/", GREF_LINK, MID },
	{ "Link: https://lore.kernel.org/lkml/" MID, GREF_LINK, MID },
	{ "Link: https://lkml.kernel.org/r/" MID, GREF_LINK, MID },
	{ "Link: https://patch.msgid.link/" MID, GREF_LINK, MID },
	{ "Link: http://lore.kernel.org/oe-lkp/" MID "/T/#u", GREF_LINK, MID },
	/* angle brackets, literal or encoded; percent-encoded '@' */
	{ "Closes: https://lore.kernel.org/oe-lkp/<" MID ">", GREF_CLOSES, MID },
	{ "Closes: <https://lore.kernel.org/oe-lkp/" MID ">", GREF_CLOSES, MID },
	{ "Closes: https://lore.kernel.org/oe-lkp/%3C" MID "%3E/",
	  GREF_CLOSES, MID },
	{ "Closes: https://lore.kernel.org/oe-lkp/202406141453.7a44f956-"
	  "oliver.sang%40intel.com", GREF_CLOSES, MID },
	/* a bare Message-ID, as some patch mails write it */
	{ "Closes: <" MID ">", GREF_CLOSES, MID },
	{ "Link: " MID, GREF_LINK, MID },
	/* keys in any case, blanks after the colon, CRLF */
	{ "CLOSES:\thttps://lore.kernel.org/oe-lkp/" MID "\r", GREF_CLOSES, MID },
	{ "Fixes: c5c810b94cfd (\"mm: culprit\")", GREF_FIXES, "c5c810b94cfd" },
	{ "Fixes: " SHA40, GREF_FIXES, SHA40 },
	{ "fixes: C5C810B94CFD818FC2F58C96FEEE58A9E5EAD96D (\"x\")", GREF_FIXES,
	  SHA40 },
	{ "This reverts commit " SHA40 ".", GREF_REVERT, SHA40 },
	{ "This reverts commit " SHA40 ", reversing", GREF_REVERT, SHA40 },
	/* nothing */
	{ "", -1, NULL },
	{ "Fixes: c5c810b (\"too short\")", -1, NULL },
	{ "Fixes: " SHA40 "0", -1, NULL },	/* 41 digits */
	{ "Fixes: c5c810b94cfdx", -1, NULL },
	{ "Fixes: $(reboot) c5c810b94cfd", -1, NULL },
	{ "This reverts commit c5c810b94cfd.", -1, NULL },	/* 12: not git's */
	{ "  Closes: https://lore.kernel.org/oe-lkp/" MID, -1, NULL },
	{ "> Closes: https://lore.kernel.org/oe-lkp/" MID, -1, NULL },
	{ "Closes: https://example.org/oe-lkp/" MID, -1, NULL },
	{ "Closes: https://lore.kernel.org.evil/oe-lkp/" MID, -1, NULL },
	{ "Closes: https://lore.kernel.org/oe-lkp/12", -1, NULL },
	{ "Closes: https://lore.kernel.org/oe-lkp/", -1, NULL },
	{ "Closes: https://lore.kernel.org/oe-lkp", -1, NULL },
	{ "Closes: https://lore.kernel.org/oe-lkp/a@b@c", -1, NULL },
	{ "Closes: https://lore.kernel.org/oe-lkp/x'%20OR%201=1--@intel.com",
	  -1, NULL },
	{ "Closes: https://lore.kernel.org/oe-lkp/x%0a@intel.com", -1, NULL },
	{ "Closes: https://lore.kernel.org/oe-lkp/x%@intel.com", -1, NULL },
	{ "Closes: https://lore.kernel.org/oe-lkp/" MID " and more", -1, NULL },
	{ "Closes: https://lore.kernel.org/oe-lkp/<<" MID ">>", -1, NULL },
	{ "Reported-by: kernel test robot <lkp@intel.com>", -1, NULL },
	{ "Closes: <a@b@c>", -1, NULL },
	{ "Closes: no-at-sign", -1, NULL },
	{ "Link: <" MID, -1, NULL },
	{ "Link: example.org/" MID, -1, NULL },	/* a path, no lore */
};

START_TEST(gitwatch_trailer_forms)
{
	struct arena a = ARENA_INIT;
	struct git_ref refs[4];
	size_t n = git_trailers_scan(&a, cases[_i].line,
				     strlen(cases[_i].line), refs, 4);

	if (cases[_i].kind < 0) {
		ck_assert_msg(n == 0, "'%s' gave '%s'", cases[_i].line,
			      n ? refs[0].value : "");
	} else {
		ck_assert_msg(n == 1, "'%s': %zu refs", cases[_i].line, n);
		ck_assert_int_eq(refs[0].kind, cases[_i].kind);
		ck_assert_str_eq(refs[0].value, cases[_i].value);
	}
	arena_release(&a);
}
END_TEST

/* A whole message: every trailer in order; the line kept as evidence. */
START_TEST(gitwatch_trailer_message)
{
	static const char msg[] =
		"mm: fix the regression\n"
		"\n"
		"Closes: in the body is a sentence, not a URL\n"
		"This reverts commit " SHA40 ".\n"
		"\n"
		"Reported-by: kernel test robot <lkp@intel.com>\n"
		"Closes: https://lore.kernel.org/oe-lkp/" MID "\n"
		"Fixes: 87eaceb3faa5 (\"mm: culprit\")\n"
		"Signed-off-by: A <a@example.org>";
	struct arena a = ARENA_INIT;
	struct git_ref refs[2];
	size_t n = git_trailers_scan(&a, msg, sizeof(msg) - 1, refs, 2);

	ck_assert_uint_eq(n, 3);	/* counted beyond max, two kept */
	ck_assert_int_eq(refs[0].kind, GREF_REVERT);
	ck_assert_int_eq(refs[1].kind, GREF_CLOSES);
	ck_assert_str_eq(refs[1].line,
			 "Closes: https://lore.kernel.org/oe-lkp/" MID);
	ck_assert_uint_eq(git_trailers_scan(&a, NULL, 0, refs, 2), 0);
	ck_assert_uint_eq(git_trailers_scan(&a, msg, 0, refs, 2), 0);
	arena_release(&a);
}
END_TEST

/* No NUL needed, none read past the end: the length is the limit. */
START_TEST(gitwatch_trailer_bounds)
{
	static const char text[] = "Fixes: c5c810b94cfd818fXXXX";
	struct arena a = ARENA_INIT;
	struct git_ref refs[1];

	/* cut after 16 digits: a 16-digit sha at the end of the input */
	ck_assert_uint_eq(git_trailers_scan(&a, text, 23, refs, 1), 1);
	ck_assert_str_eq(refs[0].value, "c5c810b94cfd818f");
	ck_assert_str_eq(git_ref_kind_name(GREF_REVERT), "revert");
	ck_assert_str_eq(git_ref_kind_name(GREF__COUNT), "?");
	arena_release(&a);
}
END_TEST

/* Does a commit credit the robot? Only a Reported-by: line says so. */
static const struct {
	const char *msg;
	int robot;
} robots[] = {
	{ "", 0 },
	{ "x\n\nReported-by: kernel test robot <lkp@intel.com>\n", 1 },
	{ "x\n\nreported-by: Kernel Test Robot <oliver.sang@intel.com>", 1 },
	{ "x\r\nReported-by: someone <LKP@intel.com>\r\n", 1 },
	{ "x\n\nReported-by: A Developer <dev@example.org>\n", 0 },
	/* the robot named elsewhere is no credit */
	{ "kernel test robot found it\nCc: lkp@intel.com\n", 0 },
	{ " Reported-by: kernel test robot <lkp@intel.com>", 0 },
};

START_TEST(gitwatch_trailer_robot)
{
	ck_assert_int_eq(git_trailers_robot(robots[_i].msg,
					    strlen(robots[_i].msg)),
			 robots[_i].robot);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("gitwatch_trailers");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, gitwatch_trailer_forms, 0,
			    (int)LKB_ARRAY_SIZE(cases));
	tcase_add_test(tc, gitwatch_trailer_message);
	tcase_add_test(tc, gitwatch_trailer_bounds);
	tcase_add_loop_test(tc, gitwatch_trailer_robot, 0,
			    (int)LKB_ARRAY_SIZE(robots));
	suite_add_tcase(s, tc);
	return s;
}
