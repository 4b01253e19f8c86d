/* usage.c - what every command shares, below the command table (which
 * calls every command): usage lines, the user, a stage as a command. */
#include "config.h"
#include "bot/cmd/usage.h"

#include <getopt.h>
#include <pwd.h>
#include <stdlib.h>
#include <unistd.h>

#include "bot/core/lock.h"
#include "lib/status.h"

void
cmd_usage(FILE *f, const char *const *usage)
{
	for (size_t i = 0; usage[i]; i++)
		fprintf(f, "%s%s\n", i ? "   or: " : "usage: ", usage[i]);
}

const char *
cmd_user(void)
{
	const char *u = getenv("LKPBOT_USER");
	struct passwd *pw;

	if (u && *u)
		return u;
	pw = getpwuid(getuid());
	return pw && pw->pw_name ? pw->pw_name : "unknown";
}

int
cmd_stage(int argc, char **argv, struct bot_ctx *ctx,
	  const char *const *synopsis, run_stage_fn *stage)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct run_opts ro = { NULL };
	struct run_lock *lock = NULL;
	int c, rc;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'h') {
			cmd_usage(stdout, synopsis);
			return EXIT_OK;
		}
		cmd_usage(stderr, synopsis);
		return EXIT_USAGE;
	}
	if (optind != argc) {
		cmd_usage(stderr, synopsis);
		return EXIT_USAGE;
	}
	rc = run_lock_enter(ctx, &lock);
	if (rc <= 0)
		return ctx_exit_code(rc);
	rc = stage(ctx, &ro);
	run_lock_release(lock);
	return ctx_exit_code(rc);
}
