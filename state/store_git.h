/* store_git.h - what the git watch keeps: where each watched branch
 * was read up to, and the reports a commit can name.
 *
 * Positions are per (repository, branch): the tip seen when the last
 * watch run committed. Reports are found by exact Message-ID (never by
 * id or subject: a commit message is hostile text) or by their culprit
 * commit (a sha of 12+ hex digits sharing the shorter one's length).
 */
#ifndef LKB_STATE_STORE_GIT_H
#define LKB_STATE_STORE_GIT_H

#include <stdint.h>

#include "lib/compiler.h"

struct store;

/* The stored tip of branch in repo: 1 and *sha_out (caller frees), 0
 * when none was stored, or a negative status. */
int store_git_position(struct store *st, const char *repo,
		       const char *branch, char **sha_out) LKB_WARN_UNUSED;
int store_git_position_set(struct store *st, const char *repo,
			   const char *branch, const char *sha)
	LKB_WARN_UNUSED;

/* The report whose mail has Message-ID mid exactly (no <>): 1 and
 * *id_out, 0 none, or a negative status. */
int store_report_by_message_id(struct store *st, const char *mid,
			       int64_t *id_out) LKB_WARN_UNUSED;

/* Each report that blames commit sha (12..40 lower-case hex digits):
 * regressions, functional reports and build errors whose commit and sha
 * agree on the shorter one's digits (at least 12), in id order, to
 * fn(id) until it returns non-zero. LKB_OK or a negative status. */
typedef int store_report_id_fn(int64_t report_id, void *arg);
int store_reports_blaming(struct store *st, const char *sha,
			  store_report_id_fn *fn, void *arg) LKB_WARN_UNUSED;

#endif
