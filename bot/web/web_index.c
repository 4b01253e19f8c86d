/* web_index.c - the report lists: index.html, one page per state,
 * kind, tree and testcase, and the digest (web.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bot/web/html.h"
#include "bot/web/web-internal.h"
#include "lib/compiler.h"
#include "lib/status.h"
#include "lib/xalloc.h"

/* A filter: which field of the report it looks at. */
enum field { F_BUCKET, F_SUBSYSTEM, F_STATE, F_KIND, F_TREE, F_TESTCASE,
	     F__COUNT };
static const char *const field_names[] = { "bucket", "subsystem", "state",
					   "kind", "tree", "testcase" };
_Static_assert(sizeof(field_names) / sizeof(field_names[0]) == F__COUNT,
	       "a name per filter field");

static const char *
field_of(const struct web_report *r, enum field f)
{
	switch (f) {
	case F_BUCKET: return report_bucket_name(r->bucket);
	case F_SUBSYSTEM: return r->subsystem;
	case F_STATE: return r->state;
	case F_KIND: return r->kind;
	case F_TREE: return r->tree;
	case F_TESTCASE: return r->testcase;
	default: return NULL;
	}
}

static int on_page(const struct web_report *r, enum field f,
		   const char *value);

/* The distinct values of field f (on their page), sorted. */
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

		if (!s || !*s || !on_page(&w->rep[i], f, s))
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

/* 1 when r belongs on the list page of field f = value (f == F__COUNT:
 * the index). Informational mail only on its kind's and its bucket's
 * page. */
static int
on_page(const struct web_report *r, enum field f, const char *value)
{
	const char *v;

	if (f == F__COUNT)
		return r->bucket != BUCKET_INFO;
	if (f == F_BUCKET && !strcmp(value, "review"))
		return r->review;
	v = field_of(r, f);
	if (!v || strcmp(v, value))
		return 0;
	return r->bucket != BUCKET_INFO || f == F_KIND || f == F_BUCKET;
}

static size_t
count_on(const struct web *w, enum field f, const char *value)
{
	size_t n = 0;

	for (size_t i = 0; i < w->nrep; i++)
		n += on_page(&w->rep[i], f, value);
	return n;
}

/* The buckets, each with its count and page, in their order. */
static int
bucket_links(struct strbuf *sb, const struct web *w)
{
	int rc = strbuf_adds(sb, "<ul class=\"buckets\">\n");

	for (int b = 0; b < BUCKET__COUNT; b++) {
		const char *name = report_bucket_name((enum report_bucket)b);

		rc |= strbuf_addf(sb, "<li><a href=\"bucket-%s.html\">%s</a> "
				  "<b>%zu</b></li>\n", name,
				  report_bucket_title((enum report_bucket)b),
				  count_on(w, F_BUCKET, name));
	}
	return rc | strbuf_adds(sb, "</ul>\n");
}

