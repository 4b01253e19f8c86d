/* lkp_report-internal.h - shared by the parsers/lkp_*.c files of one
 * report parse only (doc/style.md R5): the state of one report parse. */
#ifndef LKB_PARSERS_LKP_REPORT_INTERNAL_H
#define LKB_PARSERS_LKP_REPORT_INTERNAL_H

#include <stddef.h>

#include "parsers/lkp_report.h"
#include "parsers/lkp_subject.h"
#include "parsers/lkp_text.h"

struct lkp_parse {
	struct arena *a;
	struct lkp_report *r;
	struct lkp_warnings w;
	const struct lkp_lines *L;
	struct lkp_subject subj;
	int text_mode;		/* quoted/scraped text, not a robot mail */

	size_t alloc_params, alloc_status, alloc_impacts, alloc_cmp;
	size_t alloc_berr;

	/* what the body showed, for the classification */
	int perf_headline, func_headline;
	int build_summary, build_commit, build_patch, build_diag;
	int robot_signoff, has_error_word;
	size_t last_tag_line, evidence_marker;	/* line index + 1, 0 none */
};

/* Start a parse: *ps zeroed, a new report in a. */
struct lkp_report *lkp_parse_begin(struct lkp_parse *ps, struct arena *a);
/* Parse subject and every line of ps->L into ps->r. */
void lkp_parse_run(struct lkp_parse *ps, const char *subject);
/* Move the warnings into the report. */
void lkp_parse_finish(struct lkp_parse *ps);

/* Sections 4.2-4.6 at line i (not a table line). Returns the next line
 * to look at (> i). */
size_t lkp_body_line(struct lkp_parse *ps, size_t i);
/* Functional evidence after the tags / "please refer" marker. */
void lkp_body_evidence(struct lkp_parse *ps);

/* Section 8: try the build-report line recognisers at line i. Returns
 * the next line to look at (> i) when the line was consumed, else 0. */
size_t lkp_build_line(struct lkp_parse *ps, size_t i);

/* Decide r->kind and r->subkind from what was seen (section 2). */
void lkp_build_classify(struct lkp_parse *ps);

#endif
