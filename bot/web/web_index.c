/* web_index.c - the report lists: index.html, one page per state,
 * kind, tree and testcase, and the digest (web.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bot/web/html.h"
#include "bot/web/web-internal.h"
#include "lib/status.h"
#include "lib/xalloc.h"

/* A filter: which field of the report it looks at. */
enum field { F_STATE, F_KIND, F_TREE, F_TESTCASE, F__COUNT };
static const char *const field_names[] = { "state", "kind", "tree",
					   "testcase" };
_Static_assert(sizeof(field_names) / sizeof(field_names[0]) == F__COUNT,
	       "a name per filter field");

static const char *
field_of(const struct web_report *r, enum field f)
{
	switch (f) {
	case F_STATE: return r->state;
	case F_KIND: return r->kind;
	case F_TREE: return r->tree;
	case F_TESTCASE: return r->testcase;
	default: return NULL;
	}
}

/* The distinct values of field f, sorted. */
struct values {
	const char **v;
	size_t n, alloc;
};

static int
by_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void
values_of(const struct web *w, enum field f, struct values *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < w->nrep; i++) {
		const char *s = field_of(&w->rep[i], f);
		size_t k;

		if (!s || !*s)
			continue;
		for (k = 0; k < out->n && strcmp(out->v[k], s); k++)
			;
		if (k < out->n)
			continue;
		ALLOC_GROW(out->v, out->n + 1, out->alloc);
		out->v[out->n++] = s;
	}
	if (out->n > 1)
		qsort(out->v, out->n, sizeof(*out->v), by_str);
}

static int
filter_links(struct strbuf *sb, const struct web *w)
{
	struct strbuf name = STRBUF_INIT;
	int rc = strbuf_adds(sb, "<div class=\"filters\">\n");

	for (int f = 0; f < F__COUNT; f++) {
		struct values vs;

		values_of(w, (enum field)f, &vs);
		rc |= strbuf_addf(sb, "<p>By %s: ", field_names[f]);
		for (size_t i = 0; i < vs.n; i++) {
			strbuf_reset(&name);
			rc |= site_slug(&name, field_names[f], vs.v[i]);
			rc |= strbuf_addf(sb, "<a href=\"%s\">", name.buf);
			rc |= html_escs(sb, vs.v[i]);
			rc |= strbuf_adds(sb, "</a> ");
		}
		rc |= strbuf_adds(sb, "</p>\n");
		free(vs.v);
	}
	strbuf_release(&name);
	return rc | strbuf_adds(sb, "</div>\n");
}

static int
row(struct web *w, struct strbuf *sb, const struct web_report *r)
{
	int rc = strbuf_addf(sb, "<tr><td><a href=\"report-%lld.html\">%lld</a>"
			     "</td><td><a href=\"report-%lld.html\">",
			     (long long)r->id, (long long)r->id,
			     (long long)r->id);

	rc |= html_escs(sb, r->subject);
	rc |= strbuf_adds(sb, "</a></td><td class=\"state\">");
	rc |= html_escs(sb, r->state);
	if (r->close_reason) {
		rc |= strbuf_adds(sb, " (");
		rc |= html_escs(sb, r->close_reason);
		rc |= strbuf_adds(sb, ")");
	}
	rc |= strbuf_adds(sb, "</td><td>");
	rc |= html_escs(sb, r->kind);
	rc |= strbuf_adds(sb, "</td><td>");
	rc |= html_escs(sb, r->tree);
	if (r->branch) {
		rc |= strbuf_adds(sb, ":");
		rc |= html_escs(sb, r->branch);
	}
	rc |= strbuf_adds(sb, "</td><td>");
	rc |= html_escs(sb, r->testcase);
	rc |= strbuf_adds(sb, "</td><td");
	if (r->verdict)
		rc |= strbuf_addf(sb, " class=\"%s\"",
				  !strcmp(r->verdict, "regression")
				  ? "regression" : "improvement");
	rc |= strbuf_adds(sb, ">");
	rc |= html_escs(sb, r->metric);
	if (r->has_pct)
		rc |= strbuf_addf(sb, " %+.1f%%", r->pct);
	rc |= strbuf_adds(sb, "</td><td>");
	rc |= html_date(sb, r->last);
	rc |= strbuf_adds(sb, "</td><td>");
	rc |= web_age(w, sb, r->date);
	return rc | strbuf_adds(sb, "</td></tr>\n");
}

static int
table_head(struct strbuf *sb)
{
	return strbuf_adds(sb, "<table class=\"reports\">\n<thead><tr>"
			   "<th>#</th><th>Report</th><th>State</th><th>Kind</th>"
			   "<th>Tree</th><th>Testcase</th><th>Change</th>"
			   "<th>Last activity</th><th>Age</th></tr></thead>\n"
			   "<tbody>\n");
}

