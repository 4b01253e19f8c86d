/* web_report.c - one page per report (web.h): facts, charts, tables,
 * the thread as a timeline, the state history, requests and answers. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/report/fields.h"
#include "bot/report/stored.h"
#include "bot/web/html.h"
#include "bot/web/web-internal.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "parsers/lkp_report.h"
#include "parsers/message.h"
#include "state/store.h"
#include "state/store_triage.h"

/* What one page is being built from. */
struct page {
	struct web *w;
	struct web_report *wr;
	struct store_report_brief b;
	struct strbuf *sb;
	struct strbuf msg;	/* the current message's events/commands */
	size_t nhist;
	size_t nmsg;		/* thread messages seen */
	size_t max_msg;		/* shown at most ([web] max_thread) */
	int rc;
};

/* Activity at t: the report's last activity; a mail's date also moves
 * the newest mail date ages are counted to (the times lkpbot itself
 * wrote, of state changes and answers, do not: they are the clock's). */
static void
seen(struct page *p, int64_t t, int mail)
{
	if (t > p->wr->last)
		p->wr->last = t;
	if (mail && t > p->w->newest)
		p->w->newest = t;
}

static int
fact(struct strbuf *sb, const char *label, const char *v)
{
	int rc;

	if (!v || !*v)
		return LKB_OK;
	strbuf_addf(sb, "<dt>%s</dt><dd>", label);
	rc = html_escs(sb, v);
	strbuf_adds(sb, "</dd>\n");
	return rc;
}

/* An outside link: only http(s), shown as its text. */
static int
fact_link(struct strbuf *sb, const char *label, const char *url)
{
	int rc;

	if (!url || strpbrk(url, " \t\n") ||
	    (strncmp(url, "https://", 8) && strncmp(url, "http://", 7)))
		return fact(sb, label, url);
	strbuf_addf(sb, "<dt>%s</dt><dd><a href=\"", label);
	rc = html_escs(sb, url);
	strbuf_adds(sb, "\">");
	rc |= html_escs(sb, url);
	strbuf_adds(sb, "</a></dd>\n");
	return rc;
}

/* The commit, linked, with its subject. */
static int
fact_commit(struct web *w, struct strbuf *sb, const char *label,
	    const struct lkp_report *r)
{
	int rc;

	if (!r->commit_sha)
		return LKB_OK;
	strbuf_addf(sb, "<dt>%s</dt><dd>", label);
	rc = web_commit_link(w, sb, r->commit_sha);
	if (r->commit_subject) {
		strbuf_adds(sb, " (");
		rc |= html_escs(sb, r->commit_subject);
		strbuf_adds(sb, ")");
	}
	strbuf_adds(sb, "</dd>\n");
	return rc;
}

/* The headline's metric, change and verdict in t. */
static int
headline_text(struct strbuf *t, const struct lkp_report *r)
{
	int rc;

	if (!r->headline_metric)
		return LKB_OK;
	strbuf_adds(t, r->headline_metric);
	if (r->headline_change_pct.kind != LKP_NUM_NONE)
		strbuf_addf(t, " %+.1f%%", r->headline_change_pct.v);
	if (r->headline_verdict)
		strbuf_addf(t, " %s", r->headline_verdict);
	return rc;
}

/* The parameters in t, key=value, a blank between. */
static int
params_text(struct strbuf *t, const struct lkp_report *r)
{
	for (size_t i = 0; i < r->nparams; i++)
		strbuf_addf(t, "%s%s=%s", i ? " " : "",
			    r->params[i].key ? r->params[i].key : "",
			    r->params[i].value ? r->params[i].value : "");
	return LKB_OK;
}

/* One row of report_fields (bot/report/fields.h) the page shows. */
static int
fact_field(struct web *w, struct strbuf *sb, const struct report_field *f,
	   const struct lkp_report *r)
{
	struct strbuf t = STRBUF_INIT;
	int rc;

	switch (f->view) {
	case REPORT_VIEW_COMMIT:
		return fact_commit(w, sb, f->web, r);
	case REPORT_VIEW_LINK:
		return fact_link(sb, f->web, report_field_text(r, f));
	case REPORT_VIEW_HEADLINE:
	case REPORT_VIEW_PARAMS:
		rc = f->view == REPORT_VIEW_HEADLINE ? headline_text(&t, r)
						      : params_text(&t, r);
		rc |= fact(sb, f->web, t.buf);
		strbuf_release(&t);
		return rc;
	default:
		return fact(sb, f->web, report_field_text(r, f));
	}
}

