/* run.h - what `lkpbot run` hands each stage (bot/cmd/run.c holds the
 * list of stages; later stages append their row there). */
#ifndef LKB_BOT_CORE_RUN_H
#define LKB_BOT_CORE_RUN_H

#include <time.h>

struct bot_ctx;

struct run_opts {
	const char *dry_run_dir;	/* --dry-run DIR: write mail there,
					 * change nothing remote; or NULL */
	const char *features_file;	/* triage --features FILE: each
					 * reply's act-model features */
	time_t end;			/* `run`'s deadline ([bot]
					 * run_deadline from its start):
					 * a stage's own limit is cut to
					 * what is left (run_left()); 0:
					 * none */
};

/* seconds, a stage's own limit, cut to what is left until end (a
 * run's end, 0: none), but at least 1. */
static inline long
run_left(time_t end, long seconds)
{
	long left = (long)(end - time(NULL));

	if (end && left < seconds)
		return left > 1 ? left : 1;
	return seconds;
}

/* One stage of a run. Returns LKB_OK or a negative status (logged);
 * the store (ctx->st) is open read-write and the run lock is held. */
typedef int run_stage_fn(struct bot_ctx *ctx, const struct run_opts *o);

#endif
