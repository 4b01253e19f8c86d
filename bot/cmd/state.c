/* state.c - CLI twins of the mail commands, for maintainers at the
 * terminal: close, reopen, dup, fixed-by, fix-of, invalid. Each runs the
 * same life cycle as "#lkp ..." in mail and is recorded as an event and a
 * history row caused by "cli:USER". */
#include "config.h"

#include <getopt.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bot/cmd/commands.h"
#include "bot/triage/triage.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"

static const char *const close_usage[] = {
	"lkpbot close [--reason R] REPORT [TEXT...]   (R: fixed, "
	"fix-of-earlier-race, accepted-tradeoff, not-reproducible, invalid, "
	"duplicate, superseded)",
	NULL,
};
static const char *const reopen_usage[] = { "lkpbot reopen REPORT", NULL };
static const char *const dup_usage[] = { "lkpbot dup REPORT OTHER", NULL };
static const char *const fixed_by_usage[] = { "lkpbot fixed-by REPORT SHA",
					      NULL };
static const char *const fix_of_usage[] = { "lkpbot fix-of REPORT SHA", NULL };
static const char *const invalid_usage[] = { "lkpbot invalid REPORT [WHY...]",
					     NULL };

/* Who is at the terminal: $LKPBOT_USER, else the login name. */
static const char *
cli_user(void)
{
	const char *u = getenv("LKPBOT_USER");
	struct passwd *pw;

	if (u && *u)
		return u;
	pw = getpwuid(getuid());
	return pw && pw->pw_name ? pw->pw_name : "unknown";
}

/* Parse -h and --reason; returns -1 to go on, else an exit code. */
static int
parse(int argc, char **argv, const char *const *usage, const char **reason,
      int min, int max)
{
	static const struct option opts[] = {
		{ "reason", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, reason ? "r:h" : "h", opts,
				NULL)) != -1) {
		switch (c) {
		case 'r':
			if (reason) {
				*reason = optarg;
				break;
			}
			/* fall through */
		default:
			cmd_usage(stderr, usage);
			return EXIT_USAGE;
		case 'h':
			cmd_usage(stdout, usage);
			return EXIT_OK;
		}
	}
	if (argc - optind < min || (max >= 0 && argc - optind > max)) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	return -1;
}

static int
run(struct bot_ctx *ctx, const char *report, const char *verb,
    char **args, int nargs)
{
	struct strbuf line = STRBUF_INIT;
	int rc;

	if (strbuf_adds(&line, verb))
		return EXIT_FAIL;
	for (int i = 0; i < nargs; i++)
		if (strbuf_addf(&line, " %s", args[i]))
			return EXIT_FAIL;
	rc = triage_cli_command(ctx, report, line.buf, cli_user());
	strbuf_release(&line);
	return ctx_exit_code(rc);
}

int
cmd_close(int argc, char **argv, struct bot_ctx *ctx)
{
	const char *reason = NULL;
	char *args[64];
	int ex = parse(argc, argv, close_usage, &reason, 1, 60), n = 0;

	if (ex >= 0)
		return ex;
	if (reason)
		args[n++] = (char *)reason;
	for (int i = optind + 1; i < argc; i++)
		args[n++] = argv[i];
	return run(ctx, argv[optind], "close", args, n);
}

int
cmd_reopen(int argc, char **argv, struct bot_ctx *ctx)
{
	int ex = parse(argc, argv, reopen_usage, NULL, 1, 1);

	return ex >= 0 ? ex : run(ctx, argv[optind], "reopen", NULL, 0);
}

/* The commands of the form VERB REPORT ARG. */
static int
report_and_arg(int argc, char **argv, struct bot_ctx *ctx,
	       const char *const *usage, const char *verb)
{
	int ex = parse(argc, argv, usage, NULL, 2, 2);

	return ex >= 0 ? ex
		       : run(ctx, argv[optind], verb, argv + optind + 1, 1);
}

int
cmd_dup(int argc, char **argv, struct bot_ctx *ctx)
{
	return report_and_arg(argc, argv, ctx, dup_usage, "dup-of");
}

int
cmd_fixed_by(int argc, char **argv, struct bot_ctx *ctx)
{
	return report_and_arg(argc, argv, ctx, fixed_by_usage, "fixed-by");
}

int
cmd_fix_of(int argc, char **argv, struct bot_ctx *ctx)
{
	return report_and_arg(argc, argv, ctx, fix_of_usage, "fix-of");
}

int
cmd_invalid(int argc, char **argv, struct bot_ctx *ctx)
{
	int ex = parse(argc, argv, invalid_usage, NULL, 1, 60);

	return ex >= 0 ? ex
		       : run(ctx, argv[optind], "invalid", argv + optind + 1,
			     argc - optind - 1);
}
