/* lifecycle.c - the report state machine (see lifecycle.h). */
#include "config.h"
#include "bot/triage/lifecycle.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"

static const char *const state_names[RS__COUNT] = {
	"open", "acknowledged", "fix-proposed", "waiting", "fix-confirmed",
	"closed",
};
_Static_assert(LKB_ARRAY_SIZE(state_names) == RS__COUNT,
	       "state_names out of step with enum report_state");

static const char *const tier_names[TIER__COUNT] = {
	"other", "participant", "maintainer",
};
_Static_assert(LKB_ARRAY_SIZE(tier_names) == TIER__COUNT,
	       "tier_names out of step with enum auth_tier");

static const char *const verdict_names[LC__COUNT] = {
	"changed", "unchanged", "request", "refused", "error",
};
_Static_assert(LKB_ARRAY_SIZE(verdict_names) == LC__COUNT,
	       "verdict_names out of step with enum lc_verdict");

const char *
report_state_name(enum report_state s)
{
	return (unsigned)s < RS__COUNT ? state_names[s] : "?";
}

const char *
auth_tier_name(enum auth_tier t)
{
	return (unsigned)t < TIER__COUNT ? tier_names[t] : "?";
}

const char *
lc_verdict_name(enum lc_verdict v)
{
	return (unsigned)v < LC__COUNT ? verdict_names[v] : "?";
}

int
report_state_from_name(const char *s)
{
	for (int i = 0; i < RS__COUNT; i++)
		if (!strcmp(s, state_names[i]))
			return i;
	return -1;
}

/* Case-insensitive equality of a and b[0..bn). */
static int
eq_ci(const char *a, size_t an, const char *b, size_t bn)
{
	if (an != bn)
		return 0;
	for (size_t i = 0; i < an; i++)
		if (LKB_TOLOWER(a[i]) != LKB_TOLOWER(b[i]))
			return 0;
	return 1;
}

/* Address without blanks and <>: pointer and length into s. */
static const char *
bare(const char *s, size_t *len_out)
{
	size_t n;

	while (*s && (LKB_ISSPACE(*s) || *s == '<'))
		s++;
	n = strlen(s);
	while (n && (LKB_ISSPACE(s[n - 1]) || s[n - 1] == '>'))
		n--;
	*len_out = n;
	return s;
}

static int
in_domain(const char *addr, size_t an, const char *dom, size_t dn)
{
	const char *at = memchr(addr, '@', an);
	size_t hn;

	if (!at || !dn)
		return 0;
	at++;
	hn = an - (size_t)(at - addr);
	if (hn < dn || !eq_ci(at + hn - dn, dn, dom, dn))
		return 0;
	return hn == dn || at[hn - dn - 1] == '.';
}

int
auth_in_list(const char *addr, const char *const *list, size_t n)
{
	size_t an, en;
	const char *a, *e;

	if (!addr)
		return 0;
	a = bare(addr, &an);
	if (!an || !memchr(a, '@', an))
		return 0;
	for (size_t i = 0; i < n; i++) {
		e = bare(list[i], &en);
		if ((en && e[0] == '@') ? in_domain(a, an, e + 1, en - 1) :
					eq_ci(a, an, e, en))
			return 1;
	}
	return 0;
}

enum auth_tier
auth_tier(const char *from_addr, const char *const *maintainers,
	  size_t nmaintainers, const char *const *participants,
	  size_t nparticipants)
{
	size_t an, en;
	const char *a, *e;

	if (!from_addr)
		return TIER_OTHER;
	a = bare(from_addr, &an);
	if (!an || !memchr(a, '@', an))
		return TIER_OTHER;
	for (size_t i = 0; i < nmaintainers; i++) {
		e = bare(maintainers[i], &en);
		if ((en && e[0] == '@') ? in_domain(a, an, e + 1, en - 1) :
					eq_ci(a, an, e, en))
			return TIER_MAINTAINER;
	}
	for (size_t i = 0; i < nparticipants; i++) {
		e = bare(participants[i], &en);
		if (eq_ci(a, an, e, en))
			return TIER_PARTICIPANT;
	}
	return TIER_OTHER;
}

