/* outbox.c - `lkpbot outbox [list|show ID|send [--force] [ID]|drop ID]`. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "bot/cmd/commands.h"
#include "bot/core/lock.h"
#include "bot/core/run.h"
#include "bot/outbox/outbox.h"
#include "lib/log.h"
#include "lib/status.h"
#include "state/store.h"
#include "state/store_outbox.h"

static const char *const usage[] = {
	"lkpbot outbox [list] [--state STATE] [--json]",
	"lkpbot outbox show ID [--json]",
	"lkpbot outbox send [--dry-run DIR] [--force] [ID]",
	"lkpbot outbox drop [--force] ID",
	NULL,
};

static const char help[] =
	"\nsend without ID sends what is due; with ID that row now. A row\n"
	"left in state sending by an interrupted run may have been delivered:\n"
	"it is only sent again (or dropped) with --force.\n";

struct opts {
	int json, force;
	int state;
	const char *dry;
};

static void
fmt_time(char *buf, size_t n, int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!t || !gmtime_r(&tt, &tm) ||
	    !strftime(buf, n, "%Y-%m-%d %H:%M", &tm))
		snprintf(buf, n, "-");
}

/* Since when a running lkpbot sends (the send lock, bot/core/lock.h);
 * 0: nobody sends now. */
static int64_t sending_since;

/* A row in state sending that a running lkpbot claimed: in flight. */
static int
row_live(const struct store_outbox_row *r)
{
	return r->state == OUTBOX_SENDING && sending_since &&
	       r->claimed_at >= sending_since - 1;
}

static const char *
sending_note(const struct store_outbox_row *r)
{
	if (r->state != OUTBOX_SENDING)
		return "";
	if (row_live(r))
		return "  [being sent now by a running lkpbot]";
	if (r->last_error && !strncmp(r->last_error, "uncertain:", 10))
		return "  [uncertain: check, then send --force or drop --force]";
	return "  [interrupted: check, then send --force or drop --force]";
}

static int
print_text(const struct store_outbox_row *r, void *arg)
{
	char when[32], *nl;
	const char *what = r->state == OUTBOX_SENT ? "sent" : "due";

	(void)arg;
	fmt_time(when, sizeof(when),
		 r->state == OUTBOX_SENT ? r->sent_at : r->next_attempt_at);
	nl = strchr(r->recipients, '\n');
	printf("%5lld %-8s %2lld %s %s  %-14s %.*s%s  %s%s\n",
	       (long long)r->id, outbox_state_name(r->state),
	       (long long)r->attempts, what, when, r->kind,
	       nl ? (int)(nl - r->recipients) : (int)strlen(r->recipients),
	       r->recipients, nl ? ",..." : "", r->subject, sending_note(r));
	return 0;
}

static json_t *
jstr_or_null(const char *s)
{
	json_t *j = s ? json_string(s) : NULL;

	return j ? j : json_null();	/* invalid UTF-8 becomes null */
}

static json_t *
jtime(int64_t t)
{
	return t ? json_integer((json_int_t)t) : json_null();
}

static json_t *
row_json(const struct store_outbox_row *r)
{
	json_t *o = json_object(), *rc = json_array(), *raw;
	const char *p = r->recipients, *nl;

	for (; p && *p; p = nl ? nl + 1 : p + strlen(p)) {
		nl = strchr(p, '\n');
		json_array_append_new(rc, json_stringn(p, nl ? (size_t)(nl - p)
							     : strlen(p)));
	}
	json_object_set_new(o, "id", json_integer((json_int_t)r->id));
	json_object_set_new(o, "state",
			    json_string(outbox_state_name(r->state)));
	json_object_set_new(o, "kind", jstr_or_null(r->kind));
	json_object_set_new(o, "request_id", jstr_or_null(r->request_id));
	json_object_set_new(o, "thread_id",
			    json_integer((json_int_t)r->thread_id));
	json_object_set_new(o, "report_id",
			    json_integer((json_int_t)r->report_id));
	json_object_set_new(o, "message_id", jstr_or_null(r->message_id));
	json_object_set_new(o, "envelope_from",
			    jstr_or_null(r->envelope_from));
	json_object_set_new(o, "recipients", rc);
	json_object_set_new(o, "subject", jstr_or_null(r->subject));
	json_object_set_new(o, "attempts",
			    json_integer((json_int_t)r->attempts));
	json_object_set_new(o, "next_attempt_at", jtime(r->next_attempt_at));
	json_object_set_new(o, "created_at", jtime(r->created_at));
	json_object_set_new(o, "claimed_at", jtime(r->claimed_at));
	json_object_set_new(o, "sent_at", jtime(r->sent_at));
	json_object_set_new(o, "last_error", jstr_or_null(r->last_error));
	json_object_set_new(o, "sending_now", json_boolean(row_live(r)));
	if (r->raw) {
		raw = json_stringn(r->raw, r->raw_len);
		json_object_set_new(o, "raw", raw ? raw : json_null());
	}
	return o;
}

static int
collect_json(const struct store_outbox_row *r, void *arg)
{
	json_array_append_new(arg, row_json(r));
	return 0;
}

static int
print_json(json_t *top)
{
	int rc = json_dumpf(top, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);

	putchar('\n');
	json_decref(top);
	return rc == 0 ? LKB_OK : LKB_ERR_IO;
}

