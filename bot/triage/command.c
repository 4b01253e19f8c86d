/* command.c - carrying out #lkp commands and queueing their answers. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "bot/core/ctx.h"
#include "bot/core/settings.h"
#include "bot/outbox/address.h"
#include "bot/outbox/answer.h"
#include "bot/outbox/outbox.h"
#include "bot/triage/triage-internal.h"
#include "bot/triage/triage.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/lkp_command.h"
#include "parsers/message.h"
#include "state/store.h"
#include "state/store_report.h"
#include "state/store_outbox.h"
#include "state/store_triage.h"
#include "templates/escape.h"
#include "templates/tvalue.h"

static struct tvalue *
answer_data(struct triage *t, struct triage_mail *tm,
	    const struct lkp_command *cmd, int idx, const char *method,
	    int short_quote)
{
	struct tvalue *d = tvalue_new_map();
	struct strbuf q = STRBUF_INIT;
	char ex[64];

	/* an answer that leaves the thread quotes the verb alone: a
	 * forged From: must not make lkpbot mail someone else's text to
	 * its victim (issue 36, row 9) */
	if (short_quote)
		snprintf(ex, sizeof(ex), "#lkp %s",
			 cmd->error ? "(not understood)"
				    : lkp_verb_name(cmd->verb));
	if (strbuf_addf(&q, "> %s\n", short_quote ? ex
				     : cmd->text ? cmd->text : ""))
		strbuf_reset(&q);
	if (tm->total_commands > 1 &&
	    strbuf_addf(&q, "\n(answer %d of %u to the commands in this mail)\n",
			idx, tm->total_commands))
		strbuf_reset(&q);
	tvalue_map_set_str(d, "quoted", q.buf);
	strbuf_release(&q);
	if (tm->report_id)
		tvalue_map_set(d, "report", answer_report_value(t->st, tm->report_id));
	else
		tvalue_map_set(d, "report", tvalue_new_null());
	tvalue_map_set_str(d, "method", method);
	tvalue_map_set_str(d, "again", "#lkp status");
	tvalue_map_set_str(d, "version", PACKAGE_VERSION);
	return d;
}

/* The source of the event of a refused command: counted in a status
 * answer, not listed. */
#define SOURCE_REFUSED "command:refused"

/* A status answer lists the latest LKB_MAX_STATUS_EVENTS events (a ring
 * of them) and counts the rest and the refused commands. */
struct status_ctx {
	struct tvalue *ring[LKB_MAX_STATUS_EVENTS];
	size_t n;		/* events seen, refused ones aside */
	size_t refused;
};

static int
status_event(const struct store_event_row *r, void *arg)
{
	struct status_ctx *c = arg;
	struct tvalue *e, **slot;
	char date[32] = "-";
	struct tm tmv;
	time_t tt = (time_t)r->created_at;

	if (r->source && !strcmp(r->source, SOURCE_REFUSED)) {
		c->refused++;
		return 0;
	}
	e = tvalue_new_map();
	if (gmtime_r(&tt, &tmv))
		strftime(date, sizeof(date), "%Y-%m-%d", &tmv);
	tvalue_map_set_str(e, "date", date);
	tvalue_map_set_str(e, "event", r->type ? r->type : "");
	tvalue_map_set_str(e, "who", r->author ? r->author : "");
	tvalue_map_set_str(e, "detail", r->evidence ? r->evidence : "");
	slot = &c->ring[c->n++ % LKB_MAX_STATUS_EVENTS];
	tvalue_free(*slot);
	*slot = e;
	return 0;
}

/* Hand the ring to data as "events", oldest first, and the counts
 * "earlier" and "refused" ("" for none); empties c. */
