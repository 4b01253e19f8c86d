/* list_reports.c - `lkpbot list` over tracked reports. */
#include "config.h"
#include "bot/cmd/list_reports.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "bot/core/json_out.h"
#include "lib/ascii.h"
#include "lib/log.h"
#include "lib/status.h"
#include "state/store.h"
#include "state/store_report.h"

/* Days since 1970-01-01 of a civil date (proleptic Gregorian). */
static long long
days_from_civil(int y, int m, int d)
{
	long long era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

int
list_parse_since(const char *s, long long *out)
{
	int y, mo, d, h = 0, mi = 0, se = 0, n = 0;
	char *end;
	long v;

	if (!*s)
		return LKB_ERR_USAGE;
	v = strtol(s, &end, 10);
	if (end != s && (!strcmp(end, "d") || !strcmp(end, " days ago") ||
			 !strcmp(end, "days"))) {
		*out = (long long)time(NULL) - (long long)v * 86400;
		return LKB_OK;
	}
	if (sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &d, &n) != 3)
		return LKB_ERR_USAGE;
	if (s[n] == 'T' || s[n] == ' ') {
		int k = 0;

		if (sscanf(s + n + 1, "%2d:%2d:%2d%n", &h, &mi, &se, &k) != 3)
			return LKB_ERR_USAGE;
		n += 1 + k;
		if (s[n] == 'Z')
			n++;
	}
	if (s[n] || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 ||
	    mi > 59 || se > 60)
		return LKB_ERR_USAGE;
	*out = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se;
	return LKB_OK;
}

struct lr {
	json_t *arr;
	int n;
};

static int
on_row(const struct store_report_row *r, void *arg)
{
	struct lr *l = arg;
	char date[16] = "-", chg[24] = "";
	struct tm tm;
	time_t t = (time_t)r->date;

	l->n++;
	if (l->arr) {
		json_t *o = json_object();

		json_object_set_new(o, "id", json_integer(r->id));
		json_object_set_new(o, "message_id", json_out_str(r->message_id));
		json_object_set_new(o, "kind", json_out_str(r->kind));
		json_object_set_new(o, "date", json_out_date(r->date));
		json_object_set_new(o, "subject", json_out_str(r->subject));
		json_object_set_new(o, "state", json_out_str(r->state));
		json_object_set_new(o, "commit", json_out_str(r->commit_sha));
		json_array_append_new(l->arr, o);
		return 0;
	}
	if (r->date >= 0 && gmtime_r(&t, &tm))
		strftime(date, sizeof(date), "%Y-%m-%d", &tm);
	if (r->has_change)
		snprintf(chg, sizeof(chg), "%+.1f%%", r->change_pct);
	printf("%5lld  %-10s %-16s %-12s %-12.12s %-8s %s\n",
	       (long long)r->id, date, r->kind ? r->kind : "-",
	       r->state ? r->state : "-",
	       r->commit_sha ? r->commit_sha : "-", chg,
	       r->subject ? r->subject : "");
	return 0;
}

int
list_reports(struct bot_ctx *ctx, const struct list_filter *f, int json)
{
	struct store_report_filter sf = { 0 };
	struct lr l = { NULL, 0 };
	json_t *doc = NULL;
	long long since = 0;
	int rc;

	if (f->since && list_parse_since(f->since, &since) != LKB_OK) {
		lkb_error("--since '%s': expected YYYY-MM-DD[THH:MM:SSZ] or "
			  "Nd (days ago)", f->since);
		return EXIT_USAGE;
	}
	if (f->commit) {
		for (const char *p = f->commit; *p; p++)
			if (!LKB_ISXDIGIT(*p)) {
				lkb_error("--commit '%s' is not a hex sha",
					  f->commit);
				return EXIT_USAGE;
			}
	}
	sf.kind = f->kind;
	sf.state = f->state;
	sf.testcase = f->testcase;
	sf.commit_prefix = f->commit;
	sf.since = since;
	if (json) {
		doc = json_out_doc();
		l.arr = json_array();
		json_object_set_new(doc, "reports", l.arr);
	} else {
		printf("%5s  %-10s %-16s %-12s %-12s %-8s %s\n", "ID", "DATE",
		       "KIND", "STATE", "COMMIT", "CHANGE", "SUBJECT");
	}
	rc = store_report_list(ctx->st, &sf, on_row, &l);
	if (rc == LKB_OK && doc)
		json_out_print(doc);
	json_decref(doc);
	return ctx_exit_code(rc);
}
