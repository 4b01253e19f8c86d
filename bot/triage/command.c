/* command.c - a #lkp command's answer (by the outbox's one path) and
 * its record; what it does is decided in decide.c. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "bot/core/ctx.h"
#include "bot/core/settings.h"
#include "bot/outbox/answer.h"
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
#include "state/store_triage.h"
#include "templates/tvalue.h"

static struct tvalue *
answer_data(struct triage *t, struct triage_mail *tm,
	    const struct lkp_command *cmd, int idx, const char *method,
	    int short_quote)
{
	struct tvalue *d;
	struct strbuf q = STRBUF_INIT;
	char ex[64];

	/* an answer that leaves the thread quotes the verb alone: a
	 * forged From: must not make lkpbot mail someone else's text to
	 * its victim (issue 36, row 9) */
	if (short_quote)
		snprintf(ex, sizeof(ex), "#lkp %s",
			 cmd->error ? "(not understood)"
				    : lkp_verb_name(cmd->verb));
	strbuf_addf(&q, "> %s\n", short_quote ? ex
				 : cmd->text ? cmd->text : "");
	if (tm->total_commands > 1)
		strbuf_addf(&q, "\n(answer %d of %u to the commands in this "
			    "mail)\n", idx, tm->total_commands);
	d = answer_data_new(t->st, tm->report_id, q.buf, method,
			    "#lkp status");
	strbuf_release(&q);
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

/* The answer's "method" line: who the command came from. */
static const char *
answer_method(const struct command_decision *d)
{
	if (d->unverified || d->outsider)
		return "#lkp command";
	return d->tier == TIER_MAINTAINER ? "#lkp command by a maintainer"
	       : d->tier == TIER_PARTICIPANT
		       ? "#lkp command by a recipient of the report"
		       : "#lkp command";
}

/* Queue the answer (template tpl, data) to command idx of the mail, by
 * the outbox's one path (answer_queue); data is freed. */
static int
queue_answer(struct triage *t, struct triage_mail *tm, const char *tpl,
	     struct tvalue *data, int idx, enum answer_audience to, int team)
{
	struct answer an = { 0 };
	char what[64], reqid[64];
	int64_t id;
	int rc;

	snprintf(what, sizeof(what), "message %lld", (long long)tm->msg_id);
	snprintf(reqid, sizeof(reqid), "m%lld.c%d", (long long)tm->msg_id,
		 idx);
	an.template = tpl;
	an.data = data;
	an.request_id = reqid;
	an.msg_id = tm->msg_id;
	an.report_id = tm->report_id;
	an.to = to;
	/* the maintainers' and the LKP team's answers go first, on budgets
	 * of their own: a flood to others never holds them up (issue 36
	 * row 8) */
	an.team = to != ANSWER_OUTSIDER && team;
	an.what = what;
	rc = answer_queue(&t->aw, &an, &id);
	tvalue_free(data);
	if (rc == LKB_OK && id)
		t->stats.answers++;
	return rc;
}

/* The status answer's data: the state and the latest events. */
static int
status_answer(struct triage *t, struct triage_mail *tm, struct tvalue *data)
{
	struct status_ctx sc;
	int rc;

	memset(&sc, 0, sizeof(sc));
	tvalue_map_set_str(data, "state", report_state_name(tm->cur.state));
	tvalue_map_set_str(data, "reason", tm->cur.state == RS_CLOSED
			   ? close_reason_name(tm->cur.reason) : "");
	rc = store_event_foreach(t->st, tm->report_id, 0, status_event, &sc);
	status_data(&sc, data);
	status_release(&sc);
	return rc;
}

/* The result line of decision d (for the record, the CLI and the
 * answer) into result. */
static void
command_result(const struct triage_mail *tm, const struct lkp_command *cmd,
	       const struct command_decision *d, char *result, size_t n)
{
	enum lkp_verb_effect eff = lkp_verb_info(cmd->verb)->effect;

	switch (d->v) {
	case LC_CHANGED:
		snprintf(result, n, "ok: report %lld is now %s%s%s",
			 (long long)tm->report_id,
			 report_state_name(tm->cur.state),
			 tm->cur.state == RS_CLOSED ? ", " : "",
			 tm->cur.state == RS_CLOSED
				 ? close_reason_name(tm->cur.reason) : "");
		break;
	case LC_UNCHANGED:
		if (eff == LKP_DO_HELP)
			snprintf(result, n, "ok: help sent");
		else if (eff == LKP_DO_STATUS)
			snprintf(result, n, "ok: status sent");
		else
			snprintf(result, n, "ok: nothing to change, report "
				 "%lld is %s", (long long)tm->report_id,
				 report_state_name(tm->cur.state));
		break;
	case LC_REQUEST:
		snprintf(result, n, d->again
			 ? "ok: request %lld is already recorded; the answer "
			   "follows when it is done or queued"
			 : "ok: request %lld recorded; the answer follows when "
			   "it is done or queued", (long long)d->req);
		break;
	case LC_REFUSED:
		snprintf(result, n, "refused: %s",
			 d->msg ? d->msg : "not allowed");
		break;
	default:
		snprintf(result, n, "error: %s",
			 d->msg ? d->msg : "cannot carry out this command");
		break;
	}
}

/* The answer's template for d and its data past the common part; NULL
 * for a request (the requests stage answers). */
