/* loop.h - should lkpbot answer this mail at all?
 *
 * Never our own mail (From is the bot, or it carries X-LKPBot), never
 * other robots (the kernel test robot, syzbot, no-reply senders), never
 * automatic mail (Auto-Submitted other than "no", RFC 3834; X-Autoreply,
 * X-Autorespond or Precedence: auto_reply of older auto-responders),
 * never bounces (null Return-Path, MAILER-DAEMON, multipart/report),
 * not bulk mail that no list delivered (Precedence: bulk | junk | list
 * without List-Id or another list header) unless it carries a command
 * from an authorised person, and not past the rate limits, which are
 * counted on the outbox rows: [bot] max_per_hour answers in the last
 * hour overall, [bot] max_per_thread answers in one thread in the last
 * 24 hours. A list's copy of a person's mail is ordinary mail: vger
 * marks every list mail Precedence: bulk.
 */
#ifndef LKB_BOT_OUTBOX_LOOP_H
#define LKB_BOT_OUTBOX_LOOP_H

#include <stdint.h>

#include "lib/compiler.h"

struct settings;
struct message;
struct store;

enum loop_verdict {
	LOOP_ANSWER,
	LOOP_OWN_MAIL,		/* From is the bot */
	LOOP_LKPBOT,		/* X-LKPBot: some lkpbot wrote it */
	LOOP_BOUNCE,
	LOOP_AUTO_SUBMITTED,	/* or an older auto-responder's mark */
	LOOP_ROBOT,
	LOOP_BULK,		/* bulk mail without list headers */
	LOOP_RATE_HOUR,
	LOOP_RATE_THREAD,
	LOOP_RATE_OUTSIDERS,	/* answers to outsiders this hour */
	LOOP_RATE_SENDER,	/* answers to this outsider this hour */
	LOOP_RATE_DAY,		/* a day's answers to outsiders wait */
	LOOP__COUNT
};
/* A short reason for logs ("auto-submitted mail", ...). */
const char *loop_verdict_name(enum loop_verdict v);

#define LOOP_THREAD_WINDOW (24 * 3600)

struct loop_policy {
	const char *bot_address;	/* local@domain */
	int authorised_command;	/* the mail has a command from someone
				 * allowed to give it */
	long max_per_hour;	/* 0: no limit */
	long max_per_thread;	/* 0: no limit */
	long max_outsider_per_hour;	/* 0: no limit */
	long max_per_sender;	/* outsiders' answers to one address */
	const char *content_type;	/* top-level Content-Type, or NULL */
};

/* bot_address from [bot] address (else the [smtp] from address),
 * max_per_hour (default 60) and max_per_thread (default 10) from [bot].
 * Strings are borrowed from cfg (or p itself). LKB_ERR_CONFIG for bad numbers. */
int loop_policy_load(struct loop_policy *p, const struct settings *set)
	LKB_WARN_UNUSED;

/* The checks that only need the mail. */
enum loop_verdict loop_check_message(const struct message *m,
				     const struct loop_policy *p);
/* The rate limits of answers to participants (team 0) or to the
 * maintainers and the LKP team (team 1), from the outbox rows of that
 * class created in [now - window, now] (rows dated after now, left by a
 * run with the clock ahead, count in no window): each class has
 * max_per_hour and max_per_thread of its own, so answers to others
 * never use up the team's (issue 36 row 8). Answers to outsiders never
 * count here. LKB_OK and *v_out. */
int loop_check_rate(struct store *st, const struct loop_policy *p, int team,
		    int64_t thread_id, int64_t now, enum loop_verdict *v_out)
	LKB_WARN_UNUSED;
/* The same for an answer to an outsider at rcpt, on the outsiders' own
 * budgets: max_per_thread of theirs in the thread, max_outsider_per_hour
 * (LOOP_RATE_OUTSIDERS), max_per_sender to rcpt (LOOP_RATE_SENDER), and
 * no more than a day's worth of them in 24 hours (LOOP_RATE_DAY). */
int loop_check_outsider_rate(struct store *st, const struct loop_policy *p,
			     int64_t thread_id, const char *rcpt, int64_t now,
			     enum loop_verdict *v_out) LKB_WARN_UNUSED;
/* 1 when an answer past verdict v waits in the outbox for the hour's
 * budget (the send stage holds it), 0 when it is not to be queued. */
int loop_rate_defers(enum loop_verdict v);
/* Both: 1 answer, 0 do not (*why_out says why), negative on error. */
int loop_should_answer(const struct message *m, const struct loop_policy *p,
		       struct store *st, int64_t thread_id, int64_t now,
		       enum loop_verdict *why_out) LKB_WARN_UNUSED;

/* 1 if addr (local@domain) belongs to a known robot sender, or name
 * says it is one ("kernel test robot", "syzbot"). */
int loop_is_robot(const char *name, const char *addr);

#endif
