/* answer.h - an answer, from the mail it answers to the outbox row: the
 * one path of every answer to a mail (triage's command answers, the
 * request stage's), and the parts of its template data every answer
 * has. */
#ifndef LKB_BOT_OUTBOX_ANSWER_H
#define LKB_BOT_OUTBOX_ANSWER_H

#include <stdint.h>

#include "bot/outbox/address.h"
#include "bot/outbox/loop.h"
#include "lib/compiler.h"

struct settings;
struct store;
struct tpl_set;
struct tvalue;

/* Who an answer goes to, and on whose budgets. */
enum answer_audience {
	ANSWER_THREAD,		/* the asker, Cc ([bot] cc_policy) the
				 * report's people and the mail's */
	ANSWER_SENDER,		/* the asker alone */
	ANSWER_OUTSIDER,	/* the asker alone, on the outsiders'
				 * budgets (loop_check_outsider_rate) */
};

/* What an answer says and to which stored mail. */
struct answer {
	const char *template;	/* name in the template set */
	const struct tvalue *data;
	const char *kind;	/* NULL: the template's name */
	const char *request_id;	/* fixed per answer; an outsider's gets
				 * OUTBOX_OUTSIDER_PREFIX in front */
	int64_t msg_id;		/* the stored mail it answers; 0: none */
	int64_t report_id;	/* 0: none */
	enum answer_audience to;
	/* the asker is a (verified) maintainer or of the LKP team: answers
	 * of their own class, sent first (issue 36 row 8); not outsiders */
	int team;
	const char *what;	/* who asks, for the log ("message 12") */
};

/* What every answer of a stage shares: the store, the settings and the
 * templates (borrowed: they outlive it; nothing to release) and one
 * policy. */
struct answerer {
	struct store *st;
	const struct settings *set;
	struct tpl_set *tpl;
	struct loop_policy lp;
	struct answer_addressing ad;
};

/* From the settings ([bot] address, cc_policy, the budgets).
 * LKB_ERR_CONFIG for bad values. */
int answerer_init(struct answerer *aw, struct store *st,
		  const struct settings *set, struct tpl_set *tpl)
	LKB_WARN_UNUSED;

/* Queue answer a: load the mail it answers (Message-ID, References,
 * subject, sender and recipients: a content-made Message-ID threads
 * nothing), pick the Cc (address.c), check the budgets of the asker's
 * class at this hour, render and enqueue (outbox_enqueue_mail) in the
 * caller's transaction. A sender no header may carry, a gone mail and
 * the thread limit leave it unqueued (logged); past an hourly budget it
 * waits in the outbox for the send stage. *id_out: the new row, 0 when
 * nothing new was queued (also when it was queued before). */
int answer_queue(const struct answerer *aw, const struct answer *a,
		 int64_t *id_out) LKB_WARN_UNUSED;

/* The "report" map of templates/mail/_footer.tmpl (id, subject, commits,
 * params) for report_id, read from the store. New value; the caller
 * frees it with tvalue_free() or hands it to a map. */
struct tvalue *answer_report_value(struct store *st, int64_t report_id);

/* The data every answer's template starts from, its footer
 * (templates/mail/_footer.tmpl) with it: "quoted", "report"
 * (answer_report_value(); null when report_id is 0), "method", "again"
 * and "version"; triage's and the requests' answers alike. New map, as
 * above. */
struct tvalue *answer_data_new(struct store *st, int64_t report_id,
			       const char *quoted, const char *method,
			       const char *again);

/* The "verbs" list of templates/mail/help.tmpl, one map per verb of the
 * verb table (parsers/lkp_command.c): "synopsis", "gap" (blanks, or a
 * line break and blanks, up to the description's column) and "help".
 * New value, as above. */
struct tvalue *answer_verbs_value(void);

#endif
