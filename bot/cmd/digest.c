/* digest.c - `lkpbot digest`: the open reports, largest regression
 * first, numbered, as one mail (for a weekly cron line) or on stdout. */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot/cmd/commands.h"
#include "bot/core/settings.h"
#include "bot/outbox/outbox.h"
#include "bot/report/bucket.h"
#include "bot/report/group.h"
#include "bot/report/noise.h"
#include "bot/report/undone.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/conf.h"
#include "state/store.h"
#include "state/store_report.h"
#include "state/store_triage.h"
#include "parsers/reply.h"
#include "templates/render.h"
#include "templates/tpl_set.h"
#include "templates/tvalue.h"

static const char *const usage[] = {
	"lkpbot digest [--to ADDR] [--print]   (ADDR default: [bot] digest_to)",
	NULL,
};

struct drow {
	long long id;
	char *state, *subject, *sha, *kind;
	const char *bucket;	/* its bucket's title (static, bucket.h) */
	char *group;	/* "with reports 5, 7 (same commit)", or NULL */
	double pct;
	int has_pct;
	enum noise_level noise;	/* the headline against its noise */
};

struct dlist {
	struct drow *v;
	size_t n, alloc;
	unsigned closed, stale, info;
	size_t nopen;		/* open reports, grouped ones each counted */
	struct report_groups *groups;
	struct report_buckets *buckets;
	struct tvalue *proposals;
	struct tvalue *review;	/* the review queue's events */
	size_t nreview;
	struct report_noise_headline *noise;	/* in id order */
	size_t nnoise;
};

/* The reports of one group, kind and bucket are listed once, as their
 * fold's first member (report_group_fold, as on the site), which names
 * the others: 1 when r is such another member (skip it). */
static int
grouped_away(struct dlist *l, const struct store_report_row *r,
	     char **group_out)
{
	const struct report_group_member *self;
	const struct report_group *gr = report_groups_find(l->groups, r->id,
							   &self);
	struct strbuf sb = STRBUF_INIT;
	unsigned why = 0;
	char text[80];

	*group_out = NULL;
	if (!gr)
		return 0;
	if (report_group_fold(gr, self, l->buckets) != r->id)
		return 1;	/* an earlier member of its fold leads */
	for (size_t i = 0; i < gr->n; i++) {
		if (gr->m[i].id == r->id ||
		    report_group_fold(gr, &gr->m[i], l->buckets) != r->id)
			continue;
		why |= gr->m[i].why;
		strbuf_addf(&sb, "%s%lld", sb.len ? ", " : "",
			    (long long)gr->m[i].id);
	}
	if (sb.len) {
		report_group_why(why | self->why, text, sizeof(text));
		*group_out = xasprintf("with report%s %s (%s)",
				       strchr(sb.buf, ',') ? "s" : "", sb.buf,
				       text);
	}
	strbuf_release(&sb);
	return 0;
}

static int
collect(const struct store_report_row *r, void *arg)
{
	struct dlist *l = arg;
	struct drow *d;

	char *group;
	enum report_bucket b = report_buckets_get(l->buckets, r->id, r->kind,
						  r->state, r->date);

	/* the buckets of the site and of `lkpbot list` (bucket.h) */
	if (b == BUCKET_RESOLVED || b == BUCKET_CLOSED) {
		l->closed++;
		return 0;
	}
	if (b == BUCKET_INFO || b == BUCKET_STALE) {
		*(b == BUCKET_INFO ? &l->info : &l->stale) += 1;
		return 0;
	}
	l->nopen++;
	if (grouped_away(l, r, &group))
		return 0;
	ALLOC_GROW(l->v, l->n + 1, l->alloc);
	d = &l->v[l->n++];
	d->group = group;
	d->bucket = report_bucket_title(b);
	d->id = (long long)r->id;
	d->state = xstrdup(r->state ? r->state : "open");
	d->subject = xstrdup(r->subject ? r->subject : "");
	d->sha = r->commit_sha ? xstrdup(r->commit_sha) : NULL;
	d->kind = xstrdup(r->kind ? r->kind : "");
	d->pct = r->change_pct;
	d->has_pct = r->has_change;
	d->noise = report_noise_headline_find(l->noise, l->nnoise, r->id);
	return 0;
}

/* How bad: perf regressions by size, then functional and build
 * breakage, then the rest (improvements last). */
static double
badness(const struct drow *d)
{
	if (!strcmp(d->kind, "perf-regression"))
		return 1000.0 + (d->has_pct ? fabs(d->pct) : 0.0);
	if (!strcmp(d->kind, "functional") || !strcmp(d->kind, "build-error") ||
	    !strcmp(d->kind, "build-regression"))
		return 500.0;
	return d->has_pct ? -fabs(d->pct) / 1e6 : 0.0;
}

static int
cmp_rows(const void *a, const void *b)
{
	double x = badness(a), y = badness(b);

	if (x != y)
		return x > y ? -1 : 1;
	return ((const struct drow *)a)->id < ((const struct drow *)b)->id
		       ? -1 : 1;
}

