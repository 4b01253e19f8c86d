/* triage.c - `lkpbot triage`: only the triage stage (events,
 * commands, the report life cycle, answers queued in the outbox). */
#include "config.h"

#include "bot/cmd/commands.h"
#include "bot/triage/triage.h"

static const char *const usage[] = {
	"lkpbot triage [--features FILE]",
	NULL,
};

int
cmd_triage(int argc, char **argv, struct bot_ctx *ctx)
{
	return cmd_stage(argc, argv, ctx, usage, triage_stage,
			 STAGE_OPT_FEATURES);
}
