/* show.c - `lkpbot show REPORT` and `lkpbot thread REPORT`. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bot/cmd/commands.h"
#include "bot/core/json_out.h"
#include "bot/report/fields.h"
#include "bot/report/thread_view.h"
#include "lib/log.h"
#include "lib/status.h"
#include "parsers/reply.h"
#include "state/store.h"
#include "state/store_report.h"

static const char *const show_usage[] = {
	"lkpbot show [--json] REPORT|MESSAGE   (REPORT = id | message-id | sha "
	"prefix; a message that is no report is shown with its thread)",
	"lkpbot show --raw MESSAGE   (the mail's bytes as kept; MESSAGE = row "
	"id | message-id)",
	NULL,
};
static const char *const thread_usage[] = {
	"lkpbot thread [--json] REPORT   (REPORT = id | message-id | sha prefix)",
	NULL,
};

/* Common option parsing; returns -1 to go on, else an exit code. */
static int
parse_opts(int argc, char **argv, const char *const *usage, int *json,
	   int *raw)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "raw", no_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'j': *json = 1; break;
		case 'r':
			if (!raw) {
				cmd_usage(stderr, usage);
				return EXIT_USAGE;
			}
			*raw = 1;
			break;
		case 'h': cmd_usage(stdout, usage); return EXIT_OK;
		default: cmd_usage(stderr, usage); return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	return -1;
}

static const char *
jstr(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "-";
}

static void
print_kv(const char *label, const char *v)
{
	if (v && strcmp(v, "-"))
		printf("%-14s %s\n", label, v);
}

static void
print_history(const json_t *hist)
{
	size_t i;
	json_t *h;

	if (!json_array_size(hist))
		return;
	printf("history:\n");
	json_array_foreach(hist, i, h) {
		const char *reason = json_string_value(json_object_get(h, "reason"));

		printf("  %s  %s -> %s%s%s  (%s)\n", jstr(h, "date"),
		       jstr(h, "from_state"), jstr(h, "to_state"),
		       reason ? ": " : "", reason ? reason : "",
		       jstr(h, "cause"));
	}
}

/* The headline's noise verdict and the count of changes per level. */
static void
print_noise(const json_t *nz)
{
	const json_t *hl = json_object_get(nz, "headline");
	const json_t *cnt = json_object_get(nz, "counts");

	if (!json_is_object(nz))
		return;
	if (json_is_object(hl))
		printf("%-14s headline %s\n", "noise", jstr(hl, "text"));
	printf("%-14s %lld clear, %lld likely, %lld within noise\n",
	       json_is_object(hl) ? "" : "noise",
	       (long long)json_integer_value(json_object_get(cnt, "clear")),
	       (long long)json_integer_value(json_object_get(cnt, "likely")),
	       (long long)json_integer_value(json_object_get(cnt,
							     "within noise")));
}

/* The headline: metric, change and verdict, when it has a metric. */
static void
print_headline(const char *label, const json_t *hl)
{
	json_t *p = json_object_get(hl, "change_pct");

	if (!json_is_object(hl) || !json_object_get(hl, "metric"))
		return;
	printf("%-14s %s %s%+.1f%% %s\n", label, jstr(hl, "metric"), "",
	       json_is_number(p) ? json_number_value(p) : 0.0,
	       jstr(hl, "verdict"));
}

/* The rows of report_fields (bot/report/fields.h) show prints in part,
 * from the report's JSON d. */
static void
print_fields(const json_t *d, enum report_field_part part)
{
	const char *k;
	json_t *v;

	for (size_t i = 0; i < report_nfields; i++) {
		const struct report_field *f = &report_fields[i];
		const json_t *o = f->in ? json_object_get(d, f->in) : d;

		if (!f->show || f->part != part)
			continue;
		switch (f->view) {
		case REPORT_VIEW_HEADLINE:
			print_headline(f->show, o);
			break;
		case REPORT_VIEW_PARAMS:
			json_object_foreach((json_t *)json_object_get(o, f->key),
					    k, v)
				printf("%-14s %s: %s\n", f->show, k,
				       json_is_string(v) ? json_string_value(v)
							 : "");
			break;
		default:
			print_kv(f->show, jstr(o, f->key));
		}
	}
}

