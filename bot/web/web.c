/* web.c - `lkpbot web`: collect, then write every page (web.h). */
#include "config.h"
#include "bot/web/web.h"

#include <stdlib.h>
#include <string.h>

#include "bot/compare/stat_rules.h"
#include "bot/report/bucket.h"
#include "bot/web/html.h"
#include "bot/web/web-internal.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "state/store.h"
#include "state/store_report.h"

static char *
dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static int
add_report(const struct store_report_row *row, void *arg)
{
	struct web *w = arg;
	const struct report_bucket_facts *f;
	const struct report_group_member *self;
	struct web_report *r;

	ALLOC_GROW(w->rep, w->nrep + 1, w->arep);
	r = &w->rep[w->nrep++];
	memset(r, 0, sizeof(*r));
	r->id = row->id;
	r->date = row->date;
	r->last = row->date;
	r->subject = xstrdup(row->subject ? row->subject : "");
	/* a build report of warnings only is no build error */
	r->kind = xstrdup(row->kind && !strcmp(row->kind, "build-error") &&
			  row->subkind && !strcmp(row->subkind, "warning")
			  ? "build-warning" : row->kind ? row->kind : "");
	r->duplicate_of = row->duplicate_of;
	r->state = xstrdup(row->state ? row->state : "open");
	r->close_reason = dup_or_null(row->close_reason);
	r->unverified = dup_or_null(row->unverified);
	r->tree = dup_or_null(row->tree);
	r->branch = dup_or_null(row->branch);
	r->testcase = dup_or_null(row->testcase);
	r->metric = dup_or_null(row->metric);
	r->verdict = dup_or_null(row->verdict);
	r->sha = dup_or_null(row->commit_sha);
	r->message_id = dup_or_null(row->message_id);
	r->prefix = dup_or_null(row->prefix);
	r->subsystem = web_subsystem(row->prefix, row->subject, row->tree,
				     &r->subsystem_from);
	r->pct = row->change_pct;
	r->has_pct = row->has_change;
	r->bucket = report_buckets_get(w->buckets, row->id, row->kind,
				       row->state, row->date);
	r->review = report_buckets_in(w->buckets, row->id, row->kind,
				      row->state, row->date, BUCKET_REVIEW);
	r->group = report_groups_find(w->groups, row->id, &self);
	f = report_buckets_facts(w->buckets, row->id);
	r->who = f ? f->who : NULL;
	r->since = f ? f->last_change : -1;
	r->last = report_buckets_last(w->buckets, row->id, row->date);
	r->last_mid = f && f->last_mid && f->last_mail == r->last
		      ? f->last_mid : NULL;
	if (row->date > w->newest)
		w->newest = row->date;
	return 0;
}

static int
add_answer(const struct store_outbox_row *row, void *arg)
{
	struct web *w = arg;
	struct web_answer *a;

	ALLOC_GROW(w->ans, w->nans + 1, w->aans);
	a = &w->ans[w->nans++];
	memset(a, 0, sizeof(*a));
	a->id = row->id;
	a->report_id = row->report_id;
	a->created = row->created_at;
	a->state = row->state;
	a->kind = xstrdup(row->kind ? row->kind : "");
	a->request_id = dup_or_null(row->request_id);
	a->subject = xstrdup(row->subject ? row->subject : "");
	return 0;
}

static void
web_release(struct web *w)
{
	for (size_t i = 0; i < w->nrep; i++) {
		struct web_report *r = &w->rep[i];

		free(r->subject);
		free(r->kind);
		free(r->state);
		free(r->close_reason);
		free(r->unverified);
		free(r->tree);
		free(r->branch);
		free(r->testcase);
		free(r->metric);
		free(r->verdict);
		free(r->sha);
		free(r->message_id);
		free(r->prefix);
		free(r->subsystem);
		free(r->author);
	}
	free(w->rep);
	free(w->byid);
	report_buckets_free(w->buckets);
	report_groups_free(w->groups);
	for (size_t i = 0; i < w->nchg; i++) {
		free(w->chg[i].from);
		free(w->chg[i].to);
		free(w->chg[i].reason);
		free(w->chg[i].cause);
	}
	free(w->chg);
	for (size_t i = 0; i < w->nans; i++) {
		free(w->ans[i].kind);
		free(w->ans[i].request_id);
		free(w->ans[i].subject);
		free(w->ans[i].page);
	}
	free(w->ans);
	store_request_list_free(w->req, w->nreq);
	for (size_t i = 0; i < w->nrules; i++) {
		free(w->rules[i].testcase);
		compare_rules_free(w->rules[i].r);
	}
	free(w->rules);
}