static int
facts_parsed(struct web *w, struct strbuf *sb, const struct lkp_report *r)
{
	int rc = LKB_OK;

	for (size_t i = 0; i < report_nfields; i++)
		if (report_fields[i].web)
			rc |= fact_field(w, sb, &report_fields[i], r);
	return rc;
}

static int
add_related(const char *sha, const char *relation, void *arg)
{
	struct page *p = arg;
	struct strbuf t = STRBUF_INIT;

	strbuf_adds(p->sb, "<dt>Related commit</dt><dd>");
	p->rc |= web_commit_link(p->w, p->sb, sha);
	strbuf_addf(&t, " (%s)", relation ? relation : "related");
	p->rc |= html_escs(p->sb, t.buf);
	strbuf_adds(p->sb, "</dd>\n");
	strbuf_release(&t);
	return 0;
}

/* One linked report of a list; *n counts them, up to the limit. */
static int
report_link(struct strbuf *sb, int64_t id, const char *state, size_t *n)
{
	int rc = LKB_OK;

	if ((*n)++ >= LKB_MAX_WEB_SIBLINGS)
		return LKB_OK;
	strbuf_addf(sb, "%s<a href=\"report-%lld.html\">report %lld</a>",
		    *n > 1 ? ", " : "", (long long)id, (long long)id);
	if (state) {
		strbuf_adds(sb, " (");
		rc |= html_escs(sb, state);
		strbuf_adds(sb, ")");
	}
	return rc;
}

static int
more(struct strbuf *sb, size_t n)
{
	if (n <= LKB_MAX_WEB_SIBLINGS)
		return LKB_OK;
	strbuf_addf(sb, " and %zu more (LKB_MAX_WEB_SIBLINGS)",
		    n - LKB_MAX_WEB_SIBLINGS);
	return LKB_OK;
}

/* Its group (the same culprit or patch: lkpbot list --group) and the
 * reports closed as its duplicates, as links. */
static int
siblings(struct page *p)
{
	const struct report_group_member *self;
	const struct report_group *g = report_groups_find(p->w->groups,
							  p->wr->id, &self);
	struct strbuf *sb = p->sb;
	char why[80];
	size_t n = 0;
	int rc = LKB_OK;

	if (g) {
		report_group_why(self->why, why, sizeof(why));
		strbuf_addf(sb, "<dt>Siblings (%s)</dt><dd>", why);
		for (size_t i = 0; i < g->n; i++)
			if (g->m[i].id != p->wr->id)
				rc |= report_link(sb, g->m[i].id,
						  g->m[i].state, &n);
		rc |= more(sb, n);
		strbuf_adds(sb, "</dd>\n");
	}
	n = 0;
	for (size_t i = 0; i < p->w->nrep; i++) {
		if (p->w->rep[i].duplicate_of != p->wr->id)
			continue;
		if (!n)
			strbuf_adds(sb, "<dt>Its duplicates</dt><dd>");
		rc |= report_link(sb, p->w->rep[i].id, NULL, &n);
	}
	if (n) {
		rc |= more(sb, n);
		strbuf_adds(sb, "</dd>\n");
	}
	return rc;
}

