/* web_feed.c - feed.atom: the reports' state changes, newest first, as
 * an Atom feed (RFC 4287). Entry ids are tag URIs (RFC 4151) made of
 * the report id and the change's place in its history, so they stay
 * the same from one run to the next. */
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

static int
rfc3339(struct strbuf *sb, int64_t t)
{
	time_t tt = (time_t)(t < 0 ? 0 : t);
	struct tm tm;
	char buf[32];

	if (!gmtime_r(&tt, &tm) ||
	    !strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm))
		return strbuf_adds(sb, "1970-01-01T00:00:00Z");
	return strbuf_adds(sb, buf);
}

static int
newest_first(const void *a, const void *b)
{
	const struct web_change *x = *(const struct web_change *const *)a;
	const struct web_change *y = *(const struct web_change *const *)b;

	if (x->date != y->date)
		return x->date > y->date ? -1 : 1;
	if (x->report_id != y->report_id)
		return x->report_id > y->report_id ? -1 : 1;
	return x->idx > y->idx ? -1 : x->idx < y->idx;
}

/* The tag authority: the bot's address when it is a plain one, else
 * "lkpbot.invalid". */
static const char *
authority(const struct web *w)
{
	const char *a = w->o->author;

	if (!a || !*a || strlen(a) > 200 ||
	    strspn(a, "abcdefghijklmnopqrstuvwxyz"
		      "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_+@") != strlen(a))
		return "lkpbot.invalid";
	return a;
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
		rc |= strbuf_adds(sb, "/");
	}
	return rc | html_escs(sb, page);
}

static int
entry(struct strbuf *sb, const struct web *w, const struct web_change *c)
{
	const struct web_report *r = web_report_by_id(w, c->report_id);
	char page[48];
	int rc;

	snprintf(page, sizeof(page), "report-%lld.html",
		 (long long)c->report_id);
	rc = strbuf_addf(sb, "<entry>\n<id>tag:%s,2024:report-%lld/change-%zu"
			 "</id>\n<title>Report %lld: ", authority(w),
			 (long long)c->report_id, c->idx,
			 (long long)c->report_id);
	rc |= html_escs(sb, c->from);
	rc |= strbuf_adds(sb, " \xe2\x86\x92 ");
	rc |= html_escs(sb, c->to);
	if (c->reason) {
		rc |= strbuf_adds(sb, " (");
		rc |= html_escs(sb, c->reason);
		rc |= strbuf_adds(sb, ")");
	}
	rc |= strbuf_adds(sb, "</title>\n<updated>");
	rc |= rfc3339(sb, c->date);
	rc |= strbuf_adds(sb, "</updated>\n<link rel=\"alternate\" "
			  "type=\"text/html\" href=\"");
	rc |= href(sb, w, page);
	rc |= strbuf_adds(sb, "\"/>\n<summary>");
	rc |= html_escs(sb, r ? r->subject : "");
	if (c->cause) {
		rc |= strbuf_adds(sb, " \xe2\x80\x94 ");
		rc |= html_escs(sb, c->cause);
	}
	return rc | strbuf_adds(sb, "</summary>\n</entry>\n");
}

int
web_feed(struct web *w)
{
	const struct web_change **v = xcalloc(w->nchg ? w->nchg : 1,
					      sizeof(*v));
	struct strbuf sb = STRBUF_INIT;
	size_t n = w->nchg > LKB_MAX_WEB_FEED_ENTRIES ? LKB_MAX_WEB_FEED_ENTRIES
						      : w->nchg;
	int rc;

	for (size_t i = 0; i < w->nchg; i++)
		v[i] = &w->chg[i];
	if (w->nchg > 1)
		qsort(v, w->nchg, sizeof(*v), newest_first);
	rc = strbuf_addf(&sb, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
			 "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
			 "<id>tag:%s,2024:feed</id>\n<title>LKP reports: state "
			 "changes</title>\n<updated>", authority(w));
	rc |= rfc3339(&sb, w->nchg ? v[0]->date : w->newest);
	rc |= strbuf_adds(&sb, "</updated>\n<author><name>lkpbot");
	if (w->o->author && *w->o->author) {
		rc |= strbuf_adds(&sb, " (");
		rc |= html_escs(&sb, w->o->author);
		rc |= strbuf_adds(&sb, ")");
	}
	rc |= strbuf_adds(&sb, "</name></author>\n"
			  "<generator>lkpbot</generator>\n<link rel=\"alternate\" type=\"text/html\" href=\"");
	rc |= href(&sb, w, "index.html");
	rc |= strbuf_adds(&sb, "\"/>\n");
	if (w->o->url && *w->o->url) {
		rc |= strbuf_adds(&sb, "<link rel=\"self\" type=\"application/"
				  "atom+xml\" href=\"");
		rc |= href(&sb, w, "feed.atom");
		rc |= strbuf_adds(&sb, "\"/>\n");
	}
	for (size_t i = 0; i < n && !rc; i++)
		rc = entry(&sb, w, v[i]);
	rc |= strbuf_adds(&sb, "</feed>\n");
	if (!rc)
		rc = web_put(w, "feed.atom", &sb);
	free(v);
	strbuf_release(&sb);
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}
