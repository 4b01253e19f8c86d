/* list.c - `lkpbot list`: tracked reports, or every message. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "bot/cmd/commands.h"
#include "bot/cmd/list_reports.h"
#include "bot/core/json_out.h"
#include "bot/core/settings.h"
#include "lib/log.h"
#include "lib/status.h"
#include "state/store.h"

static const char *const usage[] = {
	"lkpbot list [--kind K] [--state S] [--testcase T] [--commit SHA] "
	"[--since DATE]",
	"            [--bucket B | --all] [--json]",
	"lkpbot list --messages [--json]",
	"lkpbot list --group [--json]",
	NULL,
};

struct msg_list {
	json_t *arr;
};

static void
fmt_date(long long t, char *buf, size_t n)
{
	struct tm tm;
	time_t tt = (time_t)t;

	if (t < 0 || !gmtime_r(&tt, &tm))
		snprintf(buf, n, "%-10s", "-");
	else
		strftime(buf, n, "%Y-%m-%d", &tm);
}

static int
print_msg(const struct store_msg *m, void *arg)
{
	struct msg_list *l = arg;
	char date[32];

	if (l->arr) {
		json_t *o = json_object();

		json_object_set_new(o, "id", json_integer(m->id));
		json_object_set_new(o, "message_id", json_out_str(m->message_id));
		json_object_set_new(o, "date", json_out_date(m->date));
		json_object_set_new(o, "from", json_out_str(m->from_addr));
		json_object_set_new(o, "subject", json_out_str(m->subject));
		json_object_set_new(o, "thread_id", json_integer(m->thread_id));
		json_object_set_new(o, "quality", json_out_str(m->quality));
		json_object_set_new(o, "robot", json_boolean(m->is_robot));
		json_array_append_new(l->arr, o);
		return 0;
	}
	fmt_date(m->date, date, sizeof(date));
	printf("%6lld  %s  t%-5lld %-8s %-28.28s %s\n", (long long)m->id, date,
	       (long long)m->thread_id, m->quality, m->from_addr,
	       m->subject);
	return 0;
}

static int
list_messages(struct bot_ctx *ctx, int json)
{
	struct msg_list l = { NULL };
	json_t *doc = NULL;
	int rc;

	if (json) {
		doc = json_out_doc();
		l.arr = json_array();
		json_object_set_new(doc, "messages", l.arr);
	}
	rc = store_message_foreach(ctx->st, 0, print_msg, &l);
	if (rc == LKB_OK && doc)
		json_out_print(doc);
	json_decref(doc);
	return ctx_exit_code(rc);
}

int
cmd_list(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "kind", required_argument, NULL, 'k' },
		{ "state", required_argument, NULL, 's' },
		{ "testcase", required_argument, NULL, 't' },
		{ "commit", required_argument, NULL, 'c' },
		{ "since", required_argument, NULL, 'S' },
		{ "bucket", required_argument, NULL, 'b' },
		{ "all", no_argument, NULL, 'a' },
		{ "messages", no_argument, NULL, 'm' },
		{ "group", no_argument, NULL, 'g' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct list_filter f = { 0 };
	int c, json = 0, messages = 0, group = 0;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'k': f.kind = optarg; break;
		case 's': f.state = optarg; break;
		case 't': f.testcase = optarg; break;
		case 'c': f.commit = optarg; break;
		case 'S': f.since = optarg; break;
		case 'b': f.bucket = optarg; break;
		case 'a': f.all = 1; break;
		case 'm': messages = 1; break;
		case 'g': group = 1; break;
		case 'j': json = 1; break;
		case 'h': cmd_usage(stdout, usage); return EXIT_OK;
		default: cmd_usage(stderr, usage); return EXIT_USAGE;
		}
	}
	if (optind != argc) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	f.stale_days = ctx->set->web.stale_days;
	if (messages)
		return list_messages(ctx, json);
	if (group)
		return list_groups(ctx, json);
	return list_reports(ctx, &f, json);
}
