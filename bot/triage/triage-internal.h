/* triage-internal.h - shared by bot/triage*.c only. Its files call
 * downward only, lowest first (no loop between them):
 *   triage_apply.c   a report's state moved by the life cycle, an event
 *                    recorded, whether a sender or a robot report verifies
 *   review.c         a maintainer's decision on the review queue
 *   asker.c          who wrote: participants, tier, pool, outsider
 *   decide.c         what a #lkp command does
 *   command.c        its answer (one call into the outbox) and record
 *   evidence_apply.c, evidence.c  what a mail says of other reports
 *   prepare.c        the worker side: one mail read and matched
 *   triage_pool.c    the workers that prepare
 *   triage.c         the stage, and the command line's entry points */
#ifndef LKB_BOT_TRIAGE_TRIAGE_INTERNAL_H
#define LKB_BOT_TRIAGE_TRIAGE_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "bot/outbox/answer.h"
#include "bot/outbox/loop.h"
#include "bot/triage/actmodel.h"
#include "bot/triage/lifecycle.h"
#include "bot/triage/rules.h"
#include "bot/triage/triage.h"
#include "lib/arena.h"
#include "parsers/lkp_command.h"
#include "state/store.h"
#include "state/store_request.h"
#include "templates/compose.h"

struct bot_ctx;
struct message;
struct rules;
struct store;
struct tpl_set;
struct lkp_command;
struct reply;
struct verify;
struct git_ref;

#define TRIAGE_MAX_MAINTAINERS LKB_MAX_MAINTAINERS
#define TRIAGE_MAX_ADDRS 512

struct triage {
	struct bot_ctx *ctx;
	struct store *st;
	struct rules *rules;
	char *rules_path;	/* for the workers' own copies */
	struct actmodel *model;	/* [rules] act_model; NULL: "none" */
	FILE *features_out;	/* triage --features: each reply's features */
	long threads;		/* [bot] threads: -1 = one per CPU */
	struct tpl_set *tpl;
	struct answerer aw;	/* its policy (aw.lp) is triage's too */
	const char *maintainers[TRIAGE_MAX_MAINTAINERS];
	size_t nmaintainers;
	struct verify *verify;	/* [bot] verify_senders = dkim; else NULL */
	struct triage_stats stats;	/* committed work only */
	struct triage_stats batch_stats;	/* stats when the batch began */
	unsigned requeued;	/* replies queued again by a new report */
	unsigned in_batch;	/* messages in the open transaction */
};

/* One mail being triaged against one report. */
struct triage_mail {
	int64_t msg_id, report_id, thread_id;
	const struct message *m;	/* NULL for the CLI */
	const char *author;		/* address */
	const char *author_name;
	struct lc_state cur;		/* the report's state, kept current */
	char *commit_buf, *state_buf;	/* backing store of cur */
	struct arena *a;
	const char *addrs[TRIAGE_MAX_ADDRS];	/* thread addresses */
	size_t naddrs;
	unsigned ncommands;		/* answered commands, for numbering */
	int cli;			/* a maintainer at the terminal */
	unsigned total_commands;
	const char *raw;		/* the mail as it came, NULL for the CLI */
	size_t raw_len;
	int verified;			/* 0 not checked, 1 yes, 2 no */
	char unverified[200];		/* why not ("not verified: ...") */
};

/* What triage_prepare() learns of one mail. */
struct triage_prep {
	int64_t msg_id;
	int rc;				/* triage_prepare()'s result */
	enum { TP_SKIP, TP_REPORT, TP_REPLY, TP_ORPHAN, TP_BARE_PATCH } what;
	struct store_msg sm;
	int64_t report_id;		/* the report (TP_REPORT), or the
					 * one it answers (TP_REPLY) */
	struct arena a;			/* everything below lives here */
	char *raw;
	size_t raw_len;
	struct message *m;
	struct reply *r;
	enum loop_verdict lv;
	struct rule_events evs;		/* what the rules found */
	struct lkp_command_list cmds;	/* plain-text answers only */
	int html;			/* HTML only: no commands */
	int attached;			/* attachments only: no commands */
	char *features;			/* the act model's (actmodel.h) */
	int act;			/* its most probable enum reply_act */
	double act_prob[ACT__COUNT];	/* and each act's probability */
	char *tables_json;		/* pasted tables, or NULL */
	/* evidence from outside a thread (evidence.c) */
	int patch;			/* a [PATCH subject or a diff */
	int robot;			/* Reported-by: kernel test robot */
	int credit;			/* names the robot anywhere */
	int pull;			/* a [GIT PULL] (set by evidence_pull) */
	struct git_ref *refs;		/* its trailers, in a */
	size_t nrefs;
};

/* ---- the lowest layer (triage_apply.c) ---- */

/* Load the report's state into tm->cur. */
int triage_load_state(struct triage *t, struct triage_mail *tm)
	LKB_WARN_UNUSED;
