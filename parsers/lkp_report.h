/* lkp_report.h - a parsed LKP / 0-Day CI robot report (doc/lkp-format.md
 * sections 1-4, 7, 8).
 *
 * lkp_report_parse() takes one decoded mail and says whether it is a
 * robot report; lkp_report_parse_text() reads report text quoted inside a
 * reply or scraped from an archive page. Both fill a struct lkp_report
 * whose strings and arrays all live in the caller's arena: they stay
 * valid until arena_release(). Nothing is ever invented: a field the
 * text does not carry is NULL, an array is empty, a number has kind
 * LKP_NUM_NONE. Problems become entries of warnings[], never a crash.
 */
#ifndef LKB_PARSERS_LKP_REPORT_H
#define LKB_PARSERS_LKP_REPORT_H

#include <stddef.h>
#include <time.h>

#include "lib/arena.h"
#include "lib/compiler.h"
#include "parsers/lkp_table.h"
#include "parsers/lkp_text.h"

enum lkp_kind {
	LKP_KIND_NONE,			/* not a report */
	LKP_KIND_PERF_REGRESSION,
	LKP_KIND_PERF_IMPROVEMENT,
	LKP_KIND_FUNCTIONAL,
	LKP_KIND_BUILD_SUCCESS,
	LKP_KIND_BUILD_REGRESSION,	/* branch summary with errors */
	LKP_KIND_BUILD_ERROR,		/* per-commit or on-a-patch build */
	LKP_KIND_OTHER_ROBOT,		/* robot-written patches, the rest */
	LKP_KIND__COUNT
};

/* "perf-regression", ...; "none" for LKP_KIND_NONE. Static string. */
const char *lkp_kind_name(enum lkp_kind k);
/* The kind named s, or LKP_KIND_NONE. */
enum lkp_kind lkp_kind_from_name(const char *s);

/* "[still regression on linux-next/master <sha40>]" (section 4.3). */
struct lkp_status_line {
	const char *kind;	/* "still regression", "test failed", ... */
	const char *tree;	/* "linux-next/master", "fix commit" */
	const char *sha;
};

/* One block of the "In addition to that" box (section 4.5). */
struct lkp_impact {
	const char *testcase;
	const char *metric;
	struct lkp_num change_pct;	/* signed from its table if found */
	const char *verdict;
	const char *test_machine;
	struct lkp_kv *params;
	size_t nparams;
};

struct lkp_report {
	enum lkp_kind kind;
	const char *subkind;	/* "with-warning", "incomplete", "error",
				 * "warning", "robot-patch" or NULL */
	/* from the mail */
	const char *message_id;	/* without <> */
	const char *from_name, *from_addr;
	const char *subject;	/* as given (scrapes: the Subject: line) */
	time_t date;		/* -1 when unknown */
	const char *date_text;	/* scrapes: the Date: line as written */

	/* subject grammar (section 3) */
	const char *tree, *branch;	/* "[tree:branch]" tag */
	const char *prefix;		/* "[mm, sched/numa]" tag text */
	const char *subject_sha;	/* the short sha of the subject */
	const char *series_pos;		/* "13/13" of a build tag/commit */

	/* commit block (section 4.3) */
	const char *commit_sha, *commit_subject;
	const char *commit_tree;	/* "<git url> <branch>" line */
	const char *url, *base, *patch_link, *patch_subject;
	struct lkp_status_line *status_lines;
	size_t nstatus_lines;

	/* headline (section 4.2) */
	const char *headline_metric;	/* perf KPI or functional id */
	struct lkp_num headline_change_pct;	/* signed */
	const char *headline_verdict;	/* "regression" | "improvement" */

	/* test block (section 4.4) */
	const char *testcase, *version, *test_machine, *config, *compiler;
	const char *test_description, *test_url, *materials_url;
	struct lkp_kv *params;
	size_t nparams;

	struct lkp_impact *impacts;
	size_t nimpacts;

	/* tags (section 4.6) */
	const char *reported_by, *closes, *link;

	struct lkp_comparison *comparisons;
	size_t ncomparisons;

	/* functional evidence (dmesg/kmsg excerpt, test output) */
	const char *dmesg;

	/* build reports (section 8) */
	const char *build_tree_branch, *build_head;
	const char **build_errors;
	size_t nbuild_errors;
	struct lkp_num build_configs_tested;

	const char **warnings;	/* parse problems, for humans */
	size_t nwarnings;
};

/* One text part of the mail besides the body (attachments). */
struct lkp_report_part {
	const char *name;	/* file name, or NULL */
	const char *text;
	size_t len;
};

struct lkp_report_input {
	const char *subject;	/* decoded, unfolded; NULL = none */
	const char *from_name, *from_addr;
	const char *message_id;	/* without <>, or NULL */
	time_t date;		/* -1 when unknown */
	const char *body;	/* UTF-8, LF line ends, MIME-decoded */
	size_t body_len;
	const struct lkp_report_part *parts;	/* scanned for tables */
	size_t nparts;
};

/* 1 if the sender is the LKP robot (display name "kernel test robot" or
 * "kbuild test robot", or address lkp@intel.com). */
int lkp_report_is_robot(const char *from_name, const char *from_addr);

/* Parse one decoded mail. Returns 1 when it is a robot report (*out set,
 * allocated in a), 0 when it is not (*out NULL), <0 on error. */
int lkp_report_parse(struct arena *a, const struct lkp_report_input *in,
		     struct lkp_report **out) LKB_WARN_UNUSED;

/* Flags for lkp_report_parse_text(). */
enum {
	LKP_TEXT_NO_HEADERS = 1 << 0,	/* no Subject:/From: lines at top */
	LKP_TEXT_KEEP_QUOTES = 1 << 1	/* do not strip '>' markers */
};

/* Parse report text quoted in a reply or scraped from an archive page:
 * quote markers are stripped from every line, pseudo-headers (Subject:,
 * From:, Date:, Message-ID:) and a title line are read when present.
 * Tables pasted by people are returned as comparisons too. Returns 1 when
 * report content (a headline, a commit block or a table) was found,
 * 0 otherwise (*out NULL), <0 on error. */
int lkp_report_parse_text(struct arena *a, const char *text, size_t len,
			  unsigned flags, struct lkp_report **out)
	LKB_WARN_UNUSED;

/* Sum of the metric rows and failure rows over all comparisons. */
size_t lkp_report_row_count(const struct lkp_report *r);

#endif
