/* review.c - a maintainer's decision on an event of the review queue
 * (triage.h): accepted, it goes through the life cycle as if it had
 * been sure; rejected, it stays recorded and changes nothing. */
#include "config.h"
#include "bot/triage/triage.h"

#include <string.h>

#include "bot/core/settings.h"
#include "bot/triage/rules.h"
#include "bot/triage/triage-internal.h"
#include "lib/arena.h"
#include "lib/log.h"
#include "lib/status.h"
#include "parsers/reply.h"
#include "state/store.h"
#include "state/store_triage.h"

/* What a decision needs of the event, copied out of the row. */
struct queued {
	int found;
	int64_t report_id, msg_id;
	const char *type, *source, *author, *sha, *reason, *reviewed_by;
	enum store_review review;
	struct arena *a;
};

static const char *
copy(struct arena *a, const char *s)
{
	return s ? arena_strdup(a, s) : NULL;
}

static int
take_row(const struct store_review_row *r, void *arg)
{
	struct queued *q = arg;

	q->found = 1;
	q->report_id = r->report_id;
	q->msg_id = r->msg_id;
	q->type = copy(q->a, r->type);
	q->source = copy(q->a, r->source);
	q->author = copy(q->a, r->author);
	q->sha = copy(q->a, r->sha);
	q->reason = copy(q->a, r->reason);
	q->reviewed_by = copy(q->a, r->reviewed_by);
	q->review = r->review;
	return 1;
}

/* The accepted event through the life cycle, with its author's tier as
 * triage saw it: only events whose author may change state are queued,
 * so a participant at least. */
static int
apply_accepted(struct triage *t, const struct queued *q, const char *user,
	       struct arena *a)
{
	struct triage_mail tm = { 0 };
	struct lc_input in = { 0 };
	enum lc_verdict v;
	const char *msg = NULL, *cause;
	int ev = reply_event_from_name(q->type, strlen(q->type));
	int rc;

	if (ev < 0 || ev == EV_COMMAND) {
		lkb_error("event type '%s' cannot be applied", q->type);
		return LKB_ERR_USAGE;
	}
	tm.report_id = q->report_id;
	tm.msg_id = q->msg_id;
	tm.author = q->author;
	tm.a = a;
	if ((rc = triage_load_state(t, &tm)) != LKB_OK)
		return rc;
	in.event = (enum reply_event_type)ev;
	in.reason = q->reason ? (enum close_reason)close_reason_from_name(
					q->reason, strlen(q->reason))
			      : CR_NONE;
	if ((int)in.reason < 0)
		in.reason = CR_NONE;
	in.commit = q->sha;
	in.report_id = q->report_id;
	in.by_bot = rules_addr_is_bot(t->rules, q->author);
	in.tier = auth_tier(q->author, t->maintainers, t->nmaintainers, NULL,
			    0);
	if (in.tier == TIER_OTHER)
		in.tier = TIER_PARTICIPANT;
	cause = arena_printf(a, "review: %s accepted %s", user, q->source);
	return triage_apply(t, &tm, &in, cause, &v, &msg);
}

int
triage_review_decide(struct triage *t, int64_t event_id, int accept,
		     int64_t report_id, const char *user,
		     const char **why_out)
{
	struct arena a = ARENA_INIT;
	struct queued q = { 0 };
	int rc;

	*why_out = NULL;
	q.a = &a;
	rc = store_review_foreach(t->st, event_id, 0, take_row, &q);
	if (rc == LKB_OK && !q.found) {
		*why_out = "no such event";
		rc = LKB_ERR_NOT_FOUND;
	} else if (rc == LKB_OK && report_id && q.report_id != report_id) {
		*why_out = "the event is of another report";
		rc = LKB_ERR_USAGE;
	} else if (rc == LKB_OK && q.review != REVIEW_PENDING) {
		*why_out = q.review == REVIEW_NONE
				   ? "the event is not in the review queue"
			   : q.review == REVIEW_ACCEPTED
				   ? "the event was accepted already"
				   : "the event was rejected already";
		rc = LKB_ERR_USAGE;
	}
	if (rc == LKB_OK && accept)
		rc = apply_accepted(t, &q, user, &a);
	if (rc == LKB_OK &&
	    (rc = store_event_review_set(t->st, event_id,
					 accept ? REVIEW_ACCEPTED
						: REVIEW_REJECTED,
					 user)) == 1)
		rc = LKB_OK;
	arena_release(&a);
	return rc;
}
