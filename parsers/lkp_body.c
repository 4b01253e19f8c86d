/* lkp_body.c - body sections of perf and functional reports
 * (doc/lkp-format.md sections 4.2-4.6): headline, commit block, status lines,
 * test block and parameters, the "In addition to that" box, tags,
 * materials and the functional evidence. */
#include "config.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "parsers/lkp_report-internal.h"

static struct lkp_tok
tline(const struct lkp_parse *ps, size_t i)
{
	return lkp_trim(ps->L->v[i].p, ps->L->v[i].len);
}

static const char *
dup_tok(struct lkp_parse *ps, struct lkp_tok t)
{
	return lkp_dup(ps->a, t.p, t.len);
}

/* Set *field from "key: value" in l unless already set. */
static int
key_field_l(struct lkp_parse *ps, const struct lkp_line *l, const char *key,
	    const char **field)
{
	struct lkp_tok v;

	if (!lkp_line_key(l, key, &v))
		return 0;
	if (!*field && v.len)
		*field = dup_tok(ps, v);
	return 1;
}

static int
key_field(struct lkp_parse *ps, size_t i, const char *key, const char **field)
{
	return key_field_l(ps, &ps->L->v[i], key, field);
}

/* ---- headline (4.2) ---- */

static void
headline_perf(struct lkp_parse *ps, const char *p, const char *end)
{
	struct lkp_report *r = ps->r;
	struct lkp_tok a, pct, verdict, of, metric;

	if (!lkp_tok_next(&p, end, &a) || (a.len != 1 && a.len != 2) ||
	    a.p[0] != 'a' || !lkp_tok_next(&p, end, &pct) ||
	    !lkp_tok_next(&p, end, &verdict) || !lkp_tok_next(&p, end, &of) ||
	    of.len != 2 || memcmp(of.p, "of", 2) ||
	    !lkp_tok_next(&p, end, &metric))
		return;
	if (pct.len < 2 || pct.p[pct.len - 1] != '%' ||
	    !lkp_num_parse(pct.p, pct.len - 1, &r->headline_change_pct))
		return;
	if (!(verdict.len == 10 && !memcmp(verdict.p, "regression", 10)) &&
	    !(verdict.len == 11 && !memcmp(verdict.p, "improvement", 11)))
		return;
	r->headline_verdict = dup_tok(ps, verdict);
	r->headline_metric = dup_tok(ps, metric);
	ps->perf_headline = 1 + (pct.p[0] == '+' || pct.p[0] == '-');
}

/* "(built with gcc-11)" anywhere on the line. */
static void
built_with(struct lkp_parse *ps, const char *p, size_t len)
{
	size_t at;
	const char *q, *end = p + len;

	if (ps->r->compiler || !lkp_find(p, len, "(built with ", &at))
		return;
	q = p + at + 12;
	for (const char *e = q; e < end; e++)
		if (*e == ')') {
			ps->r->compiler = lkp_dup(ps->a, q, (size_t)(e - q));
			return;
		}
}

static int
parse_headline(struct lkp_parse *ps, size_t i)
{
	struct lkp_tok t = tline(ps, i), id;
	const char *p, *end = t.p + t.len;
	size_t at;

	if (ps->perf_headline || ps->func_headline)
		return 0;
	if (!lkp_istarts(t.p, t.len, "FYI, we noticed ") &&
	    !lkp_istarts(t.p, t.len, "kernel test robot noticed ") &&
	    !lkp_istarts(t.p, t.len, "we noticed "))
		return 0;
	/* the prefix matched ignoring case; "noticed " itself must be there
	 * (and something after it) or at is unset */
	if (!lkp_find(t.p, t.len, "noticed ", &at) || t.len - at < 8 + 2)
		return 0;
	p = t.p + at + 8;
	if (lkp_starts(p, (size_t)(end - p), "the following build"))
		return 0;	/* build report, section 8 */
	if (*p == 'a' && (p[1] == ' ' || p[1] == 'n')) {
		headline_perf(ps, p, end);
		if (ps->perf_headline)
			return 1;
	}
	if (*p == '"') {
		const char *q = end;

		while (q > p + 1 && q[-1] != '"')
			q--;
		if (q <= p + 1)
			return 0;
		ps->r->headline_metric = lkp_dup(ps->a, p + 1,
						 (size_t)(q - 1 - p - 1));
		ps->func_headline = 1;
		return 1;
	}
	if (lkp_starts(p, (size_t)(end - p), "the following commit")) {
		ps->func_headline = 1;
		built_with(ps, t.p, t.len);
		return 1;
	}
	/* "FYI, we noticed <id> due to commit (built with gcc-11):" */
	if (!lkp_tok_next(&p, end, &id) ||
	    !lkp_starts(lkp_trim(p, (size_t)(end - p)).p,
			lkp_trim(p, (size_t)(end - p)).len, "due to commit"))
		return 0;
	ps->r->headline_metric = dup_tok(ps, id);
	ps->func_headline = 1;
	built_with(ps, t.p, t.len);
	return 1;
}