static void
set_closed(struct lc_state *s, enum close_reason r, const char *commit,
	   long long dup_of)
{
	s->state = RS_CLOSED;
	s->reason = r == CR_NONE ? CR_ACCEPTED_TRADEOFF : r;
	s->commit = commit;
	s->dup_of = dup_of;
	s->dismissed = 0;
}

/* dup-of: resolve the target and refuse self-duplicates, cycles and a
 * later target: duplicates point forward in time, the later report is
 * the duplicate (doc/design.md section 4). */
static int
dup_not_later(const struct lc_lookup *lk, long long id, long long self,
	      long long *id_out, const char **msg_out)
{
	int rc = lk->later(lk->ctx, id, self);

	if (rc < 0)
		return rc;
	if (rc == 1)
		*msg_out = "dup-of names a later report, and the later report "
			   "is the duplicate: write #lkp dup-of with this "
			   "report in its thread (lkpbot dup LATER EARLIER), "
			   "or close this one with #lkp close superseded";
	else
		*id_out = id;
	return LKB_OK;
}

static int
check_dup(const struct lc_input *in, const struct lc_lookup *lk,
	  long long *id_out, const char **msg_out)
{
	const char *target = in->cmd ? in->cmd->target : in->dup_target;
	long long id = 0, cur, next;
	int rc;

	*msg_out = NULL;
	if (!target) {
		*msg_out = "dup-of needs a report id or a message-id";
		return LKB_OK;
	}
	if (!lk || !lk->resolve || !lk->dup_of || !lk->later) {
		*msg_out = "duplicates cannot be checked here";
		return LKB_OK;
	}
	rc = lk->resolve(lk->ctx, target, &id);
	if (rc < 0)
		return rc;
	if (rc == 0) {
		*msg_out = "dup-of names a report lkpbot does not know";
		return LKB_OK;
	}
	if (id == in->report_id) {
		*msg_out = "a report cannot be a duplicate of itself";
		return LKB_OK;
	}
	cur = id;
	for (int i = 0; i < LKB_MAX_DUP_CHAIN; i++) {
		next = 0;
		if ((rc = lk->dup_of(lk->ctx, cur, &next)) < 0)
			return rc;
		if (next == 0)
			return dup_not_later(lk, id, in->report_id, id_out,
					     msg_out);
		if (next == in->report_id) {
			*msg_out = "dup-of would make a cycle of duplicates";
			return LKB_OK;
		}
		cur = next;
	}
	*msg_out = "dup-of target is at the end of too long a chain of "
		   "duplicates";
	return LKB_OK;
}

static int
apply_command(const struct lc_state *cur, const struct lc_input *in,
	      const struct lc_lookup *lk, struct lc_state *next,
	      enum lc_verdict *v, const char **msg)
{
	const struct lkp_command *c = in->cmd;
	const struct lkp_verb_info *vi = lkp_verb_info(c->verb);
	long long id = 0;
	int rc;