static int
facts(struct page *p, const struct lkp_report *r)
{
	struct strbuf *sb = p->sb;
	struct web_report *wr = p->wr;
	struct strbuf t = STRBUF_INIT;
	int rc;

	strbuf_addf(sb, "<dl class=\"facts\">\n<dt>State</dt><dd "
		    "class=\"state\">");
	rc = html_escs(sb, wr->state);
	if (wr->close_reason) {
		strbuf_adds(sb, " (");
		rc |= html_escs(sb, wr->close_reason);
		strbuf_adds(sb, ")");
	}
	strbuf_adds(sb, "</dd>\n");
	rc |= html_around(sb, "<dt>Unverified</dt><dd class=\"unverified\">",
			  wr->unverified, "</dd>\n");
	if (p->b.duplicate_of)
		strbuf_addf(sb, "<dt>Duplicate of</dt><dd><a href=\""
			    "report-%lld.html\">report %lld</a></dd>\n",
			    (long long)p->b.duplicate_of,
			    (long long)p->b.duplicate_of);
	rc |= fact(sb, "Kind", wr->kind);
	if (wr->tree)
		strbuf_addf(&t, "%s%s%s", wr->tree, wr->branch ? ":" : "",
			    wr->branch ? wr->branch : "");
	rc |= fact(sb, "Tree", t.buf);
	strbuf_adds(sb, "<dt>Date</dt><dd>");
	rc |= html_date(sb, wr->date);
	strbuf_adds(sb, "</dd>\n");
	rc |= fact(sb, "Bucket", report_bucket_title(wr->bucket));
	rc |= fact(sb, "Last state change by", wr->who);
	rc |= fact(sb, "Author (first To:)", wr->author);
	strbuf_reset(&t);
	if (wr->subsystem)
		strbuf_addf(&t, "%s (from the %s)", wr->subsystem,
			    wr->subsystem_from);
	rc |= fact(sb, "Subsystem", t.buf);
	strbuf_reset(&t);
	rc |= fact(sb, "Message-ID", p->b.message_id);
	if (p->b.message_id) {
		strbuf_adds(sb, "<dt>On lore</dt><dd><a href=\"");
		rc |= web_lore_href(p->w, sb, p->b.message_id, "");
		strbuf_adds(sb, "\">the report</a>, <a href=\"");
		rc |= web_lore_href(p->w, sb, p->b.message_id, "T/");
		strbuf_adds(sb, "\">its thread</a></dd>\n");
	}
	rc |= siblings(p);
	if (r)
		rc |= facts_parsed(p->w, sb, r);
	else if (wr->sha) {
		strbuf_adds(sb, "<dt>Commit</dt><dd>");
		rc |= web_commit_link(p->w, sb, wr->sha);
		strbuf_adds(sb, "</dd>\n");
	}
	strbuf_release(&t);
	if (store_related_foreach(p->w->st, wr->id, add_related, p))
		rc |= LKB_ERR_DB;
	strbuf_adds(sb, "</dl>\n");
	return rc | p->rc;
}

/* text, at most LKB_MAX_WEB_BODY_BYTES of it, in a <pre> whose long
 * lines wrap. */
static int
pre_wrap(struct strbuf *sb, const char *text, size_t n)
{
	int rc = LKB_OK;

	strbuf_adds(sb, "<pre class=\"wrap\">");
	rc |= html_esc(sb, text, n > LKB_MAX_WEB_BODY_BYTES
				 ? LKB_MAX_WEB_BODY_BYTES : n);
	strbuf_adds(sb, "</pre>\n");
	if (n > LKB_MAX_WEB_BODY_BYTES)
		strbuf_addf(sb, "<p>(cut at %u bytes: LKB_MAX_WEB_BODY_"
			    "BYTES)</p>\n", LKB_MAX_WEB_BODY_BYTES);
	return rc;
}

/* What broke: a build report's error and warning lines (file:line as
 * the compiler printed them), a functional report's kernel log. */
static int
evidence(struct strbuf *sb, const struct lkp_report *r)
{
	struct strbuf t = STRBUF_INIT;
	int rc = LKB_OK;

	if (r->nbuild_errors) {
		for (size_t i = 0; i < r->nbuild_errors; i++)
			strbuf_addf(&t, "%s\n", r->build_errors[i]);
		strbuf_addf(sb, "<h2>Build errors and warnings (%zu)"
			    "</h2>\n", r->nbuild_errors);
		rc |= pre_wrap(sb, t.buf, t.len);
	}
	if (r->dmesg && *r->dmesg) {
		strbuf_adds(sb, "<h2>Kernel log</h2>\n");
		rc |= pre_wrap(sb, r->dmesg, strlen(r->dmesg));
	}
	strbuf_release(&t);
	return rc;
}

/* 1 when the line starts with 40 '=' (lkp's rule above a table). */
static int
rule_line(const char *p, size_t n)
{
	size_t i = 0;

	while (i < n && p[i] == '=')
		i++;
	return i >= 40;
}

static size_t
count_lines(const char *p, const char *end)
{
	size_t n = 0;

	for (; p < end; p++)
		n += *p == '\n';
	return n;
}

/* The comparison sections of the report text, as lkp printed them:
 * from the first "=====" rule to the signature. */
