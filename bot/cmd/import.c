/* import.c - `lkpbot import PATH...`. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <jansson.h>

#include "bot/cmd/commands.h"
#include "bot/core/json_out.h"
#include "bot/ingest/ingest.h"
#include "bot/ingest/ingest_pipe.h"
#include "bot/ingest/mailsource.h"
#include "lib/clock.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "state/store.h"

static const char *const usage[] = {
	"lkpbot import [--json] [--batch N] [--trusted] PATH...   (Maildir, mbox, .eml file, or - for stdin)",
	NULL,
};

struct import_run {
	struct ingest *ig;
	struct store *st;
	unsigned in_batch, batch;	/* mails in the open transaction, most */
	int trusted;		/* --trusted: new mail needs no signature */
	int progress;		/* stderr is a terminal */
	double t0, last;	/* lkb_now_secs(): the start, the last progress */
};

static void
show_progress(struct import_run *r, int final)
{
	const struct ingest_stats *s = ingest_stats(r->ig);
	double t = lkb_now_secs() - r->t0;

	if (!r->progress)
		return;
	if (!final && lkb_now_secs() - r->last < 0.5)
		return;
	r->last = lkb_now_secs();
	fprintf(stderr, "\rimport: %llu messages, %.1f MB, %.0f msg/s%s",
		(unsigned long long)s->read, (double)s->bytes / 1e6,
		t > 0 ? (double)s->read / t : 0.0, final ? "\n" : "");
}

/* The producer thread: reads every path and parses each mail into a job
 * for the main thread, which stores them (SQLite stays on one thread). */
struct import_producer {
	struct ingest_pipe *pipe;
	char **paths;
	int npaths;
	double cpu;		/* the thread's CPU seconds, at its end */
};

/* CPU seconds (user and system) of the calling thread: with -v, import
 * tells which of its two threads was the longer. */
static double
thread_cpu(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru) != 0)
		return 0;
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static int
produce_one(const char *raw, size_t len, const char *source, int flags,
	    char **own, void *arg)
{
	struct import_producer *pr = arg;
	struct ingest_job *j;
	/* classifying and the report parse go to the thread with time */
	unsigned late = ingest_pipe_behind(pr->pipe) ? 0 : INGEST_JOB_LATE;
	const char *why = mailsource_problem(source, flags);

	if (own && !why) {	/* a file read whole: the job keeps it */
		j = ingest_job_take(*own, len, source, 1, NULL, late);
		*own = NULL;
	} else {
		j = ingest_job_new(raw, len, source, !why, why, late);
	}
	return ingest_pipe_push(pr->pipe, j);
}

static void *
producer_main(void *arg)
{
	struct import_producer *pr = arg;
	int rc = LKB_OK;

	for (int i = 0; i < pr->npaths && rc == LKB_OK; i++)
		rc = mailsource_read(pr->paths[i], produce_one, pr);
	pr->cpu = thread_cpu();
	ingest_pipe_close(pr->pipe, rc);
	return NULL;
}

/* Store one parsed mail, r->batch to a transaction. */
static int
store_job(struct import_run *r, const struct ingest_job *j)
{
	uint64_t before = ingest_stats(r->ig)->new_msgs;
	int64_t id = 0;
	int rc;

	if (r->in_batch == 0 && (rc = ingest_begin(r->ig)) != LKB_OK)
		return rc;
	rc = ingest_job_store(r->ig, j, &id);
	/* only mail this import stored: a copy already there may be
	 * another's under the same Message-ID */
	if (rc == LKB_OK && r->trusted && id > 0 &&
	    ingest_stats(r->ig)->new_msgs > before)
		rc = store_message_trust(r->st, id);
	if (rc != LKB_OK) {
		ingest_abort(r->ig);
		r->in_batch = 0;
		return rc;
	}
	if (++r->in_batch >= r->batch) {
		r->in_batch = 0;
		if ((rc = ingest_end(r->ig)) != LKB_OK)
			return rc;
	}
	show_progress(r, 0);
	return LKB_OK;
}

/* Parse on a second thread while this one stores, in input order. A
 * store error stops the producer; a producer error ends the run once
 * what it parsed before is stored (as a single-threaded walk would). */
