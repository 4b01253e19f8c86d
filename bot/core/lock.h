/* lock.h - one lkpbot run at a time per database: flock on "<db>.lock".
 *
 * The lock file sits next to the database and is never removed (removing
 * it would let two runs lock two different files). The kernel drops the
 * lock when the process dies, whatever the way (SIGKILL included).
 */
#ifndef LKB_BOT_CORE_LOCK_H
#define LKB_BOT_CORE_LOCK_H

#include <stdint.h>

#include "lib/compiler.h"

struct run_lock;

/* Try to take the lock for db_path without waiting. Returns 1 and
 * *lock_out when taken, 0 when another process holds it, or a negative
 * status (LKB_ERR_IO) when the lock file cannot be made.
 * Caller frees with run_lock_release(). */
int run_lock_try(const char *db_path, struct run_lock **lock_out)
	LKB_WARN_UNUSED;
/* The same for the send lock, "<db>.send.lock": the outbox's sender
 * holds it while it sends (under the run lock), so that `outbox list`
 * tells a row being sent now (the lock is held) from one an
 * interrupted run left in state sending (it is free). */
int send_lock_try(const char *db_path, struct run_lock **lock_out)
	LKB_WARN_UNUSED;
/* Whether another process holds the send lock now: 1 and *since_out
 * (when it took it), 0 when it is free, or a negative status. */
int send_lock_held(const char *db_path, int64_t *since_out)
	LKB_WARN_UNUSED;
/* Unlock and free; NULL is a no-op. */
void run_lock_release(struct run_lock *l);

struct bot_ctx;

/* For the writing stages (sync, run): take the lock for ctx->db_path,
 * then open the store read-write into ctx->st (main closes it).
 * Returns 1 ready, 0 when another run holds the lock (a one-line notice
 * is logged), or a negative status. */
int run_lock_enter(struct bot_ctx *ctx, struct run_lock **lock_out)
	LKB_WARN_UNUSED;

#endif
