/* list_reports.c - `lkpbot list` over tracked reports. */
#include "config.h"
#include "bot/cmd/list_reports.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "bot/core/json_out.h"
#include "bot/report/bucket.h"
#include "bot/report/noise.h"
#include "lib/ascii.h"
#include "lib/compiler.h"
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

/* How a column gets its value from a row. */
enum list_value {
	LV_STR,		/* a string member of the row (at off) */
	LV_ID,		/* the report id */
	LV_DATE,	/* the report date: YYYY-MM-DD; --json: ISO 8601 */
	LV_CHANGE,	/* the headline change: "+1.2%" */
	LV_NOISE,	/* the headline change against its noise */
	LV_BUCKET,	/* the triage bucket (bot/report/bucket.h) */
	LV_WHO,		/* who made the last state change */
	LV__COUNT
};

/* The columns of `lkpbot list`, in the order the text view prints them.
 * A column prints its header and value in width characters (negative:
 * left-aligned), cut to cut (-1: not cut), then gap blanks; header NULL
 * is --json only. It is the key json_key of --json (NULL: text only),
 * json_rank-th among the keys. A column of any stored report value is
 * one row: the row holds every column of the report's row
 * (state/store_report.h). */
static const struct list_column {
	const char *header;
	int width, cut, gap;
	const char *json_key;
	int json_rank;
	enum list_value value;
	size_t off;		/* LV_STR: offsetof(struct store_report_row) */
} columns[] = {
	{ "ID", 5, -1, 2, "id", 1, LV_ID, 0 },
	{ NULL, 0, -1, 0, "message_id", 2, LV_STR,
	  offsetof(struct store_report_row, message_id) },
	{ "DATE", -10, -1, 1, "date", 4, LV_DATE, 0 },
	{ "KIND", -16, -1, 1, "kind", 3, LV_STR,
	  offsetof(struct store_report_row, kind) },
	{ "STATE", -12, -1, 1, "state", 6, LV_STR,
	  offsetof(struct store_report_row, state) },
	{ "COMMIT", -12, 12, 1, "commit", 7, LV_STR,
	  offsetof(struct store_report_row, commit_sha) },
	{ "CHANGE", -8, -1, 1, NULL, 0, LV_CHANGE, 0 },
	{ "NOISE", -12, -1, 1, "noise", 8, LV_NOISE, 0 },
	{ "BUCKET", -9, -1, 1, "bucket", 9, LV_BUCKET, 0 },
	{ NULL, 0, -1, 0, "who", 10, LV_WHO, 0 },
	{ "SUBJECT", 0, -1, 0, "subject", 5, LV_STR,
	  offsetof(struct store_report_row, subject) },
	{ NULL, 0, -1, 0, "unverified", 11, LV_STR,
	  offsetof(struct store_report_row, unverified) },
};

static const char *
str_at(const struct store_report_row *r, size_t off)
{
	return *(const char *const *)(const void *)((const char *)r + off);
}

/* The bucket of r, and who made its last state change (NULL). */
static const char *
bucket_of(const struct report_buckets *b, const struct store_report_row *r)
{
	return report_bucket_name(report_buckets_get(b, r->id, r->kind,
						     r->state, r->date));
}

static const char *
who_of(const struct report_buckets *b, const struct store_report_row *r)
{
	const struct report_bucket_facts *f = report_buckets_facts(b, r->id);

	return f ? f->who : NULL;
}

/* The text of column c of r in buf; "-" for a missing value but the
 * subject's (""). */
static const char *
text_value(const struct list_column *c, const struct store_report_row *r,
	   enum noise_level nl, const struct report_buckets *b, char *buf,
	   size_t size)
{
	struct tm tm;
	time_t t = (time_t)r->date;
	const char *v;

	switch (c->value) {
	case LV_ID:
		snprintf(buf, size, "%lld", (long long)r->id);
		return buf;
	case LV_DATE:
		if (r->date >= 0 && gmtime_r(&t, &tm) &&
		    strftime(buf, size, "%Y-%m-%d", &tm))
			return buf;
		return "-";
	case LV_CHANGE:
		if (!r->has_change)
			return "";
		snprintf(buf, size, "%+.1f%%", r->change_pct);
		return buf;
	case LV_NOISE:
		return nl == NOISE_UNKNOWN ? "" : noise_level_name(nl);
	case LV_BUCKET:
		return bucket_of(b, r);
	case LV_WHO:
		return (v = who_of(b, r)) ? v : "-";
	default:
		v = str_at(r, c->off);
		return v ? v : c->off == offsetof(struct store_report_row,
						  subject) ? "" : "-";
	}
}