static void
status_data(struct status_ctx *c, struct tvalue *data)
{
	struct tvalue *list = tvalue_new_list();
	size_t first = c->n > LKB_MAX_STATUS_EVENTS
			       ? c->n - LKB_MAX_STATUS_EVENTS : 0;
	char num[32];

	for (size_t i = first; i < c->n; i++) {
		struct tvalue **slot = &c->ring[i % LKB_MAX_STATUS_EVENTS];

		tvalue_list_push(list, *slot);
		*slot = NULL;
	}
	tvalue_map_set(data, "events", list);
	num[0] = '\0';
	if (first)
		snprintf(num, sizeof(num), "%zu", first);
	tvalue_map_set_str(data, "earlier", num);
	num[0] = '\0';
	if (c->refused)
		snprintf(num, sizeof(num), "%zu", c->refused);
	tvalue_map_set_str(data, "refused", num);
}

static void
status_release(struct status_ctx *c)
{
	for (size_t i = 0; i < LKB_MAX_STATUS_EVENTS; i++)
		tvalue_free(c->ring[i]);
	memset(c, 0, sizeof(*c));
}

/* A command's text as evidence: at most LKB_MAX_COMMAND_EVIDENCE_BYTES,
 * cut at a character boundary and marked; in a (borrowed from a). */
static const char *
command_evidence(struct arena *a, const char *text)
{
	size_t n = text ? strlen(text) : 0;
	char *s;

	if (n <= LKB_MAX_COMMAND_EVIDENCE_BYTES)
		return text;
	n = LKB_MAX_COMMAND_EVIDENCE_BYTES - 3;
	while (n && ((unsigned char)text[n] & 0xc0) == 0x80)
		n--;	/* not inside a UTF-8 sequence */
	s = arena_alloc(a, n + 4);
	memcpy(s, text, n);
	memcpy(s + n, "...", 4);
	return s;
}

/* How an answer goes out: to an outsider (their own budgets, a request
 * id with OUTBOX_OUTSIDER_PREFIX), to the sender only (no Cc). */
enum answer_to { ANSWER_THREAD, ANSWER_SENDER, ANSWER_OUTSIDER };

/* Queue the answer to command idx of the mail. Past the thread limit it
 * is not queued; past an hourly budget it waits in the outbox (the send
 * stage holds it) rather than being dropped. */
static int
queue_answer(struct triage *t, struct triage_mail *tm, const char *tpl,
	     struct tvalue *data, int idx, enum answer_to to, int *queued_out)
{
	struct outbox_mail om = { 0 };
	const char *cc[ANSWER_MAX_CC], *ask[2 * LKB_MAX_RECIPIENTS];
	size_t nask = 0;
	enum loop_verdict v;
	char reqid[64];
	int rc, is_new = 0;
	int64_t id, now = (int64_t)time(NULL);
	/* the maintainers' and the LKP team's answers go first, on budgets
	 * of their own: a flood to others never holds them up (issue 36
	 * row 8) */
	int team = to != ANSWER_OUTSIDER &&
		   triage_pool(t, tm) == REQ_POOL_TEAM;

