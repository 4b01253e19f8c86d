/* sync.c - `lkpbot sync`: fetch new mail from the configured sources
 * and store it; nothing else. */
#include "config.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>

#include "bot/cmd/commands.h"
#include "bot/core/lock.h"
#include "bot/ingest/sync.h"
#include "lib/log.h"
#include "lib/status.h"

static const char *const usage[] = {
	"lkpbot sync [--dry-run]",
	NULL,
};

static const char help[] =
	"\nFetch new mail from [imap] and/or [maildir] into the database.\n"
	"    -n, --dry-run   change nothing on the IMAP server ([imap] after)\n";

int
cmd_sync(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "dry-run", no_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct sync_opts so = { 0, ctx->verbose < 0, 0 };
	struct run_lock *lock = NULL;
	int c, rc;

	while ((c = getopt_long(argc, argv, "nh", opts, NULL)) != -1) {
		switch (c) {
		case 'n':
			so.dry_run = 1;
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
	/* a server that drops the connection must not kill us */
	signal(SIGPIPE, SIG_IGN);
	rc = run_lock_enter(ctx, &lock);
	if (rc <= 0)
		return ctx_exit_code(rc);
	rc = sync_sources(ctx->set, ctx->st, &so);
	run_lock_release(lock);
	return ctx_exit_code(rc);
}
