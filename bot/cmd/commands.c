/* commands.c - the table every subcommand is dispatched from. */
#include "config.h"
#include "bot/cmd/commands.h"

#include <stdio.h>
#include <string.h>

#include "lib/compiler.h"

/* Sorted by name; `lkpbot help` prints them in this order. */
static const struct command commands[] = {
	{ "close", cmd_close, CMD_STORE_RW, "close a report (maintainers; twin of #lkp close)" },
	{ "compare", cmd_compare, CMD_STORE_NONE, "compare lkp results of a report's commits" },
	{ "db", cmd_db, CMD_STORE_NONE, "check, migrate or show the database schema" },
	{ "digest", cmd_digest, CMD_STORE_RW, "mail (or print) the open reports, largest regression first" },
	{ "doctor", cmd_doctor, CMD_STORE_NONE, "check the configuration against the real servers and paths" },
	{ "dup", cmd_dup, CMD_STORE_RW, "mark a report a duplicate of another (#lkp dup-of)" },
	{ "fix-of", cmd_fix_of, CMD_STORE_RW, "close: the commit fixes an earlier bug (#lkp fix-of)" },
	{ "fixed-by", cmd_fixed_by, CMD_STORE_RW, "close a report as fixed by a commit (#lkp fixed-by)" },
	{ "help", cmd_help, CMD_STORE_NONE, "show help for lkpbot or a command" },
	{ "import", cmd_import, CMD_STORE_RW, "import mail from Maildir, mbox, file or stdin" },
	{ "invalid", cmd_invalid, CMD_STORE_RW, "close a report as invalid (#lkp invalid)" },
	{ "list", cmd_list, CMD_STORE_RO, "list tracked reports or messages" },
	{ "outbox", cmd_outbox, CMD_STORE_RW, "list, show, send or drop outgoing mail" },
	{ "parse", cmd_parse, CMD_STORE_NONE, "parse one mail or pasted report; store nothing" },
	{ "render", cmd_render, CMD_STORE_NONE, "preview a mail template with JSON data" },
	{ "reopen", cmd_reopen, CMD_STORE_RW, "open a closed report again (#lkp reopen)" },
	{ "reparse", cmd_reparse, CMD_STORE_RW, "run the current parser over stored report mail" },
	{ "request", cmd_request, CMD_STORE_RW, "ask for a comparison, series report or retest" },
	{ "requests", cmd_requests, CMD_STORE_RO, "list requests and their states" },
	{ "rules", cmd_rules, CMD_STORE_NONE, "check a rules file or show what fires on a mail" },
	{ "run", cmd_run, CMD_STORE_NONE, "run every stage once (for cron)" },
	{ "send", cmd_send, CMD_STORE_RW, "send the due mail in the outbox" },
	{ "series", cmd_series, CMD_STORE_RO, "show a report's patch series and its results" },
	{ "show", cmd_show, CMD_STORE_RO, "show one report with its state and history" },
	{ "sync", cmd_sync, CMD_STORE_NONE, "fetch new mail (IMAP, Maildir) into the database" },
	{ "thread", cmd_thread, CMD_STORE_RO, "show a report's thread: messages, events, commands" },
	{ "triage", cmd_triage, CMD_STORE_NONE, "read new mail: events, #lkp commands, report states" },
};

const struct command *
commands_find(const char *name)
{
	for (size_t i = 0; i < LKB_ARRAY_SIZE(commands); i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

const struct command *
commands_at(size_t i)
{
	return i < LKB_ARRAY_SIZE(commands) ? &commands[i] : NULL;
}

void
commands_print(FILE *f, int names_only)
{
	for (size_t i = 0; i < LKB_ARRAY_SIZE(commands); i++) {
		if (names_only)
			fprintf(f, "%s\n", commands[i].name);
		else
			fprintf(f, "   %-10s %s\n", commands[i].name,
				commands[i].summary);
	}
}

void
cmd_usage(FILE *f, const char *const *usage)
{
	for (size_t i = 0; usage[i]; i++)
		fprintf(f, "%s%s\n", i ? "   or: " : "usage: ", usage[i]);
}
