/* web_site.c - what every page of `lkpbot web` uses: putting a page,
 * links to lore and commits, report ids, ages (web-internal.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bot/web/html.h"
#include "bot/web/web-internal.h"
#include "lib/status.h"
#include "lib/xalloc.h"

static int
by_id(const void *a, const void *b)
{
	const struct web_report *x = *(const struct web_report *const *)a;
	const struct web_report *y = *(const struct web_report *const *)b;

	return x->id < y->id ? -1 : x->id > y->id;
}

const struct web_report *
web_report_by_id(const struct web *w, int64_t id)
{
	struct web_report key = { .id = id }, *k = &key, **r;

	if (!w->byid)
		return NULL;
	r = bsearch(&k, w->byid, w->nrep, sizeof(*w->byid), by_id);
	return r ? *r : NULL;
}

void
web_index_ids(struct web *w)
{
	w->byid = xcalloc(w->nrep ? w->nrep : 1, sizeof(*w->byid));
	for (size_t i = 0; i < w->nrep; i++)
		w->byid[i] = &w->rep[i];
	if (w->nrep > 1)
		qsort(w->byid, w->nrep, sizeof(*w->byid), by_id);
}

int
web_put(struct web *w, const char *name, struct strbuf *sb)
{
	int rc = site_put(&w->site, name, sb->buf, sb->len);

	strbuf_reset(sb);
	return rc;
}

/* Append s percent-encoded for a URL path segment: everything but
 * RFC 3986's unreserved characters and '@' becomes %XX. */
static int
url_segment(struct strbuf *sb, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~@", *p))
			strbuf_addch(sb, (char)*p);
		else
			strbuf_addf(sb, "%%%02X", *p);
	}
	return LKB_OK;
}

int
web_lore_href(struct web *w, struct strbuf *sb, const char *mid,
	      const char *tail)
{
	const char *base = w->o->lore_url && *w->o->lore_url
			   ? w->o->lore_url : WEB_LORE_URL;
	size_t n = strlen(base);
	int rc;

	if (n && base[n - 1] == '/')
		n--;
	rc = html_esc(sb, base, n);
	strbuf_adds(sb, "/");
	rc |= url_segment(sb, mid ? mid : "");
	strbuf_adds(sb, "/");
	strbuf_adds(sb, tail);
	return rc;
}

int
web_commit_link(struct web *w, struct strbuf *sb, const char *sha)
{
	const char *base = w->o->commit_url && *w->o->commit_url
			   ? w->o->commit_url : WEB_COMMIT_URL;
	size_t n = sha ? strlen(sha) : 0;
	int rc;

	if (n < 7 || n > 64 || strspn(sha, "0123456789abcdef") != n)
		return html_escs(sb, sha);
	strbuf_adds(sb, "<a class=\"sha\" href=\"");
	rc = html_escs(sb, base);
	strbuf_addf(sb, "%s\">%.12s</a>", sha, sha);
	return rc;
}

uint64_t
web_msgid_hash(const char *mid)
{
	uint64_t h = 14695981039346656037u;

	for (const char *c = mid ? mid : ""; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211u;
	return h;
}

int
web_age(struct web *w, struct strbuf *sb, int64_t t)
{
	if (t < 0 || w->newest < 0) {
		strbuf_adds(sb, "-");
		return LKB_OK;
	}
	if (t > w->newest) {
		strbuf_adds(sb, "0 d");
		return LKB_OK;
	}
	/* calendar days (UTC), so ages move once a day, not with each mail */
	strbuf_addf(sb, "%lld d",
		    (long long)(w->newest / 86400 - t / 86400));
	return LKB_OK;
}