static int
tables(struct strbuf *sb, const struct message *m)
{
	const char *b = m->body, *end = m->body + m->body_len, *start = NULL;
	const char *p = b, *stop = end;
	int rc;

	for (; p < end; ) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t n = e ? (size_t)(e - p) : (size_t)(end - p);

		if (!start && n >= 40 && rule_line(p, n))
			start = p;
		else if (start && ((n == 3 && !memcmp(p, "-- ", 3)) ||
				   (n >= 11 && !memcmp(p, "Disclaimer:", 11)))) {
			stop = p;
			break;
		}
		p = e ? e + 1 : end;
	}
	if (!start)
		return LKB_OK;
	if ((size_t)(stop - start) > LKB_MAX_WEB_BODY_BYTES)
		stop = start + LKB_MAX_WEB_BODY_BYTES;
	strbuf_addf(sb, "<h2>Comparison tables</h2>\n<details><summary>"
		    "The tables as lkp printed them (%zu lines)"
		    "</summary>\n<pre>", count_lines(start, stop));
	rc = html_esc(sb, start, (size_t)(stop - start));
	strbuf_adds(sb, "</pre></details>\n");
	return rc;
}

/* An event of the review queue: its decision, or the commands that
 * decide it (as lkpbot review and the digest give them). */
static int
review_commands(struct strbuf *sb, const struct store_event_row *e)
{
	long long id = (long long)e->id;

	if (e->review == REVIEW_NONE)
		return 0;
	if (e->review != REVIEW_PENDING) {
		strbuf_addf(sb, " <small>review: %s</small>",
			    store_review_name(e->review));
		return LKB_OK;
	}
	strbuf_addf(sb, "<br><small class=\"review\">waits for review: "
		    "<code>lkpbot review --accept %lld</code> or "
		    "<code>#lkp accept %lld</code> in this thread; "
		    "<code>--reject</code>, <code>#lkp reject</code> "
		    "to leave it</small>", id, id);
	return LKB_OK;
}

static int
add_event(const struct store_event_row *e, void *arg)
{
	struct page *p = arg;
	struct strbuf *sb = &p->msg;

	strbuf_adds(sb, "<li><span class=\"event\">");
	p->rc |= html_escs(sb, e->type);
	strbuf_adds(sb, "</span> (");
	p->rc |= html_escs(sb, e->source);
	strbuf_adds(sb, ")");
	if (e->evidence) {
		strbuf_adds(sb, ": <q>");
		p->rc |= html_escs(sb, e->evidence);
		strbuf_adds(sb, "</q>");
	}
	if (e->sha) {
		strbuf_adds(sb, " commit ");
		p->rc |= html_escs(sb, e->sha);
	}
	p->rc |= review_commands(sb, e);
	strbuf_adds(sb, "</li>\n");
	return 0;
}

static int
add_command(const struct store_command_row *c, void *arg)
{
	struct page *p = arg;
	struct strbuf *sb = &p->msg;

	strbuf_adds(sb, "<li><code>#lkp ");
	p->rc |= html_escs(sb, c->verb);
	strbuf_adds(sb, " ");
	p->rc |= html_escs(sb, c->args);
	strbuf_adds(sb, "</code> &rarr; ");
	p->rc |= html_escs(sb, c->result);
	strbuf_adds(sb, c->allowed ? "" : " (refused)");
	strbuf_adds(sb, "</li>\n");
	return 0;
}

/* The mail's text, when its bytes were kept. */
static int
mail_body(struct page *p, const struct store_msg *m)
{
	struct strbuf *sb = p->sb;
	struct message *pm = NULL;
	char *raw = NULL;
	size_t len = 0;
	int rc;

	if (!m->has_raw)
		return LKB_OK;
	if ((rc = store_message_raw(p->w->st, m->id, &raw, &len)) <= 0)
		return rc;
	if (message_parse(raw, len, &pm) == LKB_OK && pm->body) {
		size_t n = pm->body_len;

		strbuf_adds(sb, "<details><summary>The mail</summary>\n"
			    "<pre class=\"wrap\">");
		rc = html_esc(sb, pm->body, n > LKB_MAX_WEB_BODY_BYTES
					     ? LKB_MAX_WEB_BODY_BYTES : n);
		strbuf_adds(sb, "</pre>");
		if (n > LKB_MAX_WEB_BODY_BYTES)
			strbuf_addf(sb, "<p>(cut at %u bytes)</p>",
				    LKB_MAX_WEB_BODY_BYTES);
		strbuf_adds(sb, "</details>\n");
	}
	message_free(pm);
	free(raw);
	return rc;
}