	*queued_out = 0;
	if (!tm->author || !escape_addr_ok(tm->author)) {
		/* a hostile From: is no reason to stop triage */
		lkb_warn("message %lld: answer not queued: cannot answer "
			 "address '%.80s'", (long long)tm->msg_id,
			 tm->author ? tm->author : "(none)");
		tvalue_free(data);
		return LKB_OK;
	}
	rc = to == ANSWER_OUTSIDER
		? loop_check_outsider_rate(t->st, &t->lp, tm->thread_id,
					   tm->author, now, &v)
		: loop_check_rate(t->st, &t->lp, team, tm->thread_id, now,
				  &v);
	if (rc == LKB_OK && v != LOOP_ANSWER) {
		if (loop_rate_defers(v)) {
			lkb_info("message %lld: answer deferred: %s",
				 (long long)tm->msg_id, loop_verdict_name(v));
		} else {
			lkb_warn("message %lld: answer not queued: %s",
				 (long long)tm->msg_id, loop_verdict_name(v));
			rc = 1;
		}
	}
	if (rc != LKB_OK) {
		tvalue_free(data);
		return rc < 0 ? rc : LKB_OK;
	}
	snprintf(reqid, sizeof(reqid), "%sm%lld.c%d",
		 to == ANSWER_OUTSIDER ? OUTBOX_OUTSIDER_PREFIX : "",
		 (long long)tm->msg_id, idx);
	om.template = tpl;
	om.data = data;
	om.kind = tpl;
	om.request_id = reqid;
	om.thread_id = tm->thread_id;
	om.report_id = tm->report_id;
	om.to.name = tm->author_name;
	om.to.addr = tm->author;
	for (size_t i = 0; i < tm->m->nto && nask < LKB_ARRAY_SIZE(ask); i++)
		ask[nask++] = tm->m->to[i].addr;
	for (size_t i = 0; i < tm->m->ncc && nask < LKB_ARRAY_SIZE(ask); i++)
		ask[nask++] = tm->m->cc[i].addr;
	if (to == ANSWER_THREAD)
		om.ncc = answer_pick_cc(&t->addressing, t->st, tm->a,
					tm->author, ask, nask, tm->report_id,
					cc, ANSWER_MAX_CC);
	om.cc = cc;
	om.subject = tm->m->subject;
	om.parent_id = tm->m->message_id;
	om.parent_refs = tm->m->references;
	om.nparent_refs = tm->m->nreferences;
	om.team = team;
	rc = outbox_enqueue_mail(t->st, t->ctx->set, t->tpl, &om, &id,
				 &is_new);
	tvalue_free(data);
	if (rc == LKB_OK && is_new) {
		t->stats.answers++;
		*queued_out = 1;
	}
	return rc;
}

int
triage_participants(struct triage *t, struct triage_mail *tm)
{
	struct store_report_brief b;
	struct store_msg sm;
	char key[32];
	int rc;

	if (!tm->report_id)
		return LKB_OK;
	if ((rc = store_report_brief_get(t->st, tm->report_id, &b)) <= 0)
		return rc;
	snprintf(key, sizeof(key), "%lld", (long long)b.msg_id);
	store_report_brief_release(&b);
	if ((rc = store_message_get(t->st, key, &sm)) <= 0)
		return rc;
	/* a forged report names whom it likes: they stay outsiders */
	if ((rc = triage_report_verified(t, sm.id, &sm)) == 1) {
		store_addrs_each(sm.to_addrs, triage_add_addr, tm);
		store_addrs_each(sm.cc_addrs, triage_add_addr, tm);
	}
	store_msg_release(&sm);
	return rc < 0 ? rc : LKB_OK;
}