static int
filter_links(struct strbuf *sb, const struct web *w)
{
	struct strbuf name = STRBUF_INIT;
	int rc = bucket_links(sb, w);

	rc |= strbuf_adds(sb, "<details class=\"filters\"><summary>Filters"
			  "</summary>\n");
	for (int f = F_SUBSYSTEM; f < F__COUNT; f++) {
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
	return rc | strbuf_adds(sb, "</details>\n");
}

/* <td data-label="label"> (the phone layout shows the label); the
 * cells of our own short words do not break (class n) or only between
 * words (o), the subject, the state, who and the subsystem get a
 * smallest width (sub, st, w), mail text breaks anywhere. Below 72rem
 * the rows are cards (html.c). */
static int
td(struct strbuf *sb, const char *label)
{
	const char *cls = !strcmp(label, "#") || !strcmp(label, "Age") ? "n"
			  : !strcmp(label, "Kind") ||
			    !strcmp(label, "Last activity") ? "o"
			  : !strcmp(label, "Report") ? "sub"
			  : !strcmp(label, "State") ? "st"
			  : !strcmp(label, "Who") ||
			    !strcmp(label, "Subsystem") ? "w" : NULL;

	if (cls)
		return strbuf_addf(sb, "<td class=\"%s\" data-label=\"%s\">",
				   cls, label);
	return strbuf_addf(sb, "<td data-label=\"%s\">", label);
}

static int
cell(struct strbuf *sb, const char *label, const char *v)
{
	return td(sb, label) | html_escs(sb, v) | strbuf_adds(sb, "</td>");
}

static int
folded(const struct web_report *r, const struct web_report *o,
       enum field f, const char *value)
{
	return r->fold && o->fold == r->fold && on_page(o, f, value);
}

/* The row of r stands for the reports of its fold after it on the page
 * (rest): links to them into sb, each marked in done (by its place in
 * w->rep) and counted in *n. */
static int
fold_links(struct web *w, struct strbuf *sb, const struct web_report *r,
	   struct web_report *const *rest, size_t nrest, enum field f,
	   const char *value, char *done, size_t *n)
{
	size_t k = 0;
	int rc = LKB_OK;

	for (size_t i = 0; i < nrest; i++)
		k += folded(r, rest[i], f, value);
	if (!k)
		return LKB_OK;
	rc = strbuf_addf(sb, "<br><small class=\"fold\">+%zu sibling%s (the "
			 "same culprit or patch, kind and bucket):", k,
			 k == 1 ? "" : "s");
	for (size_t i = 0; i < nrest; i++) {
		if (!folded(r, rest[i], f, value))
			continue;
		done[rest[i] - w->rep] = 1;
		rc |= strbuf_addf(sb, " <a href=\"report-%lld.html\">%lld</a>",
				  (long long)rest[i]->id,
				  (long long)rest[i]->id);
	}
	*n += k;
	return rc | strbuf_adds(sb, "</small>");
}

static int
row(struct web *w, struct strbuf *sb, const struct web_report *r,
    const struct strbuf *fold)
{
	int rc = td(sb, "#");

	rc |= strbuf_addf(sb, "<a href=\"report-%lld.html\">%lld</a></td>",
			  (long long)r->id, (long long)r->id);
	rc |= td(sb, "Report");
	rc |= strbuf_addf(sb, "<a href=\"report-%lld.html\">",
			  (long long)r->id);
	rc |= html_escs(sb, r->subject);
	rc |= strbuf_adds(sb, "</a>");
	rc |= strbuf_add(sb, fold->buf, fold->len);
	rc |= strbuf_adds(sb, "</td>");
	rc |= td(sb, "State");
	rc |= strbuf_adds(sb, "<span class=\"state\">");
	rc |= html_escs(sb, r->state);
	if (r->close_reason) {
		rc |= strbuf_adds(sb, " (");
		rc |= html_escs(sb, r->close_reason);
		rc |= strbuf_adds(sb, ")");
	}
	rc |= strbuf_addf(sb, "</span><br><small>%s%s</small></td>",
			  report_bucket_title(r->bucket),
			  r->review ? ", review" : "");
	rc |= cell(sb, "Who", r->who);
	/* a column for the noise confidence goes here */
	rc |= cell(sb, "Subsystem", r->subsystem);
	rc |= cell(sb, "Kind", r->kind);
	rc |= td(sb, "Tree");
	rc |= html_escs(sb, r->tree);
	if (r->branch) {
		rc |= strbuf_adds(sb, ":");
		rc |= html_escs(sb, r->branch);
	}
	rc |= strbuf_adds(sb, "</td>");
	rc |= cell(sb, "Testcase", r->testcase);
	rc |= strbuf_adds(sb, "<td data-label=\"Change\"");
	if (r->verdict)
		rc |= strbuf_addf(sb, " class=\"%s\"",
				  !strcmp(r->verdict, "regression")
				  ? "regression" : "improvement");
	rc |= strbuf_adds(sb, ">");
	rc |= html_escs(sb, r->metric);
	if (r->has_pct)
		rc |= strbuf_addf(sb, " %+.1f%%", r->pct);
	rc |= strbuf_adds(sb, "</td>");
	rc |= td(sb, "Last activity");
	rc |= html_date(sb, r->last);
	rc |= strbuf_adds(sb, "</td>");
	rc |= td(sb, "Age");
	rc |= web_age(w, sb, r->date);
	return rc | strbuf_adds(sb, "</td></tr>\n");
}

static int
table_head(struct strbuf *sb)
{
	return strbuf_adds(sb, "<table class=\"reports\">\n<thead><tr>"
			   "<th>#</th><th>Report</th><th>State</th><th>Who</th>"
			   "<th>Subsystem</th><th>Kind</th><th>Tree</th>"
			   "<th>Testcase</th><th>Change</th>"
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

/* One list page: the reports on_page(f, value) (f == F__COUNT: the
 * index). */
static int
list_page(struct web *w, struct web_report **order, enum field f,
	  const char *value, const char *name, const char *title)
{
	struct strbuf sb = STRBUF_INIT, fold = STRBUF_INIT;
	char *done = xcalloc(w->nrep ? w->nrep : 1, 1);
	size_t n = 0;
	int rc = html_begin(&sb, title);

	if (f == F__COUNT)
		rc |= filter_links(&sb, w);
	else
		rc |= strbuf_adds(&sb, "<p><a href=\"index.html\">All reports"
				  "</a></p>\n");
	if (f == F__COUNT || f == F_BUCKET)
		rc |= strbuf_adds(&sb, "<p class=\"note\">Informational robot "
				  "mail (BUILD SUCCESS, improvements) is "
				  "listed under <a href=\"bucket-info.html\">"
				  "Informational</a> only.</p>\n");
	for (size_t i = 0; i < w->nrep; i++) {
		if (done[order[i] - w->rep] || !on_page(order[i], f, value))
			continue;
		if (!n++)
			rc |= table_head(&sb);
		strbuf_reset(&fold);
		rc |= fold_links(w, &fold, order[i], order + i + 1,
				 w->nrep - i - 1, f, value, done, &n);
		rc |= strbuf_adds(&sb, "<tr>");
		rc |= row(w, &sb, order[i], &fold);
	}
	free(done);
	strbuf_release(&fold);
	if (n)
		rc |= strbuf_adds(&sb, "</tbody>\n</table>\n");
	rc |= strbuf_addf(&sb, "<p>%zu report%s.</p>\n", n, n == 1 ? "" : "s");
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
digest_item(struct strbuf *sb, const struct web_report *r)
{
	int rc = strbuf_addf(sb, "<li><a href=\"report-%lld.html\">",
			     (long long)r->id);

	rc |= html_escs(sb, r->subject);
	rc |= strbuf_adds(sb, "</a> <span class=\"state\">");
	rc |= html_escs(sb, r->state);
	rc |= strbuf_adds(sb, "</span>");
	if (r->who) {
		rc |= strbuf_adds(sb, " (");
		rc |= html_escs(sb, r->who);
		rc |= strbuf_adds(sb, ")");
	}
	if (r->has_pct)
		rc |= strbuf_addf(sb, " %+.1f%%", r->pct);
	return rc | strbuf_adds(sb, "</li>\n");
}

/* The digest: the reports that need attention, are being worked on or
 * wait for the robot (the buckets `lkpbot digest` mails), each part
 * largest regression first. */
static int
digest_page(struct web *w, struct web_report **order)
{
	static const enum report_bucket parts[] = {
		BUCKET_ATTENTION, BUCKET_WORKING, BUCKET_WAITING,
	};
	struct strbuf sb = STRBUF_INIT;
	size_t count[BUCKET__COUNT] = { 0 };
	int rc;

	qsort(order, w->nrep, sizeof(*order), by_weight);
	for (size_t i = 0; i < w->nrep; i++)
		count[order[i]->bucket]++;
	rc = html_begin(&sb, "Digest: the open reports, largest regression "
			"first");
	for (size_t k = 0; k < LKB_ARRAY_SIZE(parts); k++) {
		rc |= strbuf_addf(&sb, "<h2>%s (%zu)</h2>\n",
				  report_bucket_title(parts[k]),
				  count[parts[k]]);
		if (!count[parts[k]])
			continue;
		rc |= strbuf_adds(&sb, "<ol>\n");
		for (size_t i = 0; i < w->nrep; i++)
			if (order[i]->bucket == parts[k])
				rc |= digest_item(&sb, order[i]);
		rc |= strbuf_adds(&sb, "</ol>\n");
	}
	rc |= strbuf_addf(&sb, "<p>%zu open; not listed: <a href=\"bucket-"
			  "stale.html\">%zu stale</a>, <a href=\"bucket-"
			  "resolved.html\">%zu resolved recently</a>, %zu "
			  "closed, <a href=\"bucket-info.html\">%zu "
			  "informational</a>.</p>\n",
			  count[BUCKET_ATTENTION] + count[BUCKET_WORKING] +
			  count[BUCKET_WAITING], count[BUCKET_STALE],
			  count[BUCKET_RESOLVED], count[BUCKET_CLOSED],
			  count[BUCKET_INFO]);
	rc |= html_end(&sb);
	if (!rc)
		rc = web_put(w, "digest.html", &sb);
	strbuf_release(&sb);
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}

static int
bucket_pages(struct web *w, struct web_report **order)
{
	struct strbuf title = STRBUF_INIT, name = STRBUF_INIT;
	int rc = LKB_OK;

	for (int b = 0; b < BUCKET__COUNT && !rc; b++) {
		const char *n = report_bucket_name((enum report_bucket)b);

		strbuf_reset(&title);
		strbuf_reset(&name);
		if (strbuf_addf(&title, "LKP reports: %s",
				report_bucket_title((enum report_bucket)b)) ||
		    strbuf_addf(&name, "bucket-%s.html", n))
			rc = LKB_ERR_TOO_BIG;
		else
			rc = list_page(w, order, F_BUCKET, n, name.buf,
				       title.buf);
	}
	strbuf_release(&title);
	strbuf_release(&name);
	return rc;
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
	if (!rc)
		rc = bucket_pages(w, order);
	if (!rc)
		rc = web_index_json(w, order);
	for (int f = F_SUBSYSTEM; f < F__COUNT && !rc; f++) {
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
