/* test_actmodel.c - the reply-act model: its file format and errors,
 * the features a reply gives, scoring by hand, and the shipped
 * rules/acts.model on plain replies. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/triage/actmodel.h"
#include "lib/arena.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/reply.h"
#include "parsers/rules_file.h"
#include "tests/unit/check_main.h"

#define CLASSES "classes discussion acknowledges proposes-fix fix-applied " \
	"asks-retest series-compare-request asks-more-data robot-confirms-fix " \
	"robot-retest-result closes-not-a-bug\n"

static const struct {
	const char *text, *err;
} bad[] = {
	{ "bias\t0 0 0 0 0 0 0 0 0 0\n", "m:1: want \"classes\"" },
	{ "# c\nclasses discussion acknowledges\n", "m:2: want \"classes\"" },
	{ CLASSES "bias\t0 0 0\n", "m:2: want FEATURE<TAB>ten weights" },
	{ CLASSES "bias\t0 0 0 0 0 0 0 0 0 x\n", "m:2: want FEATURE" },
	{ CLASSES "bias\t0 0 0 0 0 0 0 0 0 0 0\n", "m:2: want FEATURE" },
	{ CLASSES "w=b\t0 0 0 0 0 0 0 0 0 0\n\nw=a\t0 0 0 0 0 0 0 0 0 0\n",
	  "m:4: features out of order" },
	{ CLASSES "w=a\t0 0 0 0 0 0 0 0 0 0\nw=a\t0 0 0 0 0 0 0 0 0 0\n",
	  "m:3: features out of order" },
	{ CLASSES "w=a\t0 0 0 0 0 0 0 0 0 1e9\n", "m:2: want FEATURE" },
	{ "", "m:1: no \"classes\" line" },
};

START_TEST(model_file_errors)
{
	struct actmodel *m = (struct actmodel *)1;
	char *err = NULL;

	ck_assert_int_eq(actmodel_load_text(bad[_i].text, strlen(bad[_i].text),
					    "m", &m, &err), LKB_ERR_PARSE);
	ck_assert_ptr_null(m);
	ck_assert_msg(err && strncmp(err, bad[_i].err, strlen(bad[_i].err)) == 0,
		      "got '%s', want '%s...'", err ? err : "(null)", bad[_i].err);
	free(err);
}
END_TEST

START_TEST(model_scores_by_hand)
{
	static const char text[] = "# a comment\n" CLASSES
		"bias\t0 0 0 1 0 0 0 0 0 0\n"
		"w=applied\t0 0 0 2 0 0 0 0 0 0\n"
		"w=thanks\t0.5 0 0 0 0 0 0 0 0 0\n";
	double p[ACT__COUNT], sum = 0, want;
	struct actmodel *m;

	ck_assert_int_eq(actmodel_load_text(text, sizeof(text) - 1, "m", &m,
					    NULL), LKB_OK);
	ck_assert_uint_eq(actmodel_size(m), 3);
	/* a feature named twice counts once; unknown ones count nothing */
	ck_assert_int_eq(actmodel_score(m, "w=applied bias zz w=applied", p),
			 ACT_FIX_APPLIED);
	want = exp(3) / (exp(3) + 9);
	ck_assert_msg(fabs(p[ACT_FIX_APPLIED] - want) < 1e-9, "%g", p[3]);
	for (size_t k = 0; k < ACT__COUNT; k++)
		sum += p[k];
	ck_assert(fabs(sum - 1) < 1e-9);
	/* nothing known: every act alike, the first wins */
	ck_assert_int_eq(actmodel_score(m, "", p), ACT_DISCUSSION);
	ck_assert(fabs(p[ACT_CLOSES_NOT_A_BUG] - 0.1) < 1e-9);
	ck_assert_int_eq(actmodel_score(m, "w=thanks", p), ACT_DISCUSSION);
	actmodel_free(m);
}
END_TEST

/* The features of body as the given author in the given place. */
static char *
features_of(const char *body, unsigned roles, unsigned ctx,
	    const char *subject, enum reply_event_type ev)
{
	struct arena a = ARENA_INIT;
	struct reply *r;
	struct strbuf sb = STRBUF_INIT;
	struct actmodel_input in = { NULL, roles, ctx, subject, &ev,
				     ev == EV__COUNT ? 0 : 1 };
	char *out;

	ck_assert_int_eq(reply_parse(&a, body, strlen(body), &r), LKB_OK);
	in.r = r;
	ck_assert_int_eq(actmodel_features(&in, &sb), LKB_OK);
	out = strbuf_detach(&sb, NULL);
	arena_release(&a);
	return out;
}