/* ---- commit block and status lines (4.3) ---- */

static void
parse_commit(struct lkp_parse *ps, size_t i, struct lkp_tok v)
{
	struct lkp_report *r = ps->r;
	const char *p = v.p, *end = v.p + v.len;
	struct lkp_tok sha, rest;

	if (r->commit_sha || !lkp_tok_next(&p, end, &sha) ||
	    !lkp_is_hex(sha.p, sha.len, 40, 40))
		return;
	r->commit_sha = dup_tok(ps, sha);
	rest = lkp_trim(p, (size_t)(end - p));
	if (rest.len >= 4 && rest.p[0] == '(' && rest.p[1] == '"' &&
	    rest.p[rest.len - 1] == ')' && rest.p[rest.len - 2] == '"') {
		r->commit_subject = lkp_dup(ps->a, rest.p + 2, rest.len - 4);
	} else if (rest.len > 2 && rest.p[0] == '[') {
		/* build: "commit: <sha> [13/13] Merge branch ..." */
		const char *close = memchr(rest.p, ']', rest.len);

		if (close) {
			struct lkp_tok s = lkp_trim(close + 1,
					(size_t)(rest.p + rest.len - close - 1));

			if (!r->series_pos)
				r->series_pos = lkp_dup(ps->a, rest.p + 1,
						(size_t)(close - rest.p - 1));
			r->commit_subject = dup_tok(ps, s);
			ps->build_commit = 1;
		}
	} else if (rest.len) {
		r->commit_subject = dup_tok(ps, rest);
	}
	/* tree line: "<git url> <branch>" */
	if (i + 1 < ps->L->n) {
		struct lkp_tok n = tline(ps, i + 1);

		if (lkp_starts(n.p, n.len, "https://") ||
		    lkp_starts(n.p, n.len, "http://") ||
		    lkp_starts(n.p, n.len, "git://"))
			r->commit_tree = lkp_dup_collapse(ps->a, n.p, n.len);
	}
}

/* ^\[(still (regression|improvement)|test failed) on (\S+(?: \S+)?)\s+
 * ([0-9a-f]{40})\]$ */
static int
parse_status(struct lkp_parse *ps, struct lkp_tok t)
{
	static const char *const kinds[] = { "still regression",
		"still improvement", "test failed" };
	struct lkp_status_line *sl;
	const char *p, *end, *k = NULL;
	struct lkp_tok sha, tree;
	size_t at;

	if (t.len < 44 || t.p[0] != '[' || t.p[t.len - 1] != ']')
		return 0;
	for (size_t i = 0; i < LKB_ARRAY_SIZE(kinds); i++)
		if (lkp_starts(t.p + 1, t.len - 1, kinds[i]))
			k = kinds[i];
	if (!k || !lkp_find(t.p, t.len, " on ", &at))
		return 0;
	end = t.p + t.len - 1;
	sha.p = end;
	while (sha.p > t.p && sha.p[-1] != ' ')
		sha.p--;
	sha.len = (size_t)(end - sha.p);
	if (!lkp_is_hex(sha.p, sha.len, 40, 40))
		return 0;
	p = t.p + at + 4;
	tree = lkp_trim(p, (size_t)(sha.p - p));
	if (!tree.len || ps->r->nstatus_lines >= LKB_MAX_REPORT_ITEMS)
		return 1;
	sl = lkp_push(ps->a, &ps->r->status_lines, &ps->r->nstatus_lines,
		      &ps->alloc_status, sizeof(*sl));
	sl->kind = k;
	sl->tree = lkp_dup_collapse(ps->a, tree.p, tree.len);
	sl->sha = dup_tok(ps, sha);
	return 1;
}

