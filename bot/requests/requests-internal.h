/* requests-internal.h - shared by bot/requests*.c only. */
#ifndef LKB_BOT_REQUESTS_REQUESTS_INTERNAL_H
#define LKB_BOT_REQUESTS_REQUESTS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "bot/requests/requests.h"
#include "lib/compiler.h"
#include "lib/strbuf.h"
#include "state/store_request.h"

struct answerer;
struct bot_ctx;
struct tvalue;

/* The fields every answer carries (quoted, report, method, again,
 * version), the report's footer map the same as triage's answers
 * (answer_report_value). Caller frees with tvalue_free(). */
struct tvalue *requests_mail_data(const struct answerer *aw,
				  const struct store_request_rec *r,
				  const char *method, const char *again);

/* Queue answer kind (template of the same name) for request r to the
 * message that asked, on the budgets of r's pool (answer_queue); an
 * outsider's (r->outsider) to the asker alone, on the outsiders'. No
 * asking message: nothing is queued. Joins the caller's transaction. */
int requests_mail(const struct answerer *aw,
		  const struct store_request_rec *r, const char *kind,
		  const struct tvalue *data) LKB_WARN_UNUSED;

/* The job files of one request (requests_jobs.c). */
struct request_jobs {
	struct tvalue *jobs;	/* [{commit, job}]: what the queue holds */
	size_t written;		/* job files written now */
	size_t held;		/* commits left without a job by a quota */
	char *held_text;	/* why, for the asker; NULL when none held */
};

/* Write a job file into queue for each of the n commits shas of r that
 * the quotas ([requests] jobs_per_asker, jobs_per_report, jobs_per_day
 * over the 24 hours up to now, jobs_per_hour over the last hour) allow;
 * the others are counted in out->held. Caller releases out with
 * requests_jobs_release(), also on failure (then *err_out, caller
 * frees, may say why). The caller records out->written with
 * store_request_set_jobs(). */
int requests_write_jobs(struct bot_ctx *ctx, const char *queue,
			const struct store_request_rec *r,
			const struct compare_axes *axes,
			const char *const *shas, size_t n, int64_t now,
			struct request_jobs *out, char **err_out)
	LKB_WARN_UNUSED;
void requests_jobs_release(struct request_jobs *j);

/* What applying a test-patch request's patch came to (requests_patch.c):
 * fix set (committed), same_as set (an earlier request has the same
 * patch-id), or error set (for the asker: no patch, too large, git's
 * own lines when it does not apply). patch_id is set once known. */
struct patch_outcome {
	char *fix;		/* the commit: culprit + the patch */
	char *patch_id;		/* git patch-id --stable */
	char *subject;		/* the commit's subject */
	int64_t same_as;
	char *error;
};

/* Apply the patch of r's asking mail on culprit (a full sha) in a
 * private worktree of e->repo under [git] worktrees and commit it with
 * the mail's author and subject; the worktree is removed before this
 * returns. LKB_OK with *out filled (caller releases), or a negative
 * status (the store, the disk) with out released. */
int requests_patch_apply(struct bot_ctx *ctx, const struct request_env *e,
			 const struct store_request_rec *r,
			 const char *culprit, struct patch_outcome *out)
	LKB_WARN_UNUSED;
void requests_patch_release(struct patch_outcome *o);

/* git in dir with no hook of the repository run, stdin from the file
 * in (or NULL), env added, stdout to out (or dropped), stderr to err
 * (or NULL); a git stopped at [git] patch_timeout or at the output cap
 * says so in err (requests_patch.c). LKB_OK or a negative status. */
int requests_git(const char *dir, const char *const *args, const char *in,
		 const char *const *env, struct strbuf *out,
		 struct strbuf *err) LKB_WARN_UNUSED;

/* git's error lines err under the line what, for the asker: at most 20,
 * blank ones and the prefix wt (a worktree's path; "" none) left out.
 * Caller frees. */
char *requests_error_lines(const char *wt, const char *what,
			   const char *err);

/* #lkp test <url> <ref>: fetch ref from url into e->repo as
 * refs/lkpbot/test-git/ID (requests_fetch.c has the rules); out->fix
 * and out->subject, or out->error for the asker (a scheme not in [git]
 * fetch_schemes, git's own lines). LKB_OK; caller releases out. */
int requests_fetch_ref(struct bot_ctx *ctx, const struct request_env *e,
		       const struct store_request_rec *r, const char *url,
		       const char *ref, struct patch_outcome *out)
	LKB_WARN_UNUSED;

/* Does the result root of one of p's columns hold a build failure
 * (bot/compare/build_error.h)? 1 with the first such column in *col_out
 * and its error lines in lines_out; 0 when none does (columns without
 * results are not looked at); a negative status with *err_out (caller
 * frees) when a result root or build log cannot be read. */
int requests_build_failure(const struct request_env *e,
			   const struct report_axes *ra,
			   const struct request_plan *p, size_t *col_out,
			   struct strbuf *lines_out, char **err_out)
	LKB_WARN_UNUSED;

/* The "largest step" lines of compare_run's attribution block as the
 * series-report template's changes: [{metric, change, patch}]. */
struct tvalue *requests_changes_from(const char *text);

#endif
