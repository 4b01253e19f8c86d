/* decide.c - what a #lkp command does, beside the life cycle: who asks
 * (asker.c), what the life cycle and the quotas say, which request it
 * records. Its answer and its record are command.c's. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot/core/ctx.h"
#include "bot/core/settings.h"
#include "bot/triage/triage-internal.h"
#include "bot/triage/triage.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/lkp_command.h"
#include "state/store.h"
#include "state/store_report.h"
#include "state/store_triage.h"

/* Is asker over a request quota ([requests] per_asker, per_report of
 * the asker's pool in the 24 hours up to now; per_hour of everyone but
 * the maintainers and the LKP team in the last hour)? 1 and *why_out,
 * 0, or negative. */
static int
over_patch_quota(struct triage *t, struct triage_mail *tm, int64_t now,
		 const char **why_out)
{
	const struct settings *set = t->ctx->set;
	int64_t n;
	int rc;

	if (set->requests.patches_per_asker > 0) {
		rc = store_request_count_kind(t->st, REQ_TEST_PATCH,
					      tm->author, 0, now - 86400, now,
					      &n);
		if (rc != LKB_OK)
			return rc;
		if (n >= set->requests.patches_per_asker) {
			*why_out = "you have had as many patches tested as "
				   "one person may in a day ([requests] "
				   "patches_per_asker); ask again tomorrow";
			return 1;
		}
	}
	if (set->requests.patches_per_report > 0 && tm->report_id) {
		rc = store_request_count_kind(t->st, REQ_TEST_PATCH, NULL,
					      tm->report_id, now - 86400, now,
					      &n);
		if (rc != LKB_OK)
			return rc;
		if (n >= set->requests.patches_per_report) {
			*why_out = "this report has had as many patches "
				   "tested as it may in a day ([requests] "
				   "patches_per_report); ask again tomorrow";
			return 1;
		}
	}
	return 0;
}

static int
over_quota(struct triage *t, struct triage_mail *tm,
	   const struct lkp_command *cmd, enum request_pool pool,
	   const char **why_out)
{
	const struct settings *set = t->ctx->set;
	int64_t now = (int64_t)time(NULL), n;
	int rc;

	/* one ceiling for all of them: a sender rotated over the
	 * addresses of a report is one asker to it (issue 36 row 7) */
	if (set->requests.per_hour > 0 && pool == REQ_POOL_OTHERS) {
		rc = store_request_count(t->st, NULL, 0, REQ_POOL_OTHERS,
					 now - 3600, now, &n);
		if (rc != LKB_OK)
			return rc;
		if (n >= set->requests.per_hour) {
			*why_out = "lkpbot has taken as many requests as it "
				   "takes in an hour from everyone but the "
				   "maintainers ([requests] per_hour); ask "
				   "again in an hour";
			return 1;
		}
	}
	if (cmd->verb == LKP_CMD_TEST &&
	    (rc = over_patch_quota(t, tm, now, why_out)) != 0)
		return rc;
	if (set->requests.per_asker > 0) {
		rc = store_request_count(t->st, tm->author, 0, -1, now - 86400,
					 now, &n);
		if (rc != LKB_OK)
			return rc;
		if (n >= set->requests.per_asker) {
			*why_out = "you have made as many requests as one "
				   "person may in a day; ask again tomorrow";
			return 1;
		}
	}
	if (set->requests.per_report > 0 && tm->report_id) {
		rc = store_request_count(t->st, NULL, tm->report_id,
					 (int)pool, now - 86400, now, &n);
		if (rc != LKB_OK)
			return rc;
		if (n >= set->requests.per_report) {
			*why_out = "this report has had as many requests as "
				   "it may in a day; ask again tomorrow";
			return 1;
		}
	}
	return 0;
}

/* The request of cmd, in d's pool and class: the same request asked
 * before in this mail (d->again 1, d->req its id); else, when add,
 * record it (d->req the new id). */
static int
add_request(struct triage *t, struct triage_mail *tm,
	    const struct lkp_command *cmd, struct command_decision *d, int add)
{
	int64_t *id_out = &d->req;
	int *again_out = &d->again;
	struct store_request rq = { 0 };
	struct strbuf args = STRBUF_INIT;
	int rc;

	*again_out = 0;
	for (size_t i = 0; i < cmd->nshas; i++)
		strbuf_addf(&args, "%s%s", i ? " " : "", cmd->shas[i]);
	if (cmd->verb == LKP_CMD_TEST && cmd->url)
		strbuf_addf(&args, "git %s %s", cmd->url, cmd->ref);
	if (cmd->verb == LKP_CMD_COMPARE_SERIES && (cmd->base || cmd->head))
		strbuf_addf(&args, "%s..%s", cmd->base ? cmd->base : "",
			    cmd->head ? cmd->head : "");
	rq.report_id = tm->report_id;
	rq.msg_id = tm->msg_id;
	rq.asker = tm->author;
	rq.pool = d->pool;
	/* its answer, the request stage's, goes where this command's
	 * other answers would: an unproven claim is an outsider's */
	rq.outsider = d->outsider;
	rq.kind = cmd->verb == LKP_CMD_COMPARE ? REQ_COMPARE
		  : cmd->verb == LKP_CMD_COMPARE_SERIES ? REQ_COMPARE_SERIES
		  : cmd->verb == LKP_CMD_TEST ? REQ_TEST_PATCH
					      : REQ_RETEST;
	rq.args = args.buf;
	rq.state = REQ_NEW;
	*id_out = 0;
	rc = tm->msg_id ? store_request_same(t->st, &rq, id_out) : 0;
	*again_out = rc == 1;
	if (rc >= 0)
		rc = LKB_OK;
	if (rc == LKB_OK && add && !*again_out) {
		rc = store_request_add(t->st, &rq, id_out);
		if (rc == LKB_OK)
			t->stats.requests++;
	}
	strbuf_release(&args);
	return rc;
}