/* The id index, and the folds: the reports of one group, kind and
 * bucket share one (report_group_fold, as the digest's). */
static void
index_and_fold(struct web *w)
{
	const struct report_group_member *self;

	web_index_ids(w);
	for (size_t i = 0; i < w->nrep; i++)
		if (report_groups_find(w->groups, w->rep[i].id, &self))
			w->rep[i].fold = report_group_fold(w->rep[i].group,
							   self, w->buckets);
}

static int
put_css(struct web *w)
{
	return site_put(&w->site, "style.css", html_css, strlen(html_css));
}

/* The site's URL goes into the feed as it is: http(s), no blank, no
 * quote or angle bracket. */
static int
url_ok(const char *url)
{
	if (strncmp(url, "https://", 8) && strncmp(url, "http://", 7))
		return 0;
	for (const char *p = url; *p; p++)
		if ((unsigned char)*p <= ' ' || (unsigned char)*p >= 0x7f ||
		    strchr("\"'<>\\^`{|}", *p))
			return 0;
	return 1;
}

int
web_build(struct store *st, const struct web_opts *opts,
	  struct web_summary *out)
{
	struct store_report_filter f = { 0 };
	struct web w;
	int rc;

	memset(&w, 0, sizeof(w));
	memset(out, 0, sizeof(*out));
	w.st = st;
	w.o = opts;
	w.newest = -1;
	if (opts->url && !url_ok(opts->url)) {
		lkb_error("web: '%s' is no site URL (http:// or https://, "
			  "no blanks or quotes)", opts->url);
		return LKB_ERR_USAGE;
	}
	if ((opts->lore_url && !url_ok(opts->lore_url)) ||
	    (opts->commit_url && !url_ok(opts->commit_url))) {
		lkb_error("web: [web] lore_url '%s' or commit_url '%s' is no "
			  "plain http(s) URL (no blanks or quotes)",
			  opts->lore_url ? opts->lore_url : "-",
			  opts->commit_url ? opts->commit_url : "-");
		return LKB_ERR_USAGE;
	}
	if ((rc = site_open(&w.site, opts->out)) != LKB_OK)
		return rc;
	if ((rc = store_begin_read(st)) != LKB_OK)
		return rc;
	rc = report_buckets_load(st, opts->stale_days, &w.buckets);
	/* ages count to the day the buckets count to */
	w.newest = report_buckets_now(w.buckets);
	if (!rc)
		rc = report_groups_load(st, &w.groups);
	if (!rc)
		rc = store_report_list(st, &f, add_report, &w);
	if (!rc)
		index_and_fold(&w);
	if (!rc)
		rc = store_outbox_foreach(st, -1, add_answer, &w);
	if (!rc)
		rc = store_request_list(st, REQ_STATE_ANY, LKB_MAX_WEB_REQUESTS,
					&w.req, &w.nreq);
	if (!rc)
		rc = put_css(&w);
	if (!rc)
		rc = web_series_pages(&w);
	for (size_t i = 0; i < w.nrep && !rc; i++)
		rc = web_report_page(&w, &w.rep[i]);
	if (!rc)
		rc = web_index_pages(&w);
	if (!rc)
		rc = web_feed(&w);
	store_rollback(st);
	out->written = w.site.written;
	out->unchanged = w.site.unchanged;
	out->reports = w.nrep;
	out->series = w.nseries;
	out->changes = w.nchg;
	web_release(&w);
	return rc;
}