static void
print_show(const json_t *d)
{
	const json_t *cmp = json_object_get(d, "comparisons");
	const json_t *rel = json_object_get(d, "related_commits");
	json_t *v;
	size_t i;

	printf("report %lld: %s\n",
	       (long long)json_integer_value(json_object_get(d, "id")),
	       jstr(d, "subject"));
	print_fields(d, REPORT_PART_HEAD);
	if (json_is_string(json_object_get(d, "unverified")))
		print_kv("unverified", jstr(d, "unverified"));
	print_fields(d, REPORT_PART_COMMIT);
	print_noise(json_object_get(d, "noise"));
	print_fields(d, REPORT_PART_SETUP);
	json_array_foreach(cmp, i, v)
		printf("%-14s #%zu: %zu columns, %zu metric rows, %zu failure "
		       "rows\n", "comparison", i + 1,
		       json_array_size(json_object_get(v, "compared")),
		       json_array_size(json_object_get(v, "metrics")),
		       json_array_size(json_object_get(v, "failures")));
	printf("%-14s %s", "state", jstr(d, "state"));
	if (json_is_string(json_object_get(d, "close_reason")))
		printf(" (%s)", jstr(d, "close_reason"));
	printf("\n");
	json_array_foreach(rel, i, v)
		printf("%-14s %s\n", "related", json_string_value(v));
	json_array_foreach(json_object_get(d, "landed"), i, v)
		printf("%-14s %s\n", "landed", jstr(v, "evidence"));
	json_array_foreach(json_object_get(d, "review"), i, v)
		printf("%-14s event %lld %s (%s, %.2f %s): %s\n", "review",
		       (long long)json_integer_value(
			       json_object_get(v, "event_id")),
		       jstr(v, "type"), jstr(v, "source"),
		       json_number_value(json_object_get(v, "confidence")),
		       reply_confidence_level(json_number_value(
			       json_object_get(v, "confidence"))),
		       jstr(v, "review"));
	json_array_foreach(json_object_get(d, "elsewhere"), i, v)
		printf("%-14s %s %s <%s>\n%-14s %s\n", "elsewhere",
		       jstr(v, "type"), jstr(v, "source"),
		       jstr(v, "message_id"), "", jstr(v, "evidence"));
	if (json_is_integer(json_object_get(d, "duplicate_of")))
		printf("%-14s report %lld\n", "duplicate of",
		       (long long)json_integer_value(
			       json_object_get(d, "duplicate_of")));
	json_array_foreach(json_object_get(d, "group"), i, v)
		printf("%-14s report %lld, %s%s%s (%s)\n", "sibling",
		       (long long)json_integer_value(json_object_get(v, "id")),
		       jstr(v, "state"),
		       json_is_string(json_object_get(v, "close_reason"))
			       ? " " : "",
		       json_is_string(json_object_get(v, "close_reason"))
			       ? jstr(v, "close_reason") : "",
		       jstr(v, "why"));
	json_array_foreach(json_object_get(d, "proposals"), i, v)
		printf("%-14s %s\n%-14s %s\n%-14s %s\n", "proposal",
		       jstr(v, "text"), "", jstr(v, "command"), "",
		       jstr(v, "mail"));
	print_history(json_object_get(d, "history"));
}

/* One event: what, which rule, how sure, the evidence line, and where
 * it stands in the review queue. */
static void
print_event(const json_t *e)
{
	const json_t *c = json_object_get(e, "confidence");
	const char *review = json_string_value(json_object_get(e, "review"));
	char conf[24] = "-";

	if (json_is_number(c))
		snprintf(conf, sizeof(conf), "%.2f %s", json_number_value(c),
			 reply_confidence_level(json_number_value(c)));
	printf("    event %-22s %-28s %-11s %s\n", jstr(e, "type"),
	       jstr(e, "source"), conf, jstr(e, "evidence"));
	if (review)
		printf("          review %lld: %s%s\n",
		       (long long)json_integer_value(
			       json_object_get(e, "event_id")),
		       review, !strcmp(review, "pending")
				       ? " (lkpbot review shows how to decide)"
				       : "");
}

static void
print_thread(const json_t *d)
{
	const json_t *r = json_object_get(d, "report");
	json_t *m, *e;
	size_t i, j;

	printf("report %lld (%s, %s) state %s%s%s\n",
	       (long long)json_integer_value(json_object_get(r, "id")),
	       jstr(r, "kind"), jstr(r, "commit"), jstr(d, "state"),
	       json_is_string(json_object_get(d, "close_reason")) ? ": " : "",
	       json_is_string(json_object_get(d, "close_reason"))
		       ? jstr(d, "close_reason") : "");
	json_array_foreach(json_object_get(d, "messages"), i, m) {
		printf("\n%s  %s\n  %s\n  <%s>\n", jstr(m, "date"),
		       jstr(m, "from"), jstr(m, "subject"),
		       jstr(m, "message_id"));
		json_array_foreach(json_object_get(m, "events"), j, e)
			print_event(e);
		json_array_foreach(json_object_get(m, "commands"), j, e)
			printf("    #lkp %s %s -> %s\n", jstr(e, "verb"),
			       jstr(e, "args"), jstr(e, "result"));
	}
	if (json_array_size(json_object_get(d, "elsewhere")))
		printf("\noutside the thread:\n");
	json_array_foreach(json_object_get(d, "elsewhere"), i, m)
		printf("%s  %s\n  %s\n  <%s>\n    event %-22s %-28s %s\n",
		       jstr(m, "date"), jstr(m, "from"), jstr(m, "subject"),
		       jstr(m, "message_id"), jstr(m, "type"),
		       jstr(m, "source"), jstr(m, "evidence"));
	printf("\n");
	print_history(json_object_get(d, "history"));
}

