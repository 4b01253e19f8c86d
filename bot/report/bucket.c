/* bucket.c - the triage buckets (bucket.h). */
#include "config.h"
#include "bot/report/bucket.h"

#include <stdlib.h>
#include <string.h>

#include "lib/compiler.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "state/store.h"
#include "state/store_report.h"

static const char *const names[] = {
	"attention", "working", "waiting", "resolved", "stale", "review",
	"closed", "info",
};
_Static_assert(LKB_ARRAY_SIZE(names) == BUCKET__COUNT, "a name per bucket");

static const char *const titles[] = {
	"Needs attention", "Being worked on", "Waiting for the robot",
	"Resolved recently", "Stale", "Review", "Closed", "Informational",
};
_Static_assert(LKB_ARRAY_SIZE(titles) == BUCKET__COUNT,
	       "a title per bucket");

const char *
report_bucket_name(enum report_bucket b)
{
	return (unsigned)b < BUCKET__COUNT ? names[b] : "?";
}

const char *
report_bucket_title(enum report_bucket b)
{
	return (unsigned)b < BUCKET__COUNT ? titles[b] : "?";
}

int
report_bucket_from_name(const char *s)
{
	for (int i = 0; s && i < BUCKET__COUNT; i++)
		if (!strcmp(names[i], s))
			return i;
	return -1;
}

int
report_kind_informational(const char *kind)
{
	return kind && (!strcmp(kind, "build-success") ||
			!strcmp(kind, "perf-improvement") ||
			!strcmp(kind, "other-robot"));
}

static int64_t
max3(int64_t a, int64_t b, int64_t c)
{
	int64_t m = a > b ? a : b;

	return m > c ? m : c;
}

enum report_bucket
report_bucket_of(const struct report_bucket_in *in)
{
	const char *st = in->state ? in->state : "open";
	int64_t last = max3(in->date, in->last_mail, in->last_change);
	int64_t days = in->stale_days > 0 ? in->stale_days : REPORT_STALE_DAYS;

	if (report_kind_informational(in->kind))
		return BUCKET_INFO;
	if (!strcmp(st, "closed"))
		return in->now >= 0 && in->last_change >= 0 &&
		       in->now - in->last_change <= REPORT_RECENT_DAYS * 86400
		       ? BUCKET_RESOLVED : BUCKET_CLOSED;
	if (in->now >= 0 && last >= 0 && in->now - last > days * 86400)
		return BUCKET_STALE;
	if (!strcmp(st, "waiting"))
		return BUCKET_WAITING;
	if (!strcmp(st, "open"))
		return BUCKET_ATTENTION;
	return BUCKET_WORKING;
}

struct report_buckets {
	struct report_bucket_facts *v;
	size_t n, alloc;
	int64_t now;
	long stale_days;
};

static int
add_facts(const struct store_report_activity *a, void *arg)
{
	struct report_buckets *b = arg;
	struct report_bucket_facts *f;

	ALLOC_GROW(b->v, b->n + 1, b->alloc);
	f = &b->v[b->n++];
	f->id = a->id;
	f->last_mail = a->last_mail;
	f->last_change = a->last_change;
	f->who = a->who && *a->who ? xstrdup(a->who) : NULL;
	f->nreview = a->nreview;
	f->last_mid = a->last_mid ? xstrdup(a->last_mid) : NULL;
	return 0;
}

int
report_buckets_load(struct store *st, long stale_days,
		    struct report_buckets **out)
{
	struct report_buckets *b = xcalloc(1, sizeof(*b));
	int rc;

	*out = NULL;
	b->now = -1;
	b->stale_days = stale_days > 0 ? stale_days : REPORT_STALE_DAYS;
	rc = store_newest_mail(st, &b->now);
	if (rc == 0)
		b->now = -1;
	if (rc >= 0)
		rc = store_report_activity_foreach(st, add_facts, b);
	if (rc < 0) {
		report_buckets_free(b);
		return rc;
	}
	*out = b;
	return LKB_OK;
}

void
report_buckets_free(struct report_buckets *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->n; i++) {
		free(b->v[i].who);
		free(b->v[i].last_mid);
	}
	free(b->v);
	free(b);
}

const struct report_bucket_facts *
report_buckets_facts(const struct report_buckets *b, int64_t id)
{
	size_t lo = 0, hi = b ? b->n : 0;

	/* the store lists them by id */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (b->v[mid].id == id)
			return &b->v[mid];
		if (b->v[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

int64_t
report_buckets_now(const struct report_buckets *b)
{
	return b ? b->now : -1;
}

int64_t
report_buckets_last(const struct report_buckets *b, int64_t id, int64_t date)
{
	const struct report_bucket_facts *f = report_buckets_facts(b, id);

	return f ? max3(date, f->last_mail, f->last_change) : date;
}

enum report_bucket
report_buckets_get(const struct report_buckets *b, int64_t id,
		   const char *kind, const char *state, int64_t date)
{
	const struct report_bucket_facts *f = report_buckets_facts(b, id);
	struct report_bucket_in in = { kind, state, date, -1, -1,
				       report_buckets_now(b),
				       b ? b->stale_days : REPORT_STALE_DAYS };

	if (f) {
		in.last_mail = f->last_mail;
		in.last_change = f->last_change;
	}
	return report_bucket_of(&in);
}

int
report_buckets_in(const struct report_buckets *b, int64_t id,
		  const char *kind, const char *state, int64_t date,
		  enum report_bucket want)
{
	const struct report_bucket_facts *f;

	if (want == BUCKET_REVIEW)
		return (f = report_buckets_facts(b, id)) && f->nreview > 0;
	return report_buckets_get(b, id, kind, state, date) == want;
}