static int
add_proposal(const struct report_proposal *p, void *arg)
{
	struct tvalue *o = tvalue_new_map();

	tvalue_map_set_str(o, "text", p->text);
	tvalue_map_set_str(o, "command", p->cli);
	tvalue_map_set_str(o, "mail", p->mail);
	tvalue_list_push(arg, o);
	return 0;
}

/* The digest lists at most this many events to review (the rest:
 * lkpbot review). */
#define DIGEST_MAX_REVIEW 50

/* An event of the review queue, with the commands that decide it. */
static int
add_review(const struct store_review_row *r, void *arg)
{
	struct dlist *l = arg;
	struct tvalue *o;
	char buf[96];

	if (l->nreview++ >= DIGEST_MAX_REVIEW)
		return 0;
	o = tvalue_new_map();
	snprintf(buf, sizeof(buf), "%lld", (long long)r->id);
	tvalue_map_set_str(o, "id", buf);
	snprintf(buf, sizeof(buf), "%lld", (long long)r->report_id);
	tvalue_map_set_str(o, "report", buf);
	tvalue_map_set_str(o, "type", r->type ? r->type : "");
	snprintf(buf, sizeof(buf), "%.2f %s", r->confidence,
		 reply_confidence_level(r->confidence));
	tvalue_map_set_str(o, "confidence", buf);
	tvalue_map_set_str(o, "why", r->source ? r->source : "");
	tvalue_map_set_str(o, "author", r->author ? r->author : "");
	tvalue_map_set_str(o, "evidence", r->evidence ? r->evidence : "");
	snprintf(buf, sizeof(buf), "lkpbot review --accept %lld",
		 (long long)r->id);
	tvalue_map_set_str(o, "accept", buf);
	snprintf(buf, sizeof(buf), "lkpbot review --reject %lld",
		 (long long)r->id);
	tvalue_map_set_str(o, "reject", buf);
	snprintf(buf, sizeof(buf), "#lkp accept %lld", (long long)r->id);
	tvalue_map_set_str(o, "accept_mail", buf);
	snprintf(buf, sizeof(buf), "#lkp reject %lld", (long long)r->id);
	tvalue_map_set_str(o, "reject_mail", buf);
	tvalue_list_push(l->review, o);
	return 0;
}

static struct tvalue *
digest_data(struct dlist *l)
{
	struct tvalue *d = tvalue_new_map(), *list = tvalue_new_list();
	char buf[64], period[64], nr[160];
	time_t now = time(NULL);
	struct tm tm;

	for (size_t i = 0; i < l->n; i++) {
		struct tvalue *r = tvalue_new_map(), *commits = tvalue_new_list();

		snprintf(buf, sizeof(buf), "%zu", i + 1);
		tvalue_map_set_str(r, "rank", buf);
		snprintf(buf, sizeof(buf), "%lld", l->v[i].id);
		tvalue_map_set_str(r, "id", buf);
		tvalue_map_set_str(r, "state", l->v[i].state);
		tvalue_map_set_str(r, "bucket", l->v[i].bucket);
		if (l->v[i].has_pct)
			snprintf(buf, sizeof(buf), "%+.1f%%", l->v[i].pct);
		else
			buf[0] = '\0';
		tvalue_map_set_str(r, "change", buf);
		tvalue_map_set_str(r, "noise", l->v[i].noise == NOISE_UNKNOWN ? ""
				   : noise_level_name(l->v[i].noise));
		tvalue_map_set_str(r, "subject", l->v[i].subject);
		if (l->v[i].sha) {
			struct tvalue *c = tvalue_new_map();

			tvalue_map_set_str(c, "sha", l->v[i].sha);
			tvalue_map_set_str(c, "title", "");
			tvalue_list_push(commits, c);
		}
		tvalue_map_set(r, "commits", commits);
		tvalue_map_set_str(r, "group",
				   l->v[i].group ? l->v[i].group : "");
		tvalue_list_push(list, r);
	}
	period[0] = '\0';
	if (gmtime_r(&now, &tm))
		strftime(period, sizeof(period), "as of %Y-%m-%d", &tm);
	tvalue_map_set_str(d, "period", period);
	tvalue_map_set(d, "reports", list);
	if (l->nopen != l->n)
		snprintf(nr, sizeof(nr), "%zu open (%zu listed: siblings "
			 "once), %u closed, %u stale, %u informational",
			 l->nopen, l->n, l->closed, l->stale, l->info);
	else
		snprintf(nr, sizeof(nr), "%zu open, %u closed, %u stale, %u "
			 "informational", l->n, l->closed, l->stale, l->info);
	tvalue_map_set_str(d, "totals", nr);
	tvalue_map_set(d, "proposals",
		       l->proposals ? l->proposals : tvalue_new_list());
	l->proposals = NULL;
	nr[0] = '\0';
	if (l->nreview > DIGEST_MAX_REVIEW)
		snprintf(nr, sizeof(nr), "%zu, the first %d here; lkpbot "
			 "review lists all", l->nreview, DIGEST_MAX_REVIEW);
	else if (l->nreview)
		snprintf(nr, sizeof(nr), "%zu", l->nreview);
	tvalue_map_set_str(d, "needs_review", nr);
	tvalue_map_set(d, "review", l->review ? l->review : tvalue_new_list());
	l->review = NULL;
	tvalue_map_set_str(d, "method", "the reports in the lkpbot database "
			   "that need attention, are being worked on or wait "
			   "for the robot (lkpbot list --bucket); not stale, "
			   "closed or informational");
	tvalue_map_set_str(d, "again", "lkpbot digest");
	tvalue_map_set_str(d, "version", PACKAGE_VERSION);
	return d;
}

