/* commands.c - the table every subcommand is dispatched from, and
 * `lkpbot help [COMMAND]`, which prints it. */
#include "config.h"
#include "bot/cmd/commands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/compiler.h"
#include "lib/log.h"
#include "parsers/lkp_command.h"

/* Sorted by name. The twins of #lkp verbs (close, fixed-by...) are not
 * here: they come from the verb table (parsers/lkp_command.c). */
static const struct command commands[] = {
	{ "compare", cmd_compare, CMD_STORE_NONE, "compare lkp results of a report's commits" },
	{ "db", cmd_db, CMD_STORE_NONE, "check, migrate or show the database schema" },
	{ "digest", cmd_digest, CMD_STORE_RW, "mail (or print) the open reports, largest regression first" },
	{ "doctor", cmd_doctor, CMD_STORE_NONE, "check the configuration against the real servers and paths" },
	{ "help", cmd_help, CMD_STORE_NONE, "show help for lkpbot or a command" },
	{ "import", cmd_import, CMD_STORE_RW, "import mail from Maildir, mbox, file or stdin" },
	{ "list", cmd_list, CMD_STORE_RO, "list tracked reports or messages" },
	{ "outbox", cmd_outbox, CMD_STORE_RW, "list, show, send or drop outgoing mail" },
	{ "parse", cmd_parse, CMD_STORE_NONE, "parse one mail or pasted report; store nothing" },
	{ "render", cmd_render, CMD_STORE_NONE, "preview a mail template with JSON data" },
	{ "reparse", cmd_reparse, CMD_STORE_RW, "run the current parser over stored report mail" },
	{ "request", cmd_request, CMD_STORE_RW, "ask for a comparison, series report or retest" },
	{ "requests", cmd_requests, CMD_STORE_RO, "list requests and their states" },
	{ "review", cmd_review, CMD_STORE_RW, "events waiting for a maintainer's word; accept or reject them" },
	{ "rules", cmd_rules, CMD_STORE_NONE, "check a rules file or show what fires on a mail" },
	{ "run", cmd_run, CMD_STORE_NONE, "run every stage once (for cron)" },
	{ "send", cmd_send, CMD_STORE_RW, "send the due mail in the outbox" },
	{ "series", cmd_series, CMD_STORE_RO, "show a report's patch series and its results" },
	{ "show", cmd_show, CMD_STORE_RO, "show one report with its state and history" },
	{ "split", cmd_split, CMD_STORE_RW, "take a report out of its group of reports (list --group)" },
	{ "sync", cmd_sync, CMD_STORE_NONE, "fetch new mail (IMAP, Maildir) into the database" },
	{ "thread", cmd_thread, CMD_STORE_RO, "show a report's thread: messages, events, commands" },
	{ "triage", cmd_triage, CMD_STORE_NONE, "read new mail: events, #lkp commands, report states" },
	{ "watch", cmd_watch, CMD_STORE_NONE, "close reports whose fix or revert landed in [git] watch" },
	{ "web", cmd_web, CMD_STORE_RO, "write the reports as a static web site (pages, charts, feed)" },
};

/* commands[] and the verb twins, sorted by name: `lkpbot help` prints
 * them in this order. Made on first use. */
static struct command twins[LKP_CMD__COUNT];
static const struct command *all[LKB_ARRAY_SIZE(commands) + LKP_CMD__COUNT];
static size_t nall;

static int
by_name(const void *a, const void *b)
{
	return strcmp((*(const struct command *const *)a)->name,
		      (*(const struct command *const *)b)->name);
}

static void
load(void)
{
	if (nall)
		return;
	for (size_t i = 0; i < LKB_ARRAY_SIZE(commands); i++)
		all[nall++] = &commands[i];
	for (int v = 0; v < LKP_CMD__COUNT; v++) {
		const struct lkp_verb_cli *cli = &lkp_verb_info(v)->cli;

		if (!cli->name)
			continue;
		twins[v].name = cli->name;
		twins[v].fn = cmd_verb;
		twins[v].store = CMD_STORE_RW;
		twins[v].summary = cli->summary;
		all[nall++] = &twins[v];
	}
	qsort(all, nall, sizeof(*all), by_name);
}

const struct command *
commands_find(const char *name)
{
	load();
	for (size_t i = 0; i < nall; i++)
		if (!strcmp(all[i]->name, name))
			return all[i];
	return NULL;
}

const struct command *
commands_at(size_t i)
{
	load();
	return i < nall ? all[i] : NULL;
}

void
commands_print(FILE *f, int names_only)
{
	load();
	for (size_t i = 0; i < nall; i++) {
		if (names_only)
			fprintf(f, "%s\n", all[i]->name);
		else
			fprintf(f, "   %-10s %s\n", all[i]->name,
				all[i]->summary);
	}
}

static const char *const help_usage[] = {
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
		cmd_usage(stdout, help_usage);
		return EXIT_OK;
	}
	if (argc > 2) {
		cmd_usage(stderr, help_usage);
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
