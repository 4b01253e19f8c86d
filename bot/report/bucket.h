/* bucket.h - the triage buckets: where a report stands for a maintainer
 * (doc/design.md section 4, lkpbot-web(1)). The one definition the
 * site, `lkpbot list --bucket` and the digest share.
 *
 * A report is in exactly one bucket, decided in this order:
 *   info       informational robot mail (BUILD SUCCESS, improvements,
 *              other robot mail): never open, listed only on request
 *   resolved   closed, its last state change within REPORT_RECENT_DAYS
 *   closed     closed earlier
 *   stale      not closed, no mail and no state change for stale_days
 *   waiting    a retest asked, the robot's results due
 *   working    acknowledged, fix proposed or fix confirmed
 *   attention  open (new or reopened), nobody on it
 * and besides that in "review" when events of it wait in the review
 * queue (lkpbot review). Days count to the newest mail in the store,
 * not to the clock, so the same database gives the same buckets.
 */
#ifndef LKB_BOT_REPORT_BUCKET_H
#define LKB_BOT_REPORT_BUCKET_H

#include <stddef.h>
#include <stdint.h>

#include "lib/compiler.h"

struct store;

enum report_bucket {
	BUCKET_ATTENTION,
	BUCKET_WORKING,
	BUCKET_WAITING,
	BUCKET_RESOLVED,
	BUCKET_STALE,
	BUCKET_REVIEW,		/* besides one of the others */
	BUCKET_CLOSED,
	BUCKET_INFO,
	BUCKET__COUNT
};

/* Closed this recently (days) is "resolved recently". */
#define REPORT_RECENT_DAYS 30
/* [web] stale_days when not set. */
#define REPORT_STALE_DAYS 90

/* "attention", "working", ... (the --bucket names). Static. */
const char *report_bucket_name(enum report_bucket b);
/* "Needs attention", "Being worked on", ... Static. */
const char *report_bucket_title(enum report_bucket b);
/* The bucket named s, or -1. */
int report_bucket_from_name(const char *s);

/* 1 for the kinds of informational robot mail. */
int report_kind_informational(const char *kind);

/* What a report's bucket is decided from. */
struct report_bucket_in {
	const char *kind, *state;
	int64_t date, last_mail, last_change;	/* -1: unknown */
	int64_t now;		/* the newest mail in the store; -1 */
	long stale_days;
};

/* The bucket of in (never BUCKET_REVIEW). */
enum report_bucket report_bucket_of(const struct report_bucket_in *in);

/* The buckets of every report of a store, loaded once. */
struct report_buckets;

/* What the store knows of report id's activity (borrowed from b). */
struct report_bucket_facts {
	int64_t id, last_mail, last_change;
	char *who;		/* who made the last state change, or NULL */
	int64_t nreview;	/* events waiting for review */
	char *last_mid;		/* the Message-ID of the last mail, or NULL */
};

/* Load the activity of every report of st (in a read transaction the
 * caller holds). LKB_OK or a negative status. */
int report_buckets_load(struct store *st, long stale_days,
			struct report_buckets **out) LKB_WARN_UNUSED;
void report_buckets_free(struct report_buckets *b);

/* The facts of report id, or NULL (borrowed from b). */
const struct report_bucket_facts *
report_buckets_facts(const struct report_buckets *b, int64_t id);
/* The newest mail date the buckets count days to (-1: none). */
int64_t report_buckets_now(const struct report_buckets *b);
/* Newest activity of report id dated date: mail or state change. */
int64_t report_buckets_last(const struct report_buckets *b, int64_t id,
			    int64_t date);

/* The bucket of report id of that kind, state and date. */
enum report_bucket report_buckets_get(const struct report_buckets *b,
				      int64_t id, const char *kind,
				      const char *state, int64_t date);
/* 1 when that report is in bucket want (BUCKET_REVIEW included). */
int report_buckets_in(const struct report_buckets *b, int64_t id,
		      const char *kind, const char *state, int64_t date,
		      enum report_bucket want);

#endif
