/* cmd-render.c - `lkpbot render TEMPLATE DATA.json`: preview a template. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/commands.h"
#include "bot/outbox.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/conf.h"
#include "templates/render.h"
#include "templates/tpl_parse.h"
#include "templates/tpl_set.h"
#include "templates/tvalue.h"
#include "templates/tvalue_json.h"

static const char *const usage[] = {
	"lkpbot render [--templates DIR] TEMPLATE DATA.json",
	NULL,
};

static const char help[] =
	"\nTEMPLATE is a name (ack, error, ...) looked up in [templates] dir,\n"
	"--templates DIR and the installed templates, or a path to a .tmpl\n"
	"file; DATA.json holds the values. Prints the mail body; see\n"
	"lkpbot-templates(5).\n";

/* A path names a file; a plain word names a template in the set. */
static int
is_path(const char *t)
{
	size_t n = strlen(t);

	return strchr(t, '/') || (n > 5 && !strcmp(t + n - 5, ".tmpl"));
}

static int
render_it(struct bot_ctx *ctx, const char *extra_dir, const char *name,
	  const char *data_path)
{
	struct strbuf out, err = STRBUF_INIT;
	struct tvalue *data = NULL;
	struct tpl_set *set = NULL;
	struct tpl *file = NULL;
	const char *dirs[4];
	char *dir = NULL, *slash;
	int rc;

	strbuf_init_capped(&out, LKB_MAX_RENDER_BYTES);
	if ((rc = tvalue_load_json(data_path, &data, &err)) != LKB_OK) {
		lkb_error("cannot read template data: %s", err.buf);
		goto out;
	}
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
	dirs[1] = config_get(ctx->cfg, "templates", "dir");
	dirs[2] = extra_dir;
	dirs[3] = PKGDATADIR "/templates";
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
	return rc;
}

int
cmd_render(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "templates", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *extra_dir = NULL;
	int c;

	while ((c = getopt_long(argc, argv, "t:h", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			extra_dir = optarg;
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
	if (argc - optind != 2) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	return render_it(ctx, extra_dir, argv[optind], argv[optind + 1]) ==
			       LKB_OK
		       ? EXIT_OK
		       : EXIT_FAIL;
}
