/* web_feed.c - feed.atom: each new report (informational robot mail
 * aside) and each state change, newest first, as an Atom feed (RFC
 * 4287). Entry ids are tag URIs (RFC 4151) of a fixed authority made of
 * a hash of the report's Message-ID and the change's place in its
 * history: the same from one run to the next, after the database is
 * rebuilt, and whatever the configuration says. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot/web/html.h"
#include "bot/web/web-internal.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/xalloc.h"

/* The tag URIs' authority: fixed, so no setting changes an id. */
#define FEED_TAG "tag:lkpbot.invalid,2024:"

/* One entry: a new report (c NULL) or a state change of it. */
struct item {
	const struct web_report *r;
	const struct web_change *c;
	int64_t date;
};

static int
rfc3339(struct strbuf *sb, int64_t t)
{
	time_t tt = (time_t)(t < 0 ? 0 : t);
	struct tm tm;
	char buf[32];

	if (!gmtime_r(&tt, &tm) ||
	    !strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm))
		strbuf_adds(sb, "1970-01-01T00:00:00Z");
	else
		strbuf_adds(sb, buf);
	return LKB_OK;
}

static int
newest_first(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	size_t ix = x->c ? x->c->idx : 0, iy = y->c ? y->c->idx : 0;

	if (x->date != y->date)
		return x->date > y->date ? -1 : 1;
	if (x->r->id != y->r->id)
		return x->r->id > y->r->id ? -1 : 1;
	return ix > iy ? -1 : ix < iy;
}

/* href of a page: absolute under --url, else relative to the feed. */
static int
href(struct strbuf *sb, const struct web *w, const char *page)
{
	int rc = LKB_OK;

	if (w->o->url && *w->o->url) {
		size_t n = strlen(w->o->url);

		if (w->o->url[n - 1] == '/')
			n--;
		rc |= html_esc(sb, w->o->url, n);
		strbuf_adds(sb, "/");
	}
	return rc | html_escs(sb, page);
}

static int
entry_title(struct strbuf *sb, const struct item *it)
{
	const struct web_change *c = it->c;
	int rc;

	if (!c) {
		/* a regression says what moved and how far in the title */
		strbuf_addf(sb, "New report %lld (", (long long)it->r->id);
		rc = html_escs(sb, it->r->kind);
		if (it->r->metric) {
			strbuf_adds(sb, ": ");
			rc |= html_escs(sb, it->r->metric);
		}
		if (it->r->has_pct)
			strbuf_addf(sb, " %+.1f%%", it->r->pct);
		strbuf_adds(sb, "): ");
		return rc | html_escs(sb, it->r->subject);
	}
	strbuf_addf(sb, "Report %lld: ", (long long)it->r->id);
	rc = html_escs(sb, c->from);
	strbuf_adds(sb, " \xe2\x86\x92 ");
	rc |= html_escs(sb, c->to);
	if (c->reason) {
		strbuf_adds(sb, " (");
		rc |= html_escs(sb, c->reason);
		strbuf_adds(sb, ")");
	}
	return rc;
}

static int
entry(struct strbuf *sb, const struct web *w, const struct item *it)
{
	const struct web_report *r = it->r;
	char page[48];
	int rc = LKB_OK;

	snprintf(page, sizeof(page), "report-%lld.html", (long long)r->id);
	strbuf_addf(sb, "<entry>\n<id>" FEED_TAG "report-%016llx",
		    (unsigned long long)web_msgid_hash(r->message_id));
	if (it->c)
		strbuf_addf(sb, "/change-%zu", it->c->idx);
	strbuf_adds(sb, "</id>\n<title>");
	rc |= entry_title(sb, it);
	strbuf_adds(sb, "</title>\n<updated>");
	rc |= rfc3339(sb, it->date);
	strbuf_adds(sb, "</updated>\n<link rel=\"alternate\" "
		    "type=\"text/html\" href=\"");
	rc |= href(sb, w, page);
	strbuf_adds(sb, "\"/>\n<summary>");
	rc |= html_escs(sb, r->subject);
	if (it->c && it->c->cause) {
		strbuf_adds(sb, " \xe2\x80\x94 ");
		rc |= html_escs(sb, it->c->cause);
	}
	strbuf_adds(sb, "</summary>\n</entry>\n");
	return rc;
}

/* Every entry: each report that is not informational, each change of
 * one, newest first. */
static struct item *
items(const struct web *w, size_t *n_out)
{
	struct item *v = xcalloc(w->nrep + w->nchg + 1, sizeof(*v));
	size_t n = 0;

	for (size_t i = 0; i < w->nrep; i++)
		if (w->rep[i].bucket != BUCKET_INFO)
			v[n++] = (struct item){ &w->rep[i], NULL,
						w->rep[i].date };
	for (size_t i = 0; i < w->nchg; i++) {
		const struct web_report *r =
			web_report_by_id(w, w->chg[i].report_id);

		if (r && r->bucket != BUCKET_INFO)
			v[n++] = (struct item){ r, &w->chg[i],
						w->chg[i].date };
	}
	if (n > 1)
		qsort(v, n, sizeof(*v), newest_first);
	*n_out = n;
	return v;
}

static int
feed_head(struct strbuf *sb, const struct web *w, int64_t updated)
{
	int rc = LKB_OK;

	strbuf_adds(sb, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
		    "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
		    "<id>" FEED_TAG "feed</id>\n<title>LKP reports: "
		    "new reports and state changes</title>\n"
		    "<updated>");
	rc |= rfc3339(sb, updated);
	strbuf_adds(sb, "</updated>\n<author><name>lkpbot");
	if (w->o->author && *w->o->author) {
		strbuf_adds(sb, " (");
		rc |= html_escs(sb, w->o->author);
		strbuf_adds(sb, ")");
	}
	strbuf_adds(sb, "</name></author>\n<generator>lkpbot</generator>"
		    "\n<link rel=\"alternate\" type=\"text/html\" "
		    "href=\"");
	rc |= href(sb, w, "index.html");
	strbuf_adds(sb, "\"/>\n");
	/* relative without --url: resolved against the feed's own place */
	strbuf_adds(sb, "<link rel=\"self\" type=\"application/atom+xml\""
		    " href=\"");
	rc |= href(sb, w, "feed.atom");
	strbuf_adds(sb, "\"/>\n");
	return rc;
}

int
web_feed(struct web *w)
{
	struct strbuf sb = STRBUF_INIT;
	size_t n;
	struct item *v = items(w, &n);
	int rc = feed_head(&sb, w, n ? v[0].date : w->newest);

	for (size_t i = 0; i < n && i < LKB_MAX_WEB_FEED_ENTRIES && !rc; i++)
		rc = entry(&sb, w, &v[i]);
	strbuf_adds(&sb, "</feed>\n");
	if (!rc)
		rc = web_put(w, "feed.atom", &sb);
	free(v);
	strbuf_release(&sb);
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}