static const char *
answer_fill(struct triage *t, struct triage_mail *tm,
	    const struct lkp_command *cmd, const struct command_decision *d,
	    const char *result, struct tvalue *data, int *rc_out)
{
	enum lkp_verb_effect eff = lkp_verb_info(cmd->verb)->effect;
	struct tvalue *asker;

	*rc_out = LKB_OK;
	switch (d->v) {
	case LC_CHANGED:
		tvalue_map_set_str(data, "result", result + 4);
		return "ack";
	case LC_UNCHANGED:
		if (eff == LKP_DO_HELP) {
			tvalue_map_set(data, "verbs", answer_verbs_value());
			return "help";
		}
		if (eff == LKP_DO_STATUS) {
			*rc_out = status_answer(t, tm, data);
			return "status";
		}
		tvalue_map_set_str(data, "result", result + 4);
		return "ack";
	case LC_REQUEST:
		return NULL;
	case LC_REFUSED:
		asker = tvalue_new_map();
		tvalue_map_set_str(asker, "address",
				   tm->author ? tm->author : "");
		tvalue_map_set(data, "asker", asker);
		tvalue_map_set_str(data, "unverified",
				   d->unverified ? d->msg : "");
		/* a quota's refusal says which, not "not a maintainer" */
		tvalue_map_set_str(data, "quota", d->quota ? d->msg : "");
		/* a request refused: whom it is taken from, not "state" */
		tvalue_map_set_str(data, "ask", lkp_verb_info(cmd->verb)->tier
				   == LKP_TIER_ASK ? "yes" : "");
		return "refusal";
	default:
		tvalue_map_set_str(data, "error", result + 7);
		tvalue_map_set_str(data, "hint", "\"#lkp help\" lists the "
				   "commands and their arguments.");
		return "error";
	}
}

/* Answer command idx as d decided: whoever may not act on the report
 * is answered alone, briefly. */
static int
command_answer(struct triage *t, struct triage_mail *tm,
	       const struct lkp_command *cmd, int idx,
	       const struct command_decision *d, const char *result)
{
	enum answer_audience to = d->outsider	      ? ANSWER_OUTSIDER
				  : d->v == LC_REFUSED ? ANSWER_SENDER
						       : ANSWER_THREAD;
	struct tvalue *data;
	const char *tpl;
	int rc;

	data = answer_data(t, tm, cmd, idx, answer_method(d),
			   to != ANSWER_THREAD);
	tpl = answer_fill(t, tm, cmd, d, result, data, &rc);
	if (rc != LKB_OK || !tpl || !tm->m) {
		tvalue_free(data);
		return rc;
	}
	return queue_answer(t, tm, tpl, data, idx, to,
			    d->pool == REQ_POOL_TEAM);
}

/* Record command idx as d decided: an event on the report, a commands
 * row (or, at the terminal, the result line and the exit status). */
static int
command_record(struct triage *t, struct triage_mail *tm,
	       const struct lkp_command *cmd, int idx,
	       const struct command_decision *d, const char *result)
{
	struct store_command sc = { 0 };
	struct store_event ev = { 0 };
	int rc;

	ev.report_id = tm->report_id;
	ev.msg_id = tm->msg_id;
	ev.date = tm->m && tm->m->date != (time_t)-1 ? (int64_t)tm->m->date : 0;
	ev.type = "command";
	ev.confidence = REPLY_CONF_EXACT;
	ev.source = !tm->msg_id ? d->cause
		    : d->v == LC_REFUSED ? SOURCE_REFUSED : "command";
	ev.author = tm->author;
	ev.evidence = command_evidence(tm->a, cmd->text);
	if (tm->report_id && (rc = store_event_add(t->st, &ev)) != LKB_OK)
		return rc;
	if (!tm->msg_id) {
		printf("%s\n", result);
		if (cmd->error)
			return LKB_ERR_USAGE;	/* malformed: a usage error */
		return d->v == LC_ERROR || d->v == LC_REFUSED ? LKB_ERR
							      : LKB_OK;
	}
	sc.msg_id = tm->msg_id;
	sc.report_id = tm->report_id;
	sc.idx = idx;
	sc.verb = lkp_verb_name(cmd->verb);
	sc.args = cmd->arg ? cmd->arg : cmd->target ? cmd->target : "";
	sc.author = tm->author ? tm->author : "";
	sc.tier = auth_tier_name(d->tier);
	sc.allowed = d->v != LC_REFUSED;
	sc.result = result;
	return store_command_add(t->st, &sc, NULL);
}

int
triage_command(struct triage *t, struct triage_mail *tm,
	       const struct lkp_command *cmd, int idx)
{
	struct command_decision d;
	char result[512];
	int rc;

	t->stats.commands++;
	if ((rc = command_decide(t, tm, cmd, &d)) != LKB_OK)
		return rc;
	command_result(tm, cmd, &d, result, sizeof(result));
	if ((rc = command_answer(t, tm, cmd, idx, &d, result)) != LKB_OK)
		return rc;
	return command_record(t, tm, cmd, idx, &d, result);
}

int
triage_orphan_commands(struct triage *t, struct triage_mail *tm,
		       const struct reply *r, enum loop_verdict lv)
{
	struct lkp_command_list cmds = { NULL, 0, 0 };
	enum answer_audience to;
	int rc, team;

	if (lv != LOOP_ANSWER)
		return LKB_OK;
	if ((rc = lkp_command_parse_reply(tm->a, r, &cmds)) != LKB_OK)
		return rc;
	tm->total_commands = (unsigned)cmds.n;
	if ((rc = command_orphan_audience(t, tm, &to, &team)) < 0)
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

		t->stats.commands++;
		tvalue_map_set_str(data, "error", why + 7);
		tvalue_map_set_str(data, "hint", "Send the command as a reply "
				   "to the LKP report it is about.");
		rc = queue_answer(t, tm, "error", data, (int)i + 1, to,
				  team);
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
