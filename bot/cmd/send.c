/* send.c - `lkpbot send [--dry-run DIR]`: drain the outbox. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>

#include "bot/cmd/commands.h"
#include "bot/core/lock.h"
#include "bot/core/run.h"
#include "bot/outbox/outbox.h"
#include "lib/status.h"

static const char *const usage[] = {
	"lkpbot send [--dry-run DIR]",
	NULL,
};

static const char help[] =
	"\nSends every due outbox mail over SMTP; with --dry-run (or\n"
	"[smtp] dry_run_dir) writes DIR/<message-id>.eml instead.\n";

int
cmd_send(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "dry-run", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct outbox_stats stats = { 0 };
	struct run_lock *lock = NULL;
	struct run_opts ro = { NULL };
	int c, rc;

	while ((c = getopt_long(argc, argv, "n:h", opts, NULL)) != -1) {
		switch (c) {
		case 'n':
			ro.dry_run_dir = optarg;
			break;
		case 'h':
			cmd_usage(stdout, usage);
			fputs(help, stdout);
			return EXIT_OK;
		default:
			cmd_usage(stderr, usage);
			return EXIT_USAGE;
		}
	}
	if (optind != argc) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	/* one sender at a time: another run's rows in `sending` are in
	 * flight, not interrupted */
	if ((rc = run_lock_enter(ctx, &lock)) <= 0)
		return ctx_exit_code(rc);
	rc = outbox_send_due(ctx, &ro, &stats);
	run_lock_release(lock);
	outbox_print_stats(stdout, &stats);
	return ctx_exit_code(rc);
}
