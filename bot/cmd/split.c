/* split.c - `lkpbot split REPORT`: a maintainer takes a report out of
 * its group (bot/report/group.h) when the grouping was wrong; --undo
 * lets it back. No state changes: only what is grouped. */
#include "config.h"

#include <getopt.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bot/cmd/commands.h"
#include "bot/report/thread_view.h"
#include "lib/status.h"
#include "state/store.h"
#include "state/store_group.h"

static const char *const usage[] = {
	"lkpbot split [--undo] REPORT   (REPORT = id | message-id | sha "
	"prefix)",
	NULL,
};

int
cmd_split(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "undo", no_argument, NULL, 'u' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *user = getenv("LKPBOT_USER");
	struct passwd *pw;
	int c, undo = 0, ex, rc;
	int64_t id;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'u': undo = 1; break;
		case 'h': cmd_usage(stdout, usage); return EXIT_OK;
		default: cmd_usage(stderr, usage); return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	if ((ex = thread_view_resolve(ctx->st, argv[optind], &id)) != EXIT_OK)
		return ex;
	if (!user || !*user)
		user = (pw = getpwuid(getuid())) && pw->pw_name ? pw->pw_name
								 : "unknown";
	if ((rc = store_begin_write(ctx->st)) != LKB_OK)
		return ctx_exit_code(rc);
	rc = store_group_split(ctx->st, id, !undo, user);
	if (rc == LKB_OK)
		rc = store_commit(ctx->st);
	else
		store_rollback(ctx->st);
	if (rc == LKB_OK && ctx->verbose >= 0)
		printf(undo ? "report %lld may be grouped again\n"
			    : "report %lld is in no group now\n",
		       (long long)id);
	return ctx_exit_code(rc);
}
