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
	  const char *const *synopsis, run_stage_fn *stage, unsigned opts)
{
	static const struct option long_opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "features", required_argument, NULL, 'f' },
		{ NULL, 0, NULL, 0 },
	};
	static const struct option help_only[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int with_f = (opts & STAGE_OPT_FEATURES) != 0;
	struct run_opts ro = { NULL };
	struct run_lock *lock = NULL;
	int c, rc;

	while ((c = getopt_long(argc, argv, with_f ? "f:h" : "h",
				with_f ? long_opts : help_only, NULL)) != -1) {
		if (c == 'f') {
			ro.features_file = optarg;
			continue;
		}
		cmd_usage(c == 'h' ? stdout : stderr, synopsis);
		return c == 'h' ? EXIT_OK : EXIT_USAGE;
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
