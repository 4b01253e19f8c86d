/* compare.c - `lkpbot compare REPORT [SHA...]`: a comparison from lkp
 * result trees, at the terminal. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bot/cmd/commands.h"
#include "bot/core/json_out.h"
#include "bot/report/thread_view.h"
#include "bot/requests/requests.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "state/store.h"

static const char *const usage[] = {
	"lkpbot compare [--json] REPORT [SHA...]   (REPORT = id | message-id | sha prefix)",
	NULL,
};

static const char help[] =
	"\nCompare the lkp results of the report's commits (or of SHA...,\n"
	"the first is the base) and print lkp's table.\n"
	"    --json   print {\"commits\": [...], \"table\": TEXT} instead\n";

/* Join argv into one space-separated string (the request's args). */
static char *
join_args(int argc, char **argv)
{
	struct strbuf sb = STRBUF_INIT;

	for (int i = 0; i < argc; i++) {
		if (i)
			strbuf_addch(&sb, ' ');
		strbuf_adds(&sb, argv[i]);
	}
	return strbuf_detach(&sb, NULL);
}

static void
print_json(const struct request_plan *p, const char *table)
{
	json_t *doc = json_out_doc(), *a = json_array();

	for (size_t i = 0; i < p->n; i++) {
		json_t *c = json_object();

		json_object_set_new(c, "sha", json_out_str(p->c[i].sha));
		json_object_set_new(c, "subject", json_out_str(p->c[i].subject));
		json_array_append_new(a, c);
	}
	json_object_set_new(doc, "commits", a);
	json_object_set_new(doc, "table", json_out_str(table));
	json_out_print(doc);
	json_decref(doc);
}

int
cmd_compare(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct compare_opts co = { 0, NULL, 0, 0, NULL };
	struct strbuf out = STRBUF_INIT;
	struct report_axes ra;
	struct request_plan plan;
	struct request_env env;
	char *args = NULL, *err = NULL;
	int64_t id;
	int c, json = 0, rc;

	memset(&ra, 0, sizeof(ra));
	memset(&plan, 0, sizeof(plan));
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'j': json = 1; break;
		case 'h':
			cmd_usage(stdout, usage);
			fputs(help, stdout);
			return EXIT_OK;
		default: cmd_usage(stderr, usage); return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	/* the store is opened here, after the options (usage errors never
	 * need a database; the table row says CMD_STORE_NONE) */
	if (!ctx->st && (rc = store_open(ctx->db_path, STORE_RO, &ctx->st)))
		return ctx_exit_code(rc);
	if ((rc = thread_view_resolve(ctx->st, argv[optind], &id)) != EXIT_OK)
		return rc;
	requests_env(ctx->set, &env);
	if (!env.root) {
		lkb_error("no [results] root is configured");
		return EXIT_CONFIG;
	}
	rc = EXIT_FAIL;
	if (report_axes_load(ctx->st, id, &ra, &err) ||
	    report_axes_check(&ra, &err))
		goto out;
	args = join_args(argc - optind - 1, argv + optind + 1);
	if (requests_plan(&env, &ra, REQ_COMPARE, args, &plan, &err)) {
		rc = EXIT_USAGE;
		goto out;
	}
	co.headline = ra.headline;
	if (compare_run(env.root, &ra.axes, plan.c, plan.n, &co, &out, &err))
		goto out;
	if (json)
		print_json(&plan, out.buf);
	else
		fwrite(out.buf, 1, out.len, stdout);
	if (!out.len)
		lkb_warn("no metric changed beyond lkp's thresholds: lkp "
			 "prints no table");
	rc = EXIT_OK;
out:
	if (err)
		lkb_error("%s", err);
	free(err);
	free(args);
	strbuf_release(&out);
	requests_plan_release(&plan);
	report_axes_release(&ra);
	return rc;
}
