/* group.h - one culprit, many reports: reports grouped by what they
 * share, and what a maintainer may want to do to the rest of a group.
 *
 * Two reports are in one group when they share, on strong evidence only:
 *   GW_COMMIT   the same culprit commit (regressions, functional reports
 *               and build errors, the full sha as stored);
 *   GW_PATCH    the same patch: both answer the same patch mail (the
 *               robot tests a patch posted to a list and answers it);
 *   GW_SUBJECT  versions of one patch: the same subject after the
 *               `[PATCH vN k/M]` prefix (and Re:), sent to the same
 *               author (the report's first To: address), 8+ bytes.
 * A group is a connected set of two or more reports; each member says
 * which of these it shares with another member. A report a maintainer
 * split off (`lkpbot split`) shares nothing. Nothing here writes: a
 * state change in one member is only proposed for the others.
 */
#ifndef LKB_BOT_REPORT_GROUP_H
#define LKB_BOT_REPORT_GROUP_H

#include <stddef.h>
#include <stdint.h>

#include "lib/compiler.h"

struct report_buckets;
struct store;

enum group_why { GW_COMMIT = 1, GW_PATCH = 2, GW_SUBJECT = 4 };

struct report_group_member {
	int64_t id, date, duplicate_of;
	char *kind, *state, *close_reason, *commit_sha, *subject;
	char *testcase, *metric;
	char *patch;		/* the patch mail it answers, or NULL */
	double change_pct;
	int has_change;
	unsigned why;		/* GW_* shared with another member */
};

struct report_group {
	size_t n;
	struct report_group_member *m;	/* in id order */
};

struct report_groups;

/* Group every report of the store; *out freed by report_groups_free(). */
int report_groups_load(struct store *st, struct report_groups **out)
	LKB_WARN_UNUSED;
void report_groups_free(struct report_groups *g);
size_t report_groups_count(const struct report_groups *g);
/* Borrowed from g. */
const struct report_group *report_groups_at(const struct report_groups *g,
					    size_t i);
/* The group of report id and its member, or NULL when it is in none. */
const struct report_group *report_groups_find(const struct report_groups *g,
					      int64_t id,
					      const struct report_group_member
						      **member_out);

/* A patch's subject: subject without "Re:" when it starts with a
 * bracket holding the word PATCH ("[PATCH v2 1/3]", "[RFC PATCH]",
 * "[PATCHv5 6/7]"), and *title_out the text after every leading [...];
 * NULL when it is no patch's subject. Both borrowed from subject. */
const char *report_group_patch_subject(const char *subject,
				       const char **title_out);

/* The fold of member m of group gr: the members of one group, kind and
 * bucket (bucket.h; b gives each member's) are listed as one row by the
 * site and the digest alike. The id of the fold's first member in id
 * order, m's own when it leads. */
int64_t report_group_fold(const struct report_group *gr,
			  const struct report_group_member *m,
			  const struct report_buckets *b);

/* "same commit, same patch": the reasons of why, into buf. */
void report_group_why(unsigned why, char *buf, size_t size);

/* A proposal for one report: what it says, the ready command-line and
 * the ready mail command. Nothing is applied. */
struct report_proposal {
	int64_t report_id;
	char text[400];
	char cli[160];		/* "lkpbot fixed-by 12 SHA" */
	char mail[120];		/* "#lkp fixed-by SHA" */
};
typedef int report_proposal_fn(const struct report_proposal *p, void *arg);

/* For each member not closed of a group with a member closed as fixed,
 * reverted, accepted-tradeoff or invalid on the same culprit commit or
 * the same patch mail (not a mere other version of the patch: versions
 * have bugs of their own): the same close, with the sibling's fix when
 * it has one (related fixed-by / reverted-by). Only for report only_id
 * when not 0. fn returns non-zero to stop. */
int report_group_proposals(struct store *st, const struct report_groups *g,
			   int64_t only_id, report_proposal_fn *fn, void *arg)
	LKB_WARN_UNUSED;

#endif
