/* web.h - `lkpbot web`: the store as a static site.
 *
 * web_build() writes into opts->out (created if missing):
 *   index.html            every report: state, kind, tree/branch,
 *                         testcase, headline change, last activity, age
 *   state-S.html, kind-K.html, tree-T.html, testcase-C.html
 *                         the same list filtered (site_slug names)
 *   report-ID.html        one report: facts, charts of its changed KPIs
 *                         (base against head), its comparison tables as
 *                         lkp printed them, the thread as a timeline with
 *                         events and evidence, the state history, its
 *                         requests and lkpbot's answers
 *   series-REQ.html       one whole-series answer: the table and a chart
 *                         per changed KPI, a mark per commit
 *   digest.html           the open reports, largest regression first
 *   feed.atom             the state changes, newest first (Atom, RFC 4287)
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
};

struct web_summary {
	size_t written, unchanged;	/* files */
	size_t reports, series, changes;
};

/* Build the site; LKB_OK or a negative status (logged): LKB_ERR_USAGE
 * for a url that is not a plain http(s) URL. */
int web_build(struct store *st, const struct web_opts *opts,
	      struct web_summary *out) LKB_WARN_UNUSED;

#endif