/* ---- test block (4.4) ---- */

static int
is_param_line(const struct lkp_line *l, struct lkp_tok *k, struct lkp_tok *v)
{
	struct lkp_tok t = lkp_trim(l->p, l->len);
	size_t n = 0;

	while (n < t.len && (LKB_ISALNUM(t.p[n]) || t.p[n] == '_' ||
			     t.p[n] == '.' || t.p[n] == '-'))
		n++;
	if (!n || n >= t.len || t.p[n] != ':')
		return 0;
	if (n + 1 < t.len && t.p[n + 1] != ' ' && t.p[n + 1] != '\t')
		return 0;
	k->p = t.p;
	k->len = n;
	*v = lkp_trim(t.p + n + 1, t.len - n - 1);
	return 1;
}

/* Test-block keys that end an unindented parameter list (scrapes). */
static int
is_test_key(struct lkp_tok k)
{
	static const char *const keys[] = { "test-description", "test-url",
		"compiler", "config", "version", "testcase" };

	for (size_t i = 0; i < LKB_ARRAY_SIZE(keys); i++)
		if (k.len == strlen(keys[i]) && !memcmp(k.p, keys[i], k.len))
			return 1;
	return 0;
}

static size_t
parse_params(struct lkp_parse *ps, size_t i)
{
	const struct lkp_lines *L = ps->L;
	size_t j = i;
	int indented = -1;

	while (j < L->n && !tline(ps, j).len)
		j++;
	for (; j < L->n; j++) {
		struct lkp_tok k, v;
		struct lkp_kv *kv;

		if (!is_param_line(&L->v[j], &k, &v))
			break;
		if (indented < 0)
			indented = L->v[j].indent > 0;
		if (indented ? !L->v[j].indent : is_test_key(k))
			break;
		if (ps->r->nparams >= LKB_MAX_REPORT_ITEMS)
			continue;
		kv = lkp_push(ps->a, &ps->r->params, &ps->r->nparams,
			      &ps->alloc_params, sizeof(*kv));
		kv->key = dup_tok(ps, k);
		kv->value = dup_tok(ps, v);
	}
	return j;
}

static size_t
test_block(struct lkp_parse *ps, size_t i)
{
	struct lkp_report *r = ps->r;
	struct lkp_tok v;

	if (key_field(ps, i, "in testcase", &r->testcase) ||
	    key_field(ps, i, "testcase", &r->testcase) ||
	    key_field(ps, i, "on test machine", &r->test_machine) ||
	    key_field(ps, i, "test machine", &r->test_machine) ||
	    key_field(ps, i, "test-description", &r->test_description) ||
	    key_field(ps, i, "test-url", &r->test_url) ||
	    key_field(ps, i, "compiler", &r->compiler))
		return i + 1;
	if (lkp_line_key(&ps->L->v[i], "version", &v)) {
		if (!r->version)
			r->version = dup_tok(ps, v);	/* may be empty */
		return i + 1;
	}
	if (lkp_line_key(&ps->L->v[i], "config", &v)) {
		const char *p = v.p;
		struct lkp_tok c;

		/* build: "config: <name> (<url>/config)" */
		if (!r->config && lkp_tok_next(&p, v.p + v.len, &c))
			r->config = dup_tok(ps, c);
		return i + 1;
	}
	if ((lkp_line_key(&ps->L->v[i], "with following parameters", &v) ||
	     lkp_line_key(&ps->L->v[i], "parameters", &v)) && !v.len &&
	    !r->nparams)
		return parse_params(ps, i + 1);
	return 0;
}

/* ---- "In addition to that" box (4.5) ---- */