	if (in->tier == TIER_OTHER && vi->tier != LKP_TIER_ANYONE) {
		*v = LC_REFUSED;
		*msg = "only maintainers and the report's recipients may "
		       "use this #lkp command";
		return LKB_OK;
	}
	if (vi->tier == LKP_TIER_MAINTAINER && in->tier != TIER_MAINTAINER) {
		*v = LC_REFUSED;
		*msg = "only maintainers may change the state of a report";
		return LKB_OK;
	}
	if (c->error || vi->effect == LKP_DO_ERROR) {
		*v = LC_ERROR;
		*msg = c->error ? c->error : "unknown command";
		return LKB_OK;
	}
	*v = LC_CHANGED;
	switch (vi->effect) {
	case LKP_DO_CLOSE:
		if (vi->args == LKP_ARGS_SHA &&
		    (c->nshas != 1 || !lkp_is_sha(c->shas[0],
						  strlen(c->shas[0])))) {
			*v = LC_ERROR;
			*msg = "a commit sha is 7 to 40 hex digits";
			return LKB_OK;
		}
		set_closed(next, vi->reason != CR_NONE ? vi->reason : c->reason,
			   vi->args == LKP_ARGS_SHA ? c->shas[0] : NULL, 0);
		break;
	case LKP_DO_DUP:
		if ((rc = check_dup(in, lk, &id, msg)) < 0)
			return rc;
		if (*msg) {
			*v = LC_ERROR;
			return LKB_OK;
		}
		set_closed(next, CR_DUPLICATE, NULL, id);
		break;
	case LKP_DO_REOPEN:
		if (cur->state != RS_CLOSED) {
			*v = LC_ERROR;
			*msg = "the report is not closed";
			return LKB_OK;
		}
		memset(next, 0, sizeof(*next));
		next->state = RS_OPEN;
		break;
	case LKP_DO_REVIEW:	/* decided by triage (triage/review.c) */
	default:
		*v = LC_REQUEST;	/* help, status, requests */
		return LKB_OK;
	}
	if (next->state == cur->state && next->reason == cur->reason &&
	    next->dup_of == cur->dup_of &&
	    (next->commit == cur->commit ||
	     (next->commit && cur->commit && !strcmp(next->commit, cur->commit))))
		*v = LC_UNCHANGED;
	return LKB_OK;
}

/* Where a natural-language event moves a report that is not closed. */
static enum report_state
event_target(enum report_state s, enum reply_event_type e)
{
	switch (e) {
	case EV_RETEST_REQUEST:	/* waiting for the robot's results */
		return s < RS_WAITING ? RS_WAITING : s;
	case EV_FIX_PROPOSED:
		return s < RS_FIX_PROPOSED ? RS_FIX_PROPOSED : s;
	case EV_FIX_PARTIAL:	/* the answer: a fix, not the whole one */
		return s < RS_FIX_PROPOSED || s == RS_WAITING ? RS_FIX_PROPOSED
							      : s;
	case EV_FIX_CONFIRMED:
		return RS_FIX_CONFIRMED;
	case EV_FIX_NO_EFFECT:
		return s == RS_FIX_PROPOSED || s == RS_OPEN ||
				       s == RS_WAITING
			       ? RS_ACKNOWLEDGED
			       : s;
	case EV_FIX_APPLIED:	/* not from a maintainer or a bot: a fix
				 * exists, nobody who owns a tree said so */
		return s < RS_FIX_PROPOSED ? RS_FIX_PROPOSED : s;
	case EV_RETEST_FAILED:	/* the fix is untested, not refuted: the */
	case EV_DATA_PROVIDED:	/* answer ends the wait, nothing more */
		return s == RS_WAITING ? RS_FIX_PROPOSED : s;
	default:	/* any human engagement acknowledges */
		return s == RS_OPEN ? RS_ACKNOWLEDGED : s;
	}
}

/* Is the event a fix of the report: proposed, applied, or a commit that
 * fixes or reverts the culprit (git watch)? */
static int
is_fix(const struct lc_input *in)
{
	switch (in->event) {
	case EV_FIX_PROPOSED:
	case EV_FIX_APPLIED:
		return 1;
	case EV_CLOSE:
		return in->reason == CR_FIXED || in->reason == CR_REVERTED;
	default:
		return 0;
	}
}

/* A report closed by a dispute reopens for a later fix, so a wrong
 * dismissal cannot bury a real fix; one closed by a command or the LKP
 * team's close stays closed. The disputer's own later fix reopens it
 * too: on the tuning lists, leaving theirs out leaves 3 more reports
 * closed wrongly (automatic closes right 93.1 % -> 91.5 %). So does
 * an acknowledgement from one who may change the state: the
 * patch's author or a maintainer taking the report on after someone
 * dismissed it ("Shoot, I forgot to respin that patch, will do it this
 * week"; held-out sets: reports right 66.1 % -> 66.3 %, automatic
 * closes right 93.9 % -> 94.4 %). */
