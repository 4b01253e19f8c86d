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

/* A combination of subsystem, kind and bucket that has reports. */
struct combo {
	const char *subsystem, *kind;
	enum report_bucket bucket;
};

/* What one list page shows: the reports on_page(f, value), or those
 * of combination c. */
struct list {
	enum field f;
	const char *value;
	const struct combo *c;
};

static int
in_combo(const struct web_report *r, const struct combo *c)
{
	return r->subsystem && !strcmp(r->subsystem, c->subsystem) &&
	       !strcmp(r->kind, c->kind) &&
	       on_page(r, F_BUCKET, report_bucket_name(c->bucket));
}

static int
on_list(const struct web_report *r, const struct list *l)
{
	return l->c ? in_combo(r, l->c) : on_page(r, l->f, l->value);
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
	strbuf_adds(sb, "<ul class=\"buckets\">\n");
	for (int b = 0; b < BUCKET__COUNT; b++) {
		const char *name = report_bucket_name((enum report_bucket)b);

		strbuf_addf(sb, "<li><a href=\"bucket-%s.html\">%s</a> "
			    "<b>%zu</b></li>\n", name,
			    report_bucket_title((enum report_bucket)b),
			    count_on(w, F_BUCKET, name));
	}
	strbuf_adds(sb, "</ul>\n");
	return LKB_OK;
}

static int
filter_links(struct strbuf *sb, const struct web *w)
{
	struct strbuf name = STRBUF_INIT;
	int rc = bucket_links(sb, w);

	strbuf_adds(sb, "<p><a href=\"filters.html\">By subsystem, "
		    "kind and bucket</a> (e.g. the perf regressions "
		    "of one subsystem that need attention)</p>\n"
		    "<details class=\"filters\"><summary>Filters"
		    "</summary>\n");
	for (int f = F_SUBSYSTEM; f < F__COUNT; f++) {
		struct values vs;

		values_of(w, (enum field)f, &vs);
		strbuf_addf(sb, "<p>By %s: ", field_names[f]);
		for (size_t i = 0; i < vs.n; i++) {
			strbuf_reset(&name);
			rc |= site_slug(&name, field_names[f], vs.v[i]);
			strbuf_addf(sb, "<a href=\"%s\">", name.buf);
			rc |= html_escs(sb, vs.v[i]);
			strbuf_adds(sb, "</a> ");
		}
		strbuf_adds(sb, "</p>\n");
		free(vs.v);
	}
	strbuf_release(&name);
	strbuf_adds(sb, "</details>\n");
	return rc;
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

	if (cls) {
		strbuf_addf(sb, "<td class=\"%s\" data-label=\"%s\">",
			    cls, label);
		return LKB_OK;
	}
	strbuf_addf(sb, "<td data-label=\"%s\">", label);
	return LKB_OK;
}

static int
cell(struct strbuf *sb, const char *label, const char *v)
{
	int rc = td(sb, label) | html_escs(sb, v);

	strbuf_adds(sb, "</td>");
	return rc;
}

static int
folded(const struct web_report *r, const struct web_report *o,
       const struct list *l)
{
	return r->fold && o->fold == r->fold && on_list(o, l);
}

/* The row of r stands for the reports of its fold after it on the page
 * (rest): links to them into sb, each marked in done (by its place in
 * w->rep) and counted in *n. */
static int
fold_links(struct web *w, struct strbuf *sb, const struct web_report *r,
	   struct web_report *const *rest, size_t nrest,
	   const struct list *l, char *done, size_t *n)
{
	size_t k = 0;

	for (size_t i = 0; i < nrest; i++)
		k += folded(r, rest[i], l);
	if (!k)
		return LKB_OK;
	strbuf_addf(sb, "<br><small class=\"fold\">+%zu sibling%s (the "
		    "same culprit or patch, kind and bucket):", k,
		    k == 1 ? "" : "s");
	for (size_t i = 0; i < nrest; i++) {
		if (!folded(r, rest[i], l))
			continue;
		done[rest[i] - w->rep] = 1;
		strbuf_addf(sb, " <a href=\"report-%lld.html\">%lld</a>",
			    (long long)rest[i]->id,
			    (long long)rest[i]->id);
	}
	*n += k;
	strbuf_adds(sb, "</small>");
	return LKB_OK;
}

