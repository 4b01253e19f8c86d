/* lkp_build.c - build-bot formats (doc/lkp-format.md section 8) and the
 * decision of a message's kind (section 2). */
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

/* Append a string to a report string list (capped). */
static void
list_add(struct lkp_parse *ps, const char ***arr, size_t *n, size_t *alloc,
	 const char *p, size_t len)
{
	const char **slot;

	if (*n >= LKB_MAX_REPORT_ITEMS)
		return;
	slot = lkp_push(ps->a, arr, n, alloc, sizeof(**arr));
	*slot = lkp_dup(ps->a, p, len);
}

static int
set_key(struct lkp_parse *ps, size_t i, const char *key, const char **field)
{
	struct lkp_tok v;

	if (!lkp_line_key(&ps->L->v[i], key, &v))
		return 0;
	if (!*field && v.len)
		*field = lkp_dup_collapse(ps->a, v.p, v.len);
	return 1;
}

static void
note_error_word(struct lkp_parse *ps, struct lkp_tok t)
{
	if (lkp_find(t.p, t.len, "error", NULL) ||
	    lkp_find(t.p, t.len, "ERROR", NULL) ||
	    lkp_find(t.p, t.len, "undefined reference", NULL) ||
	    lkp_find(t.p, t.len, "undefined!", NULL))
		ps->has_error_word = 1;
}

/* Lines under "Error/Warning (recently discovered ...)" of a branch
 * summary: until a blank line or the next block header. */
static size_t
summary_list(struct lkp_parse *ps, size_t i)
{
	struct lkp_report *r = ps->r;
	size_t j = i;

	while (j < ps->L->n && !tline(ps, j).len)
		j++;
	for (; j < ps->L->n; j++) {
		struct lkp_tok t = tline(ps, j);

		if (!t.len || lkp_starts(t.p, t.len, "Unverified ") ||
		    lkp_find(t.p, t.len, "ids grouped by kconfigs", NULL) ||
		    lkp_starts(t.p, t.len, "elapsed time:") ||
		    lkp_starts(t.p, t.len, "configs tested:") ||
		    lkp_starts(t.p, t.len, "|-- ") ||
		    lkp_find(t.p, t.len, "_recent_errors", NULL))
			break;
		note_error_word(ps, t);
		list_add(ps, &r->build_errors, &r->nbuild_errors,
			 &ps->alloc_berr, t.p, t.len);
	}
	return j;
}

/* ">> " lines after "... (new ones prefixed by >>):" of a per-commit or
 * on-a-patch report: until the code context or the signature. */
static size_t
new_diagnostics(struct lkp_parse *ps, size_t i)
{
	struct lkp_report *r = ps->r;
	size_t j = i;

	for (; j < ps->L->n; j++) {
		struct lkp_tok t = tline(ps, j);

		if (lkp_starts(t.p, t.len, "vim +") ||
		    lkp_starts(t.p, t.len, ":::::: ") ||
		    lkp_starts(t.p, t.len, "Please review") ||
		    (t.len <= 3 && t.len >= 2 && t.p[0] == '-' &&
		     t.p[1] == '-'))
			break;
		if (t.len < 2 || t.p[0] != '>' || t.p[1] != '>')
			continue;
		t = lkp_trim(t.p + 2, t.len - 2);
		note_error_word(ps, t);
		list_add(ps, &r->build_errors, &r->nbuild_errors,
			 &ps->alloc_berr, t.p, t.len);
	}
	return j;
}

static int
branch_head(struct lkp_parse *ps, size_t i)
{
	struct lkp_report *r = ps->r;
	struct lkp_tok v, sha;
	const char *p;

	if (!lkp_line_key(&ps->L->v[i], "branch HEAD", &v))
		return 0;
	p = v.p;
	if (!lkp_tok_next(&p, v.p + v.len, &sha) ||
	    !lkp_is_hex(sha.p, sha.len, 7, 40))
		return 1;
	ps->build_summary = 1;
	if (!r->build_head)
		r->build_head = lkp_dup(ps->a, sha.p, sha.len);
	if (!r->commit_sha) {
		struct lkp_tok s = lkp_trim(p, (size_t)(v.p + v.len - p));

		r->commit_sha = r->build_head;
		r->commit_subject = s.len ? lkp_dup(ps->a, s.p, s.len) : NULL;
	}
	return 1;
}