/* Apply one lifecycle input; on LC_CHANGED write the transition, the
 * related commits and update tm->cur. cause names what did it. */
int triage_apply(struct triage *t, struct triage_mail *tm,
		 const struct lc_input *in, const char *cause,
		 enum lc_verdict *verdict_out, const char **message_out)
	LKB_WARN_UNUSED;
/* Does tm's sender verify as its From: ([bot] verify_senders)? 1 yes
 * (or no policy, or the CLI), 0 no with tm->unverified saying why,
 * negative on error. Checked once a mail. */
int triage_sender_verified(struct triage *t, struct triage_mail *tm)
	LKB_WARN_UNUSED;
/* Record rule event e of tm on its report and, when the author may
 * (tier, a known bot, a verified sender), move the state; context, when
 * not NULL, is a line written before the evidence (what linked it). */
int triage_record_event(struct triage *t, struct triage_mail *tm,
			const struct rule_event *e, enum auth_tier tier,
			const char *context) LKB_WARN_UNUSED;
/* store_addr_fn collecting addresses into tm->addrs. */
int triage_add_addr(const char *addr, void *arg);
/* Is tm's author in the LKP team ([bot] lkp_team, by address)? */
int triage_is_lkp(struct triage *t, const struct triage_mail *tm);
/* Is the robot report in message msg_id (row sm) verified? Without
 * [bot] verify_senders every mail is believed (1); with dkim it must
 * come from the LKP team's address and carry its domain's signature.
 * Only a verified report reopens another or makes its recipients
 * participants. 1 yes, 0 no, negative on error. */
int triage_report_verified(struct triage *t, int64_t msg_id,
			   const struct store_msg *sm) LKB_WARN_UNUSED;
/* triage_report_verified(), and when not, why in why[len]. */
int triage_report_why(struct triage *t, int64_t msg_id,
		      const struct store_msg *sm, char *why,
		      size_t len) LKB_WARN_UNUSED;
/* Does stored message msg_id verify as from author (DKIM when [bot]
 * verify_senders asks, or imported --trusted)? 1 yes (or no policy), 0
 * no with why[len] saying why, negative on error. */
int triage_stored_verified(struct triage *t, int64_t msg_id,
			   const char *author, char *why, size_t len)
	LKB_WARN_UNUSED;
/* The stored mail of report report_id into *sm (store_msg_release):
 * 1, 0 when gone, negative on error. */
int triage_report_msg(struct triage *t, int64_t report_id,
		      struct store_msg *sm) LKB_WARN_UNUSED;
/* Was tm signed for its report ([bot] verify_senders)? Its In-Reply-To
 * or References, which a verified signature covers, must name the
 * report's mail: threads that met through a Message-ID planted in
 * another thread do not carry a command or event signed for one report
 * to the other (issue 36 item 1). 1 yes (or no policy, the CLI, no
 * report), 0 no with tm->unverified saying why, negative on error. */
int triage_signed_for(struct triage *t, struct triage_mail *tm)
	LKB_WARN_UNUSED;

/* ---- who wrote (asker.c) ---- */

/* The report's participants into tm->addrs: its recipients (To and Cc
 * of the report, the patch's author among them), never whoever wrote
 * in its thread, and none of a report that is not verified. A report
 * known only from a quote has those of the mail that quoted it (From,
 * To, Cc), when that mail verifies. */
int triage_participants(struct triage *t, struct triage_mail *tm)
	LKB_WARN_UNUSED;
/* The author's tier: maintainer, participant (the report's recipients and
 * the LKP team) or other. */
enum auth_tier triage_tier(struct triage *t, const struct triage_mail *tm);
/* The request quota pool of the mail's author (state/store_request.h):
 * the maintainers' and the LKP team's only when the sender verifies
 * (triage_sender_verified), else everyone's. The pool, or negative on
 * error. */
int triage_pool(struct triage *t, struct triage_mail *tm) LKB_WARN_UNUSED;
/* Is tm's author, of tier and request pool, answered as an outsider
 * (alone, on the outsiders' budgets): an outsider, or an unproven
 * claim to be a maintainer or of the LKP team? */
int triage_outsider(struct triage *t, const struct triage_mail *tm,
		    enum auth_tier tier, enum request_pool pool);

/* ---- evidence from outside a report's thread (evidence.c) ---- */

/* Worker side: is p a patch mail, what do its trailers name. */
void evidence_scan(struct triage_prep *p);
/* A report newly stored: mails that named it before it came (a fix, a
 * later version) are queued to be triaged again (t->requeued). */
int evidence_report(struct triage *t, int64_t report_id) LKB_WARN_UNUSED;
/* A mail that is no report: a patch's links and supersedes, a pull's
 * fixes, a reply applying a fix patch. */
