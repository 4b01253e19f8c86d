/* web.h - `lkpbot web`: the store as a static site.
 *
 * web_build() writes into opts->out (created if missing):
 *   index.html            the reports but informational mail (the
 *                         siblings of one group, kind and bucket in one
 *                         row): state and triage bucket (bot/report/bucket.h), who,
 *                         subsystem, kind, tree/branch, testcase,
 *                         headline change, last activity, age
 *   bucket-B.html         the reports of one bucket
 *   subsystem-S.html, state-S.html, kind-K.html, tree-T.html,
 *   testcase-C.html       the same list filtered (site_slug names)
 *   filters.html          each subsystem with its combinations below
 *   in-B-K.S.html         the reports of one subsystem S, kind K and
 *                         bucket B (one page per combination with any)
 *   index.json            every report with its bucket, for scripts
 *   report-ID.html        one report: state and facts with lore and
 *                         commit links, siblings and duplicates, build
 *                         errors and kernel log, the thread (at most
 *                         max_thread messages, anchors from their
 *                         Message-IDs), the state history, charts of its
 *                         changed KPIs, its tables (collapsed), its
 *                         requests and lkpbot's answers
 *   series-REQ.html       one whole-series answer: the table and a chart
 *                         per changed KPI, a mark per commit
 *   digest.html           needs attention, being worked on, waiting
 *   feed.atom             new reports and state changes, newest first
 *                         (Atom, RFC 4287), ids from Message-IDs
 *   style.css
 * Pages depend only on the store, never on the clock: ages are calendar
 * days up to the day of the newest mail, so a run with nothing new writes
 * nothing, and a new mail rewrites only the pages it changes (each page
 * is compared with the file on disk and replaced by rename).
 */
#ifndef LKB_BOT_WEB_WEB_H
#define LKB_BOT_WEB_WEB_H

#include <stddef.h>

#include "lib/compiler.h"

struct store;

struct web_opts {
	const char *out;	/* the site's directory */
	const char *url;	/* the site's public URL for the feed, or NULL
				 * (links relative to the feed) */
	const char *author;	/* the feed's author: [bot] address or NULL */
	long stale_days;	/* [web] stale_days (0: REPORT_STALE_DAYS) */
	long max_thread;	/* [web] max_thread: messages a report page
				 * shows (0: WEB_MAX_THREAD) */
	const char *lore_url;	/* [web] lore_url: a Message-ID is appended
				 * (NULL: WEB_LORE_URL) */
	const char *commit_url;	/* [web] commit_url: a sha is appended
				 * (NULL: WEB_COMMIT_URL) */
};

#define WEB_MAX_THREAD 200
#define WEB_LORE_URL "https://lore.kernel.org/all/"
#define WEB_COMMIT_URL "https://git.kernel.org/torvalds/c/"

struct web_summary {
	size_t written, unchanged;	/* files */
	size_t reports, series, changes;
};

/* Build the site; LKB_OK or a negative status (logged): LKB_ERR_USAGE
 * for a url that is not a plain http(s) URL. */
int web_build(struct store *st, const struct web_opts *opts,
	      struct web_summary *out) LKB_WARN_UNUSED;

#endif