size_t
lkp_build_line(struct lkp_parse *ps, size_t i)
{
	struct lkp_report *r = ps->r;
	struct lkp_tok t = tline(ps, i), v;

	if (set_key(ps, i, "tree/branch", &r->build_tree_branch)) {
		ps->build_summary = 1;
		return i + 1;
	}
	if (branch_head(ps, i))
		return i + 1;
	if (set_key(ps, i, "tree", &r->build_tree_branch) ||
	    set_key(ps, i, "head", &r->build_head))
		return i + 1;
	if (lkp_line_key(&ps->L->v[i], "configs tested", &v)) {
		if (r->build_configs_tested.kind == LKP_NUM_NONE)
			lkp_num_parse(v.p, v.len, &r->build_configs_tested);
		return i + 1;
	}
	if (lkp_find(t.p, t.len, "(recently discovered", NULL))
		return summary_list(ps, i + 1);
	if (lkp_find(t.p, t.len, "(new ones prefixed by >>)", NULL)) {
		ps->build_diag = 1;
		note_error_word(ps, t);
		return new_diagnostics(ps, i + 1);
	}
	if (lkp_starts(t.p, t.len, "Thank you for the patch!") ||
	    lkp_starts(t.p, t.len, "I love your patch!") ||
	    lkp_starts(t.p, t.len, "kernel test robot noticed the following "
		       "build")) {
		ps->build_patch = 1;
		if (lkp_find(t.p, t.len, "Yet something", NULL) ||
		    lkp_find(t.p, t.len, "build errors", NULL))
			ps->has_error_word = 1;
		return i + 1;
	}
	return 0;
}

static enum lkp_kind
summary_kind(struct lkp_parse *ps)
{
	const char *st = ps->subj.build_status;

	if (st && !strcmp(st, "REGRESSION"))
		return LKP_KIND_BUILD_REGRESSION;
	if (st && !strcmp(st, "INCOMPLETE")) {
		ps->r->subkind = "incomplete";
		return ps->r->nbuild_errors ? LKP_KIND_BUILD_REGRESSION
					    : LKP_KIND_BUILD_SUCCESS;
	}
	if (st && !strcmp(st, "SUCCESS WITH WARNING"))
		ps->r->subkind = "with-warning";
	if (!st && ps->r->nbuild_errors)
		return LKP_KIND_BUILD_REGRESSION;
	return LKP_KIND_BUILD_SUCCESS;
}

void
lkp_build_classify(struct lkp_parse *ps)
{
	struct lkp_report *r = ps->r;
	enum lkp_subject_form f = ps->subj.form;

	if (ps->build_summary || f == LKP_SUBJ_BUILD_SUMMARY) {
		r->kind = summary_kind(ps);
	} else if (ps->perf_headline) {
		r->kind = r->headline_verdict &&
					  !strcmp(r->headline_verdict,
						  "improvement")
				  ? LKP_KIND_PERF_IMPROVEMENT
				  : LKP_KIND_PERF_REGRESSION;
	} else if (f == LKP_SUBJ_PATCH || ps->robot_signoff) {
		r->kind = LKP_KIND_OTHER_ROBOT;
		r->subkind = "robot-patch";
	} else if (ps->build_patch || ps->build_diag || ps->build_commit ||
		   f == LKP_SUBJ_BUILD_COMMIT) {
		r->kind = LKP_KIND_BUILD_ERROR;
		if (ps->subj.diagnostic) {
			struct lkp_tok d = { ps->subj.diagnostic,
					     strlen(ps->subj.diagnostic) };

			note_error_word(ps, d);
		}
		r->subkind = ps->has_error_word ? "error" : "warning";
	} else if (ps->func_headline) {
		r->kind = LKP_KIND_FUNCTIONAL;
	}
}
