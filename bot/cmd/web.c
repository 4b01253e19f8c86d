/* web.c - `lkpbot web --out DIR`: the store as a static site. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

#include "bot/cmd/commands.h"
#include "bot/core/json_out.h"
#include "bot/core/settings.h"
#include "bot/web/web.h"
#include "lib/clock.h"
#include "lib/log.h"
#include "lib/status.h"

static const char *const usage[] = {
	"lkpbot web --out DIR [--url URL] [--json]",
	NULL,
};

static const char help[] =
	"\nWrite the reports as a static site into DIR: index.html, one page\n"
	"per report, per whole-series answer and per filter, digest.html,\n"
	"feed.atom. Only pages whose bytes changed are written.\n"
	"    --out DIR    the site's directory (created if missing)\n"
	"    --url URL    the site's public URL, for the feed's links\n"
	"    --json       print the summary as JSON\n";

static void
print_summary(const struct web_opts *o, const struct web_summary *s,
	      double secs, int json)
{
	if (json) {
		json_t *d = json_out_doc();

		json_object_set_new(d, "out", json_string(o->out));
		json_object_set_new(d, "written",
				    json_integer((json_int_t)s->written));
		json_object_set_new(d, "unchanged",
				    json_integer((json_int_t)s->unchanged));
		json_object_set_new(d, "reports",
				    json_integer((json_int_t)s->reports));
		json_object_set_new(d, "series",
				    json_integer((json_int_t)s->series));
		json_object_set_new(d, "state_changes",
				    json_integer((json_int_t)s->changes));
		json_object_set_new(d, "seconds", json_real(secs));
		json_out_print(d);
		json_decref(d);
		return;
	}
	printf("site %s: %zu files written, %zu unchanged (%zu reports, %zu "
	       "series pages, %zu state changes) in %.2f s\n", o->out,
	       s->written, s->unchanged, s->reports, s->series, s->changes,
	       secs);
}

int
cmd_web(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "url", required_argument, NULL, 'u' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct web_opts o = { NULL, NULL, ctx->set->bot.address,
			      ctx->set->web.stale_days,
			      ctx->set->web.max_thread, ctx->set->web.lore_url,
			      ctx->set->web.commit_url };
	struct web_summary s;
	double t0;
	int c, rc, json = 0;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'o': o.out = optarg; break;
		case 'u': o.url = optarg; break;
		case 'j': json = 1; break;
		case 'h':
			cmd_usage(stdout, usage);
			fputs(help, stdout);
			return EXIT_OK;
		default: cmd_usage(stderr, usage); return EXIT_USAGE;
		}
	}
	if (optind != argc || !o.out || !*o.out) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	t0 = lkb_now_secs();
	rc = web_build(ctx->st, &o, &s);
	if (rc == LKB_ERR_USAGE)
		return EXIT_USAGE;
	if (rc != LKB_OK) {
		lkb_error("cannot write the site into '%s': %s", o.out,
			  lkb_status_str(rc));
		return ctx_exit_code(rc);
	}
	if (ctx->verbose >= 0 || json)
		print_summary(&o, &s, lkb_now_secs() - t0, json);
	return EXIT_OK;
}