static json_t *
msg_json(const struct store_msg *m)
{
	json_t *o = json_object();

	json_object_set_new(o, "id", json_integer(m->id));
	json_object_set_new(o, "message_id", json_out_str(m->message_id));
	json_object_set_new(o, "from", json_out_str(m->from_addr));
	json_object_set_new(o, "date", json_out_date(m->date));
	json_object_set_new(o, "subject", json_out_str(m->subject));
	json_object_set_new(o, "quality", json_out_str(m->quality));
	json_object_set_new(o, "problem", json_out_str(m->problem));
	json_object_set_new(o, "source", json_out_str(m->source));
	json_object_set_new(o, "thread_id", json_integer(m->thread_id));
	json_object_set_new(o, "robot", json_boolean(m->is_robot));
	return o;
}

static int
add_thread_msg(const struct store_msg *m, void *arg)
{
	json_array_append_new(arg, msg_json(m));
	return 0;
}

/* A message that is no report: its fields and its thread. */
static int
show_message(struct bot_ctx *ctx, const struct store_msg *m, int json)
{
	json_t *doc = json_out_doc(), *thread = json_array(), *t;
	size_t i;
	int rc;

	json_object_set_new(doc, "message", msg_json(m));
	json_object_set_new(doc, "thread", thread);
	rc = store_message_foreach(ctx->st, m->thread_id, add_thread_msg,
				   thread);
	if (rc == LKB_OK && json) {
		json_out_print(doc);
	} else if (rc == LKB_OK) {
		printf("message %lld: %s\n", (long long)m->id, m->subject);
		print_kv("message-id", m->message_id);
		print_kv("from", m->from_addr);
		print_kv("source", m->source);
		print_kv("quality", m->quality);
		print_kv("problem", m->problem);
		printf("thread %lld:\n", (long long)m->thread_id);
		json_array_foreach(thread, i, t)
			printf("  %6lld  %s  %-28.28s %s\n",
			       (long long)json_integer_value(json_object_get(t,
								      "id")),
			       jstr(t, "date"), jstr(t, "from"),
			       jstr(t, "subject"));
	}
	json_decref(doc);
	return ctx_exit_code(rc);
}

/* `show --raw`: the kept bytes, unchanged, to stdout. */
static int
show_raw(struct bot_ctx *ctx, const char *key)
{
	struct store_msg sm;
	char *raw = NULL;
	size_t len = 0;
	int rc = store_message_get(ctx->st, key, &sm);

	if (rc < 0)
		return ctx_exit_code(rc);
	if (rc == 0) {
		lkb_error("no message '%s'", key);
		return EXIT_FAIL;
	}
	rc = store_message_raw(ctx->st, sm.id, &raw, &len);
	if (rc == 0)
		lkb_error("message %lld: its raw bytes were not kept (only "
			  "mail that matters to the bot: lkpbot-import(1))",
			  (long long)sm.id);
	store_msg_release(&sm);
	if (rc <= 0)
		return rc < 0 ? ctx_exit_code(rc) : EXIT_FAIL;
	if (fwrite(raw, 1, len, stdout) != len || fflush(stdout) != 0)
		rc = LKB_ERR_IO;
	free(raw);
	return rc < 0 ? ctx_exit_code(rc) : EXIT_OK;
}

static int
run(int argc, char **argv, struct bot_ctx *ctx, int thread)
{
	int json = 0, raw = 0, ex;
	int64_t id;
	json_t *doc;

	ex = parse_opts(argc, argv, thread ? thread_usage : show_usage, &json,
			thread ? NULL : &raw);
	if (ex >= 0)
		return ex;
	if (raw) {
		if (json) {
			cmd_usage(stderr, show_usage);
			return EXIT_USAGE;
		}
		return show_raw(ctx, argv[optind]);
	}
	/* `show` of a message that is no report shows the message */
	if (!thread) {
		struct store_msg sm;
		char *why = NULL;
		int64_t rid;
		int rc = store_report_find(ctx->st, argv[optind], &rid, &why);

		free(why);
		if (rc == 0 && store_message_get(ctx->st, argv[optind], &sm) == 1) {
			ex = show_message(ctx, &sm, json);
			store_msg_release(&sm);
			return ex;
		}
	}
	if ((ex = thread_view_resolve(ctx->st, argv[optind], &id)) != EXIT_OK)
		return ex;
	doc = thread ? thread_view_json(ctx->st, id)
		     : thread_view_show_json(ctx->st, id);
	if (!doc)
		return EXIT_FAIL;
	if (json)
		json_out_print(doc);
	else if (thread)
		print_thread(doc);
	else
		print_show(doc);
	json_decref(doc);
	return EXIT_OK;
}

int
cmd_show(int argc, char **argv, struct bot_ctx *ctx)
{
	return run(argc, argv, ctx, 0);
}

int
cmd_thread(int argc, char **argv, struct bot_ctx *ctx)
{
	return run(argc, argv, ctx, 1);
}