static int
reopens(const struct lc_state *cur, const struct lc_input *in)
{
	return cur->dismissed &&
	       (is_fix(in) || (in->event == EV_ACK && in->tier != TIER_OTHER));
}

/* A duplicate dispute's earlier report, by the link it names (check_dup:
 * known, not itself, not later, no cycle), else 0: the words still say
 * duplicate, the link (or no link, or no lookup) vouches for none. */
static int
dup_by_link(const struct lc_input *in, const struct lc_lookup *lk,
	    long long *dup_out)
{
	const char *msg;
	long long id = 0;
	int rc = check_dup(in, lk, &id, &msg);

	*dup_out = rc == LKB_OK && !msg ? id : 0;
	return rc;
}

/* Natural-language events that close the report (cur not closed). 1
 * when in closed it into *next, 0 when not, or a negative status. */
static int
event_closes(const struct lc_input *in, const struct lc_lookup *lk,
	     struct lc_state *next)
{
	const char *sha = in->commit && lkp_is_sha(in->commit,
						   strlen(in->commit))
				  ? in->commit : NULL;

	if (in->event == EV_CLOSE)
		set_closed(next, in->reason, sha, 0);
	/* a maintainer or a bot (patchwork-bot) applied the fix or dropped
	 * the culprit: the report is done, as fixed (by the sha if given),
	 * or reverted when its rule says so ("now reverted"); so did one
	 * the report on a tree's commit (or the robot's fix patch) was sent
	 * to: the commit is in their tree */
	else if (in->event == EV_FIX_APPLIED &&
		 (in->tier == TIER_MAINTAINER || in->by_bot ||
		  in->tree_people))
		set_closed(next, in->reason == CR_REVERTED ? CR_REVERTED
							   : CR_FIXED, sha, 0);
	/* a maintainer, the patch's author, someone it was sent to or the
	 * LKP team says it is no bug: not-a-bug (or, when its rule says
	 * so, "already fixed in v2": superseded), until a fix says
	 * otherwise */
	else if (in->event == EV_DISPUTE && in->tier != TIER_OTHER) {
		long long dup = 0;
		int rc = in->reason == CR_DUPLICATE ? dup_by_link(in, lk, &dup)
						    : LKB_OK;

		if (rc < 0)
			return rc;
		set_closed(next, in->reason != CR_NONE ? in->reason : CR_INVALID,
			   NULL, dup);
		next->dismissed = 1;
	} else
		return 0;
	return 1;
}

int
lifecycle_apply(const struct lc_state *cur, const struct lc_input *in,
		const struct lc_lookup *lk, struct lc_state *next_out,
		enum lc_verdict *verdict_out, const char **message_out)
{
	struct lc_state reopened = { RS_ACKNOWLEDGED, CR_NONE, NULL, 0, 0 };
	enum report_state to;
	int rc;

	*next_out = *cur;
	*verdict_out = LC_UNCHANGED;
	*message_out = NULL;
	if (in->cmd)
		return apply_command(cur, in, lk, next_out, verdict_out,
				     message_out);
	if ((unsigned)in->event >= EV__COUNT || in->event == EV_COMMAND) {
		*verdict_out = LC_ERROR;
		*message_out = "not a natural-language event";
		return LKB_OK;
	}
	if (cur->state == RS_CLOSED) {
		if (!reopens(cur, in))
			return LKB_OK;	/* else only a command reopens */
		*next_out = reopened;	/* live again, acknowledged */
		*verdict_out = LC_CHANGED;
		cur = &reopened;
	}
	if ((rc = event_closes(in, lk, next_out)) != 0) {
		if (rc < 0)
			return rc;
		*verdict_out = LC_CHANGED;
		return LKB_OK;
	}
	to = event_target(cur->state, in->event);
	if (to != cur->state) {
		next_out->state = to;
		*verdict_out = LC_CHANGED;
	}
	return LKB_OK;
}