static int
row(struct web *w, struct strbuf *sb, const struct web_report *r,
    const struct strbuf *fold)
{
	int rc;

	strbuf_adds(sb, "<tr>");
	rc = td(sb, "#");
	strbuf_addf(sb, "<a href=\"report-%lld.html\">%lld</a></td>",
		    (long long)r->id, (long long)r->id);
	rc |= td(sb, "Report");
	strbuf_addf(sb, "<a href=\"report-%lld.html\">",
		    (long long)r->id);
	rc |= html_escs(sb, r->subject);
	strbuf_adds(sb, "</a>");
	strbuf_add(sb, fold->buf, fold->len);
	strbuf_adds(sb, "</td>");
	rc |= td(sb, "State");
	strbuf_adds(sb, "<span class=\"state\">");
	rc |= html_escs(sb, r->state);
	rc |= html_around(sb, " (", r->close_reason, ")");
	strbuf_adds(sb, "</span>");
	rc |= html_around(sb, "<br><small class=\"unverified\">unverified: ",
			  r->unverified, "</small>");
	strbuf_addf(sb, "<br><small>%s%s</small></td>",
		    report_bucket_title(r->bucket),
		    r->review ? ", review" : "");
	rc |= td(sb, "Who");
	rc |= html_escs(sb, r->who);
	if (r->who && r->since > 0) {
		strbuf_adds(sb, "<br><small>since ");
		rc |= html_date(sb, r->since);
		strbuf_adds(sb, "</small>");
	}
	rc |= html_around(sb, r->who ? "<br><small>author: "
				     : "<small>author: ", r->author, "</small>");
	strbuf_adds(sb, "</td>");
	/* a column for the noise confidence goes here */
	rc |= cell(sb, "Subsystem", r->subsystem);
	rc |= cell(sb, "Kind", r->kind);
	rc |= td(sb, "Tree");
	rc |= html_escs(sb, r->tree);
	if (r->branch) {
		strbuf_adds(sb, ":");
		rc |= html_escs(sb, r->branch);
	}
	strbuf_adds(sb, "</td>");
	rc |= cell(sb, "Testcase", r->testcase);
	strbuf_adds(sb, "<td data-label=\"Change\"");
	if (r->verdict)
		strbuf_addf(sb, " class=\"%s\"",
			    !strcmp(r->verdict, "regression")
			    ? "regression" : "improvement");
	strbuf_adds(sb, ">");
	rc |= html_escs(sb, r->metric);
	if (r->has_pct)
		strbuf_addf(sb, " %+.1f%%", r->pct);
	strbuf_adds(sb, "</td>");
	rc |= td(sb, "Last activity");
	if (r->last_mid) {	/* the mail, on lore */
		strbuf_adds(sb, "<a href=\"");
		rc |= web_lore_href(w, sb, r->last_mid, "");
		strbuf_adds(sb, "\">");
		rc |= html_date(sb, r->last);
		strbuf_adds(sb, "</a></td>");
	} else {
		rc |= html_date(sb, r->last);
		strbuf_adds(sb, "</td>");
	}
	rc |= td(sb, "Age");
	rc |= web_age(w, sb, r->date);
	strbuf_adds(sb, "</td></tr>\n");
	return rc;
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

/* How a list of reports is written: head before its first row, row()
 * for each (fold: the links to the siblings folded into it), tail after
 * its last. */
struct rows {
	const char *head, *tail;
	int (*row)(struct web *w, struct strbuf *sb, const struct web_report *r,
		   const struct strbuf *fold);
};

/* The reports of l in order, into sb as how says, the siblings of a
 * fold in the row of the first on the list (index, bucket, filter and
 * digest pages alike). *n_out: the reports listed, folded ones too.
 * Non-zero when sb is full. */
static int
list_rows(struct web *w, struct strbuf *sb, struct web_report **order,
	  const struct list *l, const struct rows *how, size_t *n_out)
{
	struct strbuf fold = STRBUF_INIT;
	char *done = xcalloc(w->nrep ? w->nrep : 1, 1);
	size_t n = 0;
	int rc = 0;

	for (size_t i = 0; i < w->nrep; i++) {
		if (done[order[i] - w->rep] || !on_list(order[i], l))
			continue;
		if (!n++)
			strbuf_adds(sb, how->head);
		strbuf_reset(&fold);
		rc |= fold_links(w, &fold, order[i], order + i + 1,
				 w->nrep - i - 1, l, done, &n);
		rc |= how->row(w, sb, order[i], &fold);
	}
	free(done);
	strbuf_release(&fold);
	if (n)
		strbuf_adds(sb, how->tail);
	*n_out = n;
	return rc;
}

/* One list page: the reports of l (l->f == F__COUNT: the index). */
static int
list_page(struct web *w, struct web_report **order, const struct list *l,
	  const char *name, const char *title)
{
	static const struct rows table = {
		"<table class=\"reports\">\n<thead><tr>"
		"<th>#</th><th>Report</th><th>State</th><th>Who</th>"
		"<th>Subsystem</th><th>Kind</th><th>Tree</th>"
		"<th>Testcase</th><th>Change</th>"
		"<th>Last activity</th><th>Age</th></tr></thead>\n<tbody>\n",
		"</tbody>\n</table>\n", row,
	};
	enum field f = l->c ? F_SUBSYSTEM : l->f;
	struct strbuf sb = STRBUF_INIT;
	size_t n = 0;
	int rc = html_begin(&sb, title);

	if (f == F__COUNT)
		rc |= filter_links(&sb, w);
	else
		strbuf_adds(&sb, "<p><a href=\"index.html\">All reports"
			    "</a>, <a href=\"filters.html\">every "
			    "subsystem, kind and bucket</a></p>\n");
	if (f == F__COUNT || f == F_BUCKET)
		strbuf_adds(&sb, "<p class=\"note\">Informational robot "
			    "mail (BUILD SUCCESS, improvements) is "
			    "listed under <a href=\"bucket-info.html\">"
			    "Informational</a> only.</p>\n");
	rc |= list_rows(w, &sb, order, l, &table, &n);
	strbuf_addf(&sb, "<p>%zu report%s.</p>\n", n, n == 1 ? "" : "s");
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
digest_item(struct web *w, struct strbuf *sb, const struct web_report *r,
	    const struct strbuf *fold)
{
	int rc = LKB_OK;

	strbuf_addf(sb, "<li><a href=\"report-%lld.html\">",
		    (long long)r->id);
	(void)w;
	rc |= html_escs(sb, r->subject);
	strbuf_adds(sb, "</a> <span class=\"state\">");
	rc |= html_escs(sb, r->state);
	strbuf_adds(sb, "</span>");
	if (r->who) {
		strbuf_adds(sb, " (");
		rc |= html_escs(sb, r->who);
		strbuf_adds(sb, ")");
	}
	if (r->has_pct)
		strbuf_addf(sb, " %+.1f%%", r->pct);
	strbuf_add(sb, fold->buf, fold->len);
	strbuf_adds(sb, "</li>\n");
	return rc;
}

/* The digest: the reports that need attention, are being worked on or
 * wait for the robot (the buckets `lkpbot digest` mails), each part
 * largest regression first, the siblings of a fold in one item. */
static int
digest_page(struct web *w, struct web_report **order)
{
	static const enum report_bucket parts[] = {
		BUCKET_ATTENTION, BUCKET_WORKING, BUCKET_WAITING,
	};
	static const struct rows items = { "<ol>\n", "</ol>\n", digest_item };
	struct strbuf sb = STRBUF_INIT;
	size_t count[BUCKET__COUNT] = { 0 }, n;
	int rc;

	qsort(order, w->nrep, sizeof(*order), by_weight);
	for (size_t i = 0; i < w->nrep; i++)
		count[order[i]->bucket]++;
	rc = html_begin(&sb, "Digest: the open reports, largest regression "
			"first");
	for (size_t k = 0; k < LKB_ARRAY_SIZE(parts); k++) {
		struct list l = { F_BUCKET, report_bucket_name(parts[k]),
				  NULL };

		strbuf_addf(&sb, "<h2>%s (%zu)</h2>\n",
			    report_bucket_title(parts[k]),
			    count[parts[k]]);
		rc |= list_rows(w, &sb, order, &l, &items, &n);
	}
	strbuf_addf(&sb, "<p>%zu open; not listed: <a href=\"bucket-"
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
		strbuf_addf(&title, "LKP reports: %s",
			    report_bucket_title((enum report_bucket)b));
		strbuf_addf(&name, "bucket-%s.html", n);
		rc = list_page(w, order,
				       &(struct list){ F_BUCKET, n, NULL },
				       name.buf, title.buf);
	}
	strbuf_release(&title);
	strbuf_release(&name);
	return rc;
}

/* The file name of combination c: "in-BUCKET-KIND.SUBSYSTEM.html" by
 * site_slug. Bucket names hold no '-', kinds (ours) only [a-z-], so the
 * first '-' after the bucket and the first '.' end them: no two
 * combinations share a name. -1: a kind of other characters. */
static int
combo_name(struct strbuf *sb, const struct combo *c)
{
	struct strbuf pfx = STRBUF_INIT, v = STRBUF_INIT;
	int rc;

	if (!*c->kind || strspn(c->kind, "abcdefghijklmnopqrstuvwxyz-") !=
			 strlen(c->kind))
		return -1;
	strbuf_addf(&pfx, "in-%s", report_bucket_name(c->bucket));
	strbuf_addf(&v, "%s.%s", c->kind, c->subsystem);
	rc = site_slug(sb, pfx.buf, v.buf);
	strbuf_release(&pfx);
	strbuf_release(&v);
	return rc;
}

static int
combo_cmp(const void *a, const void *b)
{
	const struct combo *x = a, *y = b;
	int d = strcmp(x->subsystem, y->subsystem);

	if (!d)
		d = (int)x->bucket - (int)y->bucket;
	return d ? d : strcmp(x->kind, y->kind);
}

/* Every combination that has reports (review besides the bucket),
 * sorted by subsystem, bucket and kind, each once. */
static struct combo *
combos(const struct web *w, size_t *n_out)
{
	struct combo *c = xcalloc(2 * w->nrep + 1, sizeof(*c));
	size_t n = 0, k = 0;

	for (size_t i = 0; i < w->nrep; i++) {
		const struct web_report *r = &w->rep[i];

		if (!r->subsystem || !*r->kind)
			continue;
		c[n++] = (struct combo){ r->subsystem, r->kind, r->bucket };
		if (r->review)
			c[n++] = (struct combo){ r->subsystem, r->kind,
						 BUCKET_REVIEW };
	}
	if (n > 1)
		qsort(c, n, sizeof(*c), combo_cmp);
	for (size_t i = 0; i < n; i++)
		if (!k || combo_cmp(&c[k - 1], &c[i]))
			c[k++] = c[i];
	*n_out = k;
	return c;
}

/* filters.html: each subsystem with the pages of its combinations,
 * its reports counted ("Needs attention: perf-regression 3"). */
static int
filters_page(struct web *w, const struct combo *c, size_t n)
{
	struct strbuf sb = STRBUF_INIT, name = STRBUF_INIT;
	int rc = html_begin(&sb, "LKP reports by subsystem, kind and bucket");

	strbuf_adds(&sb, "<p><a href=\"index.html\">All reports</a>"
		    "</p>\n<p class=\"note\">One page per subsystem, "
		    "kind and triage bucket that has reports.</p>\n");
	for (size_t i = 0; i < n && !rc; i++) {
		int first = !i || strcmp(c[i - 1].subsystem, c[i].subsystem);
		int bfirst = first || c[i - 1].bucket != c[i].bucket;
		size_t cnt = 0;

		for (size_t j = 0; j < w->nrep; j++)
			cnt += in_combo(&w->rep[j], &c[i]);
		if (first) {
			strbuf_adds(&sb, i ? "</li></ul>\n<h2>" : "<h2>");
			strbuf_reset(&name);
			/* its page, unless it has informational mail only */
			if (count_on(w, F_SUBSYSTEM, c[i].subsystem)) {
				rc |= site_slug(&name, "subsystem",
						c[i].subsystem);
				strbuf_addf(&sb, "<a href=\"%s\">",
					    name.buf);
			}
			rc |= html_escs(&sb, c[i].subsystem);
			strbuf_addf(&sb, "%s</h2>\n<ul class=\"combos\">"
				    "\n", name.len ? "</a>" : "");
		}
		if (bfirst)
			strbuf_addf(&sb, "%s<li>%s:", first ? ""
				    : "</li>\n", report_bucket_title(
					    c[i].bucket));
		strbuf_reset(&name);
		if (combo_name(&name, &c[i]))
			continue;
		strbuf_addf(&sb, "%s <a href=\"%s\">", bfirst ? ""
			    : ",", name.buf);
		rc |= html_escs(&sb, c[i].kind);
		strbuf_addf(&sb, "</a> (%zu)", cnt);
	}
	if (n)
		strbuf_adds(&sb, "</li></ul>\n");
	rc |= html_end(&sb);
	if (!rc)
		rc = web_put(w, "filters.html", &sb);
	strbuf_release(&sb);
	strbuf_release(&name);
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}

/* A page per combination of subsystem, kind and bucket with reports
 * ("open perf regressions in mm", no script needed), and filters.html
 * listing them. */
static int
combo_pages(struct web *w, struct web_report **order)
{
	struct strbuf name = STRBUF_INIT, title = STRBUF_INIT;
	size_t n;
	struct combo *c = combos(w, &n);
	int rc = filters_page(w, c, n);

	for (size_t i = 0; i < n && !rc; i++) {
		strbuf_reset(&name);
		strbuf_reset(&title);
		if (combo_name(&name, &c[i]))
			continue;
		strbuf_addf(&title, "LKP reports: %s, %s, in %s",
			    report_bucket_title(c[i].bucket), c[i].kind,
			    c[i].subsystem);
		rc = list_page(w, order, &(struct list){ F__COUNT, NULL,
							 &c[i] },
			       name.buf, title.buf);
	}
	free(c);
	strbuf_release(&name);
	strbuf_release(&title);
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
	rc = list_page(w, order, &(struct list){ F__COUNT, NULL, NULL },
		       "index.html", "LKP reports");
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
			if (site_slug(&name, field_names[f], vs.v[i])) {
				rc = LKB_ERR_TOO_BIG;
				break;
			}
			strbuf_addf(&title, "LKP reports, %s %s",
				    field_names[f], vs.v[i]);
			rc = list_page(w, order,
				       &(struct list){ (enum field)f, vs.v[i],
						       NULL },
				       name.buf, title.buf);
		}
		free(vs.v);
	}
	if (!rc)
		rc = combo_pages(w, order);
	if (!rc)
		rc = digest_page(w, order);
	free(order);
	strbuf_release(&name);
	strbuf_release(&title);
	return rc;
}
