/* db.c - `lkpbot db check|migrate|version`. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "bot/cmd/commands.h"
#include "lib/log.h"
#include "lib/status.h"
#include "state/store.h"

static const char *const usage[] = {
	"lkpbot db check      verify the database's integrity",
	"lkpbot db migrate    bring the schema to this program's version",
	"lkpbot db version    print the schema versions",
	NULL,
};

int
cmd_db(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct store *st = NULL;
	const char *sub;
	int c, rc, v = 0;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'h') {
			cmd_usage(stdout, usage);
			return EXIT_OK;
		}
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	if (optind != argc - 1) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	sub = argv[optind];
	if (strcmp(sub, "check") && strcmp(sub, "migrate") &&
	    strcmp(sub, "version")) {
		lkb_error("unknown db subcommand '%s'", sub);
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	/* migrate writes; check and version only read */
	rc = store_open(ctx->db_path, !strcmp(sub, "migrate") ? STORE_RW
							      : STORE_RO, &st);
	if (rc == LKB_OK && !strcmp(sub, "version")) {
		rc = store_schema_version(st, &v);
		if (rc == LKB_OK)
			printf("schema %d (this lkpbot writes %d)\n", v,
			       store_schema_head());
	} else if (rc == LKB_OK && !strcmp(sub, "check")) {
		rc = store_check(st);
		if (rc == LKB_OK)
			printf("ok\n");
	} else if (rc == LKB_OK) {
		rc = store_schema_version(st, &v);
		if (rc == LKB_OK)
			printf("schema %d\n", v);
	}
	store_close(st);
	return ctx_exit_code(rc);
}
