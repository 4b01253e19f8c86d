/* lkp_report_text.c - reports quoted in replies and scraped from archive
 * pages (doc/lkp-format.md sections 1.4-1.6): pseudo-headers, title line,
 * then the same line pass as for robot mail. */
#include "config.h"
#include "parsers/lkp_report.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "parsers/lkp_report-internal.h"

/* Header lines are looked for only this far into a scrape. */
#define TEXT_HEADER_LINES 80

/* "Name: value"-shaped: a header name, a colon, a blank. */
static int
header_shaped(struct lkp_tok t)
{
	size_t n = 0;

	while (n < t.len && (LKB_ISALNUM(t.p[n]) || t.p[n] == '-'))
		n++;
	return n && n + 1 < t.len && t.p[n] == ':' && t.p[n + 1] == ' ';
}

static void
split_from(struct arena *a, struct lkp_report *r, struct lkp_tok v)
{
	const char *lt = memchr(v.p, '<', v.len);
	const char *gt = lt ? memchr(lt, '>', (size_t)(v.p + v.len - lt))
			    : NULL;

	if (lt && gt) {
		struct lkp_tok n = lkp_trim(v.p, (size_t)(lt - v.p));

		if (n.len >= 2 && n.p[0] == '"' && n.p[n.len - 1] == '"') {
			n.p++;
			n.len -= 2;
		}
		r->from_name = n.len ? lkp_dup(a, n.p, n.len) : NULL;
		r->from_addr = lkp_dup(a, lt + 1, (size_t)(gt - lt - 1));
	} else {
		r->from_name = lkp_dup(a, v.p, v.len);
	}
}

/* Subject:, From:, Date:, Message-ID: near the top of a scrape. A
 * subject line followed by a line that is not header-shaped is joined
 * with it (scrapes lose the continuation indent). */
static void
pseudo_headers(struct lkp_parse *ps, const char **subject)
{
	const struct lkp_lines *L = ps->L;
	struct lkp_report *r = ps->r;
	size_t lim = L->n < TEXT_HEADER_LINES ? L->n : TEXT_HEADER_LINES;

	for (size_t i = 0; i < lim; i++) {
		const struct lkp_line *l = &L->v[i];
		struct lkp_tok v;

		if (l->depth)
			continue;
		if (!*subject && lkp_line_key(l, "Subject", &v)) {
			size_t len = v.len;
			const char *p = v.p;

			if (i + 1 < L->n && L->v[i + 1].len &&
			    !L->v[i + 1].depth &&
			    !header_shaped(lkp_trim(L->v[i + 1].p,
						    L->v[i + 1].len))) {
				struct lkp_tok n = lkp_trim(L->v[i + 1].p,
							    L->v[i + 1].len);
				char *j = arena_printf(ps->a, "%.*s %.*s",
						       (int)v.len, v.p,
						       (int)n.len, n.p);

				p = j;
				len = strlen(j);
			}
			*subject = lkp_dup_collapse(ps->a, p, len);
		} else if (!r->from_name && !r->from_addr &&
			   lkp_line_key(l, "From", &v) && v.len) {
			split_from(ps->a, r, v);
		} else if (!r->date_text && lkp_line_key(l, "Date", &v) &&
			   v.len) {
			r->date_text = lkp_dup(ps->a, v.p, v.len);
		} else if (!r->message_id &&
			   (lkp_line_key(l, "Message-ID", &v) ||
			    lkp_line_key(l, "Message-Id", &v)) &&
			   v.len > 2 && v.p[0] == '<' &&
			   v.p[v.len - 1] == '>') {
			r->message_id = lkp_dup(ps->a, v.p + 1, v.len - 2);
		}
	}
}

/* A scrape's first line is often the subject ("Re: [mm] 87eaceb3fa:
 * stress-ng... -19.6% regression"). */
static const char *
title_line(struct lkp_parse *ps)
{
	struct lkp_subject s;

	for (size_t i = 0; i < ps->L->n; i++) {
		struct lkp_tok t = lkp_trim(ps->L->v[i].p, ps->L->v[i].len);

		if (!t.len)
			continue;
		if (lkp_subject_parse(ps->a, t.p, t.len, &s) &&
		    s.form != LKP_SUBJ_PATCH)
			return s.normalised[0] ? lkp_dup(ps->a, t.p, t.len)
					       : NULL;
		return NULL;
	}
	return NULL;
}

int
lkp_report_parse_text(struct arena *a, const char *text, size_t len,
		      unsigned flags, struct lkp_report **out)
{
	struct lkp_parse ps;
	struct lkp_lines L;
	struct lkp_report *r;
	const char *subject = NULL;

	*out = NULL;
	if (!text && len)
		return LKB_ERR_USAGE;
	if (len > LKB_MAX_BODY_BYTES)
		return LKB_ERR_TOO_BIG;
	r = lkp_parse_begin(&ps, a);
	ps.text_mode = 1;
	lkp_lines_split(a, text ? text : "", len,
			!(flags & LKP_TEXT_KEEP_QUOTES), &L);
	ps.L = &L;
	if (!(flags & LKP_TEXT_NO_HEADERS)) {
		pseudo_headers(&ps, &subject);
		if (!subject)
			subject = title_line(&ps);
	}
	r->subject = subject;
	lkp_parse_run(&ps, subject);
	if (r->kind == LKP_KIND_NONE && !r->ncomparisons && !r->commit_sha)
		return 0;
	lkp_parse_finish(&ps);
	*out = r;
	return 1;
}