static int
do_list(struct bot_ctx *ctx, const struct opts *o)
{
	json_t *top, *rows;
	int64_t stuck;
	int rc;

	/* a row a running lkpbot sends now is no interrupted one */
	if (send_lock_held(ctx->db_path, &sending_since) < 0)
		sending_since = 0;
	/* warn on stderr; the rows show it too */
	if (!sending_since &&
	    (rc = outbox_report_stuck(ctx->st, &stuck)) != LKB_OK)
		return rc;
	if (!o->json)
		return store_outbox_foreach(ctx->st, o->state, print_text, NULL);
	top = json_object();
	rows = json_array();
	json_object_set_new(top, "format_version", json_integer(1));
	json_object_set_new(top, "outbox", rows);
	rc = store_outbox_foreach(ctx->st, o->state, collect_json, rows);
	if (rc != LKB_OK) {
		json_decref(top);
		return rc;
	}
	return print_json(top);
}

static int
do_show(struct bot_ctx *ctx, const struct opts *o, int64_t id)
{
	struct store_outbox_row r;
	json_t *top;
	int rc = store_outbox_get(ctx->st, id, 1, &r);

	if (send_lock_held(ctx->db_path, &sending_since) < 0)
		sending_since = 0;

	if (rc == 0)
		lkb_error("no outbox row %lld", (long long)id);
	if (rc <= 0)
		return rc == 0 ? LKB_ERR_NOT_FOUND : rc;
	if (o->json) {
		top = row_json(&r);
		json_object_set_new(top, "format_version", json_integer(1));
		rc = print_json(top);
	} else {
		print_text(&r, NULL);
		printf("message-id: <%s>\nenvelope from: <%s>\nlast error: "
		       "%s\n\n", r.message_id, r.envelope_from,
		       r.last_error ? r.last_error : "-");
		fwrite(r.raw, 1, r.raw_len, stdout);
		rc = LKB_OK;
	}
	store_outbox_row_release(&r);
	return rc;
}

static int
parse_id(const char *s, int64_t *id_out)
{
	char *end;
	long long v = strtoll(s, &end, 10);

	if (!*s || *end || v <= 0) {
		lkb_error("'%s' is not an outbox row id", s);
		return LKB_ERR_USAGE;
	}
	*id_out = v;
	return LKB_OK;
}

static int
run_sub(struct bot_ctx *ctx, const struct opts *o, const char *sub,
	const char *arg)
{
	struct outbox_stats stats = { 0 };
	struct run_opts ro = { o->dry, NULL, 0 };
	struct run_lock *lock = NULL;
	int64_t id = 0;
	int rc;

	if (arg && (rc = parse_id(arg, &id)) != LKB_OK)
		return rc;
	if (!strcmp(sub, "list"))
		return arg ? LKB_ERR_USAGE : do_list(ctx, o);
	if (!strcmp(sub, "show"))
		return arg ? do_show(ctx, o, id) : LKB_ERR_USAGE;
	if (!strcmp(sub, "drop")) {
		if (!arg)
			return LKB_ERR_USAGE;
		rc = store_outbox_drop(ctx->st, id, o->force);
		if (rc == LKB_ERR_USAGE)
			lkb_error("outbox row %lld is sent (kept as history) "
				  "or sending (needs --force)", (long long)id);
		if (rc == LKB_ERR_NOT_FOUND)
			lkb_error("no outbox row %lld", (long long)id);
		return rc == LKB_ERR_USAGE ? LKB_ERR : rc;
	}
	if (!strcmp(sub, "send")) {
		/* as `send`: one sender at a time */
		if ((rc = run_lock_enter(ctx, &lock)) <= 0) {
			if (rc == 0 && arg)
				lkb_error("outbox row %lld not sent: try again "
					  "when that run ends", (long long)id);
			return rc == 0 && arg ? LKB_ERR_DB_BUSY : rc;
		}
		rc = arg ? outbox_send_one(ctx, id, o->force, o->dry, &stats)
			 : outbox_send_due(ctx, &ro, &stats);
		run_lock_release(lock);
		outbox_print_stats(stdout, &stats);
		return rc == LKB_ERR_USAGE ? LKB_ERR : rc;
	}
	lkb_error("unknown outbox subcommand '%s'", sub);
	return LKB_ERR_USAGE;
}

int
cmd_outbox(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option lopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "state", required_argument, NULL, 's' },
		{ "force", no_argument, NULL, 'f' },
		{ "dry-run", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct opts o = { 0, 0, -1, NULL };
	const char *sub = "list", *arg = NULL;
	int c, rc;

	while ((c = getopt_long(argc, argv, "js:fn:h", lopts, NULL)) != -1) {
		switch (c) {
		case 'j': o.json = 1; break;
		case 'f': o.force = 1; break;
		case 'n': o.dry = optarg; break;
		case 's':
			o.state = outbox_state_parse(optarg);
			if (o.state < 0) {
				lkb_error("unknown state '%s'", optarg);
				return EXIT_USAGE;
			}
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
	if (optind < argc)
		sub = argv[optind++];
	if (optind < argc)
		arg = argv[optind++];
	if (optind < argc) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	rc = run_sub(ctx, &o, sub, arg);
	if (rc == LKB_ERR_USAGE)
		cmd_usage(stderr, usage);
	return ctx_exit_code(rc);
}