/* Newest activity first, then the higher id. */
static int
by_last(const void *a, const void *b)
{
	const struct web_report *x = *(const struct web_report *const *)a;
	const struct web_report *y = *(const struct web_report *const *)b;

	if (x->last != y->last)
		return x->last > y->last ? -1 : 1;
	return x->id > y->id ? -1 : x->id < y->id;
}

/* One list page: the reports whose field f is value (f == F__COUNT:
 * all of them). */
static int
list_page(struct web *w, struct web_report **order, enum field f,
	  const char *value, const char *name, const char *title)
{
	struct strbuf sb = STRBUF_INIT;
	size_t n = 0;
	int rc = html_begin(&sb, title);

	if (f == F__COUNT)
		rc |= filter_links(&sb, w);
	else
		rc |= strbuf_adds(&sb, "<p><a href=\"index.html\">All reports"
				  "</a></p>\n");
	rc |= table_head(&sb);
	for (size_t i = 0; i < w->nrep; i++) {
		const char *v = f == F__COUNT ? NULL : field_of(order[i], f);

		if (f != F__COUNT && (!v || strcmp(v, value)))
			continue;
		n++;
		rc |= row(w, &sb, order[i]);
	}
	rc |= strbuf_addf(&sb, "</tbody>\n</table>\n<p>%zu report%s.</p>\n", n,
			  n == 1 ? "" : "s");
	rc |= html_end(&sb);
	if (!rc)
		rc = web_put(w, name, &sb);
	strbuf_release(&sb);
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}

/* How bad a report is for the digest: perf regressions by size, then
 * functional and build breakage, then the rest. */
static double
weight(const struct web_report *r)
{
	if (!strcmp(r->kind, "perf-regression"))
		return 1000.0 + (r->has_pct ? fabs(r->pct) : 0.0);
	if (!strcmp(r->kind, "functional") || !strncmp(r->kind, "build-", 6))
		return 500.0;
	return r->has_pct ? -fabs(r->pct) / 1e6 : 0.0;
}

static int
by_weight(const void *a, const void *b)
{
	const struct web_report *x = *(const struct web_report *const *)a;
	const struct web_report *y = *(const struct web_report *const *)b;
	double wx = weight(x), wy = weight(y);

	if (wx != wy)
		return wx > wy ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

static int
digest_page(struct web *w, struct web_report **order)
{
	struct strbuf sb = STRBUF_INIT;
	size_t n = 0, closed = 0;
	int rc;

	qsort(order, w->nrep, sizeof(*order), by_weight);
	rc = html_begin(&sb, "Digest: the open reports, largest regression "
			"first");
	rc |= strbuf_adds(&sb, "<ol>\n");
	for (size_t i = 0; i < w->nrep; i++) {
		const struct web_report *r = order[i];

		if (!strcmp(r->state, "closed")) {
			closed++;
			continue;
		}
		n++;
		rc |= strbuf_addf(&sb, "<li><a href=\"report-%lld.html\">",
				  (long long)r->id);
		rc |= html_escs(&sb, r->subject);
		rc |= strbuf_adds(&sb, "</a> <span class=\"state\">");
		rc |= html_escs(&sb, r->state);
		rc |= strbuf_adds(&sb, "</span>");
		if (r->has_pct)
			rc |= strbuf_addf(&sb, " %+.1f%%", r->pct);
		rc |= strbuf_adds(&sb, "</li>\n");
	}
	rc |= strbuf_addf(&sb, "</ol>\n<p>%zu open, %zu closed.</p>\n", n,
			  closed);
	rc |= html_end(&sb);
	if (!rc)
		rc = web_put(w, "digest.html", &sb);
	strbuf_release(&sb);
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}

int
web_index_pages(struct web *w)
{
	struct web_report **order = xcalloc(w->nrep ? w->nrep : 1,
					    sizeof(*order));
	struct strbuf name = STRBUF_INIT, title = STRBUF_INIT;
	int rc;

	for (size_t i = 0; i < w->nrep; i++)
		order[i] = &w->rep[i];
	if (w->nrep > 1)
		qsort(order, w->nrep, sizeof(*order), by_last);
	rc = list_page(w, order, F__COUNT, NULL, "index.html", "LKP reports");
	for (int f = 0; f < F__COUNT && !rc; f++) {
		struct values vs;

		values_of(w, (enum field)f, &vs);
		for (size_t i = 0; i < vs.n && !rc; i++) {
			strbuf_reset(&name);
			strbuf_reset(&title);
			if (site_slug(&name, field_names[f], vs.v[i]) ||
			    strbuf_addf(&title, "LKP reports, %s %s",
					field_names[f], vs.v[i])) {
				rc = LKB_ERR_TOO_BIG;
				break;
			}
			rc = list_page(w, order, (enum field)f, vs.v[i],
				       name.buf, title.buf);
		}
		free(vs.v);
	}
	if (!rc)
		rc = digest_page(w, order);
	free(order);
	strbuf_release(&name);
	strbuf_release(&title);
	return rc;
}
