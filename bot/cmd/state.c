/* state.c - CLI twins of the mail commands, for maintainers at the
 * terminal: every verb of the verb table (parsers/lkp_command.c) with a
 * twin, e.g. `lkpbot fixed-by REPORT SHA`. Each runs the same life cycle
 * as "#lkp ..." in mail and is recorded as an event and a history row
 * caused by "cli:USER". */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bot/cmd/commands.h"
#include "bot/triage/triage.h"
#include "lib/compiler.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/lkp_command.h"

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

	strbuf_adds(&line, verb);
	for (int i = 0; i < nargs; i++)
		strbuf_addf(&line, " %s", args[i]);
	rc = triage_cli_command(ctx, report, line.buf, cmd_user());
	strbuf_release(&line);
	return ctx_exit_code(rc);
}

int
cmd_verb(int argc, char **argv, struct bot_ctx *ctx)
{
	enum lkp_verb verb = lkp_verb_by_cli(argv[0]);
	const struct lkp_verb_cli *cli = &lkp_verb_info(verb)->cli;
	const char *usage[] = { cli->usage, NULL }, *reason = NULL;
	char *args[64];
	int ex, n = 0;

	if (verb == LKP_CMD_UNKNOWN)
		return EXIT_USAGE;	/* not a twin: commands.c is wrong */
	ex = parse(argc, argv, usage, cli->reason_opt ? &reason : NULL,
		   cli->min_args, cli->max_args);
	if (ex >= 0)
		return ex;
	if (reason)
		args[n++] = (char *)reason;
	for (int i = optind + 1; i < argc && n < (int)LKB_ARRAY_SIZE(args); i++)
		args[n++] = argv[i];
	return run(ctx, argv[optind], lkp_verb_name(verb), args, n);
}