static int
send_digest(struct bot_ctx *ctx, struct tpl_set *set,
	    const struct tvalue *data, const char *to, size_t nopen)
{
	struct outbox_mail om = { 0 };
	char reqid[32], subject[96];
	time_t now = time(NULL);
	struct tm tm;
	int64_t id;
	int rc, is_new;

	if (!gmtime_r(&now, &tm))
		return LKB_ERR;
	strftime(reqid, sizeof(reqid), "%Y-%m-%d", &tm);
	snprintf(subject, sizeof(subject), "lkpbot digest: %zu open LKP "
		 "reports", nopen);
	om.template = "digest";
	om.data = data;
	om.kind = "digest";
	om.request_id = reqid;	/* one digest a day, however often run */
	om.to.addr = to;
	om.subject = subject;
	if ((rc = store_begin_write(ctx->st)) != LKB_OK)
		return rc;
	rc = outbox_enqueue_mail(ctx->st, ctx->set, set, &om, &id, &is_new);
	if (rc != LKB_OK) {
		store_rollback(ctx->st);
		return rc;
	}
	if ((rc = store_commit(ctx->st)) == LKB_OK && ctx->verbose >= 0)
		printf(is_new ? "digest queued as outbox row %lld; "
				"'lkpbot send' delivers it\n"
			      : "today's digest is already in the outbox "
				"(row %lld)\n", (long long)id);
	return rc;
}

int
cmd_digest(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "to", required_argument, NULL, 't' },
		{ "print", no_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct store_report_filter f = { 0 };
	struct dlist l = { 0 };
	struct tpl_set *set = NULL;
	struct tvalue *data = NULL;
	struct strbuf out = STRBUF_INIT;
	const char *to = NULL;
	int c, rc, print = 0;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 't': to = optarg; break;
		case 'p': print = 1; break;
		case 'h': cmd_usage(stdout, usage); return EXIT_OK;
		default: cmd_usage(stderr, usage); return EXIT_USAGE;
		}
	}
	if (optind != argc) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	if (!to)
		to = ctx->set->bot.digest_to;
	if (!print && (!to || !strchr(to, '@'))) {
		lkb_error("no recipient: give --to ADDR or set [bot] digest_to "
			  "(or --print)");
		return EXIT_CONFIG;
	}
	if ((rc = report_groups_load(ctx->st, &l.groups)) != LKB_OK ||
	    (rc = report_noise_headlines(ctx->st, &l.noise, &l.nnoise)) ||
	    (rc = report_buckets_load(ctx->st, ctx->set->web.stale_days,
				      &l.buckets)) != LKB_OK)
		goto out;
	l.proposals = tvalue_new_list();
	rc = report_group_proposals(ctx->st, l.groups, 0, add_proposal,
				    l.proposals);
	if (rc == LKB_OK)
		rc = report_undone_proposals(ctx->st, 0, add_proposal,
					     l.proposals);
	l.review = tvalue_new_list();
	if (rc == LKB_OK)
		rc = store_review_foreach(ctx->st, 0, 0, add_review, &l);
	if (rc != LKB_OK)
		goto out;
	rc = store_report_list(ctx->st, &f, collect, &l);
	if (rc != LKB_OK)
		goto out;
	if (l.n > 1)
		qsort(l.v, l.n, sizeof(*l.v), cmp_rows);
	data = digest_data(&l);
	set = outbox_templates(ctx->set);
	if (print) {
		struct strbuf err = STRBUF_INIT;

		strbuf_init_capped(&out, 4u << 20);
		rc = render_named(set, "digest", data, &out, &err);
		if (rc == LKB_OK)
			fwrite(out.buf, 1, out.len, stdout);
		else
			lkb_error("cannot render the digest: %s", err.buf);
		strbuf_release(&err);
	} else {
		rc = send_digest(ctx, set, data, to, l.n);
	}
out:
	for (size_t i = 0; i < l.n; i++) {
		free(l.v[i].state);
		free(l.v[i].subject);
		free(l.v[i].sha);
		free(l.v[i].kind);
		free(l.v[i].group);
	}
	free(l.v);
	free(l.noise);
	report_groups_free(l.groups);
	report_buckets_free(l.buckets);
	tvalue_free(l.proposals);
	tvalue_free(l.review);
	tvalue_free(data);
	tpl_set_free(set);
	strbuf_release(&out);
	return ctx_exit_code(rc);
}
