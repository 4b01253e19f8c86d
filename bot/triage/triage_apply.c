/* triage_apply.c - the lowest layer of triage: a report's state loaded
 * and moved through the life cycle, an event recorded, and whether a
 * sender or a robot report verifies. The files above call down into
 * it; it calls no other file of triage but the life cycle, the rules
 * and verify.c. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "bot/core/ctx.h"
#include "bot/core/settings.h"
#include "bot/triage/rules.h"
#include "bot/triage/triage-internal.h"
#include "bot/triage/verify.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/git_trailers.h"
#include "parsers/message.h"
#include "parsers/reply.h"
#include "state/store.h"
#include "state/store_report.h"
#include "state/store_triage.h"

int
triage_load_state(struct triage *t, struct triage_mail *tm)
{
	struct store_report_state s;
	int rc = store_report_state_get(t->st, tm->report_id, &s);
	int st;

	if (rc < 0)
		return rc;
	if (rc == 0)
		return LKB_ERR_NOT_FOUND;
	st = report_state_from_name(s.state ? s.state : "open");
	tm->cur.state = st < 0 ? RS_OPEN : (enum report_state)st;
	st = s.close_reason ? close_reason_from_name(s.close_reason,
						     strlen(s.close_reason))
			    : CR_NONE;
	tm->cur.reason = st < 0 ? CR_NONE : (enum close_reason)st;
	tm->cur.dup_of = s.duplicate_of;
	tm->cur.commit = NULL;
	tm->cur.dismissed = s.dismissed;
	store_report_state_release(&s);
	return LKB_OK;
}

static int
lk_resolve(void *ctx, const char *target, long long *id_out)
{
	struct triage *t = ctx;
	int64_t id = 0;
	char *why = NULL;
	int rc = store_report_find(t->st, target, &id, &why);

	free(why);
	if (rc == LKB_ERR_USAGE)
		return 0;	/* ambiguous: treated as unknown */
	*id_out = id;
	return rc;
}

static int
lk_later(void *ctx, long long id, long long than)
{
	struct triage *t = ctx;

	return store_report_later(t->st, id, than);
}

static int
lk_dup_of(void *ctx, long long id, long long *dup_out)
{
	struct triage *t = ctx;
	struct store_report_state s;
	int rc = store_report_state_get(t->st, id, &s);

	*dup_out = 0;
	if (rc < 0)
		return rc;
	*dup_out = s.duplicate_of;
	store_report_state_release(&s);
	return 1;
}

int
triage_apply(struct triage *t, struct triage_mail *tm,
	     const struct lc_input *in, const char *cause,
	     enum lc_verdict *verdict_out, const char **message_out)
{
	struct lc_lookup lk = { lk_resolve, lk_dup_of, lk_later, t };
	struct lc_state next;
	char why[300];
	int rc;

	rc = lifecycle_apply(&tm->cur, in, &lk, &next, verdict_out,
			     message_out);
	if (rc != LKB_OK || *verdict_out != LC_CHANGED)
		return rc;
	/* the mark a later fix reopens by (store_report_state_get) */
	if (next.dismissed) {
		snprintf(why, sizeof(why), "dispute %s", cause);
		cause = why;
	}
	rc = store_report_transition(t->st, tm->report_id,
				     report_state_name(next.state),
				     next.state == RS_CLOSED
					     ? close_reason_name(next.reason)
					     : NULL,
				     next.dup_of, cause, tm->msg_id,
				     tm->m && tm->m->date != (time_t)-1
					     ? (int64_t)tm->m->date
					     : (int64_t)time(NULL));
	if (rc != LKB_OK)
		return rc;
	if (next.commit && next.commit != tm->cur.commit) {
		const char *rel = next.reason == CR_FIX_OF_EARLIER_RACE
					  ? "fix-of" : "fixed-by";

		rc = store_report_related_add(t->st, tm->report_id,
					      next.commit, rel);
		if (rc != LKB_OK)
			return rc;
	}
	tm->cur = next;
	t->stats.changes++;
	return LKB_OK;
}

int
triage_sender_verified(struct triage *t, struct triage_mail *tm)
{
	int rc = 0;

	if (!t->verify || tm->cli)
		return 1;
	if (tm->verified)
		return tm->verified == 1;
	snprintf(tm->unverified, sizeof(tm->unverified),
		 "not verified: the mail is not kept");
	if (tm->raw &&
	    (rc = verify_sender(t->verify, tm->raw, tm->raw_len, tm->author,
				tm->unverified, sizeof(tm->unverified))) < 0)
		return rc;
	tm->verified = rc == 1 ? 1 : 2;
	if (rc != 1)
		lkb_info("message %lld from %s: %s", (long long)tm->msg_id,
			 tm->author ? tm->author : "?", tm->unverified);
	return rc == 1;
}

