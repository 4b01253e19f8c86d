/* lkp_report.c - body of perf and functional reports (doc/lkp-format.md
 * sections 4.1-4.6) and the two entry points. Section 8 (build formats)
 * and the kind decision live in lkp_build.c. */
#include "config.h"
#include "parsers/lkp_report.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "parsers/lkp_report-internal.h"

static const char *const kind_names[LKP_KIND__COUNT] = {
	"none", "perf-regression", "perf-improvement", "functional",
	"build-success", "build-regression", "build-error", "other-robot",
};
_Static_assert(LKB_ARRAY_SIZE(kind_names) == LKP_KIND__COUNT,
	       "kind_names matches enum lkp_kind");

const char *
lkp_kind_name(enum lkp_kind k)
{
	return (unsigned)k < LKP_KIND__COUNT ? kind_names[k] : "none";
}

enum lkp_kind
lkp_kind_from_name(const char *s)
{
	for (int k = 1; k < LKP_KIND__COUNT; k++)
		if (s && !strcmp(s, kind_names[k]))
			return (enum lkp_kind)k;
	return LKP_KIND_NONE;
}

static int
icontains(const char *s, const char *lit)
{
	size_t n = strlen(lit);

	for (; s && *s; s++)
		if (lkp_istarts(s, strlen(s), lit))
			return 1;
	return n == 0;
}

int
lkp_report_is_robot(const char *from_name, const char *from_addr)
{
	if (from_name && (icontains(from_name, "kernel test robot") ||
			  icontains(from_name, "kbuild test robot")))
		return 1;
	return from_addr && strlen(from_addr) == 13 &&
	       lkp_istarts(from_addr, 13, "lkp@intel.com");
}

static struct lkp_tok
tline(const struct lkp_parse *ps, size_t i)
{
	return lkp_trim(ps->L->v[i].p, ps->L->v[i].len);
}

/* ---- the pass over all lines ---- */

static size_t
table_at(struct lkp_parse *ps, size_t i, enum lkp_tline tl)
{
	struct lkp_report *r = ps->r;
	struct lkp_comparison *c;

	if (tl == LKP_TL_MORE) {
		if (!r->ncomparisons)
			return i + 1;
		return lkp_table_continue(ps->a, &ps->w, ps->L, i,
					  &r->comparisons[r->ncomparisons - 1]);
	}
	if (tl == LKP_TL_DASHES) {
		/* a dash line alone starts a table only before a header */
		enum lkp_tline nx = i + 1 < ps->L->n
					    ? lkp_table_line(ps->L, i + 1)
					    : LKP_TL_OTHER;

		if (nx != LKP_TL_STDDEV_HDR && nx != LKP_TL_FAIL_HDR)
			return 0;
	}
	if (r->ncomparisons >= LKB_MAX_REPORT_SECTIONS) {
		struct lkp_comparison skip;

		if (r->ncomparisons == LKB_MAX_REPORT_SECTIONS)
			lkp_warn(&ps->w, "more than %u comparison sections "
				 "(LKB_MAX_REPORT_SECTIONS)",
				 LKB_MAX_REPORT_SECTIONS);
		return lkp_table_parse(ps->a, &ps->w, ps->L, i, &skip);
	}
	c = lkp_push(ps->a, &r->comparisons, &r->ncomparisons, &ps->alloc_cmp,
		     sizeof(*c));
	return lkp_table_parse(ps->a, &ps->w, ps->L, i, c);
}

static size_t
parse_line(struct lkp_parse *ps, size_t i)
{
	enum lkp_tline tl = lkp_table_line(ps->L, i);
	size_t next;

	if (tl != LKP_TL_OTHER && (next = table_at(ps, i, tl)) > i)
		return next;
	return lkp_body_line(ps, i);
}

