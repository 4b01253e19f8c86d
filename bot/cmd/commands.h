/* commands.h - the command table (doc/style.md R28). */
#ifndef LKB_BOT_CMD_COMMANDS_H
#define LKB_BOT_CMD_COMMANDS_H

#include "bot/cmd/usage.h"
#include "bot/core/ctx.h"
#include "bot/core/run.h"

/* How main opens the store before calling the command. */
enum cmd_store { CMD_STORE_NONE, CMD_STORE_RO, CMD_STORE_RW, CMD_STORE__COUNT };

/* Returns an exit code (enum lkb_exit). argv[0] is the command name. */
typedef int cmd_fn(int argc, char **argv, struct bot_ctx *ctx);

struct command {
	const char *name;
	cmd_fn *fn;
	enum cmd_store store;
	const char *summary;
};

/* The row for name, or NULL. */
const struct command *commands_find(const char *name);
/* Iterate: commands_at(i) for i = 0.. until NULL. */
const struct command *commands_at(size_t i);

/* One line per command, for `lkpbot help` and --list-commands. */
void commands_print(FILE *f, int names_only);

/* Command implementations, one file each (bot/cmd-*.c). */
cmd_fn cmd_help;
cmd_fn cmd_import;
cmd_fn cmd_list;
cmd_fn cmd_show;
cmd_fn cmd_thread;
cmd_fn cmd_db;
cmd_fn cmd_outbox;
cmd_fn cmd_render;
cmd_fn cmd_send;
cmd_fn cmd_sync;
cmd_fn cmd_run;
cmd_fn cmd_rules;
/* Every twin of a #lkp verb (close, fixed-by...): argv[0] names it. */
cmd_fn cmd_verb;
cmd_fn cmd_split;
cmd_fn cmd_triage;
cmd_fn cmd_watch;
cmd_fn cmd_parse;
cmd_fn cmd_reparse;
cmd_fn cmd_digest;
cmd_fn cmd_compare;
cmd_fn cmd_series;
cmd_fn cmd_requests;
cmd_fn cmd_request;
cmd_fn cmd_doctor;
cmd_fn cmd_web;
cmd_fn cmd_review;

#endif
