/* run.c - `lkpbot run`: every stage once, in order, for cron.
 *
 * The stages hand off only through the store, so each is also its own
 * subcommand and any of them can be rerun after a failure. A stage that
 * fails does not stop the later ones (mail already stored can still be
 * triaged while the IMAP server is down), except for configuration,
 * schema and database errors, which would fail every stage alike. The
 * exit code is the first failing stage's. [bot] run_deadline bounds the
 * whole run: the sync, git, requests and send stages get what is left of
 * it as their deadline (git: per command), if less than their own, and
 * no stage starts once it has passed (exit 4).
 * With [web] dir set, a last stage writes the static site
 * (lkpbot-web(1)). The summary ends with every object a stage skipped
 * in this run (state/store_skip.h).
 */
#include "config.h"

#include <getopt.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>

#include "bot/cmd/commands.h"
#include "bot/core/lock.h"
#include "bot/core/run.h"
#include "bot/core/settings.h"
#include "bot/ingest/sync.h"
#include "bot/outbox/outbox.h"
#include "bot/requests/requests.h"
#include "bot/triage/gitwatch.h"
#include "bot/triage/triage.h"
#include "bot/web/web.h"
#include "lib/log.h"
#include "lib/status.h"
#include "state/store_skip.h"

static const char *const usage[] = {
	"lkpbot run [--dry-run DIR]",
	NULL,
};

static const char help[] =
	"\nRun every stage once: sync, then the stages after it (and with\n"
	"[web] dir set, write the web site there).\n"
	"    -n, --dry-run DIR   write outgoing mail into DIR, send nothing\n"
	"                        and change nothing on the IMAP server\n";

static int
stage_sync(struct bot_ctx *ctx, const struct run_opts *o)
{
	struct sync_opts so = { o->dry_run_dir != NULL, ctx->verbose < 0,
				o->end };

	return sync_sources(ctx->set, ctx->st, &so);
}

/* The last stage: drain the outbox (or write .eml files in a dry run). */
static int
stage_send(struct bot_ctx *ctx, const struct run_opts *o)
{
	struct outbox_stats s = { 0 };
	int rc = outbox_send_due(ctx, o, &s);

	if (ctx->verbose >= 0 && (s.sent || s.retried || s.failed || s.stuck))
		outbox_print_stats(stdout, &s);
	return rc;
}

/* After the mail: the static site, when [web] dir asks for one. */
static int
stage_web(struct bot_ctx *ctx, const struct run_opts *o)
{
	struct web_opts wo = { ctx->set->web.dir, ctx->set->web.url,
			       ctx->set->bot.address, ctx->set->web.stale_days,
			       ctx->set->web.max_thread, ctx->set->web.lore_url,
			       ctx->set->web.commit_url };
	struct web_summary s;
	int rc;

	(void)o;
	if (!wo.out || !*wo.out)
		return LKB_OK;
	rc = web_build(ctx->st, &wo, &s);
	if (rc == LKB_OK)
		lkb_info("run: site %s: %zu files written, %zu unchanged",
			 wo.out, s.written, s.unchanged);
	return rc;
}

/* The stages, in order; each a run_stage_fn (bot/core/run.h). */
static const struct run_stage {
	const char *name;
	run_stage_fn *fn;
} stages[] = {
	{ "sync", stage_sync },
	{ "triage", triage_stage },
	{ "git", gitwatch_stage },
	{ "requests", requests_stage },
	{ "send", stage_send },
	{ "web", stage_web },
};

static int
print_skip(const struct store_skip *sk, void *arg)
{
	(void)arg;
	printf("run: skipped %s %s in %s: %s\n", sk->stage, sk->object,
	       sk->place, sk->why);
	return 0;
}

/* The objects skipped after mark (store_skips_last before the
 * stages), LKB_MAX_RUN_SKIPS_SHOWN of them by name. */
static void
print_skips(struct bot_ctx *ctx, int64_t mark)
{
	int64_t n = 0;

	if (ctx->verbose < 0 ||
	    store_skips(ctx->st, mark, LKB_MAX_RUN_SKIPS_SHOWN,
			print_skip, NULL, &n) != LKB_OK)
		return;
	if (n > LKB_MAX_RUN_SKIPS_SHOWN)
		printf("run: %lld objects skipped in all (lkpbot doctor)\n",
		       (long long)n);
}

static int
is_fatal(int rc)
{
	return rc == LKB_ERR_CONFIG || rc == LKB_ERR_SCHEMA_TOO_NEW ||
	       rc == LKB_ERR_DB || rc == LKB_ERR_IO;
}

int
cmd_run(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "dry-run", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct run_opts ro = { NULL };
	struct run_lock *lock = NULL;
	struct stat sb;
	int64_t mark = 0;
	int c, rc, first = LKB_OK;

	while ((c = getopt_long(argc, argv, "n:h", opts, NULL)) != -1) {
		switch (c) {
		case 'n':
			ro.dry_run_dir = optarg;
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
	if (optind != argc) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	if (ro.dry_run_dir &&
	    (stat(ro.dry_run_dir, &sb) != 0 || !S_ISDIR(sb.st_mode))) {
		lkb_error("--dry-run: '%s' is not a directory", ro.dry_run_dir);
		return EXIT_USAGE;
	}
	signal(SIGPIPE, SIG_IGN);
	rc = run_lock_enter(ctx, &lock);
	if (rc <= 0)
		return ctx_exit_code(rc);
	/* the summary names this run's skips, not an earlier run's */
	if (store_skips_last(ctx->st, &mark) != LKB_OK)
		mark = INT64_MAX;
	ro.end = time(NULL) + ctx->set->bot.run_deadline;
	for (size_t i = 0; i < LKB_ARRAY_SIZE(stages); i++) {
		if (time(NULL) >= ro.end) {
			lkb_warn("run: past its deadline of %ld s ([bot] "
				 "run_deadline): stage %s and those after it "
				 "wait for the next run",
				 ctx->set->bot.run_deadline, stages[i].name);
			if (first == LKB_OK)
				first = LKB_ERR_NET;
			break;
		}
		lkb_info("run: stage %s", stages[i].name);
		rc = stages[i].fn(ctx, &ro);
		if (rc == LKB_OK)
			continue;
		lkb_error("run: stage %s failed: %s", stages[i].name,
			  lkb_status_str(rc));
		if (first == LKB_OK)
			first = rc;
		if (is_fatal(rc))
			break;
	}
	print_skips(ctx, mark);
	run_lock_release(lock);
	return ctx_exit_code(first);
}
