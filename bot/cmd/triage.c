/* triage.c - `lkpbot triage`: only the triage stage (events,
 * commands, the report life cycle, answers queued in the outbox). */
#include "config.h"

#include <getopt.h>
#include <stdio.h>

#include "bot/cmd/commands.h"
#include "bot/core/lock.h"
#include "bot/triage/triage.h"
#include "lib/status.h"

static const char *const usage[] = {
	"lkpbot triage [--features FILE]",
	NULL,
};

int
cmd_triage(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "features", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct run_opts ro = { NULL };
	struct run_lock *lock = NULL;
	int c, rc;

	while ((c = getopt_long(argc, argv, "f:h", opts, NULL)) != -1) {
		if (c == 'f') {
			ro.features_file = optarg;
			continue;
		}
		cmd_usage(c == 'h' ? stdout : stderr, usage);
		return c == 'h' ? EXIT_OK : EXIT_USAGE;
	}
	if (optind != argc) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	rc = run_lock_enter(ctx, &lock);
	if (rc <= 0)
		return ctx_exit_code(rc);
	rc = triage_stage(ctx, &ro);
	run_lock_release(lock);
	return ctx_exit_code(rc);
}
