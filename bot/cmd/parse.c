/* parse.c - `lkpbot parse FILE|-`: one mail or pasted report text,
 * parsed and printed, nothing stored; and `lkpbot reparse`: the stored
 * raw mail of every report run through the current parser again. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bot/cmd/commands.h"
#include "bot/core/json_out.h"
#include "bot/ingest/classify.h"
#include "bot/report/json.h"
#include "bot/report/stored.h"
#include "lib/arena.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/lkp_report.h"
#include "parsers/message.h"
#include "state/store.h"
#include "state/store_report.h"

static const char *const parse_usage[] = {
	"lkpbot parse [--json] FILE|-   (a mail, or report text pasted from "
	"an archive or a reply)",
	NULL,
};
static const char *const reparse_usage[] = {
	"lkpbot reparse",
	NULL,
};

static int
read_input(const char *path, struct strbuf *sb)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	char buf[65536];
	size_t n;
	int rc = LKB_OK;

	if (!f)
		return lkb_error_errno("cannot open '%s'", path), LKB_ERR_IO;
	while (rc == LKB_OK && (n = fread(buf, 1, sizeof(buf), f)) > 0) {
		strbuf_add(sb, buf, n);
		if (strbuf_status(sb) != LKB_OK) {
			lkb_error("'%s' is larger than %u bytes "
				  "(LKB_MAX_MESSAGE_BYTES)", path,
				  LKB_MAX_MESSAGE_BYTES);
			rc = LKB_ERR_TOO_BIG;
		}
	}
	if (rc == LKB_OK && ferror(f)) {
		lkb_error_errno("cannot read '%s'", path);
		rc = LKB_ERR_IO;
	}
	if (f != stdin)
		fclose(f);
	return rc;
}

/* A mail from the robot, else report text anywhere in it (quoted in a
 * reply, scraped from an archive page). */
static int
parse_any(struct arena *a, const char *raw, size_t len,
	  struct lkp_report **r_out)
{
	struct message *m = NULL;
	int rc = message_parse(raw, len, &m);

	*r_out = NULL;
	if (rc != LKB_OK)
		return rc;
	if (m->quality != MSG_REJECTED && classify_is_robot(m)) {
		rc = report_parse_mail(a, m, r_out);
		if (rc != 0) {
			message_free(m);
			return rc;
		}
	}
	if (m->quality != MSG_REJECTED && m->body_len)
		rc = lkp_report_parse_text(a, m->body, m->body_len, 0, r_out);
	else
		rc = lkp_report_parse_text(a, raw, len, 0, r_out);
	message_free(m);
	return rc;
}

static void
print_summary(const struct lkp_report *r)
{
	printf("kind       %s\n", lkp_kind_name(r->kind));
	if (r->commit_sha)
		printf("commit     %s%s%s%s\n", r->commit_sha,
		       r->commit_subject ? " (\"" : "",
		       r->commit_subject ? r->commit_subject : "",
		       r->commit_subject ? "\")" : "");
	if (r->headline_metric)
		printf("headline   %s %s\n", r->headline_metric,
		       r->headline_verdict ? r->headline_verdict : "");
	if (r->testcase)
		printf("testcase   %s\n", r->testcase);
	printf("params     %zu\n", r->nparams);
	for (size_t i = 0; i < r->ncomparisons; i++)
		printf("comparison #%zu: %zu columns, %zu metric rows, %zu "
		       "failure rows\n", i + 1, r->comparisons[i].ncolumns,
		       r->comparisons[i].nmetrics,
		       r->comparisons[i].nfailures);
	for (size_t i = 0; i < r->nwarnings; i++)
		printf("warning    %s\n", r->warnings[i]);
}

int
cmd_parse(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct arena a = ARENA_INIT;
	struct lkp_report *r = NULL;
	struct strbuf in;
	char *json;
	int c, rc, as_json = 0;

	(void)ctx;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'j': as_json = 1; break;
		case 'h': cmd_usage(stdout, parse_usage); return EXIT_OK;
		default: cmd_usage(stderr, parse_usage); return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		cmd_usage(stderr, parse_usage);
		return EXIT_USAGE;
	}
	strbuf_init_capped(&in, LKB_MAX_MESSAGE_BYTES);
	rc = read_input(argv[optind], &in);
	if (rc == LKB_OK)
		rc = parse_any(&a, in.buf, in.len, &r);
	if (rc == 0 || (rc == 1 && !r)) {
		lkb_error("%s: no LKP report found", argv[optind]);
		rc = LKB_ERR_NOT_FOUND;
	} else if (rc == 1 && as_json) {
		json = report_json_dump(r, 0);
		if (json)
			printf("%s\n", json);
		free(json);
		rc = LKB_OK;
	} else if (rc == 1) {
		print_summary(r);
		rc = LKB_OK;
	}
	arena_release(&a);
	strbuf_release(&in);
	return ctx_exit_code(rc);
}

struct reparse {
	struct store *st;
	int64_t *ids;
	size_t n, alloc;
};

static int
collect(const struct store_msg *m, void *arg)
{
	struct reparse *rp = arg;

	if (!m->has_raw || !m->is_robot)
		return 0;
	if (rp->n == rp->alloc) {
		size_t na = rp->alloc ? rp->alloc * 2 : 64;
		int64_t *ids = realloc(rp->ids, na * sizeof(*ids));

		if (!ids)
			return 1;
		rp->ids = ids;
		rp->alloc = na;
	}
	rp->ids[rp->n++] = m->id;
	return 0;
}

static int
reparse_one(struct store *st, int64_t id, unsigned *reports)
{
	struct arena a = ARENA_INIT;
	struct message *m = NULL;
	struct lkp_report *r = NULL;
	char *raw = NULL;
	size_t len;
	int rc = store_message_raw(st, id, &raw, &len);

	if (rc <= 0)
		goto out;
	/* as ingest_job_new parses it (report_stored_json too) */
	if ((rc = message_parse_flags(raw, len, MESSAGE_USED_FIELDS, &m)) !=
	    LKB_OK || !m) {
		rc = LKB_OK;	/* still unparsable: nothing to redo */
		goto out;
	}
	rc = report_parse_mail(&a, m, &r);
	if (rc == 1 && r) {
		rc = store_report_reparse(st, id, r, NULL, NULL);
		if (rc == LKB_OK)
			(*reports)++;
	} else if (rc >= 0) {
		rc = LKB_OK;
	}
out:
	free(raw);
	message_free(m);
	arena_release(&a);
	return rc;
}

int
cmd_reparse(int argc, char **argv, struct bot_ctx *ctx)
{
	struct reparse rp = { ctx->st, NULL, 0, 0 };
	unsigned reports = 0;
	int c, rc;

	while ((c = getopt(argc, argv, "h")) != -1) {
		if (c == 'h') {
			cmd_usage(stdout, reparse_usage);
			return EXIT_OK;
		}
		cmd_usage(stderr, reparse_usage);
		return EXIT_USAGE;
	}
	if (optind != argc) {
		cmd_usage(stderr, reparse_usage);
		return EXIT_USAGE;
	}
	rc = store_message_foreach(ctx->st, 0, collect, &rp);
	for (size_t i = 0; i < rp.n && rc == LKB_OK; i++)
		rc = reparse_one(ctx->st, rp.ids[i], &reports);
	free(rp.ids);
	if (rc == LKB_OK && ctx->verbose >= 0)
		printf("reparsed %zu robot messages: %u reports\n", rp.n,
		       reports);
	return ctx_exit_code(rc);
}
