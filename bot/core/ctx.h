/* ctx.h - what every command gets: configuration, store, output mode. */
#ifndef LKB_BOT_CORE_CTX_H
#define LKB_BOT_CORE_CTX_H

#include <stdio.h>

struct config;
struct settings;
struct store;

/* Exit codes (doc/style.md R29, documented in lkpbot(1)). */
enum lkb_exit {
	EXIT_OK = 0,
	EXIT_FAIL = 1,
	EXIT_USAGE = 2,
	EXIT_SCHEMA = 3,
	EXIT_TEMPFAIL = 4,
	EXIT_CONFIG = 5
};

struct bot_ctx {
	struct config *cfg;	/* never NULL (empty when no file) */
	const struct settings *set;	/* cfg read and checked, never NULL */
	struct store *st;	/* opened as the command's table row says */
	const char *db_path;	/* resolved database path */
	const char *progname;
	int verbose;		/* -v count; -1 for -q */
};

/* Map a status code to the exit code cron should see. */
int ctx_exit_code(int rc);

/* Default database path: $LKPBOT_DB, else $XDG_DATA_HOME/lkpbot/lkpbot.db,
 * else ~/.local/share/lkpbot/lkpbot.db. Caller frees with free(). */
char *ctx_default_db_path(void);
/* Default config: $XDG_CONFIG_HOME/lkpbot/config (or ~/.config/...) if
 * it exists, else /etc/lkpbot.conf if it exists, else NULL.
 * Caller frees with free(). */
char *ctx_default_config_path(void);

#endif
