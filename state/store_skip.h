/* store_skip.h - what a stage passed over, and why.
 *
 * A stage that meets one object it cannot take (a commit message over
 * LKB_MAX_GIT_OUTPUT, a mail over LKB_MAX_MESSAGE_BYTES) records it here
 * and moves on, so that no single object stops the stage for good and
 * none is dropped silently: `lkpbot doctor` lists the records and `lkpbot
 * run` those of its own run. One record per (stage, object); a second
 * skip of the same object keeps the first record.
 */
#ifndef LKB_STATE_STORE_SKIP_H
#define LKB_STATE_STORE_SKIP_H

#include <stdint.h>

#include "lib/compiler.h"

struct store;

/* The first schema version with the skips table. */
#define STORE_SKIP_SCHEMA 16

struct store_skip {
	const char *stage;	/* "git", "imap" */
	const char *object;	/* the commit's sha, the mail's source */
	const char *place;	/* the branch, the folder */
	const char *why;	/* naming the limit */
	int64_t at;		/* when it was first skipped */
};

/* Record sk (sk->at is ignored: now). LKB_OK or a negative status. */
int store_skip_add(struct store *st, const struct store_skip *sk)
	LKB_WARN_UNUSED;

/* Where the skips stand now: *last_out marks the newest record (0:
 * none), for store_skips(after) to list only what came later.
 * LKB_OK or a negative status. */
int store_skips_last(struct store *st, int64_t *last_out) LKB_WARN_UNUSED;

/* The records made after mark `after` (0: all), newest first, at most
 * max of them, to fn (fields borrowed for the call) until it returns
 * non-zero; *total_out (may be NULL) counts them all. LKB_OK or a
 * negative status. */
typedef int store_skip_fn(const struct store_skip *sk, void *arg);
int store_skips(struct store *st, int64_t after, unsigned max,
		store_skip_fn *fn, void *arg, int64_t *total_out)
	LKB_WARN_UNUSED;

#endif
