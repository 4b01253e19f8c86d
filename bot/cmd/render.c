/* render.c - `lkpbot render TEMPLATE DATA.json`: preview a template. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/cmd/commands.h"
#include "bot/core/settings.h"
#include "bot/core/datadir.h"
#include "bot/outbox/answer.h"
#include "bot/outbox/outbox.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/conf.h"
#include "state/store.h"
#include "state/store_report.h"
#include "state/store_triage.h"
#include "templates/render.h"
#include "templates/tpl_parse.h"
#include "templates/tpl_set.h"
#include "templates/tvalue.h"
#include "templates/tvalue_json.h"

static const char *const usage[] = {
	"lkpbot render [--templates DIR] TEMPLATE DATA.json",
	"lkpbot render [--templates DIR] --report REPORT TEMPLATE [DATA.json]",
	NULL,
};

static const char help[] =
	"\nTEMPLATE is a name (ack, error, ...) looked up in [templates] dir,\n"
	"--templates DIR and the installed templates, or a path to a .tmpl\n"
	"file; DATA.json holds the values. With --report, the values every\n"
	"answer has (the report, its commit and parameters, state and\n"
	"events) come from the database and placeholders fill the rest;\n"
	"DATA.json, if given, overrides them. Prints the mail body; see\n"
	"lkpbot-templates(5).\n";

/* Preview values of a report: what every answer carries, its state and
 * events, and placeholders for what one command's answer would say. */
static int
report_preview(struct bot_ctx *ctx, const char *key, struct tvalue *data)
{
	static const char *const holders[][2] = {
		{ "quoted", "> #lkp status\n" },
		{ "method", "preview (lkpbot render --report)" },
		{ "again", "#lkp status" },
		{ "version", PACKAGE_VERSION },
		{ "result", "(the result of the command)" },
		{ "error", "(the error)" },
		{ "hint", "" },
		{ "earlier", "" },
		{ "refused", "" },
	};
	struct store_report_brief b;
	struct store *st = NULL;
	struct tvalue *asker, *events;
	int64_t id = 0;
	char *why = NULL;
	int rc;

	if ((rc = store_open(ctx->db_path, STORE_RO, &st)) != LKB_OK)
		return rc;
	rc = store_report_find(st, key, &id, &why);
	if (rc != 1) {
		lkb_error("no report '%s'%s%s", key, why ? ": " : "",
			  why ? why : "");
		free(why);
		store_close(st);
		return rc < 0 ? rc : LKB_ERR_NOT_FOUND;
	}
	if (!tvalue_map_get(data, "report"))
		tvalue_map_set(data, "report", answer_report_value(st, id));
	for (size_t i = 0; i < LKB_ARRAY_SIZE(holders); i++)
		if (!tvalue_map_get(data, holders[i][0]))
			tvalue_map_set_str(data, holders[i][0], holders[i][1]);
	if (!tvalue_map_get(data, "asker")) {
		asker = tvalue_new_map();
		tvalue_map_set_str(asker, "address", "someone@example.org");
		tvalue_map_set(data, "asker", asker);
	}
	if (store_report_brief_get(st, id, &b) == 1) {
		if (!tvalue_map_get(data, "state"))
			tvalue_map_set_str(data, "state", b.state);
		if (!tvalue_map_get(data, "reason"))
			tvalue_map_set_str(data, "reason", b.close_reason
					   ? b.close_reason : "");
		store_report_brief_release(&b);
	}
	if (!tvalue_map_get(data, "events")) {
		events = tvalue_new_list();
		tvalue_map_set(data, "events", events);
	}
	store_close(st);
	return LKB_OK;
}

/* A path names a file; a plain word names a template in the set. */
static int
is_path(const char *t)
{
	size_t n = strlen(t);

	return strchr(t, '/') || (n > 5 && !strcmp(t + n - 5, ".tmpl"));
}

static int
render_it(struct bot_ctx *ctx, const char *extra_dir, const char *name,
	  const char *data_path, const char *report)
{
	struct strbuf out, err = STRBUF_INIT;
	struct tvalue *data = NULL;
	struct tpl_set *set = NULL;
	struct tpl *file = NULL;
	const char *dirs[4];
	char *dir = NULL, *slash, *srcdir = NULL;
	int rc;

	strbuf_init_capped(&out, LKB_MAX_RENDER_BYTES);
	if (!data_path) {
		data = tvalue_new_map();
	} else if ((rc = tvalue_load_json(data_path, &data, &err)) != LKB_OK) {
		lkb_error("cannot read template data: %s", err.buf);
		goto out;
	}
	if (report && (rc = report_preview(ctx, report, data)) != LKB_OK)
		goto out;
	/* the verb list comes from the verb table, as in a help answer */
	if (tvalue_kind(data) == TV_MAP && !tvalue_map_get(data, "verbs"))
		tvalue_map_set(data, "verbs", answer_verbs_value());
	if (is_path(name)) {
		dir = xstrdup(name);
		slash = strrchr(dir, '/');
		if (slash)
			*slash = '\0';
		else
			dir[0] = '.', dir[1] = '\0';
		if ((rc = tpl_load_file(name, &file, &err)) != LKB_OK) {
			if (rc == LKB_ERR_NOT_FOUND)
				strbuf_reset(&err);
			lkb_error("cannot load template '%s': %s", name,
				  err.len ? err.buf : "no such file");
			goto out;
		}
	}
	/* the file's own directory, the configured one (it overrides single
	 * files), --templates, the installed set */
	dirs[0] = dir;
	dirs[1] = ctx->set->paths.templates_dir;
	dirs[2] = extra_dir;
	dirs[3] = srcdir = datadir_templates_dir();
	set = tpl_set_new(dirs, 4);
	rc = file ? render_template(file, data, set, &out, &err)
		  : render_named(set, name, data, &out, &err);
	if (rc != LKB_OK) {
		lkb_error("cannot render: %s", err.buf);
		goto out;
	}
	fwrite(out.buf, 1, out.len, stdout);
out:
	tpl_free(file);
	tpl_set_free(set);
	tvalue_free(data);
	strbuf_release(&out);
	strbuf_release(&err);
	free(dir);
	free(srcdir);
	return rc;
}

int
cmd_render(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "templates", required_argument, NULL, 't' },
		{ "report", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *extra_dir = NULL, *report = NULL;
	int c, nargs;

	while ((c = getopt_long(argc, argv, "t:r:h", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			extra_dir = optarg;
			break;
		case 'r':
			report = optarg;
			break;
		case 'h':
			cmd_usage(stdout, usage);
			fputs(help, stdout);
			return EXIT_OK;
		default:
			cmd_usage(stderr, usage);
			return EXIT_USAGE;
		}
	}
	nargs = argc - optind;
	if (nargs != 2 && !(report && nargs == 1)) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	return render_it(ctx, extra_dir, argv[optind],
			 nargs == 2 ? argv[optind + 1] : NULL, report) ==
			       LKB_OK
		       ? EXIT_OK
		       : EXIT_FAIL;
}
