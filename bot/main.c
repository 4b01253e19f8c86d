/* main.c - lkpbot entry: global options, config, store, dispatch. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "bot/cmd/commands.h"
#include "bot/core/ctx.h"
#include "bot/core/settings.h"
#include "bot/ingest/sync.h"
#include "lib/log.h"
#include "lib/status.h"
#include "parsers/conf.h"
#include "state/store.h"

static const char *const usage[] = {
	"lkpbot [-c CONFIG] [-d DB] [-v|-q] [--syslog] COMMAND [ARGS]",
	"lkpbot --version | --help | --list-commands",
	NULL,
};

static void
print_help(FILE *f)
{
	cmd_usage(f, usage);
	fprintf(f, "\ncommands:\n");
	commands_print(f, 0);
	fprintf(f, "\n'lkpbot COMMAND -h' shows the options of a command; "
		   "man lkpbot(1).\n");
}

static int
load_config(struct bot_ctx *ctx, const char *path)
{
	char *def = NULL;
	int rc;

	if (!path)
		path = def = ctx_default_config_path();
	if (!path)
		return LKB_OK;
	rc = config_load_file(ctx->cfg, path);
	if (rc == LKB_ERR_NOT_FOUND)
		lkb_error("cannot read configuration '%s': no such file", path);
	free(def);
	return rc == LKB_ERR_NOT_FOUND ? LKB_ERR_CONFIG : rc;
}

static int
finish_stdout(void)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return 0;
	if (errno == EPIPE)
		return 0;
	lkb_error_errno("cannot write to standard output");
	return 1;
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "db", required_argument, NULL, 'd' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "syslog", no_argument, NULL, 'S' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ "list-commands", no_argument, NULL, 'L' },
		{ NULL, 0, NULL, 0 },
	};
	struct bot_ctx ctx = { 0 };
	struct settings set;
	const struct command *cmd;
	const char *cfg_path = NULL, *db_opt = NULL;
	char *db_def = NULL;
	char **cargv;
	int c, rc, ex, cargc;

	setlocale(LC_CTYPE, "C.UTF-8");
	ctx.progname = "lkpbot";
	/* '+': stop at the command name; its options are its own. */
	while ((c = getopt_long(argc, argv, "+c:d:vqh", opts, NULL)) != -1) {
		switch (c) {
		case 'c': cfg_path = optarg; break;
		case 'd': db_opt = optarg; break;
		case 'v': ctx.verbose = ctx.verbose < 0 ? 1 : ctx.verbose + 1; break;
		case 'q': ctx.verbose = -1; break;
		case 'S': log_use_syslog(1); break;
		case 'V': printf("lkpbot %s\n", PACKAGE_VERSION); return finish_stdout();
		case 'h': print_help(stdout); return finish_stdout();
		case 'L': commands_print(stdout, 1); return finish_stdout();
		default: cmd_usage(stderr, usage); return EXIT_USAGE;
		}
	}
	if (ctx.verbose < 0)
		log_set_level(LOG_LVL_QUIET);
	else if (ctx.verbose == 1)
		log_set_level(LOG_LVL_INFO);
	else if (ctx.verbose > 1)
		log_set_level(LOG_LVL_DEBUG);
	if (optind >= argc) {
		print_help(stderr);
		return EXIT_USAGE;
	}
	cmd = commands_find(argv[optind]);
	if (!cmd) {
		lkb_error("'%s' is not an lkpbot command; see 'lkpbot --help'",
			  argv[optind]);
		return EXIT_USAGE;
	}

	ctx.cfg = config_new();
	/* doctor goes on with a configuration that has problems, to report
	 * them among its checks (set.nproblems); the rest exit 5 here. The
	 * mail sources declare their keys in their own files. */
	if ((rc = load_config(&ctx, cfg_path)) != LKB_OK ||
	    ((rc = settings_load_with(&set, ctx.cfg, sync_source_key_at)) !=
	     LKB_OK &&
	     cmd->fn != cmd_doctor)) {
		config_free(ctx.cfg);
		return EXIT_CONFIG;
	}
	ctx.set = &set;
	if (!db_opt)
		db_opt = set.paths.db_path;
	if (!db_opt)
		db_opt = db_def = ctx_default_db_path();
	ctx.db_path = db_opt;
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
		lkb_die(EXIT_FAIL, "cannot initialise libcurl");

	/* -h never needs the store. */
	if (cmd->store != CMD_STORE_NONE &&
	    !(argc - optind > 1 && (!strcmp(argv[optind + 1], "-h") ||
				    !strcmp(argv[optind + 1], "--help")))) {
		rc = store_open(ctx.db_path, cmd->store == CMD_STORE_RW ?
			STORE_RW : STORE_RO, &ctx.st);
		if (rc != LKB_OK) {
			ex = ctx_exit_code(rc);
			goto out;
		}
	}
	cargc = argc - optind;
	cargv = argv + optind;
	optind = 0;	/* GNU getopt: start afresh for the command */
	ex = cmd->fn(cargc, cargv, &ctx);
out:
	store_close(ctx.st);
	config_free(ctx.cfg);
	free(db_def);
	curl_global_cleanup();
	if (finish_stdout() && ex == EXIT_OK)
		ex = EXIT_FAIL;
	return ex;
}
