/* help.c - `lkpbot help [COMMAND]`. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bot/cmd/commands.h"
#include "lib/log.h"

static const char *const usage[] = {
	"lkpbot help [COMMAND]",
	NULL,
};

int
cmd_help(int argc, char **argv, struct bot_ctx *ctx)
{
	const struct command *c;
	char *args[3];

	(void)ctx;
	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		cmd_usage(stdout, usage);
		return EXIT_OK;
	}
	if (argc > 2) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	if (argc == 1) {
		printf("usage: lkpbot [-c CONFIG] [-d DB] [-v|-q] COMMAND "
		       "[ARGS]\n\ncommands:\n");
		commands_print(stdout, 0);
		printf("\n'lkpbot help COMMAND' shows a command's options.\n");
		return EXIT_OK;
	}
	c = commands_find(argv[1]);
	if (!c) {
		lkb_error("'%s' is not an lkpbot command", argv[1]);
		return EXIT_USAGE;
	}
	/* every command prints its own usage for -h */
	args[0] = (char *)c->name;
	args[1] = (char *)"-h";
	args[2] = NULL;
	return c->fn(2, args, ctx);
}
