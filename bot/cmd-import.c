/* cmd-import.c - `lkpbot import PATH...`. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "bot/commands.h"
#include "bot/ingest.h"
#include "bot/json_out.h"
#include "bot/mailsource.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"

static const char *const usage[] = {
	"lkpbot import [--json] PATH...   (Maildir, mbox, .eml file, or - for stdin)",
	NULL,
};

struct import_run {
	struct ingest *ig;
	unsigned in_batch;
	int progress;		/* stderr is a terminal */
	struct timespec t0, last;
};

static double
secs_since(const struct timespec *a)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - a->tv_sec) +
	       (double)(now.tv_nsec - a->tv_nsec) / 1e9;
}

static void
show_progress(struct import_run *r, int final)
{
	const struct ingest_stats *s = ingest_stats(r->ig);
	double t = secs_since(&r->t0);

	if (!r->progress)
		return;
	if (!final && secs_since(&r->last) < 0.5)
		return;
	clock_gettime(CLOCK_MONOTONIC, &r->last);
	fprintf(stderr, "\rimport: %llu messages, %.1f MB, %.0f msg/s%s",
		(unsigned long long)s->read, (double)s->bytes / 1e6,
		t > 0 ? (double)s->read / t : 0.0, final ? "\n" : "");
}

static int
on_message(const char *raw, size_t len, const char *source, int flags,
	   void *arg)
{
	struct import_run *r = arg;
	int rc;

	if (flags & MAILSOURCE_TRUNCATED)
		lkb_warn("%s: message larger than %u bytes (LKB_MAX_MESSAGE_"
			 "BYTES); stored as rejected", source,
			 LKB_MAX_MESSAGE_BYTES);
	if (r->in_batch == 0 && (rc = ingest_begin(r->ig)) != LKB_OK)
		return rc;
	if (flags & MAILSOURCE_TRUNCATED)
		rc = ingest_rejected(r->ig, raw, len, source,
				     "message larger than "
				     "LKB_MAX_MESSAGE_BYTES", NULL);
	else
		rc = ingest_message(r->ig, raw, len, source, NULL);
	if (rc != LKB_OK) {
		ingest_abort(r->ig);
		r->in_batch = 0;
		return rc;
	}
	if (++r->in_batch >= LKB_BATCH_MESSAGES) {
		r->in_batch = 0;
		if ((rc = ingest_end(r->ig)) != LKB_OK)
			return rc;
	}
	show_progress(r, 0);
	return LKB_OK;
}

static void
print_summary(const struct ingest_stats *s, int json, double t)
{
	json_t *o;

	if (json) {
		o = json_pack("{s:i, s:I, s:I, s:I, s:I, s:I, s:I}",
			      "format_version", 1,
			      "read", (json_int_t)s->read,
			      "new", (json_int_t)s->new_msgs,
			      "duplicate", (json_int_t)s->duplicate,
			      "rejected", (json_int_t)s->rejected,
			      "partial", (json_int_t)s->partial,
			      "reports", (json_int_t)s->reports);
		json_out_print(o);
		json_decref(o);
		return;
	}
	printf("read %llu, new %llu, duplicate %llu, rejected %llu, "
	       "partial %llu, reports %llu (%.1f MB in %.2f s)\n",
	       (unsigned long long)s->read, (unsigned long long)s->new_msgs,
	       (unsigned long long)s->duplicate,
	       (unsigned long long)s->rejected,
	       (unsigned long long)s->partial,
	       (unsigned long long)s->reports, (double)s->bytes / 1e6, t);
}

int
cmd_import(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct import_run r = { 0 };
	int c, json = 0, rc = LKB_OK;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'j': json = 1; break;
		case 'h': cmd_usage(stdout, usage); return EXIT_OK;
		default: cmd_usage(stderr, usage); return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	r.ig = ingest_new(ctx->st);
	r.progress = isatty(STDERR_FILENO) && ctx->verbose >= 0;
	clock_gettime(CLOCK_MONOTONIC, &r.t0);
	r.last = r.t0;
	for (int i = optind; i < argc && rc == LKB_OK; i++)
		rc = mailsource_read(argv[i], on_message, &r);
	if (rc == LKB_OK && r.in_batch)
		rc = ingest_end(r.ig);
	else if (r.in_batch)
		ingest_abort(r.ig);
	show_progress(&r, 1);
	if (rc == LKB_OK && ctx->verbose >= 0)
		print_summary(ingest_stats(r.ig), json, secs_since(&r.t0));
	else if (rc != LKB_OK)
		lkb_error("import stopped: %s (messages committed before "
			  "this point are kept)", lkb_status_str(rc));
	ingest_free(r.ig);
	return ctx_exit_code(rc);
}