int
triage_report_verified(struct triage *t, int64_t msg_id,
		       const struct store_msg *sm)
{
	char why[200];

	return triage_report_why(t, msg_id, sm, why, sizeof(why));
}

int
triage_is_lkp(struct triage *t, const struct triage_mail *tm)
{
	struct rule_author au = { NULL, tm->author };

	return tm->author && rules_author_is_lkp(t->rules, &au, NULL);
}

int
triage_report_why(struct triage *t, int64_t msg_id,
		  const struct store_msg *sm, char *why, size_t len)
{
	struct triage_mail tm = { .author = sm->from_addr };

	if (t->verify && !triage_is_lkp(t, &tm)) {
		snprintf(why, len, "not verified: %s is not the LKP team's "
			 "address", sm->from_addr ? sm->from_addr : "?");
		lkb_info("report message %lld: %s", (long long)msg_id, why);
		return 0;
	}
	return triage_stored_verified(t, msg_id, sm->from_addr, why, len);
}

int
triage_stored_verified(struct triage *t, int64_t msg_id, const char *author,
		       char *why, size_t len)
{
	struct triage_mail tm = { 0 };
	char *raw = NULL;
	size_t rlen = 0;
	int rc;

	snprintf(why, len, "not verified: the mail is not kept");
	if (!t->verify)
		return 1;
	/* from an archive the admin trusts: lkpbot import --trusted */
	if ((rc = store_message_trusted(t->st, msg_id)) != 0)
		return rc;
	if ((rc = store_message_raw(t->st, msg_id, &raw, &rlen)) <= 0)
		return rc;	/* 0: gone or damaged, nothing to verify */
	tm.msg_id = msg_id;
	tm.author = author;
	tm.raw = raw;
	tm.raw_len = rlen;
	rc = triage_sender_verified(t, &tm);
	free(raw);
	if (rc == 0)
		snprintf(why, len, "%s", tm.unverified);
	return rc;
}

int
triage_report_msg(struct triage *t, int64_t report_id, struct store_msg *sm)
{
	struct store_report_brief b;
	char key[32];
	int rc;

	if ((rc = store_report_brief_get(t->st, report_id, &b)) <= 0)
		return rc;
	snprintf(key, sizeof(key), "%lld", (long long)b.msg_id);
	store_report_brief_release(&b);
	return store_message_get(t->st, key, sm);
}

/* Does m name mid in In-Reply-To or References? */
static int
mail_names(const struct message *m, const char *mid)
{
	if (!mid)
		return 0;
	if (m->in_reply_to && !strcmp(m->in_reply_to, mid))
		return 1;
	for (size_t i = 0; i < m->nreferences; i++)
		if (!strcmp(m->references[i], mid))
			return 1;
	return 0;
}

int
triage_signed_for(struct triage *t, struct triage_mail *tm)
{
	struct store_msg sm;
	int rc;

	if (!t->verify || tm->cli || !tm->m || !tm->report_id)
		return 1;
	if ((rc = triage_report_msg(t, tm->report_id, &sm)) <= 0)
		return rc;
	rc = mail_names(tm->m, sm.message_id);
	store_msg_release(&sm);
	if (!rc) {
		snprintf(tm->unverified, sizeof(tm->unverified),
			 "not verified: its In-Reply-To and References do not "
			 "name the mail of report %lld", (long long)tm->report_id);
		lkb_info("message %lld: %s", (long long)tm->msg_id,
			 tm->unverified);
	}
	return rc;
}

int
triage_add_addr(const char *addr, void *arg)
{
	struct triage_mail *tm = arg;

	if (tm->naddrs >= TRIAGE_MAX_ADDRS)
		return 1;
	for (size_t i = 0; i < tm->naddrs; i++)
		if (!strcasecmp(tm->addrs[i], addr))
			return 0;
	tm->addrs[tm->naddrs++] = arena_strdup(tm->a, addr);
	return 0;
}

/* An event less sure than [triage] auto_confidence that would change
 * the report's state waits in the review queue instead (pending); one a
 * maintainer decided on keeps its decision when triage runs again: an
 * accepted one is applied, a rejected one changes nothing. 1 when the
 * event is to be applied now, 0 not, negative on failure. */
static int
review_gate(struct triage *t, struct triage_mail *tm,
	    const struct lc_input *in, double confidence, int64_t id,
	    enum store_review review)
{
	struct lc_state next;
	enum lc_verdict v;
	const char *msg;
	int rc;

