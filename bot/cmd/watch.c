/* watch.c - `lkpbot watch`: only the git stage (fixes and reverts in the
 * branches of [git] watch close their reports; bot/triage/gitwatch.h). */
#include "config.h"

#include "bot/cmd/commands.h"
#include "bot/triage/gitwatch.h"

static const char *const usage[] = {
	"lkpbot watch",
	NULL,
};

int
cmd_watch(int argc, char **argv, struct bot_ctx *ctx)
{
	return cmd_stage(argc, argv, ctx, usage, gitwatch_stage,
			 STAGE_OPT_NONE);
}
