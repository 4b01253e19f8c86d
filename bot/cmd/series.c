/* series.c - `lkpbot series REPORT`: the patch series a report's
 * commit belongs to, and which patches have lkp results. */
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
#include "lib/xalloc.h"

static const char *const usage[] = {
	"lkpbot series [--json] [--range BASE..HEAD] REPORT",
	NULL,
};

static const char help[] =
	"\nResolve the patch series of the report's commit in [git] repo and\n"
	"say which commits have results under [results] root.\n"
	"    --range BASE..HEAD   the series range instead of the report's\n"
	"    --json               print the series as JSON\n";

/* "results", "no results", or "?" when it cannot be told. */
static const char *
status_of(const unsigned char *have, size_t i)
{
	return !have ? "?" : have[i] ? "results" : "no results";
}

static void
print_text(const struct request_plan *p, const unsigned char *have)
{
	const struct compare_series *s = &p->s;

	printf("base  %s %s (%s)\n", s->base, s->base_subject,
	       status_of(have, 0));
	for (size_t i = 0; i < s->total; i++)
		printf("%02zu/%02zu %s %s (%s)\n", i + 1, s->total,
		       s->patches[i].sha, s->patches[i].subject,
		       status_of(have, i + 1));
}

static json_t *
have_json(const unsigned char *have, size_t i)
{
	return have ? json_boolean(have[i]) : json_null();
}

static void
print_json(const struct request_plan *p, const unsigned char *have)
{
	const struct compare_series *s = &p->s;
	json_t *doc = json_out_doc(), *a = json_array(), *b = json_object();

	json_object_set_new(b, "sha", json_string(s->base));
	json_object_set_new(b, "subject", json_out_str(s->base_subject));
	json_object_set_new(b, "results", have_json(have, 0));
	json_object_set_new(doc, "base", b);
	json_object_set_new(doc, "total", json_integer((json_int_t)s->total));
	json_object_set_new(doc, "tested", json_integer((json_int_t)s->tested));
	for (size_t i = 0; i < s->total; i++) {
		json_t *e = json_object();

		json_object_set_new(e, "index", json_integer((json_int_t)i + 1));
		json_object_set_new(e, "sha", json_string(s->patches[i].sha));
		json_object_set_new(e, "subject",
				    json_out_str(s->patches[i].subject));
		json_object_set_new(e, "results", have_json(have, i + 1));
		json_array_append_new(a, e);
	}
	json_object_set_new(doc, "patches", a);
	json_out_print(doc);
	json_decref(doc);
}

/* Which columns have results; NULL when that cannot be told. */
static unsigned char *
find_results(const struct request_env *env, const struct report_axes *ra,
	     const struct request_plan *p)
{
	unsigned char *have;
	size_t *miss = NULL, nm = 0;
	char *err = NULL;

	if (!env->root) {
		lkb_warn("no [results] root is configured");
		return NULL;
	}
	if (report_axes_check(ra, &err) ||
	    compare_find_missing(env->root, &ra->axes, p->c, p->n, &miss, &nm,
				 &err)) {
		lkb_warn("cannot look for results: %s", err);
		free(err);
		return NULL;
	}
	have = xmalloc(p->n);
	memset(have, 1, p->n);
	for (size_t i = 0; i < nm; i++)
		have[miss[i]] = 0;
	free(miss);
	return have;
}

int
cmd_series(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "range", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct report_axes ra;
	struct request_plan plan;
	struct request_env env;
	const char *range = "";
	unsigned char *have = NULL;
	char *err = NULL;
	int64_t id;
	int c, json = 0, rc;

	memset(&ra, 0, sizeof(ra));
	memset(&plan, 0, sizeof(plan));
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'j': json = 1; break;
		case 'r': range = optarg; break;
		case 'h':
			cmd_usage(stdout, usage);
			fputs(help, stdout);
			return EXIT_OK;
		default: cmd_usage(stderr, usage); return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	if ((rc = thread_view_resolve(ctx->st, argv[optind], &id)) != EXIT_OK)
		return rc;
	requests_env(ctx->set, &env);
	rc = EXIT_FAIL;
	if (report_axes_load(ctx->st, id, &ra, &err) ||
	    requests_plan(&env, &ra, REQ_COMPARE_SERIES, range, &plan,
			  &err))
		goto out;
	have = find_results(&env, &ra, &plan);
	if (json)
		print_json(&plan, have);
	else
		print_text(&plan, have);
	rc = EXIT_OK;
out:
	if (err)
		lkb_error("%s", err);
	free(err);
	free(have);
	requests_plan_release(&plan);
	report_axes_release(&ra);
	return rc;
}
