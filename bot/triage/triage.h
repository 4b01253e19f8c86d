/* triage.h - the triage stage: what each new mail says about its report.
 *
 * For every stored message not yet triaged (oldest first, one transaction
 * each): a new robot report is linked to an earlier report on the same
 * commit and metric (duplicate; a closed one is reopened); a reply is
 * linked to its report (thread, else the quoted report or a lore link),
 * the natural-language rules turn its authored text into events, its
 * #lkp commands are checked against the author's tier and carried out,
 * the report's state moves through the life cycle with a history row per
 * change, requests (compare, series, retest) are recorded for the
 * requests stage, and each command's answer goes to the outbox in the
 * same transaction.
 */
#ifndef LKB_BOT_TRIAGE_TRIAGE_H
#define LKB_BOT_TRIAGE_TRIAGE_H

#include <stdint.h>

#include "bot/core/run.h"
#include "lib/compiler.h"

struct bot_ctx;

struct triage_stats {
	unsigned messages, events, commands, answers, changes, requests;
	unsigned skipped;	/* mails that could not be triaged */
	unsigned reviews;	/* events put in the review queue */
	unsigned noise;		/* regressions within noise on arrival */
};

/* The run stage (bot/core/run.h). */
run_stage_fn triage_stage;

/* Triage everything pending; stats_out may be NULL. features_file, when
 * not NULL, gets a line per reply: its Message-ID, a tab and the act
 * model's features (bench/triage/train.py learns from them). */
int triage_run(struct bot_ctx *ctx, const char *features_file,
	       struct triage_stats *stats_out) LKB_WARN_UNUSED;

/* A maintainer's state change from the terminal (the CLI twins of the
 * mail commands): line is the command as it would be written after
 * "#lkp " (e.g. "close fixed in v6.9", "dup-of 12"); user names who.
 * Prints the result; returns an exit code. */
int triage_cli_command(struct bot_ctx *ctx, const char *report_key,
		       const char *line, const char *user);

struct triage;
/* The review queue (doc/design.md section 4): decide event event_id,
 * pending, as user: accept (it goes through the life cycle as if it had
 * been sure enough) or reject (it stays, changing nothing). report_id,
 * when not 0, is the only report whose events may be decided (a mail
 * command decides its own thread's). Inside the caller's write
 * transaction. LKB_OK; LKB_ERR_NOT_FOUND or LKB_ERR_USAGE with
 * *why_out (static) when there is no such event, it is another
 * report's or it is not pending; another negative status on failure. */
int triage_review_decide(struct triage *t, int64_t event_id, int accept,
			 int64_t report_id, const char *user,
			 const char **why_out) LKB_WARN_UNUSED;
/* The same from the terminal, in a transaction of its own; errors are
 * logged. Returns a status. */
int triage_cli_review(struct bot_ctx *ctx, int64_t event_id, int accept,
		      const char *user) LKB_WARN_UNUSED;

#endif
