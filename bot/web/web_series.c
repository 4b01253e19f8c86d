/* web_series.c - one page per whole-series answer: the table as mailed
 * and a chart per changed KPI with a mark per commit (web.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/web/html.h"
#include "bot/web/web-internal.h"
#include "lib/arena.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "parsers/lkp_report.h"
#include "parsers/message.h"
#include "state/store_outbox.h"

/* The commits the answer lists: "Series BASE..HEAD, M patches:" and
 * then "  NN/M SHA TITLE" lines. */
struct series_cols {
	size_t n;
	char **sha, **label;
};

static void
cols_release(struct series_cols *sc)
{
	for (size_t i = 0; i < sc->n; i++) {
		free(sc->sha[i]);
		free(sc->label[i]);
	}
	free(sc->sha);
	free(sc->label);
	memset(sc, 0, sizeof(*sc));
}

static void
cols_add(struct series_cols *sc, const char *sha, size_t shalen,
	 const char *label, size_t lablen)
{
	sc->sha = xreallocarray(sc->sha, sc->n + 1, sizeof(char *));
	sc->label = xreallocarray(sc->label, sc->n + 1, sizeof(char *));
	sc->sha[sc->n] = xmemdup0(sha, shalen > 12 ? 12 : shalen);
	sc->label[sc->n] = xmemdup0(label, lablen);
	sc->n++;
}

static void
cols_parse(struct series_cols *sc, const char *body, size_t len)
{
	const char *p = body, *end = body + len;
	int in_list = 0;

	while (p < end && sc->n <= LKB_MAX_SERIES_PATCHES) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t n = e ? (size_t)(e - p) : (size_t)(end - p);

		if (!in_list && n > 7 && !memcmp(p, "Series ", 7)) {
			const char *b = p + 7, *dots = NULL;

			for (const char *q = b; q + 1 < p + n; q++)
				if (q[0] == '.' && q[1] == '.') {
					dots = q;
					break;
				}
			if (dots) {
				cols_add(sc, b, (size_t)(dots - b), "base", 4);
				in_list = 1;
			}
		} else if (in_list && n > 2 && p[0] == ' ' && p[1] == ' ') {
			const char *lab = p + 2, *sp = memchr(lab, ' ', n - 2);
			const char *sha, *se;

			if (!sp)
				break;
			sha = sp + 1;
			se = memchr(sha, ' ', (size_t)(p + n - sha));
			cols_add(sc, sha, se ? (size_t)(se - sha)
					     : (size_t)(p + n - sha),
				 lab, (size_t)(sp - lab));
		} else if (in_list) {
			break;
		}
		p = e ? e + 1 : end;
	}
}

static int
body_pre(struct strbuf *sb, const char *body, size_t len)
{
	int rc = LKB_OK;

	strbuf_adds(sb, "<pre>");
	rc |= html_esc(sb, body, len > LKB_MAX_WEB_BODY_BYTES
				 ? LKB_MAX_WEB_BODY_BYTES : len);
	strbuf_adds(sb, "</pre>\n");
	if (len > LKB_MAX_WEB_BODY_BYTES)
		strbuf_addf(sb, "<p>(cut at %u bytes, "
			    "LKB_MAX_WEB_BODY_BYTES)</p>\n",
			    LKB_MAX_WEB_BODY_BYTES);
	return rc;
}

static int
series_page(struct web *w, struct web_answer *a, const struct message *m,
	    struct strbuf *sb)
{
	const struct web_report *r = web_report_by_id(w, a->report_id);
	struct series_cols sc = { 0 };
	struct arena ar = ARENA_INIT;
	struct lkp_report *lr = NULL;
	char title[160];
	int rc;

	snprintf(title, sizeof(title), "Whole series, report %lld",
		 (long long)a->report_id);
	rc = html_begin(sb, title);
	if (r) {
		strbuf_addf(sb, "<p><a href=\"report-%lld.html\">",
			    (long long)r->id);
		rc |= html_escs(sb, r->subject);
		strbuf_adds(sb, "</a></p>\n");
	}
	strbuf_adds(sb, "<p>lkpbot's answer ");
	rc |= html_escs(sb, a->request_id);
	strbuf_adds(sb, ", ");
	rc |= html_date(sb, a->created);
	strbuf_addf(sb, " (%s).</p>\n", outbox_state_name(a->state));
	cols_parse(&sc, m->body, m->body_len);
	if (lkp_report_parse_text(&ar, m->body, m->body_len, LKP_TEXT_NO_HEADERS,
				  &lr) == 1 && lr->ncomparisons) {
		const struct lkp_comparison *c = &lr->comparisons[0];
		int fit = c->nmetrics && c->metrics[0].ncols == sc.n;

		strbuf_adds(sb, "<h2>Changed KPIs along the series</h2>\n");
		rc |= web_charts(w, sb, c, r,
				 fit ? (const char *const *)sc.sha : NULL,
				 fit ? (const char *const *)sc.label : NULL,
				 "series", NULL);
	}
	strbuf_adds(sb, "<h2>The answer as mailed</h2>\n");
	rc |= body_pre(sb, m->body, m->body_len);
	rc |= html_end(sb);
	cols_release(&sc);
	arena_release(&ar);
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}

/* The page name of answer a: series-N.html, N its request's number
 * (the answer's request id "request-N"), else its outbox row. */
static char *
page_name(const struct web_answer *a)
{
	const char *rid = a->request_id ? strrchr(a->request_id, '-') : NULL;
	char *end = NULL;
	long long n = rid ? strtoll(rid + 1, &end, 10) : 0;

	if (rid && end && !*end && end != rid + 1 && n > 0)
		return xasprintf("series-%lld.html", n);
	return xasprintf("series-o%lld.html", (long long)a->id);
}

int
web_series_pages(struct web *w)
{
	struct strbuf sb = STRBUF_INIT;
	int rc = LKB_OK;

	for (size_t i = 0; i < w->nans && !rc; i++) {
		struct web_answer *a = &w->ans[i];
		struct store_outbox_row row;
		struct message *m = NULL;

		if (strcmp(a->kind, "series-report"))
			continue;
		if ((rc = store_outbox_get(w->st, a->id, 1, &row)) != 1) {
			rc = rc < 0 ? rc : LKB_OK;
			continue;
		}
		rc = message_parse(row.raw, row.raw_len, &m);
		store_outbox_row_release(&row);
		if (rc != LKB_OK) {
			lkb_warn("outbox %lld: cannot read its mail; no series "
				 "page", (long long)a->id);
			rc = LKB_OK;
			continue;
		}
		a->page = page_name(a);
		rc = series_page(w, a, m, &sb);
		if (!rc)
			rc = web_put(w, a->page, &sb);
		w->nseries++;
		message_free(m);
	}
	strbuf_release(&sb);
	return rc;
}