/* Sign of an unsigned headline from the table (section 3). */
static void
headline_sign(struct lkp_parse *ps)
{
	struct lkp_report *r = ps->r;

	if (ps->perf_headline != 1 || !r->headline_metric)
		return;
	for (size_t c = 0; c < r->ncomparisons; c++)
		for (size_t m = 0; m < r->comparisons[c].nmetrics; m++) {
			const struct lkp_metric *row =
				&r->comparisons[c].metrics[m];

			if (row->ncols < 2 ||
			    strcmp(row->name, r->headline_metric) ||
			    row->change_kind != LKP_CHANGE_PERCENT)
				continue;
			if (row->changes[0].v < 0)
				r->headline_change_pct.v =
					-r->headline_change_pct.v;
			return;
		}
	lkp_warn(&ps->w, "headline %s has no sign and no table row",
		 r->headline_metric);
}

/* Signs of the "In addition" changes from their own tables. */
static void
impact_signs(struct lkp_parse *ps)
{
	struct lkp_report *r = ps->r;

	for (size_t k = 0; k < r->nimpacts && k + 1 < r->ncomparisons; k++) {
		struct lkp_impact *im = &r->impacts[k];
		const struct lkp_comparison *c = &r->comparisons[k + 1];

		if (!im->metric || im->change_pct.kind == LKP_NUM_NONE)
			continue;
		for (size_t m = 0; m < c->nmetrics; m++)
			if (c->metrics[m].ncols >= 2 &&
			    !strcmp(c->metrics[m].name, im->metric)) {
				if (c->metrics[m].changes[0].v < 0 &&
				    im->change_pct.v > 0)
					im->change_pct.v = -im->change_pct.v;
				break;
			}
	}
}

static void
apply_subject(struct lkp_parse *ps)
{
	struct lkp_report *r = ps->r;
	const struct lkp_subject *s = &ps->subj;

	r->tree = s->tree;
	r->branch = s->branch;
	r->prefix = s->prefix;
	r->subject_sha = s->sha;
	if (s->series_pos)
		r->series_pos = s->series_pos;
}

/* "[PATCH v4 4/5] ..." -> "4/5" (section 7: PATCHv6 6/7, PATCH -next v2
 * 7/7, RFC PATCH 2/4). */
static const char *
patch_pos(struct arena *a, const char *ps)
{
	const char *close = ps ? strchr(ps, ']') : NULL, *p;

	if (!close || *ps != '[')
		return NULL;
	p = close;
	while (p > ps && p[-1] != ' ')
		p--;
	if (p == close || !strchr(p, '/'))
		return NULL;
	for (const char *q = p; q < close; q++)
		if (!LKB_ISDIGIT(*q) && *q != '/')
			return NULL;
	return lkp_dup(a, p, (size_t)(close - p));
}

/* Facts only the subject carries, when the body did not say them. */
static void
subject_fallbacks(struct lkp_parse *ps)
{
	struct lkp_report *r = ps->r;
	const struct lkp_subject *s = &ps->subj;

	if (s->form == LKP_SUBJ_PATCH_REPLY) {
		if (!r->patch_subject)
			r->patch_subject = s->patch_subject;
		if (!r->series_pos)
			r->series_pos = patch_pos(ps->a, r->patch_subject);
	}
	if (!r->headline_metric && s->form == LKP_SUBJ_FUNC &&
	    r->kind == LKP_KIND_FUNCTIONAL)
		r->headline_metric = s->error_id;
}

void
lkp_parse_run(struct lkp_parse *ps, const char *subject)
{
	struct lkp_report *r = ps->r;
	size_t i = 0;

	lkp_subject_parse(ps->a, subject, subject ? strlen(subject) : 0,
			  &ps->subj);
	apply_subject(ps);
	while (i < ps->L->n) {
		if (!tline(ps, i).len) {
			i++;
			continue;
		}
		i = parse_line(ps, i);
	}
	headline_sign(ps);
	impact_signs(ps);
	lkp_build_classify(ps);
	if (r->kind == LKP_KIND_FUNCTIONAL)
		lkp_body_evidence(ps);
	subject_fallbacks(ps);
	if (ps->subj.sha && r->commit_sha &&
	    strncmp(ps->subj.sha, r->commit_sha, strlen(ps->subj.sha)))
		lkp_warn(&ps->w, "subject sha %s is not commit %.12s",
			 ps->subj.sha, r->commit_sha);
}

