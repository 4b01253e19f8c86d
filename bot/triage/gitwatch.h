/* gitwatch.h - fixes found in git: the branches of [git] watch.
 *
 * Each run asks git for the tip of each watched branch (one `git
 * rev-parse`); a tip equal to the stored position costs nothing more.
 * Otherwise the commits new since the position (`git log POS..TIP`; on a
 * first run, or when POS is gone, the last [git] window commits) are
 * read and their messages scanned (parsers/git_trailers.h): a Closes: or
 * Link: with a tracked report's Message-ID, a Fixes: naming a report's
 * culprit, or a revert of a culprit is an event (`fix-applied` from
 * source "git:BRANCH", the commit as evidence) that closes the report
 * through the life cycle as `fixed` or `reverted`, the commit kept in
 * its related commits and the history's cause "git:SHA12". A Fixes:
 * closes only in a commit that credits the robot (Reported-by: kernel
 * test robot) and names no tracked report by Closes:/Link: (then the
 * credit is for that report); otherwise it moves the report to
 * fix-proposed: measured on the archives, half of the commits with a
 * bare Fixes: fix another bug of the culprit (BENCHMARKS.md). A branch's
 * events and its new position commit together: an interrupted run reads
 * the same commits again. git runs without a shell, within [git] timeout
 * and LKB_MAX_GIT_OUTPUT (bot/compare/git.h). A chunk of commits whose
 * output is over that limit is read in halves down to the one commit
 * that is too big; it is skipped with a warning and recorded
 * (state/store_skip.h), and the position moves past it: no single
 * commit stops the watch for good.
 */
#ifndef LKB_BOT_TRIAGE_GITWATCH_H
#define LKB_BOT_TRIAGE_GITWATCH_H

#include "bot/core/run.h"
#include "lib/compiler.h"

struct bot_ctx;

struct gitwatch_stats {
	unsigned branches;	/* watched */
	unsigned moved;		/* whose tip moved since the last run */
	unsigned commits;	/* read */
	unsigned matches;	/* events: a commit naming a tracked report */
	unsigned closed;	/* reports closed by them */
	unsigned proposed;	/* moved to fix-proposed (a bare Fixes:) */
	unsigned skipped;	/* commits over LKB_MAX_GIT_OUTPUT, skipped */
};

/* The run stage (bot/core/run.h); nothing without [git] watch. */
run_stage_fn gitwatch_stage;

/* Read every watched branch once, each git command within [git]
 * timeout and what is left of o->end; stats_out may be NULL. LKB_OK,
 * or the first branch's error after trying every branch. */
int gitwatch_run(struct bot_ctx *ctx, const struct run_opts *o,
		 struct gitwatch_stats *stats_out) LKB_WARN_UNUSED;

#endif