/* Cells of "| a | b |" (at most 2 kept). */
static int
box_cells(struct lkp_tok t, struct lkp_tok *c1, struct lkp_tok *c2)
{
	const char *p = t.p + 1, *end = t.p + t.len, *bar;

	if (t.len < 3 || t.p[0] != '|')
		return 0;
	bar = memchr(p, '|', (size_t)(end - p));
	if (!bar)
		return 0;
	*c1 = lkp_trim(p, (size_t)(bar - p));
	p = bar + 1;
	if (end > p && end[-1] == '|')
		end--;
	*c2 = lkp_trim(p, (size_t)(end - p));
	return 1;
}

static void
impact_change(struct lkp_parse *ps, struct lkp_impact *im, struct lkp_tok c)
{
	const char *p = c.p, *end = c.p + c.len, *colon;
	struct lkp_tok m, pct, verdict;

	colon = memchr(p, ':', c.len);
	if (!colon)
		return;
	im->testcase = lkp_dup(ps->a, p, (size_t)(colon - p));
	p = colon + 1;
	if (!lkp_tok_next(&p, end, &m) || !lkp_tok_next(&p, end, &pct) ||
	    !lkp_tok_next(&p, end, &verdict))
		return;
	im->metric = dup_tok(ps, m);
	if (pct.len > 1 && pct.p[pct.len - 1] == '%')
		lkp_num_parse(pct.p, pct.len - 1, &im->change_pct);
	im->verdict = dup_tok(ps, verdict);
}

static size_t
parse_impacts(struct lkp_parse *ps, size_t i)
{
	const struct lkp_lines *L = ps->L;
	struct lkp_impact *im = NULL;
	size_t j = i, nparam_alloc = 0;

	while (j < L->n && !tline(ps, j).len)
		j++;
	for (; j < L->n; j++) {
		struct lkp_tok t = tline(ps, j), c1, c2;

		if (t.len && t.p[0] == '+') {
			im = NULL;
			continue;
		}
		if (!box_cells(t, &c1, &c2))
			break;
		if (lkp_starts(c1.p, c1.len, "testcase: change")) {
			if (ps->r->nimpacts >= LKB_MAX_REPORT_ITEMS)
				continue;
			im = lkp_push(ps->a, &ps->r->impacts, &ps->r->nimpacts,
				      &ps->alloc_impacts, sizeof(*im));
			nparam_alloc = 0;
			impact_change(ps, im, c2);
		} else if (!im) {
			continue;
		} else if (lkp_starts(c1.p, c1.len, "test machine")) {
			im->test_machine = dup_tok(ps, c2);
		} else if ((lkp_starts(c1.p, c1.len, "test parameters") ||
			    !c1.len) && c2.len &&
			   im->nparams < LKB_MAX_REPORT_ITEMS) {
			const char *eq = memchr(c2.p, '=', c2.len);
			struct lkp_kv *kv = lkp_push(ps->a, &im->params,
						     &im->nparams,
						     &nparam_alloc,
						     sizeof(*kv));

			kv->key = eq ? lkp_dup(ps->a, c2.p,
					       (size_t)(eq - c2.p))
				     : dup_tok(ps, c2);
			kv->value = eq ? lkp_dup(ps->a, eq + 1,
					(size_t)(c2.p + c2.len - eq - 1))
				       : NULL;
		}
	}
	return j;
}

/* ---- tags (4.6), materials ---- */

static int
parse_tag(struct lkp_parse *ps, size_t i)
{
	struct lkp_line l = ps->L->v[i];
	struct lkp_tok t = lkp_trim(l.p, l.len);

	if (t.len && t.p[0] == '|') {
		l.p = t.p + 1;
		l.len = t.len - 1;
	}
	if (key_field_l(ps, &l, "Reported-by", &ps->r->reported_by) ||
	    key_field_l(ps, &l, "Closes", &ps->r->closes) ||
	    key_field_l(ps, &l, "Link", &ps->r->link)) {
		ps->last_tag_line = i + 1;
		return 1;
	}
	if (lkp_starts(t.p, t.len, "Signed-off-by: kernel test robot") ||
	    lkp_starts(t.p, t.len, "Signed-off-by: kbuild test robot"))
		ps->robot_signoff = 1;
	return 0;
}