static json_t *
json_value(const struct list_column *c, const struct store_report_row *r,
	   enum noise_level nl, const struct report_buckets *b)
{
	switch (c->value) {
	case LV_ID:
		return json_integer(r->id);
	case LV_DATE:
		return json_out_date(r->date);
	case LV_CHANGE:
		return r->has_change ? json_real(r->change_pct) : json_null();
	case LV_NOISE:
		return nl == NOISE_UNKNOWN ? json_null()
					   : json_string(noise_level_name(nl));
	case LV_BUCKET:
		return json_string(bucket_of(b, r));
	case LV_WHO:
		return json_out_str(who_of(b, r));
	default:
		return json_out_str(str_at(r, c->off));
	}
}

static void
print_cell(const struct list_column *c, const char *v)
{
	printf("%*.*s%*s", c->width, c->cut, v, c->gap, "");
}

struct lr {
	json_t *arr;
	int n;
	struct report_noise_headline *noise;	/* in id order */
	size_t nnoise;
	const struct list_filter *f;
	struct report_buckets *b;
	int want;		/* the bucket asked for, or -1 */
};

/* 1 when r is to be listed: in the bucket asked for, else anything
 * but informational mail unless --all (or --kind) asks for it. */
static int
wanted(const struct lr *l, const struct store_report_row *r)
{
	if (l->want >= 0)
		return report_buckets_in(l->b, r->id, r->kind, r->state,
					 r->date, (enum report_bucket)l->want);
	return l->f->all || l->f->kind || l->f->state ||
	       !report_kind_informational(r->kind);
}

static int
on_row(const struct store_report_row *r, void *arg)
{
	struct lr *l = arg;
	enum noise_level nl = report_noise_headline_find(l->noise, l->nnoise,
							 r->id);
	char buf[64];

	if (!wanted(l, r))
		return 0;
	l->n++;
	if (l->arr) {
		json_t *o = json_object();

		for (int rank = 1; rank <= (int)LKB_ARRAY_SIZE(columns); rank++)
			for (size_t i = 0; i < LKB_ARRAY_SIZE(columns); i++)
				if (columns[i].json_rank == rank)
					json_object_set_new(
						o, columns[i].json_key,
						json_value(&columns[i], r, nl,
							   l->b));
		json_array_append_new(l->arr, o);
		return 0;
	}
	for (size_t i = 0; i < LKB_ARRAY_SIZE(columns); i++)
		if (columns[i].header)
			print_cell(&columns[i],
				   text_value(&columns[i], r, nl, l->b, buf,
					      sizeof(buf)));
	printf("\n");
	return 0;
}

static void
print_header(void)
{
	for (size_t i = 0; i < LKB_ARRAY_SIZE(columns); i++)
		if (columns[i].header)
			print_cell(&columns[i], columns[i].header);
	printf("\n");
}

int
list_reports(struct bot_ctx *ctx, const struct list_filter *f, int json)
{
	struct store_report_filter sf = { 0 };
	struct lr l = { NULL, 0, NULL, 0, f, NULL, -1 };
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
	if (f->bucket && (l.want = report_bucket_from_name(f->bucket)) < 0) {
		lkb_error("--bucket '%s': expected attention, working, "
			  "waiting, resolved, stale, review, closed or info",
			  f->bucket);
		return EXIT_USAGE;
	}
	sf.kind = f->kind;
	sf.state = f->state;
	sf.testcase = f->testcase;
	sf.commit_prefix = f->commit;
	sf.since = since;
	if ((rc = report_noise_headlines(ctx->st, &l.noise, &l.nnoise)))
		return ctx_exit_code(rc);
	if (json) {
		doc = json_out_doc();
		l.arr = json_array();
		json_object_set_new(doc, "reports", l.arr);
	} else {
		print_header();
	}
	rc = report_buckets_load(ctx->st, f->stale_days, &l.b);
	if (rc == LKB_OK)
		rc = store_report_list(ctx->st, &sf, on_row, &l);
	if (rc == LKB_OK && doc)
		json_out_print(doc);
	json_decref(doc);
	free(l.noise);
	report_buckets_free(l.b);
	return ctx_exit_code(rc);
}
