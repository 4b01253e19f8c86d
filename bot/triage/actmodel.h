/* actmodel.h - the reply-act model: a linear model over what a reply's
 * author wrote and where the reply stands, trained offline on the
 * labelled replies of bench/triage (bench/triage/train.py) and shipped
 * as data (rules/acts.model, lkpbot-rules(5) ACT MODEL).
 *
 * The features are made here, and only here: triage writes them out for
 * training (`lkpbot triage --features FILE`) and scores them with the
 * same code, so the trainer never re-implements the tokenizer. A
 * feature is a short word without spaces:
 *
 *   w=TOKEN        a token of the authored text (ASCII letters and digits
 *                  run together, lower-cased; a run of digits is "#")
 *   b=TOK_TOK      two tokens in a row, within one line
 *   ev=EVENT       an event the rules found (their evidence, weighed)
 *   role=ROLE      lkp, maintainer, patch-author, bot, other
 *   ctx=PLACE      robot (answers the robot's mail), attach (a patch
 *                  attached)
 *   patch=inline   the reply carries an inline patch
 *   subj=patch     a new "[PATCH" mail (no "Re:")
 *   len=N          authored tokens, bucketed: 0, 5, 20, 60, 150, more
 *   bias           always
 */
#ifndef LKB_BOT_TRIAGE_ACTMODEL_H
#define LKB_BOT_TRIAGE_ACTMODEL_H

#include <stddef.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"
#include "parsers/reply.h"

/* The acts of doc/reply-acts.md, in the model file's class order. */
enum reply_act {
	ACT_DISCUSSION,
	ACT_ACKNOWLEDGES,
	ACT_PROPOSES_FIX,
	ACT_FIX_APPLIED,
	ACT_ASKS_RETEST,
	ACT_SERIES_COMPARE_REQUEST,
	ACT_ASKS_MORE_DATA,
	ACT_ROBOT_CONFIRMS_FIX,
	ACT_ROBOT_RETEST_RESULT,
	ACT_CLOSES_NOT_A_BUG,
	ACT__COUNT
};

/* The act's name ("proposes-fix"); static. */
const char *reply_act_name(enum reply_act act);
/* The act an event records (doc/reply-acts.md), or -1 for events that
 * record none (root-caused, cannot-reproduce, command). */
int reply_act_of_event(enum reply_event_type type);

struct actmodel;

/* Load a model file. On failure LKB_ERR_PARSE, LKB_ERR_IO or
 * LKB_ERR_TOO_BIG and *err_out ("FILE:LINE: ...", free() it). */
int actmodel_load_file(const char *path, struct actmodel **out,
		       char **err_out) LKB_WARN_UNUSED;
int actmodel_load_text(const char *text, size_t len, const char *name,
		       struct actmodel **out, char **err_out) LKB_WARN_UNUSED;
void actmodel_free(struct actmodel *m);
/* An event that would close a report whose act m gives less than floor
 * (0..1) is held to that probability: it waits for review unless
 * [triage] auto_confidence is lower (default 0.4, [triage]
 * model_floor; bot/triage/prepare.c, hold_unlikely). */
void actmodel_set_floor(struct actmodel *m, double floor);
double actmodel_floor(const struct actmodel *m);
/* The authored line (index into r->lines) whose words and pairs most
 * favour act over discussion: the evidence of an event the model gave;
 * (size_t)-1 when the reply has no authored words. */
size_t actmodel_best_line(const struct actmodel *m, const struct reply *r,
			  int act);

/* The model's own word (prepare.c, model_word; [triage] model_take,
 * model_fill, model_close; 1 turns each off). */
struct actmodel_word {
	double take;	/* its act replaces the rules' at least this likely */
	double fill;	/* it stands where the rules found no act */
	double close;	/* its own fix-applied or dispute is at most medium
			 * sure (the review gate holds it) below this */
};
void actmodel_set_word(struct actmodel *m, const struct actmodel_word *w);
/* Its word; all 1 (none) for no model. */
struct actmodel_word actmodel_word(const struct actmodel *m);
/* The event that records act (the first of reply_act_of_event's), or
 * -1 for an act the model may not say alone: discussion, a series
 * comparison (it needs the rules' range) and the robot's own acts (the
 * LKP team's words are left to the rules). */
int reply_event_of_act(int act);
/* Number of features with weights. */
size_t actmodel_size(const struct actmodel *m);

/* What the features are made of (besides the reply's lines). */
struct actmodel_input {
	const struct reply *r;
	unsigned roles;		/* enum rule_role bits */
	unsigned context;	/* enum rule_context bits */
	const char *subject;	/* may be NULL */
	const enum reply_event_type *events;	/* what the rules found */
	size_t nevents;
};

/* Append the features of in to out, separated by single spaces. */
int actmodel_features(const struct actmodel_input *in, struct strbuf *out)
	LKB_WARN_UNUSED;

/* The probability of each act for a feature list as actmodel_features
 * writes it (a feature named twice counts once; unknown ones count
 * nothing). Returns the most probable act. */
enum reply_act actmodel_score(const struct actmodel *m, const char *features,
			      double prob[ACT__COUNT]);

#endif