	if (review == REVIEW_ACCEPTED)
		return 1;
	if (review == REVIEW_REJECTED)
		return 0;
	if (confidence >= t->ctx->set->triage.auto_confidence)
		return 1;
	rc = lifecycle_apply(&tm->cur, in, NULL, &next, &v, &msg);
	if (rc != LKB_OK || v != LC_CHANGED)
		return rc < 0 ? rc : 0;
	if (review != REVIEW_PENDING) {
		if ((rc = store_event_review_set(t->st, id, REVIEW_PENDING,
						 NULL)) < 0)
			return rc;
		t->stats.reviews++;
	}
	return 0;
}

/* What an outsider's word may propose: a fix applied ("fixed by
 * <commit>"), or a link to the earlier report this one repeats (not a
 * fix posted: the commonest, it would crowd the queue). It waits in the
 * review queue for a maintainer (as a participant's, when accepted) and
 * never changes a state alone: an outsider's words move nothing (audit
 * F4). */
static int
outsider_proposes(const struct rule_event *e)
{
	return e->type == EV_FIX_APPLIED ||
	       (e->type == EV_DISPUTE && e->reason == CR_DUPLICATE);
}

/* The author may change the report's state when a maintainer, a
 * participant (the LKP team, the report's recipients) or a known bot;
 * other authors' events are kept, and those outsider_proposes() wait
 * for review. */
int
triage_record_event(struct triage *t, struct triage_mail *tm,
		    const struct rule_event *e, enum auth_tier tier,
		    const char *context)
{
	int by_bot = rules_addr_is_bot(t->rules, tm->author);
	int may_change = tier != TIER_OTHER || by_bot;
	struct store_event ev = { 0 };
	struct lc_input in = { 0 };
	enum lc_verdict v;
	enum store_review review;
	const char *msg = NULL, *sha = NULL;
	struct strbuf evid = STRBUF_INIT;
	char source[160];
	int64_t id;
	int rc;

	/* what linked it, the matched line, then the evidence-also lines
	 * (numbers kept) */
	if (context)
		strbuf_addf(&evid, "%s: ", context);
	strbuf_adds(&evid, e->evidence ? e->evidence : "");
	for (size_t i = 0; i < e->nextra; i++)
		strbuf_addf(&evid, "\n%s", e->extra[i]);
	for (size_t i = 0; i < e->nvalues; i++)
		if (!strcmp(e->values[i].name, "sha"))
			sha = e->values[i].value;
		else if (!strcmp(e->values[i].name, "link") &&
			 e->reason == CR_DUPLICATE)
			in.dup_target = git_lore_msgid(tm->a, e->values[i].value,
						       strlen(e->values[i].value));
	snprintf(source, sizeof(source), "rule:%s", e->rule);
	ev.report_id = tm->report_id;
	ev.msg_id = tm->msg_id;
	ev.date = tm->m && tm->m->date != (time_t)-1 ? (int64_t)tm->m->date : 0;
	ev.type = reply_event_name(e->type);
	ev.source = source;
	ev.author = tm->author;
	ev.evidence = evid.buf;
	ev.sha = sha;
	ev.reason = e->reason != CR_NONE ? close_reason_name(e->reason) : NULL;
	ev.confidence = e->confidence;
	rc = store_event_add_id(t->st, &ev, &id, &review);
	strbuf_release(&evid);
	if (rc != LKB_OK)
		return rc;
	t->stats.events++;
	/* a forged From: moves nothing when senders are verified, nor a
	 * signed one another report than it was signed for */
	if (may_change && ((rc = triage_sender_verified(t, tm)) <= 0 ||
			   (rc = triage_signed_for(t, tm)) <= 0))
		return rc;
	if (!may_change && !outsider_proposes(e))
		return LKB_OK;
	in.event = e->type;
	in.reason = e->reason;
	in.commit = sha;
	in.report_id = tm->report_id;
	in.tier = may_change ? tier : TIER_PARTICIPANT;
	in.by_bot = by_bot;
	if (e->type == EV_FIX_APPLIED && may_change &&
	    tier == TIER_PARTICIPANT && !triage_is_lkp(t, tm)) {
		if ((rc = store_report_on_tree(t->st, tm->report_id)) < 0)
			return rc;
		in.tree_people = rc;
	}
	if ((rc = review_gate(t, tm, &in, may_change ? e->confidence : 0, id,
			      review)) <= 0)
		return rc;
	return triage_apply(t, tm, &in, source, &v, &msg);
}