struct lkp_report *
lkp_parse_begin(struct lkp_parse *ps, struct arena *a)
{
	struct lkp_report *r = arena_alloc(a, sizeof(*r));

	memset(ps, 0, sizeof(*ps));
	ps->a = a;
	ps->r = r;
	ps->w.a = a;
	r->date = (time_t)-1;
	return r;
}

void
lkp_parse_finish(struct lkp_parse *ps)
{
	if (ps->w.dropped)
		lkp_warn(&ps->w, "%zu more warnings dropped", ps->w.dropped);
	ps->r->warnings = ps->w.v;
	ps->r->nwarnings = ps->w.n;
}

/* Can text hold a table? Every line lkp_table_line() tells from other
 * text starts, after blanks, with one of = - % f c <, or is followed by
 * a line of dashes. A kernel config attached to robot mail has none:
 * it is not split into lines and looked at one by one. */
static int
may_hold_table(const char *p, size_t len)
{
	const char *end = p + len, *nl;
	struct lkp_tok t;

	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		t = lkp_trim(p, (size_t)(nl - p));
		if (t.len && memchr("=-%fc<", t.p[0], 6))
			return 1;
	}
	return 0;
}

int
lkp_report_parse(struct arena *a, const struct lkp_report_input *in,
		 struct lkp_report **out)
{
	struct lkp_parse ps;
	struct lkp_lines L;
	struct lkp_report *r;

	*out = NULL;
	if (!in || (!in->body && in->body_len))
		return LKB_ERR_USAGE;
	if (!lkp_report_is_robot(in->from_name, in->from_addr))
		return 0;
	if (in->body_len > LKB_MAX_BODY_BYTES)
		return LKB_ERR_TOO_BIG;
	r = lkp_parse_begin(&ps, a);
	r->message_id = in->message_id ? arena_strdup(a, in->message_id) : NULL;
	r->from_name = in->from_name ? arena_strdup(a, in->from_name) : NULL;
	r->from_addr = in->from_addr ? arena_strdup(a, in->from_addr) : NULL;
	r->subject = in->subject ? arena_strdup(a, in->subject) : NULL;
	r->date = in->date;
	lkp_lines_split(a, in->body ? in->body : "", in->body_len, 0, &L);
	ps.L = &L;
	lkp_parse_run(&ps, r->subject);
	/* attachments (old reports, retest replies) may hold whole tables */
	for (size_t k = 0; k < in->nparts; k++) {
		struct lkp_lines PL;

		if (!in->parts[k].text || in->parts[k].len > LKB_MAX_BODY_BYTES ||
		    !may_hold_table(in->parts[k].text, in->parts[k].len))
			continue;
		lkp_lines_split(a, in->parts[k].text, in->parts[k].len, 0, &PL);
		ps.L = &PL;
		for (size_t i = 0; i < PL.n;) {
			enum lkp_tline tl = lkp_table_line(&PL, i);
			size_t next = tl == LKP_TL_OTHER ? 0
							 : table_at(&ps, i, tl);

			i = next > i ? next : i + 1;
		}
	}
	if (r->kind == LKP_KIND_NONE)
		r->kind = LKP_KIND_OTHER_ROBOT;
	lkp_parse_finish(&ps);
	*out = r;
	return 1;
}

size_t
lkp_report_row_count(const struct lkp_report *r)
{
	size_t n = 0;

	for (size_t c = 0; c < r->ncomparisons; c++)
		n += r->comparisons[c].nmetrics + r->comparisons[c].nfailures;
	return n;
}