static int
add_message(const struct store_msg *m, void *arg)
{
	struct page *p = arg;
	struct strbuf *sb = p->sb;
	int rc;

	if (m->id != p->b.msg_id && m->date >= 0 && p->b.date >= 0 &&
	    m->date < p->b.date)
		return 0;
	seen(p, m->date, 1);
	if (p->nmsg++ >= p->max_msg)
		return 0;	/* counted, summarised after the list */
	strbuf_reset(&p->msg);
	/* an anchor of the Message-ID, the same after any rebuild */
	strbuf_addf(sb, "<li id=\"m-%016llx\"><p><b>",
		    (unsigned long long)web_msgid_hash(m->message_id));
	rc = html_date(sb, m->date);
	strbuf_adds(sb, "</b> ");
	rc |= html_escs(sb, m->from_name && *m->from_name ? m->from_name
							  : m->from_addr);
	strbuf_adds(sb, " &lt;");
	rc |= html_escs(sb, m->from_addr);
	strbuf_adds(sb, "&gt;<br>");
	rc |= html_escs(sb, m->subject);
	if (m->message_id && *m->message_id) {
		strbuf_adds(sb, " <a href=\"");
		rc |= web_lore_href(p->w, sb, m->message_id, "");
		strbuf_adds(sb, "\">on lore</a>");
	}
	strbuf_adds(sb, "</p>\n");
	if (store_event_foreach(p->w->st, p->wr->id, m->id, add_event, p) ||
	    store_command_foreach(p->w->st, m->id, add_command, p)) {
		p->rc = LKB_ERR_DB;
		return 1;
	}
	if (p->msg.len) {
		strbuf_adds(sb, "<ul>\n");
		strbuf_add(sb, p->msg.buf, p->msg.len);
		strbuf_adds(sb, "</ul>\n");
	}
	if (m->id != p->b.msg_id && (rc |= mail_body(p, m)) < 0) {
		p->rc = rc;
		return 1;
	}
	strbuf_adds(sb, "</li>\n");
	p->rc |= rc;
	return p->rc ? 1 : 0;
}

static int
add_history(const struct store_history_row *h, void *arg)
{
	struct page *p = arg;
	struct strbuf *sb = p->sb;
	struct web *w = p->w;
	struct web_change *c;

	seen(p, h->date, 0);
	if (!p->nhist++)
		strbuf_adds(sb, "<h2>State history</h2>\n<table>\n"
			    "<thead><tr><th>Date</th><th>Change</th>"
			    "<th>Why</th></tr></thead>\n<tbody>\n");
	strbuf_adds(sb, "<tr><td>");
	p->rc |= html_date(sb, h->date);
	strbuf_adds(sb, "</td><td>");
	p->rc |= html_escs(sb, h->from_state ? h->from_state : "new");
	strbuf_adds(sb, " &rarr; ");
	p->rc |= html_escs(sb, h->to_state);
	if (h->reason) {
		strbuf_adds(sb, " (");
		p->rc |= html_escs(sb, h->reason);
		strbuf_adds(sb, ")");
	}
	strbuf_adds(sb, "</td><td>");
	p->rc |= html_escs(sb, h->cause);
	strbuf_adds(sb, "</td></tr>\n");
	ALLOC_GROW(w->chg, w->nchg + 1, w->achg);
	c = &w->chg[w->nchg++];
	c->report_id = p->wr->id;
	c->date = h->date;
	c->idx = p->nhist;
	c->from = xstrdup(h->from_state ? h->from_state : "new");
	c->to = xstrdup(h->to_state ? h->to_state : "");
	c->reason = h->reason ? xstrdup(h->reason) : NULL;
	c->cause = h->cause ? xstrdup(h->cause) : NULL;
	return 0;
}

/* The answer page of request id, if any. */
static const char *
request_page(const struct web *w, int64_t id)
{
	char rid[40];

	snprintf(rid, sizeof(rid), "request-%lld", (long long)id);
	for (size_t i = 0; i < w->nans; i++)
		if (w->ans[i].page && w->ans[i].request_id &&
		    !strcmp(w->ans[i].request_id, rid))
			return w->ans[i].page;
	return NULL;
}

