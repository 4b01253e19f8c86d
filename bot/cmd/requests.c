/* requests.c - `lkpbot requests`: the requests and their states. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "bot/cmd/commands.h"
#include "bot/core/json_out.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "state/store_request.h"

static const char *const usage[] = {
	"lkpbot requests [--state STATE] [--json]",
	NULL,
};

static const char help[] =
	"\nList compare, compare-series and retest requests, oldest first.\n"
	"    --state STATE   only new, queued, done, failed, expired or open\n"
	"                    (new and queued)\n"
	"    --json          print them as JSON\n";

/* --state: a request state or "open" (new and queued); -3 unknown. */
static int
state_filter(const char *s)
{
	if (!s)
		return REQ_STATE_ANY;
	if (!strcmp(s, "open"))
		return REQ_STATE_OPEN;
	return request_state_parse(s) >= 0 ? request_state_parse(s) : -3;
}

static void
print_text(const struct store_request_rec *v, size_t n)
{
	printf("%-5s %-6s %-7s %-14s %-20s %s\n", "ID", "REPORT", "STATE",
	       "KIND", "UPDATED", "ARGS / RESULT");
	for (size_t i = 0; i < n; i++) {
		struct tm tm;
		time_t t = (time_t)v[i].updated_at;
		char date[32] = "-";

		if (gmtime_r(&t, &tm))
			strftime(date, sizeof(date), "%Y-%m-%d %H:%M:%S", &tm);
		printf("%-5lld %-6lld %-7s %-14s %-20s %s%s%s\n",
		       (long long)v[i].id, (long long)v[i].report_id,
		       request_state_name(v[i].state),
		       request_kind_name(v[i].kind), date,
		       v[i].args && *v[i].args ? v[i].args : "-",
		       v[i].result ? " / " : "",
		       v[i].result ? v[i].result : "");
	}
}

static json_t *
id_json(int64_t id)
{
	return id ? json_integer(id) : json_null();
}

static void
print_json(const struct store_request_rec *v, size_t n)
{
	json_t *doc = json_out_doc(), *a = json_array();

	for (size_t i = 0; i < n; i++) {
		json_t *o = json_object();

		json_object_set_new(o, "id", json_integer(v[i].id));
		json_object_set_new(o, "report_id", id_json(v[i].report_id));
		json_object_set_new(o, "msg_id", id_json(v[i].msg_id));
		json_object_set_new(o, "asker", json_out_str(v[i].asker));
		json_object_set_new(o, "kind", json_out_str(request_kind_name(v[i].kind)));
		json_object_set_new(o, "args", json_out_str(v[i].args));
		json_object_set_new(o, "state", json_out_str(request_state_name(v[i].state)));
		json_object_set_new(o, "result", json_out_str(v[i].result));
		json_object_set_new(o, "created_at",
				    json_out_date(v[i].created_at));
		json_object_set_new(o, "updated_at",
				    json_out_date(v[i].updated_at));
		json_array_append_new(a, o);
	}
	json_object_set_new(doc, "requests", a);
	json_out_print(doc);
	json_decref(doc);
}

int
cmd_requests(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "state", required_argument, NULL, 's' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct store_request_rec *v = NULL;
	const char *state = NULL;
	size_t n = 0;
	int c, json = 0, rc, filter;

	while ((c = getopt_long(argc, argv, "s:h", opts, NULL)) != -1) {
		switch (c) {
		case 's': state = optarg; break;
		case 'j': json = 1; break;
		case 'h':
			cmd_usage(stdout, usage);
			fputs(help, stdout);
			return EXIT_OK;
		default: cmd_usage(stderr, usage); return EXIT_USAGE;
		}
	}
	filter = state_filter(state);
	if (optind != argc || filter == -3) {
		if (filter == -3)
			lkb_error("unknown state '%s'", state);
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	rc = store_request_list(ctx->st, filter, (size_t)-1 / 2, &v, &n);
	if (rc)
		return ctx_exit_code(rc);
	if (json)
		print_json(v, n);
	else
		print_text(v, n);
	store_request_list_free(v, n);
	return EXIT_OK;
}