static int
is_url(struct lkp_tok t)
{
	return lkp_starts(t.p, t.len, "https://") ||
	       lkp_starts(t.p, t.len, "http://");
}

static int
patch_lines(struct lkp_parse *ps, size_t i)
{
	struct lkp_report *r = ps->r;

	return key_field(ps, i, "url", &r->url) ||
	       key_field(ps, i, "base", &r->base) ||
	       key_field(ps, i, "patch link", &r->patch_link) ||
	       key_field(ps, i, "patch subject", &r->patch_subject);
}

/* ---- functional evidence ---- */

static int
evidence_stop(const struct lkp_parse *ps, size_t i)
{
	struct lkp_tok t = tline(ps, i);

	if (lkp_starts(t.p, t.len, "To reproduce:") ||
	    lkp_starts(t.p, t.len, "The kernel config and materials") ||
	    lkp_starts(t.p, t.len, "Disclaimer:") ||
	    lkp_starts(t.p, t.len, "If you fix the issue") ||
	    (t.len == 2 && !memcmp(t.p, "--", 2)) ||
	    (t.len == 3 && !memcmp(t.p, "---", 3)) ||
	    (t.len == 7 && !memcmp(t.p, "Thanks,", 7)))
		return 1;
	return lkp_table_line(ps->L, i) != LKP_TL_OTHER &&
	       lkp_table_line(ps->L, i) != LKP_TL_DASHES;
}

void
lkp_body_evidence(struct lkp_parse *ps)
{
	const struct lkp_lines *L = ps->L;
	size_t s = ps->last_tag_line > ps->evidence_marker ? ps->last_tag_line
							   : ps->evidence_marker;
	size_t e, bytes = 0;
	char *buf, *w;

	if (!s)
		return;
	while (s < L->n && !tline(ps, s).len)
		s++;
	for (e = s; e < L->n && !evidence_stop(ps, e); e++)
		bytes += L->v[e].len + 1;
	while (e > s && !tline(ps, e - 1).len)
		e--;
	if (e <= s)
		return;
	if (bytes > LKB_MAX_DMESG_BYTES) {
		lkp_warn(&ps->w, "evidence longer than %u bytes "
			 "(LKB_MAX_DMESG_BYTES): cut", LKB_MAX_DMESG_BYTES);
		bytes = LKB_MAX_DMESG_BYTES;
	}
	buf = w = arena_alloc(ps->a, bytes + 1);
	for (size_t k = s; k < e; k++) {
		size_t n = L->v[k].len;

		if ((size_t)(w - buf) + n + 1 > bytes)
			break;
		memcpy(w, L->v[k].p, n);
		w += n;
		*w++ = '\n';
	}
	if (w > buf)
		w--;	/* no final newline */
	*w = '\0';
	ps->r->dmesg = buf;
}

size_t
lkp_body_line(struct lkp_parse *ps, size_t i)
{
	struct lkp_report *r = ps->r;
	struct lkp_tok t = tline(ps, i), v;
	size_t next;

	if (parse_headline(ps, i))
		return i + 1;
	if (lkp_line_key(&ps->L->v[i], "commit", &v) && v.len) {
		parse_commit(ps, i, v);
		return i + 1;
	}
	if (t.p[0] == '[' && parse_status(ps, t))
		return i + 1;
	if (patch_lines(ps, i))
		return i + 1;
	if ((next = test_block(ps, i)))
		return next;
	if (lkp_starts(t.p, t.len, "In addition to that, the commit also has"))
		return parse_impacts(ps, i + 1);
	if (parse_tag(ps, i))
		return i + 1;
	if (lkp_starts(t.p, t.len, "The kernel config and materials to "
			"reproduce are available at")) {
		struct lkp_tok u = i + 1 < ps->L->n ? tline(ps, i + 1) : t;

		if (!r->materials_url && is_url(u))
			r->materials_url = dup_tok(ps, u);
		return i + 1;
	}
	if (lkp_starts(t.p, t.len, "(please refer to attached") ||
	    lkp_starts(t.p, t.len, "caused below changes")) {
		ps->evidence_marker = i + 1;
		return i + 1;
	}
	if ((next = lkp_build_line(ps, i)))
		return next;
	return i + 1;
}

