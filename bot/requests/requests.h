/* requests.h - comparisons, whole-series reports and retests asked for
 * in mail (or with `lkpbot request`), carried out from lkp result trees.
 *
 * requests_stage() is a stage of `lkpbot run`. For each request in state
 * new or queued (state/store_request.h) it plans the columns
 * (requests_plan), looks for each commit's results under [results] root,
 * and then, in one transaction per request with the answer mail
 * (answer_queue, threaded under the message that asked):
 *   results missing, new      -> job files in [results] queue within
 *                                the [requests] job quotas
 *                                (requests_jobs.c), "queued" answer
 *                                naming any commit left without one,
 *                                state queued
 *   results missing, queued   -> nothing (the jobs are written already),
 *                                or after [results] expire_days (14)
 *                                since the request: "expired", expired
 *   a commit's kernel did not -> "build-failed" with its error lines,
 *   build (its result root       no table, no verdict, the report
 *   holds build-error)           unchanged; state done
 *   all results there         -> "compare-report" / "series-report",
 *                                state done
 *   cannot plan or compare    -> "error" answer, state failed
 * Requests without an asking message (msg_id NULL) change state but get
 * no mail. A rerun sends nothing twice: each answer's outbox identity is
 * (kind, request id).
 */
#ifndef LKB_BOT_REQUESTS_REQUESTS_H
#define LKB_BOT_REQUESTS_REQUESTS_H

#include <stddef.h>
#include <stdint.h>

#include "bot/compare/compare.h"
#include "bot/compare/series.h"
#include "bot/core/run.h"
#include "bot/report/axes.h"
#include "lib/compiler.h"
#include "state/store_request.h"

struct settings;

/* The configuration the requests need. */
struct request_env {
	const char *root;	/* [results] root */
	const char *queue;	/* [results] queue */
	const char *repo;	/* [git] repo */
	long expire_days;	/* [results] expire_days, default 14 */
};
void requests_env(const struct settings *set, struct request_env *e);

/* The request kinds; args as in #lkp (doc/design.md 4):
 *   compare         SHA SHA [SHA...]   (empty: the report's commits)
 *   compare-series  [BASE..HEAD]       (empty: from the report)
 *   retest          [SHA]              (empty: the report's commit)
 *   test-patch      "" when asked; "FIX PATCHID" once the asking mail's
 *                   patch is committed on the culprit (requests_patch.c):
 *                   base, culprit and FIX; asked with a git tree,
 *                   "git URL REF", then "FIX fetched" once REF is
 *                   fetched (requests_fetch.c)
 * (enum request_kind, state/store_request.h) */

/* The columns of one request. */
struct request_plan {
	int series;			/* compare-series */
	struct compare_series s;		/* when series */
	struct compare_commit *c;	/* n columns, base first */
	size_t n;
	char **owned;			/* strings c points into */
	size_t nowned;
	const char *retest;		/* retest: the commit to run again */
	char *again;			/* "#lkp ..." to ask again */
};

/* Plan kind/args against report ra. Fails with a message for the asker
 * in *err_out (caller frees): "cannot resolve the series: ...", "...
 * is not a commit sha", ... */
int requests_plan(const struct request_env *e, const struct report_axes *ra,
		  enum request_kind kind, const char *args,
		  struct request_plan *p, char **err_out) LKB_WARN_UNUSED;
void requests_plan_release(struct request_plan *p);

/* The report's culprit: its tested commit, else the last one it
 * compared; NULL when it names none. */
const char *requests_culprit(const struct report_axes *ra);

/* The full sha of a sha prefix from [git] repo, else a copy of sha.
 * Caller frees. */
char *requests_full_sha(const struct request_env *e, const char *sha);

/* Number of run directories of commit's results modified at or after
 * since (for retests: results that appeared after the request). */
size_t requests_new_runs(const struct request_env *e,
			 const struct compare_axes *axes, const char *commit,
			 int64_t since);

/* The stage (run_stage_fn). */
int requests_stage(struct bot_ctx *ctx, const struct run_opts *o)
	LKB_WARN_UNUSED;

#endif
