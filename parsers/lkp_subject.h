/* lkp_subject.h - the subject grammar of LKP robot mail (doc/lkp-format.md
 * section 3):
 *
 *   perf-subj    = [branch-tag SP] prefix-tag SP+ sha10 ":" SP+ metric SP+
 *                  pct SP+ verdict
 *   func-subj    = [branch-tag SP] prefix-tag SP+ sha10 ":" SP+ error-id
 *   bsum-subj    = branch-tag SP "BUILD ..." SP+ sha40
 *   bcommit-subj = "[" tree ":" branch SP idx "/" total "]" SP diagnostic
 *   patch-subj   = "Re:" SP <subject of the patch mail>
 *
 * after stripping ^((Re|RE|Aw|AW|Fwd|FW|Fw)\s*:\s*|\[LKP\]\s*)+ and
 * collapsing whitespace.
 */
#ifndef LKB_PARSERS_LKP_SUBJECT_H
#define LKB_PARSERS_LKP_SUBJECT_H

#include <stddef.h>

#include "lib/arena.h"
#include "parsers/lkp_text.h"

enum lkp_subject_form {
	LKP_SUBJ_UNKNOWN,
	LKP_SUBJ_PERF,		/* sha: metric pct verdict */
	LKP_SUBJ_FUNC,		/* sha: error-id */
	LKP_SUBJ_BUILD_SUMMARY,	/* [tree:branch] BUILD ... sha */
	LKP_SUBJ_BUILD_COMMIT,	/* [tree:branch i/n] diagnostic */
	LKP_SUBJ_PATCH_REPLY,	/* Re: [PATCH ...] ... */
	LKP_SUBJ_PATCH		/* [PATCH ...] ... (robot-written patch) */
};

struct lkp_subject {
	enum lkp_subject_form form;
	const char *normalised;	/* markers stripped, blanks collapsed */
	int had_reply_marker;	/* a "Re:" etc. was stripped */
	const char *tree, *branch;	/* branch tag */
	const char *series_pos;	/* "13/13" in a build tag */
	const char *prefix;	/* first non-branch tag, e.g. "mm, sched/numa" */
	const char *sha;	/* short sha, NULL if none (or lost) */
	const char *metric;	/* perf */
	struct lkp_num pct;	/* perf, as printed */
	int pct_signed;		/* the pct carried a sign */
	const char *verdict;	/* "regression" | "improvement" */
	const char *error_id;	/* functional */
	const char *build_status;	/* "SUCCESS", "SUCCESS WITH WARNING",
					 * "REGRESSION", "INCOMPLETE" */
	const char *build_sha;	/* sha of a branch summary */
	const char *diagnostic;	/* first diagnostic line (bcommit) */
	const char *patch_subject;	/* "[PATCH v4 4/5] ..." */
};

/* Parse subject s (len bytes) into *out; strings in a. Returns 1 when
 * the subject has one of the robot forms, else 0 (out->normalised is set
 * either way). */
int lkp_subject_parse(struct arena *a, const char *s, size_t len,
		      struct lkp_subject *out);

#endif