START_TEST(features_of_a_reply)
{
	char *f = features_of("On Mon, robot wrote:\n> Hi, build error\n\n"
			      "Applied, thanks!\n-- \nBob\n",
			      RULE_ROLE_MAINTAINER, RULE_CTX_ANSWERS_ROBOT,
			      "Re: [PATCH] x", EV_FIX_APPLIED);

	/* quoted text, the attribution and the signature give nothing */
	ck_assert_str_eq(f, "bias role=maintainer ctx=robot ev=fix-applied "
			 "w=applied w=thanks b=applied_thanks len=5");
	free(f);
	/* digits are "#", over-long tokens and bytes past ASCII are passed
	 * over; a bigram never spans two lines; a new patch mail says so */
	f = features_of("Use v2 of 12345 x0123456789012345678901234567\n"
			"caf\xc3\xa9 now\n", RULE_ROLE_OTHER | RULE_ROLE_PATCH_AUTHOR,
			RULE_CTX_PATCH, "[PATCH v2] y", EV__COUNT);
	ck_assert_str_eq(f, "bias role=patch-author role=other ctx=attach "
			 "subj=patch w=use w=v2 b=use_v2 w=of b=v2_of w=# b=of_# "
			 "w=caf w=now b=caf_now len=20");
	free(f);
}
END_TEST

/* The line whose words most favour an act over discussion: an event the
 * model gave shows it as its evidence. */
START_TEST(best_line_for_an_act)
{
	static const char text[] = CLASSES
		"b=now_applied\t0 0 0 1 0 0 0 0 0 0\n"
		"w=applied\t0 0 0 2 0 0 0 0 0 0\n"
		"w=thanks\t0.5 0 0 0.5 0 0 0 0 0 0\n"
		"w=zzz\t3 0 0 0 0 0 0 0 0 0\n";
	static const char body[] = "On Mon, robot wrote:\n> applied applied\n\n"
		"Thanks for the report.\nzzz applied\nNow applied, thanks.\n"
		"-- \nBob\n";
	struct arena a = ARENA_INIT;
	struct actmodel *m;
	struct reply *r;
	size_t i;

	ck_assert_int_eq(actmodel_load_text(text, sizeof(text) - 1, "m", &m,
					    NULL), LKB_OK);
	ck_assert_int_eq(reply_parse(&a, body, strlen(body), &r), LKB_OK);
	i = actmodel_best_line(m, r, ACT_FIX_APPLIED);
	ck_assert_uint_lt(i, r->nlines);
	ck_assert_int_eq(strncmp(r->body + r->lines[i].off,
				 "Now applied, thanks.", 20), 0);
	/* discussion has no line of its own; no model, no line */
	ck_assert_uint_eq(actmodel_best_line(m, r, ACT_DISCUSSION),
			  (size_t)-1);
	ck_assert_uint_eq(actmodel_best_line(NULL, r, ACT_FIX_APPLIED),
			  (size_t)-1);
	arena_release(&a);
	actmodel_free(m);
}
END_TEST

/* The shipped model on the plainest replies, with the event the default
 * rules find in each (triage always gives the model the rules' events). */
START_TEST(shipped_model_on_plain_replies)
{
	static const struct {
		const char *body;
		unsigned roles;
		enum reply_event_type ev;
		enum reply_act want;
	} cases[] = {
		{ "Applied to for-next, thanks.\n", RULE_ROLE_MAINTAINER,
		  EV_FIX_APPLIED, ACT_FIX_APPLIED },
		{ "Thanks for the report, I will fix it in the next "
		  "version.\n", RULE_ROLE_PATCH_AUTHOR, EV_ACK,
		  ACT_ACKNOWLEDGES },
	};
	char path[1024], *err = NULL;
	struct actmodel *m;

	snprintf(path, sizeof(path), "%s/../../rules/acts.model",
		 lkb_test_data_dir());
	ck_assert_msg(actmodel_load_file(path, &m, &err) == LKB_OK, "%s", err);
	ck_assert_uint_gt(actmodel_size(m), 1000);
	for (size_t i = 0; i < LKB_ARRAY_SIZE(cases); i++) {
		double p[ACT__COUNT];
		char *f = features_of(cases[i].body, cases[i].roles,
				      RULE_CTX_ANSWERS_ROBOT, "Re: x",
				      cases[i].ev);

		ck_assert_msg(actmodel_score(m, f, p) == cases[i].want,
			      "'%s': %s", cases[i].body,
			      reply_act_name(actmodel_score(m, f, p)));
		free(f);
	}
	actmodel_free(m);
	ck_assert_int_eq(actmodel_load_file("/nonexistent/acts.model", &m,
					    &err), LKB_ERR_IO);
	ck_assert_ptr_nonnull(strstr(err, "/nonexistent/acts.model: "));
	free(err);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("actmodel");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, model_file_errors, 0, (int)LKB_ARRAY_SIZE(bad));
	tcase_add_test(tc, model_scores_by_hand);
	tcase_add_test(tc, features_of_a_reply);
	tcase_add_test(tc, best_line_for_an_act);
	tcase_add_test(tc, shipped_model_on_plain_replies);
	suite_add_tcase(s, tc);
	return s;
}
