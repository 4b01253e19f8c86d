/* series.h - resolve a patch series from a local git repository.
 *
 * doc/lkp-format.md 7: the tested commit's subject carries "[PATCH vN k/M]";
 * the base is the report's "base:" sha when it ends in one, else the
 * first parent of patch 01 (walk k-1 first parents back from the tested
 * commit and one more); the end is the series branch tip (the url:
 * branch), or the tested commit itself when it is patch M/M. The series
 * is `git log --reverse --first-parent base..tip`, which must hold
 * exactly M commits whose subjects carry 01/M .. M/M in order, with the
 * tested commit at position k. Every failure says "cannot resolve the
 * series: ...".
 */
#ifndef LKB_BOT_COMPARE_SERIES_H
#define LKB_BOT_COMPARE_SERIES_H

#include <stddef.h>

#include "lib/compiler.h"

struct compare_series_req {
	const char *tested;	/* the report's commit (sha or prefix) */
	const char *subject;	/* its subject; NULL: read it from git */
	const char *base;	/* "base:" line value, or NULL */
	const char *tip;	/* branch tip: rev, branch, or url: value */
};

struct compare_series_patch {
	char sha[41];
	char *subject;
};

struct compare_series {
	char base[41];
	char *base_subject;
	size_t total;		/* M */
	size_t tested;		/* k */
	struct compare_series_patch *patches;	/* M entries: 01/M .. M/M */
};

/* "[PATCH v2 07/13]", "[PATCHv6 6/7]", "[RFC PATCH 2/4]",
 * "[PATCH -next v2 7/7]": 1 and k, m; 0 when the subject has none. */
int compare_series_parse_subject(const char *subject, unsigned *k_out,
			     unsigned *m_out);

/* The branch name in a series url:
 * ".../intel-lab-lkp/linux/commits/<Author>/<slug>/<ts>" -> the part
 * after "/commits/", or NULL. Caller frees. */
char *compare_series_url_branch(const char *url);

int compare_series_resolve(const char *repo, const struct compare_series_req *req,
		       struct compare_series *out, char **err_out) LKB_WARN_UNUSED;
void compare_series_release(struct compare_series *s);

#endif
