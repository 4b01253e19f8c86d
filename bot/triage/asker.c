/* asker.c - who wrote a mail, as triage sees them: the report's
 * participants, the author's tier, request pool and whether they are
 * answered as an outsider. Above triage_apply.c (the verification it
 * asks), below what decides a command (decide.c) and the evidence
 * (evidence*.c). */
#include "config.h"

#include <string.h>

#include "bot/triage/rules.h"
#include "bot/triage/triage-internal.h"
#include "lib/status.h"
#include "state/store.h"
#include "state/store_request.h"
#include "state/store_triage.h"

/* A report known only from a quote (bot/ingest/quoted.c): the mail
 * that quoted it was written by one who got the report and sent to those
 * who did (a reply to all), so its From, To and Cc stand for the report's
 * recipients. Only when that mail verifies: a From anyone can write
 * proves nothing (issue 36). */
static int
quoting_mail_addrs(struct triage *t, struct triage_mail *tm, const char *mid)
{
	struct store_msg q;
	char why[200];
	int rc;

	if ((rc = store_message_get(t->st, mid, &q)) <= 0)
		return rc;
	if (q.from_addr &&
	    (rc = triage_stored_verified(t, q.id, q.from_addr, why,
					 sizeof(why))) == 1) {
		triage_add_addr(q.from_addr, tm);
		store_addrs_each(q.to_addrs, triage_add_addr, tm);
		store_addrs_each(q.cc_addrs, triage_add_addr, tm);
	}
	store_msg_release(&q);
	return rc < 0 ? rc : LKB_OK;
}

int
triage_participants(struct triage *t, struct triage_mail *tm)
{
	struct store_msg sm;
	int rc;

	if (!tm->report_id)
		return LKB_OK;
	if ((rc = triage_report_msg(t, tm->report_id, &sm)) <= 0)
		return rc;
	/* a forged report names whom it likes: they stay outsiders */
	if (sm.source && !strncmp(sm.source, "quoted:", 7))
		rc = quoting_mail_addrs(t, tm, sm.source + 7);
	else if ((rc = triage_report_verified(t, sm.id, &sm)) == 1) {
		store_addrs_each(sm.to_addrs, triage_add_addr, tm);
		store_addrs_each(sm.cc_addrs, triage_add_addr, tm);
	}
	store_msg_release(&sm);
	return rc < 0 ? rc : LKB_OK;
}

enum auth_tier
triage_tier(struct triage *t, const struct triage_mail *tm)
{
	enum auth_tier tier;

	if (tm->cli)
		return TIER_MAINTAINER;
	tier = auth_tier(tm->author, t->maintainers, t->nmaintainers,
			 tm->addrs, tm->naddrs);
	if (tier == TIER_OTHER && triage_is_lkp(t, tm))
		tier = TIER_PARTICIPANT;
	return tier;
}

int
triage_pool(struct triage *t, struct triage_mail *tm)
{
	int rc;

	if (triage_tier(t, tm) != TIER_MAINTAINER && !triage_is_lkp(t, tm))
		return REQ_POOL_OTHERS;
	/* a From: anyone can write proves nothing: an unverified claim
	 * to the team's standing is anyone's (issue 36 item 4) */
	if ((rc = triage_sender_verified(t, tm)) < 0)
		return rc;
	return rc ? REQ_POOL_TEAM : REQ_POOL_OTHERS;
}

int
triage_outsider(struct triage *t, const struct triage_mail *tm,
		enum auth_tier tier, enum request_pool pool)
{
	/* the team's standing unproven: an outsider's budgets */
	return tier == TIER_OTHER ||
	       (pool == REQ_POOL_OTHERS &&
		(tier == TIER_MAINTAINER || triage_is_lkp(t, tm)));
}