static int
import_paths(struct import_run *r, char **paths, int npaths)
{
	struct import_producer pr = { 0 };
	struct ingest_job *j;
	struct ingest_pipe_waits w;
	pthread_t tid;
	int rc = LKB_OK, prc = LKB_OK;

	pr.pipe = ingest_pipe_new(LKB_IMPORT_QUEUE_JOBS,
				  LKB_IMPORT_QUEUE_BYTES);
	pr.paths = paths;
	pr.npaths = npaths;
	if (pthread_create(&tid, NULL, producer_main, &pr) != 0) {
		ingest_pipe_free(pr.pipe);
		lkb_error("import: cannot start the parser thread");
		return LKB_ERR;
	}
	while ((j = ingest_pipe_pop(pr.pipe, &prc)) != NULL) {
		rc = store_job(r, j);
		ingest_pipe_done(pr.pipe, j);
		if (rc != LKB_OK) {
			ingest_pipe_stop(pr.pipe);
			break;
		}
	}
	pthread_join(tid, NULL);
	ingest_pipe_waits(pr.pipe, &w);
	lkb_debug("import: CPU seconds: read and parse %.2f, store %.2f",
		  pr.cpu, thread_cpu());
	lkb_debug("import: the parser waited %lu times, %.2f s; the store "
		  "%lu times, %.2f s; %llu mails classified by the store",
		  w.producer, w.producer_secs, w.consumer, w.consumer_secs,
		  (unsigned long long)ingest_stats(r->ig)->late);
	ingest_pipe_free(pr.pipe);
	return rc != LKB_OK ? rc : prc;
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

/* --batch N: 1 to LKB_MAX_IMPORT_BATCH mails a transaction. */
static int
parse_batch(const char *s, unsigned *out)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (*s < '0' || *s > '9' || *end || errno || v == 0 ||
	    v > LKB_MAX_IMPORT_BATCH) {
		lkb_error("--batch '%s': not a number of mails from 1 to %d",
			  s, LKB_MAX_IMPORT_BATCH);
		return LKB_ERR_USAGE;
	}
	*out = (unsigned)v;
	return LKB_OK;
}

int
cmd_import(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "batch", required_argument, NULL, 'b' },
		{ "trusted", no_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct import_run r = { 0 };
	int c, json = 0, indexed, rc;

	r.batch = LKB_IMPORT_BATCH_MESSAGES;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'j': json = 1; break;
		case 't': r.trusted = 1; break;
		case 'b':
			if (parse_batch(optarg, &r.batch) != LKB_OK)
				return EXIT_USAGE;
			break;
		case 'h': cmd_usage(stdout, usage); return EXIT_OK;
		default: cmd_usage(stderr, usage); return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	/* into an empty database: threading's lookups from memory */
	indexed = store_mid_index_start(ctx->st, LKB_IMPORT_INDEX_IDS);
	if (indexed < 0)
		return ctx_exit_code(indexed);
	lkb_debug("import: Message-ID index %s", indexed ? "on" : "off (the "
		  "database holds mail already)");
	store_ckpt_start(ctx->st);
	r.ig = ingest_new(ctx->st);
	r.st = ctx->st;
	r.progress = isatty(STDERR_FILENO) && ctx->verbose >= 0;
	r.t0 = lkb_now_secs();
	r.last = r.t0;
	rc = import_paths(&r, argv + optind, argc - optind);
	if (rc == LKB_OK && r.in_batch)
		rc = ingest_end(r.ig);
	else if (r.in_batch)
		ingest_abort(r.ig);
	store_mid_index_stop(ctx->st);
	store_ckpt_stop(ctx->st);
	show_progress(&r, 1);
	if (rc == LKB_OK && ctx->verbose >= 0)
		print_summary(ingest_stats(r.ig), json,
			      lkb_now_secs() - r.t0);
	else if (rc != LKB_OK)
		lkb_error("import stopped: %s (messages committed before "
			  "this point are kept)", lkb_status_str(rc));
	ingest_free(r.ig);
	return ctx_exit_code(rc);
}
