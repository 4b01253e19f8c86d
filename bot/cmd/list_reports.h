/* list_reports.h - the report listing behind `lkpbot list`. */
#ifndef LKB_BOT_CMD_LIST_REPORTS_H
#define LKB_BOT_CMD_LIST_REPORTS_H

#include "bot/core/ctx.h"

struct list_filter {
	const char *kind, *state, *testcase, *commit, *since;
	const char *bucket;	/* bot/report/bucket.h name, or NULL */
	int all;		/* informational mail too */
	long stale_days;	/* [web] stale_days */
};

/* Print the reports matching f (text or JSON); returns an exit code. */
int list_reports(struct bot_ctx *ctx, const struct list_filter *f, int json);

/* Print the groups of reports and the proposals they make (`list
 * --group`, bot/report/group.h); returns an exit code. */
int list_groups(struct bot_ctx *ctx, int json);

/* Parse "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM:SSZ" (UTC) or "N days ago"
 * ("7d") into epoch seconds. LKB_OK or LKB_ERR_USAGE. */
int list_parse_since(const char *s, long long *out);

#endif
