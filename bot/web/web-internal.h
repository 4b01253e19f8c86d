/* web-internal.h - shared by the files of bot/web only. */
#ifndef LKB_BOT_WEB_WEB_INTERNAL_H
#define LKB_BOT_WEB_WEB_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "bot/report/bucket.h"
#include "bot/report/group.h"
#include "bot/web/site.h"
#include "bot/web/web.h"
#include "lib/compiler.h"
#include "lib/strbuf.h"
#include "state/store_outbox.h"
#include "state/store_request.h"

struct compare_rules;
struct lkp_comparison;

/* One report as the lists show it; strings owned (web_release). */
struct web_report {
	int64_t id, date, last;		/* last: newest activity */
	char *subject, *kind, *state, *close_reason, *tree, *branch;
	char *testcase, *metric, *verdict, *sha;
	char *message_id, *prefix;
	char *subsystem;		/* web_subsystem(), or NULL */
	char *unverified;	/* why the robot mail did not verify, or NULL */
	const char *subsystem_from;	/* "tag", "patch", "file", "tree" */
	char *author;			/* the report's first To: person */
	int64_t duplicate_of;		/* 0: none */
	const char *who;		/* borrowed from web.buckets, or NULL */
	int64_t since;			/* its last state change; -1: none */
	/* the Message-ID of its last mail when that is its last activity
	 * (borrowed from web.buckets), or NULL */
	const char *last_mid;
	enum report_bucket bucket;
	/* its group (the same culprit or patch), or NULL; reports of one
	 * group, kind and bucket share a fold (its first member's id, 0:
	 * none; report_group_fold), listed as one row */
	const struct report_group *group;
	int64_t fold;
	int review;			/* events of it wait for review */
	double pct;
	int has_pct;
};

/* One state change, for the feed. */
struct web_change {
	int64_t report_id, date;
	size_t idx;			/* its place in the report's history */
	char *from, *to, *reason, *cause;
};

/* One answer lkpbot queued (an outbox row), without its bytes. */
struct web_answer {
	int64_t id, report_id, created;
	enum outbox_state state;
	char *kind, *request_id, *subject;
	char *page;			/* its page (series answers), or NULL */
};

struct web_rules {
	char *testcase;
	struct compare_rules *r;	/* NULL: could not be made */
};

struct web {
	struct store *st;
	const struct web_opts *o;
	struct site site;
	struct web_report *rep;
	size_t nrep, arep;
	struct web_report **byid;	/* rep in id order */
	struct web_change *chg;
	size_t nchg, achg;
	struct web_answer *ans;
	size_t nans, aans;
	struct store_request_rec *req;
	size_t nreq;
	struct web_rules *rules;
	size_t nrules, arules;
	int64_t newest;			/* the newest mail date in the store */
	size_t nseries;
	struct report_buckets *buckets;
	struct report_groups *groups;	/* reports on one culprit or patch */
};

/* Page builders, each writing through w->site. */
/* web_series.c, web_report.c, web_index.c, web_feed.c */
int web_series_pages(struct web *w) LKB_WARN_UNUSED;
int web_report_page(struct web *w, struct web_report *r) LKB_WARN_UNUSED;
int web_index_pages(struct web *w) LKB_WARN_UNUSED;
int web_feed(struct web *w) LKB_WARN_UNUSED;
/* index.json: every report (informational ones too, with their
 * bucket), in the index's order. web_json.c */
int web_index_json(struct web *w, struct web_report *const *order)
	LKB_WARN_UNUSED;

/* Charts: web_charts.c. */

/* lkp's statistics rules of testcase, made once per run; NULL when
 * they cannot be made (then charts are not coloured). */
const struct compare_rules *web_rules_for(struct web *w, const char *testcase);

/* The metrics a page has charted already: one chart per metric. */
struct web_seen {
	const char **v;		/* borrowed */
	size_t n, alloc;
};

/* Charts of the KPI rows of comparison c (compare_is_kpi with r's
 * testcase and headline metric) not in seen yet (NULL: no such limit),
 * at most LKB_MAX_WEB_CHARTS; r (may be NULL) colours the bars of its
 * headline metric by the verdict it states; shas and labels name its
 * ncols columns (NULL: from the comparison). id_prefix makes the chart
 * ids unique in the page. Appends nothing when no row is a KPI. */
int web_charts(struct web *w, struct strbuf *sb,
	       const struct lkp_comparison *c, const struct web_report *r,
	       const char *const *shas, const char *const *labels,
	       const char *id_prefix, struct web_seen *seen)
	LKB_WARN_UNUSED;

/* The helpers every page uses: web_site.c. */

/* Fill w->byid: w->rep in id order. */
void web_index_ids(struct web *w);
/* Report id of the list, or NULL. Borrowed from w. */
const struct web_report *web_report_by_id(const struct web *w, int64_t id);

/* A page done: put it into the site and release sb's contents. */
int web_put(struct web *w, const char *name, struct strbuf *sb)
	LKB_WARN_UNUSED;

/* A link to message id mid on lore ([web] lore_url), escaped for an
 * attribute; tail ("", "T/") follows the Message-ID. */
int web_lore_href(struct web *w, struct strbuf *sb, const char *mid,
		  const char *tail) LKB_WARN_UNUSED;
/* <a href> of commit sha ([web] commit_url) around its first 12 digits;
 * a sha that is no hex string is shown as text. */
int web_commit_link(struct web *w, struct strbuf *sb, const char *sha)
	LKB_WARN_UNUSED;

/* 64-bit FNV-1a of a Message-ID ("" for NULL): message anchors and
 * feed entry ids that survive a rebuilt database. */
uint64_t web_msgid_hash(const char *mid);

/* Age of t in calendar days (UTC) up to the day of w->newest: "3 d". */
int web_age(struct web *w, struct strbuf *sb, int64_t t) LKB_WARN_UNUSED;

/* The subsystem of a report: the first name of its subject's tag
 * ("[mm, sched/numa]" -> "mm"), else the patch's ("Re: [PATCH v2 1/3]
 * pwm: sun4i: ..." -> "pwm"), else a file path the subject names, else
 * its tree, else NULL; *from says which. Freed by the caller.
 * web_subsystem.c */
char *web_subsystem(const char *prefix, const char *subject, const char *tree,
		    const char **from);
/* The subsystem a file path in text names: the directory under fs/,
 * drivers/, net/, sound/, arch/, security/ or kernel/ ("fs/xfs/a.c" ->
 * "xfs"), else the top one ("mm/slub.c" -> "mm"); include/ and tools/
 * name none. The first such path of text, or NULL. */
char *web_path_subsystem(const char *text);

#endif