int
triage_is_lkp(struct triage *t, const struct triage_mail *tm)
{
	struct rule_author au = { NULL, tm->author };

	return tm->author && rules_author_is_lkp(t->rules, &au, NULL);
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

/* The quota pool of the asker: maintainers and the LKP team apart. */
enum request_pool
triage_pool(struct triage *t, const struct triage_mail *tm)
{
	return triage_tier(t, tm) == TIER_MAINTAINER || triage_is_lkp(t, tm)
		       ? REQ_POOL_TEAM : REQ_POOL_OTHERS;
}

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
	   const struct lkp_command *cmd, const char **why_out)
{
	const struct settings *set = t->ctx->set;
	int64_t now = (int64_t)time(NULL), n;
	int rc;

	/* one ceiling for all of them: a sender rotated over the
	 * addresses of a report is one asker to it (issue 36 row 7) */
	if (set->requests.per_hour > 0 &&
	    triage_pool(t, tm) == REQ_POOL_OTHERS) {
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
					 (int)triage_pool(t, tm), now - 86400,
					 now, &n);
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

/* The request of cmd: the same request asked before in this mail
 * (*again_out 1, *id_out its id); else, when add, record it (*id_out
 * the new id). */
static int
add_request(struct triage *t, struct triage_mail *tm,
	    const struct lkp_command *cmd, int add, int64_t *id_out,
	    int *again_out)
{
	struct store_request rq = { 0 };
	struct strbuf args = STRBUF_INIT;
	int rc;

	*again_out = 0;
	for (size_t i = 0; i < cmd->nshas; i++)
		if (strbuf_addf(&args, "%s%s", i ? " " : "", cmd->shas[i]))
			break;
	if (cmd->verb == LKP_CMD_COMPARE_SERIES && (cmd->base || cmd->head) &&
	    strbuf_addf(&args, "%s..%s", cmd->base ? cmd->base : "",
			cmd->head ? cmd->head : ""))
		strbuf_reset(&args);
	rq.report_id = tm->report_id;
	rq.msg_id = tm->msg_id;
	rq.asker = tm->author;
	rq.pool = triage_pool(t, tm);
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
 * tier): the event must be of the mail's own report. *v says whether
 * the report moved; an event that cannot be decided is an error. */
static int
review_command(struct triage *t, struct triage_mail *tm,
	       const struct lkp_command *cmd, enum lc_verdict *v,
	       const char **msg)
{
	enum report_state before = tm->cur.state;
	int rc = triage_review_decide(t, strtoll(cmd->target, NULL, 10),
				      cmd->verb == LKP_CMD_ACCEPT,
				      tm->report_id, tm->author, msg);

	if (rc == LKB_ERR_NOT_FOUND || rc == LKB_ERR_USAGE) {
		*v = LC_ERROR;
		return LKB_OK;
	}
	if (rc != LKB_OK || (rc = triage_load_state(t, tm)) != LKB_OK)
		return rc;
	*v = tm->cur.state != before ? LC_CHANGED : LC_UNCHANGED;
	return LKB_OK;
}

int
triage_command(struct triage *t, struct triage_mail *tm,
	       const struct lkp_command *cmd, int idx)
{
	struct store_command sc = { 0 };
	struct store_event ev = { 0 };
	struct lc_input in = { 0 };
	enum auth_tier tier;
	enum lc_verdict v = LC_ERROR;
	enum answer_to to;
	const char *msg = cmd->error, *tpl = NULL;
	struct tvalue *data = NULL;
	char result[512], cause[256];
	int64_t req = 0;
	int rc = LKB_OK, queued = 0, again = 0, unverified = 0, quota = 0;

	tier = triage_tier(t, tm);
	if (tm->msg_id)
		snprintf(cause, sizeof(cause), "command #lkp %s by %s",
			 lkp_verb_name(cmd->verb),
			 tm->author ? tm->author : "?");
	else
		snprintf(cause, sizeof(cause), "cli:%s",
			 tm->author ? tm->author : "?");
	t->stats.commands++;
	/* a maintainer's From: is believed only when it verifies */
	if (!msg && tier == TIER_MAINTAINER && lkp_verb_changes_state(cmd->verb)) {
		if ((rc = triage_sender_verified(t, tm)) < 0)
			return rc;
		if (rc == 0) {
			unverified = 1;
			v = LC_REFUSED;
			msg = tm->unverified;
		}
		rc = LKB_OK;
	}
	if (!msg) {
		in.cmd = cmd;
		in.tier = tier;
		in.report_id = tm->report_id;
		in.event = EV_COMMAND;
		rc = triage_apply(t, tm, &in, cause, &v, &msg);
		if (rc != LKB_OK)
			return rc;
		/* help and status are answered here, not by a request */
		if (v == LC_REQUEST &&
		    (lkp_verb_info(cmd->verb)->effect == LKP_DO_HELP ||
		     lkp_verb_info(cmd->verb)->effect == LKP_DO_STATUS))
			v = LC_UNCHANGED;
		if (v == LC_REQUEST &&
		    lkp_verb_info(cmd->verb)->effect == LKP_DO_REVIEW &&
		    (rc = review_command(t, tm, cmd, &v, &msg)) != LKB_OK)
			return rc;
	}
	if (v == LC_REQUEST) {
		/* a request asked again in this mail is no new request */
		rc = add_request(t, tm, cmd, 0, &req, &again);
		if (rc == LKB_OK && !again && !tm->cli &&
		    (rc = over_quota(t, tm, cmd, &msg)) == 1) {
			rc = LKB_OK;
			v = LC_REFUSED;
			quota = 1;
		}
		if (rc == LKB_OK && v == LC_REQUEST && !again)
			rc = add_request(t, tm, cmd, 1, &req, &again);
		if (rc != LKB_OK)
			return rc;
	}
	/* whoever may not act on the report is answered alone, briefly */
	to = tier == TIER_OTHER ? ANSWER_OUTSIDER
	     : v == LC_REFUSED	? ANSWER_SENDER
				: ANSWER_THREAD;
	data = answer_data(t, tm, cmd, idx, unverified ? "#lkp command"
			   : tier == TIER_MAINTAINER
			   ? "#lkp command by a maintainer"
			   : tier == TIER_PARTICIPANT
			   ? "#lkp command by a recipient of the report"
			   : "#lkp command", to != ANSWER_THREAD);
	switch (v) {
	case LC_CHANGED:
		snprintf(result, sizeof(result), "ok: report %lld is now %s%s%s",
			 (long long)tm->report_id,
			 report_state_name(tm->cur.state),
			 tm->cur.state == RS_CLOSED ? ", " : "",
			 tm->cur.state == RS_CLOSED
				 ? close_reason_name(tm->cur.reason) : "");
		tvalue_map_set_str(data, "result", result + 4);
		tpl = "ack";
		break;
	case LC_UNCHANGED:
		if (lkp_verb_info(cmd->verb)->effect == LKP_DO_HELP) {
			snprintf(result, sizeof(result), "ok: help sent");
			tvalue_map_set(data, "verbs", answer_verbs_value());
			tpl = "help";
		} else if (lkp_verb_info(cmd->verb)->effect == LKP_DO_STATUS) {
			struct status_ctx sc2;

			memset(&sc2, 0, sizeof(sc2));
			snprintf(result, sizeof(result), "ok: status sent");
			tvalue_map_set_str(data, "state",
					   report_state_name(tm->cur.state));
			tvalue_map_set_str(data, "reason",
					   tm->cur.state == RS_CLOSED
					   ? close_reason_name(tm->cur.reason)
					   : "");
			rc = store_event_foreach(t->st, tm->report_id, 0,
						 status_event, &sc2);
			status_data(&sc2, data);
			status_release(&sc2);
			tpl = "status";
		} else {
			snprintf(result, sizeof(result), "ok: nothing to "
				 "change, report %lld is %s",
				 (long long)tm->report_id,
				 report_state_name(tm->cur.state));
			tvalue_map_set_str(data, "result", result + 4);
			tpl = "ack";
		}
		break;
	case LC_REQUEST:
		snprintf(result, sizeof(result), again
			 ? "ok: request %lld is already recorded; the answer "
			   "follows when it is done or queued"
			 : "ok: request %lld recorded; the answer follows when "
			   "it is done or queued", (long long)req);
		break;	/* the requests stage answers */
	case LC_REFUSED:
		snprintf(result, sizeof(result), "refused: %s",
			 msg ? msg : "not allowed");
		tvalue_map_set(data, "asker", tvalue_new_map());
		tvalue_map_set_str((struct tvalue *)tvalue_map_get(data,
					   "asker"), "address",
				   tm->author ? tm->author : "");
		tvalue_map_set_str(data, "unverified", unverified ? msg : "");
		/* a quota's refusal says which, not "not a maintainer" */
		tvalue_map_set_str(data, "quota", quota ? msg : "");
		/* a request refused: whom it is taken from, not "state" */
		tvalue_map_set_str(data, "ask", lkp_verb_info(cmd->verb)->tier
				   == LKP_TIER_ASK ? "yes" : "");
		tpl = "refusal";
		break;
	default:
		snprintf(result, sizeof(result), "error: %s",
			 msg ? msg : "cannot carry out this command");
		tvalue_map_set_str(data, "error", result + 7);
		tvalue_map_set_str(data, "hint", "\"#lkp help\" lists the "
				   "commands and their arguments.");
		tpl = "error";
		break;
	}
	if (rc == LKB_OK && tpl && tm->m)
		rc = queue_answer(t, tm, tpl, data, idx, to, &queued);
	else
		tvalue_free(data);
	if (rc != LKB_OK)
		return rc;
	ev.report_id = tm->report_id;
	ev.msg_id = tm->msg_id;
	ev.date = tm->m && tm->m->date != (time_t)-1 ? (int64_t)tm->m->date : 0;
	ev.type = "command";
	ev.confidence = REPLY_CONF_EXACT;
	ev.source = !tm->msg_id ? cause
		    : v == LC_REFUSED ? SOURCE_REFUSED : "command";
	ev.author = tm->author;
	ev.evidence = command_evidence(tm->a, cmd->text);
	if (tm->report_id && (rc = store_event_add(t->st, &ev)) != LKB_OK)
		return rc;
	sc.msg_id = tm->msg_id;
	sc.report_id = tm->report_id;
	sc.idx = idx;
	sc.verb = lkp_verb_name(cmd->verb);
	sc.args = cmd->arg ? cmd->arg : cmd->target ? cmd->target : "";
	sc.author = tm->author ? tm->author : "";
	sc.tier = auth_tier_name(tier);
	sc.allowed = v != LC_REFUSED;
	sc.result = result;
	if (!tm->msg_id) {
		printf("%s\n", result);
		if (cmd->error)
			return LKB_ERR_USAGE;	/* malformed: a usage error */
		return v == LC_ERROR || v == LC_REFUSED ? LKB_ERR : LKB_OK;
	}
	return store_command_add(t->st, &sc, NULL);
}

int
triage_orphan_commands(struct triage *t, struct triage_mail *tm,
		       const struct reply *r, enum loop_verdict lv)
{
	struct lkp_command_list cmds = { NULL, 0, 0 };
	enum auth_tier tier;
	enum answer_to to;
	int rc;

	if (lv != LOOP_ANSWER)
		return LKB_OK;
	if ((rc = lkp_command_parse_reply(tm->a, r, &cmds)) != LKB_OK)
		return rc;
	tm->total_commands = (unsigned)cmds.n;
	/* no report, no recipients: a maintainer, or an outsider answered
	 * alone (never a relay to the mail's To and Cc) */
	tier = triage_tier(t, tm);
	to = tier == TIER_MAINTAINER ? ANSWER_THREAD : ANSWER_OUTSIDER;
	/* outside a tracked thread only a verified sender is answered: an
	 * answer to a forged From: goes to its victim (issue 36, row 9) */
	if ((rc = triage_sender_verified(t, tm)) < 0)
		return rc;
	if (!rc) {
		lkb_info("message %lld: %zu command(s) outside a tracked "
			 "thread from an unverified sender: not answered",
			 (long long)tm->msg_id, cmds.n);
		return LKB_OK;
	}
	rc = LKB_OK;
	for (size_t i = 0; i < cmds.n && rc == LKB_OK; i++) {
		struct store_command sc = { 0 };
		const struct lkp_command *cmd = &cmds.cmds[i];
		struct tvalue *data = answer_data(t, tm, cmd, (int)i + 1,
						  "#lkp command",
						  to != ANSWER_THREAD);
		static const char why[] = "error: this mail is not in the "
			"thread of a report lkpbot tracks, and quotes none";
		int queued;

		t->stats.commands++;
		tvalue_map_set_str(data, "error", why + 7);
		tvalue_map_set_str(data, "hint", "Send the command as a reply "
				   "to the LKP report it is about.");
		rc = queue_answer(t, tm, "error", data, (int)i + 1, to,
				  &queued);
		if (rc != LKB_OK)
			break;
		sc.msg_id = tm->msg_id;
		sc.idx = (int)i + 1;
		sc.verb = lkp_verb_name(cmd->verb);
		sc.args = "";
		sc.author = tm->author ? tm->author : "";
		sc.tier = "unknown";
		sc.allowed = 0;
		sc.result = why;
		rc = store_command_add(t->st, &sc, NULL);
	}
	return rc;
}