/* #lkp accept|reject EVENT (a maintainer: the life cycle checked the
 * tier): the event must be of the mail's own report. d->v says whether
 * the report moved; an event that cannot be decided is an error. */
static int
review_command(struct triage *t, struct triage_mail *tm,
	       const struct lkp_command *cmd, struct command_decision *d)
{
	enum report_state before = tm->cur.state;
	int rc = triage_review_decide(t, strtoll(cmd->target, NULL, 10),
				      cmd->verb == LKP_CMD_ACCEPT,
				      tm->report_id, tm->author, &d->msg);

	if (rc == LKB_ERR_NOT_FOUND || rc == LKB_ERR_USAGE) {
		d->v = LC_ERROR;
		return LKB_OK;
	}
	if (rc != LKB_OK || (rc = triage_load_state(t, tm)) != LKB_OK)
		return rc;
	d->v = tm->cur.state != before ? LC_CHANGED : LC_UNCHANGED;
	return LKB_OK;
}

/* The life cycle's verdict on cmd, with a maintainer's From: believed
 * only when it verifies. */
static int
decide_lifecycle(struct triage *t, struct triage_mail *tm,
		 const struct lkp_command *cmd, struct command_decision *d)
{
	enum lkp_verb_effect eff = lkp_verb_info(cmd->verb)->effect;
	struct lc_input in = { 0 };
	int rc;

	if (!d->msg && d->tier == TIER_MAINTAINER &&
	    lkp_verb_changes_state(cmd->verb)) {
		if ((rc = triage_sender_verified(t, tm)) == 1)
			rc = triage_signed_for(t, tm);
		if (rc < 0)
			return rc;
		if (rc == 0) {
			d->unverified = 1;
			d->v = LC_REFUSED;
			d->msg = tm->unverified;
		}
	}
	if (d->msg)
		return LKB_OK;
	in.cmd = cmd;
	in.tier = d->tier;
	in.report_id = tm->report_id;
	in.event = EV_COMMAND;
	rc = triage_apply(t, tm, &in, d->cause, &d->v, &d->msg);
	if (rc != LKB_OK)
		return rc;
	/* help and status are answered here, not by a request */
	if (d->v == LC_REQUEST &&
	    (eff == LKP_DO_HELP || eff == LKP_DO_STATUS))
		d->v = LC_UNCHANGED;
	if (d->v == LC_REQUEST && eff == LKP_DO_REVIEW)
		return review_command(t, tm, cmd, d);
	return LKB_OK;
}

int
command_decide(struct triage *t, struct triage_mail *tm,
	       const struct lkp_command *cmd, struct command_decision *d)
{
	int rc;

	memset(d, 0, sizeof(*d));
	d->v = LC_ERROR;
	d->msg = cmd->error;
	d->tier = triage_tier(t, tm);
	if (tm->msg_id)
		snprintf(d->cause, sizeof(d->cause), "command #lkp %s by %s",
			 lkp_verb_name(cmd->verb),
			 tm->author ? tm->author : "?");
	else
		snprintf(d->cause, sizeof(d->cause), "cli:%s",
			 tm->author ? tm->author : "?");
	if ((rc = triage_pool(t, tm)) < 0)
		return rc;
	d->pool = (enum request_pool)rc;
	d->outsider = triage_outsider(t, tm, d->tier, d->pool);
	if ((rc = decide_lifecycle(t, tm, cmd, d)) != LKB_OK ||
	    d->v != LC_REQUEST)
		return rc;
	/* a request asked again in this mail is no new request */
	rc = add_request(t, tm, cmd, d, 0);
	if (rc == LKB_OK && !d->again && !tm->cli &&
	    (rc = over_quota(t, tm, cmd, d->pool, &d->msg)) == 1) {
		rc = LKB_OK;
		d->v = LC_REFUSED;
		d->quota = 1;
	}
	if (rc == LKB_OK && d->v == LC_REQUEST && !d->again)
		rc = add_request(t, tm, cmd, d, 1);
	return rc;
}

int
command_orphan_audience(struct triage *t, struct triage_mail *tm,
			enum answer_audience *to_out, int *team_out)
{
	int rc;

	*team_out = 0;
	/* no report, no recipients: a maintainer, or an outsider answered
	 * alone (never a relay to the mail's To and Cc) */
	*to_out = triage_tier(t, tm) == TIER_MAINTAINER ? ANSWER_THREAD
							: ANSWER_OUTSIDER;
	/* outside a tracked thread only a verified sender is answered: an
	 * answer to a forged From: goes to its victim (issue 36, row 9) */
	if ((rc = triage_sender_verified(t, tm)) != 1)
		return rc;
	if ((rc = triage_pool(t, tm)) < 0)
		return rc;
	*team_out = *to_out != ANSWER_OUTSIDER && rc == REQ_POOL_TEAM;
	return 1;
}