int evidence_mail(struct triage *t, struct triage_prep *p) LKB_WARN_UNUSED;
/* Worker side: a mail kept without its bytes (only its row) that
 * starts its thread with a [PATCH subject becomes TP_BARE_PATCH, p->m
 * made from the row (subject, author, date; no body). */
int evidence_bare_prepare(struct store *st, struct triage_prep *p)
	LKB_WARN_UNUSED;
/* Such a patch: its version key kept, the reports it supersedes. */
int evidence_bare_patch(struct triage *t, struct triage_prep *p)
	LKB_WARN_UNUSED;
/* The parts of evidence_mail and their helpers (evidence_apply.c). */
int evidence_applied(struct triage *t, struct triage_prep *p)
	LKB_WARN_UNUSED;
int evidence_pull(struct triage *t, struct triage_prep *p) LKB_WARN_UNUSED;
/* Stored message row id (store_message_get by row id): 1, 0, negative. */
int evidence_message(struct store *st, int64_t id, struct store_msg *out)
	LKB_WARN_UNUSED;
/* p as a triage_mail on report rid, its state loaded. */
int evidence_mail_on(struct triage *t, struct triage_prep *p, int64_t rid,
		     struct triage_mail *tm) LKB_WARN_UNUSED;
/* The version of a patch subject: N of "[PATCH vN ...]" or "[PATCHvN
 * ...]" in its first bracket, 1 without. */
unsigned evidence_patch_version(const char *subject);
/* A patch's key: the author's address in lower case, a newline and the
 * title after the [PATCH ...] brackets (doc/design.md section 4); NULL
 * when subject is no patch's or the title is under 8 bytes. In a. */
const char *evidence_patch_key(struct arena *a, const char *subject,
			       const char *addr);
/* The title a Fixes: line quotes ("Fixes: SHA (\"title\")"), trimmed,
 * in a; NULL without one or when under 8 bytes. */
const char *evidence_fixes_title(struct arena *a, const char *line);

/* ---- #lkp commands: decided (decide.c), answered and recorded
 * (command.c) ---- */

/* What command_decide() found for one command. */
struct command_decision {
	enum auth_tier tier;
	enum request_pool pool;	/* the team's only for a proven sender */
	int outsider;		/* answered on the outsiders' budgets: an
				 * outsider, or an unproven claim to be a
				 * maintainer or of the LKP team */
	enum lc_verdict v;
	const char *msg;	/* why refused or an error; borrowed */
	int64_t req;		/* the request (LC_REQUEST) */
	int again;		/* asked before in this mail */
	int unverified;		/* a maintainer's From: that did not verify */
	int quota;		/* refused by a request quota */
	char cause[256];	/* what did it, for the report's history */
};

/* Decide cmd of tm: the tier, the life cycle's verdict (applied: the
 * report's state moves on LC_CHANGED), the quotas and the request it
 * records. */
int command_decide(struct triage *t, struct triage_mail *tm,
		   const struct lkp_command *cmd, struct command_decision *d)
	LKB_WARN_UNUSED;
/* Who the answers to commands outside any tracked thread go to: 1 and
 * *to_out, *team_out (the maintainers' class), 0 nobody (an unverified
 * sender: tm->unverified says why), negative on error. */
int command_orphan_audience(struct triage *t, struct triage_mail *tm,
			    enum answer_audience *to_out, int *team_out)
	LKB_WARN_UNUSED;
/* Carry out one command, record it, queue its answer. */
int triage_command(struct triage *t, struct triage_mail *tm,
		   const struct lkp_command *cmd, int idx) LKB_WARN_UNUSED;
/* Commands in a mail outside any tracked report: each gets an error. */
int triage_orphan_commands(struct triage *t, struct triage_mail *tm,
			   const struct reply *r, enum loop_verdict lv)
	LKB_WARN_UNUSED;

/* ---- the worker side (prepare.c, triage_pool.c) ---- */

/* Read, decode, split and match one mail; writes nothing. */
int triage_prepare(struct store *st, struct rules *rules,
		   const struct loop_policy *lp, int64_t msg_id,
		   struct triage_prep *p) LKB_WARN_UNUSED;
void triage_prep_release(struct triage_prep *p);

/* Prepare ids[0..n) (on worker threads when the machine has more than
 * one CPU and the database is a file) and hand each, in order, to fn on
 * the calling thread; stops at the first error fn returns. */
typedef int triage_prep_fn(struct triage_prep *p, void *arg);
int triage_pool_run(struct triage *t, const int64_t *ids, size_t n,
		    triage_prep_fn *fn, void *arg) LKB_WARN_UNUSED;

/* ---- the stage (triage.c) ---- */

/* Load rules, templates, maintainers, policies from the configuration. */
int triage_init(struct triage *t, struct bot_ctx *ctx) LKB_WARN_UNUSED;
void triage_release(struct triage *t);

#endif