static int
requests(struct page *p)
{
	struct strbuf *sb = p->sb;
	size_t n = 0;
	int rc = LKB_OK;

	for (size_t i = 0; i < p->w->nreq; i++) {
		const struct store_request_rec *q = &p->w->req[i];
		const char *page;

		if (q->report_id != p->wr->id)
			continue;
		seen(p, q->updated_at, 0);
		if (!n++)
			strbuf_adds(sb, "<h2>Requests</h2>\n<table>\n<thead>"
				    "<tr><th>#</th><th>Asked</th><th>By</th>"
				    "<th>What</th><th>State</th><th>Result"
				    "</th></tr></thead>\n<tbody>\n");
		strbuf_addf(sb, "<tr><td>%lld</td><td>",
			    (long long)q->id);
		rc |= html_date(sb, q->created_at);
		strbuf_adds(sb, "</td><td>");
		rc |= html_escs(sb, q->asker);
		strbuf_addf(sb, "</td><td>%s ",
			    request_kind_name(q->kind));
		rc |= html_escs(sb, q->args);
		strbuf_addf(sb, "</td><td>%s</td><td>",
			    request_state_name(q->state));
		rc |= html_escs(sb, q->result);
		if ((page = request_page(p->w, q->id)))
			strbuf_addf(sb, " <a href=\"%s\">table and "
				    "charts</a>", page);
		strbuf_adds(sb, "</td></tr>\n");
	}
	if (n)
		strbuf_adds(sb, "</tbody>\n</table>\n");
	return rc;
}

static int
answers(struct page *p)
{
	struct strbuf *sb = p->sb;
	size_t n = 0;
	int rc = LKB_OK;

	for (size_t i = 0; i < p->w->nans; i++) {
		const struct web_answer *a = &p->w->ans[i];

		if (a->report_id != p->wr->id)
			continue;
		seen(p, a->created, 0);
		if (!n++)
			strbuf_adds(sb, "<h2>lkpbot's answers</h2>\n<table>\n"
				    "<thead><tr><th>Queued</th><th>Kind"
				    "</th><th>Subject</th><th>State</th>"
				    "</tr></thead>\n<tbody>\n");
		strbuf_adds(sb, "<tr><td>");
		rc |= html_date(sb, a->created);
		strbuf_adds(sb, "</td><td>");
		if (a->page)
			strbuf_addf(sb, "<a href=\"%s\">", a->page);
		rc |= html_escs(sb, a->kind);
		strbuf_adds(sb, a->page ? "</a>" : "");
		strbuf_adds(sb, "</td><td>");
		rc |= html_escs(sb, a->subject);
		strbuf_addf(sb, "</td><td>%s</td></tr>\n",
			    outbox_state_name(a->state));
	}
	if (n)
		strbuf_adds(sb, "</tbody>\n</table>\n");
	return rc;
}

/* Charts and tables of the parsed report. */
static int
comparisons(struct page *p, const struct stored_report *sr)
{
	const struct lkp_report *r = sr->r;
	struct strbuf *sb = p->sb;
	struct web_seen seen = { 0 };
	struct web_report hr = *p->wr;
	size_t at = sb->len;
	int rc = LKB_OK;
	size_t head = sb->len;

	strbuf_adds(sb, "<h2>Changed KPIs, base against head</h2>\n");
	/* the parsed report's testcase and headline, as the tables say */
	hr.testcase = (char *)r->testcase;
	hr.metric = (char *)r->headline_metric;
	for (size_t i = 0; i < r->ncomparisons && !rc; i++) {
		char id[32];

		snprintf(id, sizeof(id), "c%zu", i);
		rc = web_charts(p->w, sb, &r->comparisons[i], &hr, NULL, NULL,
				id, &seen);
	}
	free(seen.v);
	if (!rc && sb->len == head)
		strbuf_setlen(sb, at);
	return rc ? rc : tables(sb, sr->m);
}

/* The thread as a timeline, at most p->max_msg messages of it. */
static int
thread(struct page *p)
{
	struct strbuf *sb = p->sb;
	int rc = LKB_OK;

	strbuf_adds(sb, "<h2>Thread</h2>\n<ol class=\"thread\">\n");
	if (!rc && store_message_foreach(p->w->st, p->b.thread_id, add_message,
					 p))
		rc = LKB_ERR_DB;
	rc |= p->rc;
	strbuf_adds(sb, "</ol>\n");
	if (p->nmsg <= p->max_msg)
		return rc;
	strbuf_addf(sb, "<p>%zu more messages are not shown (a page "
		    "shows %zu: [web] max_thread)", p->nmsg - p->max_msg,
		    p->max_msg);
	if (p->b.message_id) {
		strbuf_adds(sb, "; <a href=\"");
		rc |= web_lore_href(p->w, sb, p->b.message_id, "T/");
		strbuf_adds(sb, "\">the whole thread on lore</a>");
	}
	strbuf_adds(sb, ".</p>\n");
	return rc;
}

