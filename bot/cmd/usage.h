/* usage.h - what every command shares, below the command table: its
 * usage lines, who is at the terminal, a run stage as a command. */
#ifndef LKB_BOT_CMD_USAGE_H
#define LKB_BOT_CMD_USAGE_H

#include <stdio.h>

#include "bot/core/ctx.h"
#include "bot/core/run.h"

/* Who is at the terminal: $LKPBOT_USER, else the login name. */
const char *cmd_user(void);
/* Shared helper for commands: print usage lines to f. */
void cmd_usage(FILE *f, const char *const *usage);
/* What a stage command accepts besides -h. */
enum stage_opt {
	STAGE_OPT_NONE = 0,
	STAGE_OPT_FEATURES = 1 << 0,	/* -f, --features FILE */
};

/* A run stage as a command of its own: the options `opts` allows, then
 * the stage under the run lock, like `lkpbot run`; returns the exit
 * code. */
int cmd_stage(int argc, char **argv, struct bot_ctx *ctx,
	      const char *const *usage, run_stage_fn *stage, unsigned opts);

#endif
