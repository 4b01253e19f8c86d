/* review.c - `lkpbot review`: the events triage was not sure enough of
 * to change a report's state on its own ([triage] auto_confidence), each
 * with the commands that confirm or reject it; --accept and --reject
 * decide one (bot/triage/review.c). */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bot/cmd/commands.h"
#include "bot/core/json_out.h"
#include "bot/triage/triage.h"
#include "lib/status.h"
#include "parsers/reply.h"
#include "state/store.h"
#include "state/store_triage.h"

static const char *const usage[] = {
	"lkpbot review [--json] [--all]   (the events waiting for a "
	"maintainer; --all: the decided ones too)",
	"lkpbot review --accept ID | --reject ID   (ID: the event's number "
	"in the list)",
	NULL,
};

static const char *
dash(const char *s)
{
	return s && *s ? s : "-";
}

static json_t *
row_json(const struct store_review_row *r)
{
	json_t *o = json_object();
	char cmd[64];

	json_object_set_new(o, "event_id", json_integer(r->id));
	json_object_set_new(o, "report", json_integer(r->report_id));
	json_object_set_new(o, "message_id", json_out_str(r->message_id));
	json_object_set_new(o, "author", json_out_str(r->author));
	json_object_set_new(o, "date", json_out_date(r->created_at));
	json_object_set_new(o, "type", json_out_str(r->type));
	json_object_set_new(o, "confidence", r->confidence >= 0
			    ? json_real(r->confidence) : json_null());
	json_object_set_new(o, "level", json_string(
			    reply_confidence_level(r->confidence)));
	json_object_set_new(o, "why", json_out_str(r->source));
	json_object_set_new(o, "evidence", json_out_str(r->evidence));
	json_object_set_new(o, "review",
			    json_string(store_review_name(r->review)));
	if (r->review != REVIEW_PENDING) {
		json_object_set_new(o, "reviewed_by",
				    json_out_str(r->reviewed_by));
		json_object_set_new(o, "reviewed_at",
				    json_out_date(r->reviewed_at));
		return o;
	}
	snprintf(cmd, sizeof(cmd), "lkpbot review --accept %lld",
		 (long long)r->id);
	json_object_set_new(o, "accept", json_string(cmd));
	snprintf(cmd, sizeof(cmd), "lkpbot review --reject %lld",
		 (long long)r->id);
	json_object_set_new(o, "reject", json_string(cmd));
	snprintf(cmd, sizeof(cmd), "#lkp accept %lld", (long long)r->id);
	json_object_set_new(o, "accept_mail", json_string(cmd));
	snprintf(cmd, sizeof(cmd), "#lkp reject %lld", (long long)r->id);
	json_object_set_new(o, "reject_mail", json_string(cmd));
	return o;
}

static int
add_row(const struct store_review_row *r, void *arg)
{
	json_array_append_new(arg, row_json(r));
	return 0;
}

static void
print_row(const json_t *o)
{
	const json_t *c = json_object_get(o, "confidence");
	const char *rv = json_string_value(json_object_get(o, "review"));
#define S(k) dash(json_string_value(json_object_get(o, k)))

	printf("event %lld  report %lld  %s\n",
	       (long long)json_integer_value(json_object_get(o, "event_id")),
	       (long long)json_integer_value(json_object_get(o, "report")),
	       S("type"));
	printf("  message     <%s>\n", S("message_id"));
	printf("  from        %s, %s\n", S("author"), S("date"));
	if (json_is_number(c))
		printf("  confidence  %.2f (%s)\n", json_number_value(c),
		       S("level"));
	printf("  why         %s\n", S("why"));
	printf("  evidence    %s\n", S("evidence"));
	if (rv && strcmp(rv, "pending"))
		printf("  decided     %s by %s, %s\n", rv, S("reviewed_by"),
		       S("reviewed_at"));
	else
		printf("  accept      %s   (mail: %s)\n  reject      %s   "
		       "(mail: %s)\n", S("accept"), S("accept_mail"),
		       S("reject"), S("reject_mail"));
#undef S
}

static int
list(struct bot_ctx *ctx, int json, int all)
{
	json_t *doc = json_out_doc(), *arr = json_array(), *o;
	size_t i;
	int rc;

	json_object_set_new(doc, "events", arr);
	rc = store_review_foreach(ctx->st, 0, all, add_row, arr);
	if (rc == LKB_OK && json) {
		json_out_print(doc);
	} else if (rc == LKB_OK) {
		json_array_foreach(arr, i, o) {
			if (i)
				printf("\n");
			print_row(o);
		}
		if (!json_array_size(arr) && ctx->verbose >= 0)
			printf("nothing to review\n");
	}
	json_decref(doc);
	return ctx_exit_code(rc);
}

static int
parse_id(const char *s, int64_t *out)
{
	char *end;
	long long v;

	if (!s || !*s || *s == '-')
		return -1;
	v = strtoll(s, &end, 10);
	if (*end || v <= 0)
		return -1;
	*out = v;
	return 0;
}

int
cmd_review(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "all", no_argument, NULL, 'A' },
		{ "accept", required_argument, NULL, 'a' },
		{ "reject", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *id_arg = NULL;
	int c, json = 0, all = 0, decide = -1, rc;
	int64_t id = 0;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'j': json = 1; break;
		case 'A': all = 1; break;
		case 'a':
		case 'r':
			if (decide >= 0) {
				cmd_usage(stderr, usage);
				return EXIT_USAGE;
			}
			decide = c == 'a';
			id_arg = optarg;
			break;
		case 'h': cmd_usage(stdout, usage); return EXIT_OK;
		default: cmd_usage(stderr, usage); return EXIT_USAGE;
		}
	}
	if (optind != argc || (decide >= 0 && (json || all))) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	if (decide < 0)
		return list(ctx, json, all);
	if (parse_id(id_arg, &id) < 0) {
		fprintf(stderr, "lkpbot review: '%s' is not an event number "
			"(lkpbot review lists them)\n", id_arg);
		return EXIT_USAGE;
	}
	rc = triage_cli_review(ctx, id, decide, cmd_user());
	if (rc == LKB_OK && ctx->verbose >= 0)
		printf("event %lld %s\n", (long long)id,
		       decide ? "accepted: applied to its report"
			      : "rejected: it changes nothing");
	return ctx_exit_code(rc);
}