/* 1 for an address that is a list or the robot, no person. */
static int
no_person(const struct address *a)
{
	const char *at = strchr(a->addr, '@');

	return !at || !strncmp(at + 1, "vger.", 5) ||
	       !strncmp(at + 1, "lists.", 6) || strstr(at, ".lists.") ||
	       lkp_report_is_robot(a->name, a->addr);
}

/* What the parsed report adds to the lists: its author (lkp writes to
 * the commit's or the patch's author: the first To: that is a person)
 * and, when no tag named one, the subsystem of the first file its
 * errors or kernel log name. */
static void
from_parsed(struct web_report *wr, const struct stored_report *sr)
{
	const struct lkp_report *r = sr->r;
	char *s = NULL;

	for (size_t i = 0; sr->m && i < sr->m->nto && !wr->author; i++)
		if (!no_person(&sr->m->to[i]))
			wr->author = xstrdup(*sr->m->to[i].name
					     ? sr->m->to[i].name
					     : sr->m->to[i].addr);
	if (wr->subsystem_from && strcmp(wr->subsystem_from, "tree"))
		return;
	for (size_t i = 0; i < r->nbuild_errors && !s; i++)
		s = web_path_subsystem(r->build_errors[i]);
	if (!s && r->dmesg)
		s = web_path_subsystem(r->dmesg);
	if (!s)
		return;
	free(wr->subsystem);
	wr->subsystem = s;
	wr->subsystem_from = "file";
}

/* Facts and what broke first, then the thread and the state history,
 * then the charts and the (collapsed) tables, requests and answers. */
static int
body(struct page *p)
{
	struct stored_report sr;
	struct strbuf *sb = p->sb;
	int rc, loaded;

	memset(&sr, 0, sizeof(sr));
	loaded = report_stored_load(p->w->st, p->wr->id, &sr);
	if (loaded < 0)
		lkb_warn("report %lld: its page shows the stored facts only",
			 (long long)p->wr->id);
	if (loaded == 1)
		from_parsed(p->wr, &sr);
	rc = facts(p, loaded == 1 ? sr.r : NULL);
	if (!rc && loaded == 1)
		rc = evidence(sb, sr.r);
	if (!rc)
		rc = thread(p);
	if (!rc && store_history_foreach(p->w->st, p->wr->id, add_history, p))
		rc = LKB_ERR_DB;
	rc |= p->rc;
	if (!rc && p->nhist)
		strbuf_adds(sb, "</tbody>\n</table>\n");
	if (!rc && loaded == 1)
		rc = comparisons(p, &sr);
	report_stored_release(&sr);
	return rc ? rc : requests(p) | answers(p);
}

int
web_report_page(struct web *w, struct web_report *wr)
{
	struct strbuf sb = STRBUF_INIT;
	struct page p;
	char name[48], title[64];
	int rc;

	memset(&p, 0, sizeof(p));
	p.w = w;
	p.wr = wr;
	p.sb = &sb;
	p.max_msg = w->o->max_thread > 0 ? (size_t)w->o->max_thread
					 : WEB_MAX_THREAD;
	strbuf_init(&p.msg, 0);
	if ((rc = store_report_brief_get(w->st, wr->id, &p.b)) != 1)
		return rc < 0 ? rc : LKB_OK;
	snprintf(title, sizeof(title), "Report %lld", (long long)wr->id);
	rc = html_begin(&sb, title);
	strbuf_adds(&sb, "<p>");
	rc |= html_escs(&sb, wr->subject);
	strbuf_adds(&sb, "</p>\n");
	if (!rc)
		rc = body(&p);
	if (!rc)
		rc = html_end(&sb);
	snprintf(name, sizeof(name), "report-%lld.html", (long long)wr->id);
	if (!rc)
		rc = web_put(w, name, &sb);
	store_report_brief_release(&p.b);
	strbuf_release(&p.msg);
	strbuf_release(&sb);
	return rc;
}
