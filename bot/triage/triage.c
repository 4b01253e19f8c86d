/* triage.c - the triage stage: link, read and act on each new mail. */
#include "config.h"
#include "bot/triage/triage.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <jansson.h>

#include "bot/core/ctx.h"
#include "bot/core/datadir.h"
#include "bot/core/settings.h"
#include "bot/ingest/classify.h"
#include "bot/outbox/outbox.h"
#include "bot/report/json.h"
#include "bot/report/noise.h"
#include "bot/triage/actmodel.h"
#include "bot/triage/rules.h"
#include "bot/triage/triage-internal.h"
#include "bot/triage/verify.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/conf.h"
#include "parsers/lkp_command.h"
#include "parsers/lkp_report.h"
#include "parsers/message.h"
#include "parsers/reply.h"
#include "parsers/rules_file.h"
#include "state/store.h"
#include "state/store_report.h"
#include "state/store_triage.h"
#include "templates/tpl_set.h"

/* [rules] act_model: a path, "none", or unset for the installed one. */
static int
triage_load_model(struct triage *t, const char *file)
{
	char *path = NULL, *err = NULL;
	int rc;

	if (file && strcmp(file, "none") == 0)
		return LKB_OK;
	if (!file)
		file = path = datadir_act_model_file();
	rc = actmodel_load_file(file, &t->model, &err);
	if (rc != LKB_OK) {
		lkb_error("cannot load the act model: %s (set [rules] "
			  "act_model = none to decide by the rules alone)",
			  err ? err : file);
		free(err);
		free(path);
		return LKB_ERR_CONFIG;
	}
	free(path);
	actmodel_set_floor(t->model, t->ctx->set->triage.model_floor);
	rules_set_act_model(t->rules, t->model);
	return LKB_OK;
}

int
triage_init(struct triage *t, struct bot_ctx *ctx)
{
	const char *rules = ctx->set->paths.rules_file;
	char *path = NULL, *err = NULL;
	int rc;

	memset(t, 0, sizeof(*t));
	t->ctx = ctx;
	t->st = ctx->st;
	if (!rules)
		rules = path = datadir_rules_file();
	rc = rules_load_file(rules, &t->rules, &err);
	if (rc != LKB_OK) {
		lkb_error("cannot load rules: %s", err ? err : rules);
		free(err);
		free(path);
		return LKB_ERR_CONFIG;
	}
	t->rules_path = path ? path : xstrdup(rules);
	rules_set_people(t->rules, ctx->set);
	if ((rc = triage_load_model(t, ctx->set->paths.act_model)) != LKB_OK)
		return rc;
	t->threads = ctx->set->bot.threads;
	t->tpl = outbox_templates(ctx->set);
	if ((rc = answerer_init(&t->aw, ctx->st, ctx->set, t->tpl)) != LKB_OK)
		return rc;
	if (ctx->set->bot.verify_senders == SET_VERIFY_DKIM &&
	    (rc = verify_new(ctx->set->bot.dkim_key_file, &t->verify)) !=
		    LKB_OK)
		return rc;
	memcpy(t->maintainers, ctx->set->bot.maintainers,
	       ctx->set->bot.nmaintainers * sizeof(t->maintainers[0]));
	t->nmaintainers = ctx->set->bot.nmaintainers;
	return LKB_OK;
}

void
triage_release(struct triage *t)
{
	rules_free(t->rules);
	actmodel_free(t->model);
	t->model = NULL;
	tpl_set_free(t->tpl);
	verify_free(t->verify);
	t->verify = NULL;
	free(t->rules_path);
	t->rules_path = NULL;
	t->rules = NULL;
	t->tpl = NULL;
}

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
	int rc;

	rc = lifecycle_apply(&tm->cur, in, &lk, &next, verdict_out,
			     message_out);
	if (rc != LKB_OK || *verdict_out != LC_CHANGED)
		return rc;
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
triage_report_why(struct triage *t, int64_t msg_id,
		  const struct store_msg *sm, char *why, size_t len)
{
	struct triage_mail tm = { 0 };
	struct rule_author au = { NULL, sm->from_addr };
	char *raw = NULL;
	size_t rlen = 0;
	int rc;

	snprintf(why, len, "not verified: the mail is not kept");
	if (!t->verify)
		return 1;
	if (!sm->from_addr || !rules_author_is_lkp(t->rules, &au, NULL)) {
		snprintf(why, len, "not verified: %s is not the LKP team's "
			 "address", sm->from_addr ? sm->from_addr : "?");
		lkb_info("report message %lld: %s", (long long)msg_id, why);
		return 0;
	}
	/* from an archive the admin trusts: lkpbot import --trusted */
	if ((rc = store_message_trusted(t->st, msg_id)) != 0)
		return rc;
	if ((rc = store_message_raw(t->st, msg_id, &raw, &rlen)) <= 0)
		return rc;	/* 0: gone or damaged, nothing to verify */
	tm.msg_id = msg_id;
	tm.author = sm->from_addr;
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

/* ---- per message ---- */

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

/* Report id moves to state (reason, dup_of) for the robot mail msg_id:
 * an "auto" event of type with cause as its evidence, then the change,
 * counted. */
static int
auto_change(struct triage *t, int64_t msg_id, const struct store_msg *sm,
	    int64_t id, const char *type, const char *state,
	    const char *reason, int64_t dup_of, const char *cause)
{
	struct store_event ev = { 0 };
	int rc;

	ev.report_id = id;
	ev.msg_id = msg_id;
	ev.date = sm->date > 0 ? sm->date : 0;
	ev.type = type;
	ev.source = "auto";
	ev.confidence = REPLY_CONF_EXACT;
	ev.author = sm->from_addr;
	ev.evidence = cause;
	if ((rc = store_event_add(t->st, &ev)) == LKB_OK)
		rc = store_report_transition(t->st, id, state, reason, dup_of,
					     cause, msg_id,
					     sm->date > 0 ? sm->date
							  : time(NULL));
	if (rc == LKB_OK)
		t->stats.changes++;
	return rc;
}

/* auto_change() for report id of another thread, when it is in state
 * from and the robot mail msg_id is verified: a mail acts on a report
 * not its own only when it is the robot's. */
static int
auto_change_other(struct triage *t, int64_t msg_id,
		  const struct store_msg *sm, int64_t id, const char *from,
		  const char *type, const char *state, const char *reason,
		  int64_t dup_of, const char *cause)
{
	struct store_report_state cur;
	int rc;

	if ((rc = store_report_state_get(t->st, id, &cur)) <= 0)
		return rc;
	rc = LKB_OK;
	if (cur.state && !strcmp(cur.state, from) &&
	    (rc = triage_report_verified(t, msg_id, sm)) == 1)
		rc = auto_change(t, msg_id, sm, id, type, state, reason,
				 dup_of, cause);
	store_report_state_release(&cur);
	return rc < 0 ? rc : LKB_OK;
}

/* A robot report older than a report on the same regression that came
 * first (mail arrives out of order): the later one, while still open
 * and on a verified mail only, is the duplicate, dated no earlier than
 * it (store_report_transition). One with a state of its own is left. */
static int
triage_earlier_report(struct triage *t, int64_t msg_id, int64_t report_id,
		      const struct store_msg *sm)
{
	int64_t id = 0;
	char cause[96];
	int rc = store_report_later_regression(t->st, report_id, &id);

	if (rc <= 0)
		return rc;
	snprintf(cause, sizeof(cause), "auto: same commit and metric as "
		 "earlier report %lld", (long long)report_id);
	return auto_change_other(t, msg_id, sm, id, "open", "duplicate",
				 "closed", "duplicate", report_id, cause);
}

/* 1 when report id is already the duplicate of first (an earlier
 * report triaged before it made it so), 0 when not, or a status. */
static int
already_duplicate(struct triage *t, int64_t id, int64_t first)
{
	struct store_report_state cur;
	int rc = store_report_state_get(t->st, id, &cur);

	if (rc <= 0)
		return rc;
	rc = cur.duplicate_of == first;
	store_report_state_release(&cur);
	return rc;
}

/* A robot report that does not verify is shown so (show, list, the
 * pages): the reason is stored with it. */
static int
report_mark_unverified(struct triage *t, int64_t msg_id, int64_t report_id,
		       const struct store_msg *sm)
{
	char why[200];
	int rc;

	if (!t->verify)
		return LKB_OK;
	if ((rc = triage_report_why(t, msg_id, sm, why, sizeof(why))) < 0)
		return rc;
	return store_report_unverified_set(t->st, report_id,
					   rc == 1 ? NULL : why);
}

/* A robot report: link it to an earlier report on the same regression,
 * or a later one to it. */
static int
triage_new_report(struct triage *t, int64_t msg_id, int64_t report_id,
		  const struct store_msg *sm)
{
	int64_t first = 0;
	char cause[96];
	int rc = report_mark_unverified(t, msg_id, report_id, sm);

	if (rc == LKB_OK)
		rc = store_report_same_regression(t->st, report_id, &first);
	if (rc == 0)
		return triage_earlier_report(t, msg_id, report_id, sm);
	if (rc < 0)
		return rc;
	if ((rc = already_duplicate(t, report_id, first)) != 0)
		return rc < 0 ? rc : LKB_OK;
	snprintf(cause, sizeof(cause), "auto: same commit and metric as "
		 "report %lld", (long long)first);
	rc = auto_change(t, msg_id, sm, report_id, "duplicate", "closed",
			 "duplicate", first, cause);
	if (rc != LKB_OK)
		return rc;
	/* the regression is back: a closed earlier report opens again */
	snprintf(cause, sizeof(cause), "auto: reported again in report %lld",
		 (long long)report_id);
	return auto_change_other(t, msg_id, sm, first, "closed",
				 "regression-again", "open", NULL, 0, cause);
}

/* A regression whose headline change is within noise is flagged on
 * arrival: a warning with the figures, and counted. Advisory: only a
 * broken store stops the mail, a mail that will not parse again is
 * left unflagged (report_stored_load said why). */
static int
triage_noise_flag(struct triage *t, int64_t report_id)
{
	struct strbuf sb = STRBUF_INIT;
	int rc = report_noise_flag(t->st, report_id, &sb);

	if (rc == 1) {
		lkb_warn("report %lld: its headline change is %s",
			 (long long)report_id, sb.buf);
		t->stats.noise++;
	}
	strbuf_release(&sb);
	return rc == LKB_ERR_DB || rc == LKB_ERR_DB_BUSY ? rc : LKB_OK;
}

/* A reply outside any report thread: the quoted report's commit, or a
 * lore link to the report's Message-ID, names it. */
static int
find_report_by_content(struct store *st, const struct reply *r,
		       struct arena *a, int64_t *id_out)
{
	static const char lore[] = "lore.kernel.org/";
	struct lkp_report *q = NULL;
	const char *p, *end;
	char *why = NULL;
	int rc;

	if (r->quoted_len &&
	    lkp_report_parse_text(a, r->quoted, r->quoted_len, 0, &q) == 1 &&
	    q && q->commit_sha) {
		rc = store_report_find(st, q->commit_sha, id_out, &why);
		free(why);
		why = NULL;
		if (rc == 1)
			return 1;
	}
	/* https://lore.kernel.org/oe-lkp/<msgid> in what the author wrote */
	p = r->body;
	end = r->body + r->len;
	while (p < end && (p = memmem(p, (size_t)(end - p), lore,
				      sizeof(lore) - 1))) {
		const char *s, *e;

		p += sizeof(lore) - 1;
		s = memchr(p, '/', (size_t)(end - p));
		if (!s)
			break;
		s++;
		for (e = s; e < end && *e != '/' && *e != ' ' && *e != '\n' &&
			    *e != '>' && *e != ')';
		     e++)
			;
		if (e > s && memchr(s, '@', (size_t)(e - s))) {
			char *mid = arena_memdup0(a, s, (size_t)(e - s));

			rc = store_report_find(st, mid, id_out, &why);
			free(why);
			why = NULL;
			if (rc == 1)
				return 1;
		}
		p = e;
	}
	return 0;
}

/* Tables the LKP team pastes in replies, as JSON; NULL when none. The
 * parsed tables in *q_out (NULL when none). */
static char *
reply_tables_json(struct arena *a, const struct reply *r,
		  struct lkp_report **q_out)
{
	struct lkp_report *q = NULL;

	*q_out = NULL;
	/* cheap test first: a pasted table has a %stddev or fail:runs head */
	if (!r->authored_len ||
	    (!memmem(r->authored, r->authored_len, "%stddev", 7) &&
	     !memmem(r->authored, r->authored_len, "fail:runs", 9)))
		return NULL;
	if (lkp_report_parse_text(a, r->authored, r->authored_len,
				  LKP_TEXT_NO_HEADERS, &q) != 1 ||
	    !q || !q->ncomparisons)
		return NULL;
	*q_out = q;
	return report_json_dump_compact(q, 0);
}

/* An LKP reply with the headline metric's row in 3 or more columns is
 * judged by its numbers: the table's verdict replaces what the words
 * said of the fix (confirmed, partial, no effect, data). */
static void
judge_table(struct triage_prep *p, const struct lkp_report *q,
	    const char *metric)
{
	struct rule_event ev;
	size_t k = 0;

	if (!rules_table_verdict(q, metric, &p->a, &ev))
		return;
	for (size_t i = 0; i < p->evs.n; i++) {
		enum reply_event_type t = p->evs.ev[i].type;

		if (t != EV_FIX_CONFIRMED && t != EV_FIX_PARTIAL &&
		    t != EV_FIX_NO_EFFECT && t != EV_DATA_PROVIDED)
			p->evs.ev[k++] = p->evs.ev[i];
	}
	p->evs.ev = arena_grow(&p->a, p->evs.ev, k, k + 1, sizeof(ev));
	p->evs.ev[k++] = ev;
	p->evs.n = k;
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

/* The author may change the report's state when a maintainer, a
 * participant (the LKP team, the report's recipients) or a known bot;
 * other authors' events are kept, nothing more. */
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
	if ((context && strbuf_addf(&evid, "%s: ", context)) ||
	    strbuf_adds(&evid, e->evidence ? e->evidence : ""))
		strbuf_reset(&evid);
	for (size_t i = 0; i < e->nextra; i++)
		if (strbuf_addf(&evid, "\n%s", e->extra[i]))
			break;
	for (size_t i = 0; i < e->nvalues; i++)
		if (!strcmp(e->values[i].name, "sha"))
			sha = e->values[i].value;
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
	if (!may_change)
		return LKB_OK;
	in.event = e->type;
	in.reason = e->reason;
	in.commit = sha;
	in.report_id = tm->report_id;
	in.tier = tier;
	in.by_bot = by_bot;
	if ((rc = review_gate(t, tm, &in, e->confidence, id, review)) <= 0)
		return rc;
	return triage_apply(t, tm, &in, source, &v, &msg);
}

/* A series-compare request in plain words from someone in the thread
 * becomes a request for the requests stage. */
static int
maybe_request(struct triage *t, struct triage_mail *tm,
	      const struct rule_event *e, enum auth_tier tier)
{
	struct store_request rq = { 0 };
	int pool;

	if (e->type != EV_SERIES_COMPARE_REQUEST || tier == TIER_OTHER)
		return LKB_OK;
	if ((pool = triage_pool(t, tm)) < 0)
		return pool;
	rq.report_id = tm->report_id;
	rq.msg_id = tm->msg_id;
	rq.asker = tm->author;
	rq.pool = (enum request_pool)pool;
	/* answered where a command of the same mail would be */
	rq.outsider = triage_outsider(t, tm, tier, rq.pool);
	rq.kind = REQ_COMPARE_SERIES;
	rq.args = "";
	rq.state = REQ_NEW;
	t->stats.requests++;
	return store_request_add(t->st, &rq, NULL);
}

/* Did the main text come from HTML (a text/html part and no inline
 * text/plain one: message.h takes text/plain first)? */
static int
body_is_html(const struct message *m)
{
	int html = 0;

	for (const struct mime_part *p = m->parts; p; p = p->next) {
		if (!p->type)
			continue;
		if (!strcmp(p->type, "text/plain") && !p->is_attachment)
			return 0;
		if (!strcmp(p->type, "text/html"))
			html = 1;
	}
	return html;
}

/* Is the main text an attachment's (the mail has no inline text part)?
 * An attached patch or log may hold #lkp lines its sender never wrote
 * to the bot: commands come only from the mail's own text. */
static int
body_is_attached(const struct message *m)
{
	return m->body_part && m->body_part->is_attachment;
}

static int
triage_reply(struct triage *t, struct triage_mail *tm,
	     const struct triage_prep *p)
{
	enum auth_tier tier = TIER_OTHER;
	int commands = p->lv == LOOP_ANSWER && !p->html && !p->attached &&
		       p->cmds.n;
	int rc = LKB_OK;

	/* most replies say nothing the rules know: no state to read */
	if (!p->evs.n && !commands)
		goto tables;
	if ((rc = triage_load_state(t, tm)) != LKB_OK)
		return rc;
	if ((rc = triage_participants(t, tm)) != LKB_OK)
		return rc;
	tier = triage_tier(t, tm);
	for (size_t i = 0; i < p->evs.n && rc == LKB_OK; i++) {
		rc = triage_record_event(t, tm, &p->evs.ev[i], tier, NULL);
		if (rc == LKB_OK)
			rc = maybe_request(t, tm, &p->evs.ev[i], tier);
	}
tables:
	if (rc == LKB_OK && p->tables_json)
		rc = store_reply_table_add(t->st, tm->msg_id, tm->report_id,
					   p->tables_json);
	if (rc != LKB_OK || p->lv != LOOP_ANSWER)
		return rc;	/* robots and bulk mail give no commands */
	if (p->html) {
		/* HTML loses what is quoted: no commands from HTML-only mail */
		lkb_info("message %lld: HTML only; #lkp commands are read from "
			 "plain text", (long long)tm->msg_id);
		return LKB_OK;
	}
	if (p->attached) {
		lkb_info("message %lld: no text but attachments; #lkp commands "
			 "are read from the mail's own text",
			 (long long)tm->msg_id);
		return LKB_OK;
	}
	tm->total_commands = (unsigned)p->cmds.n;
	for (size_t i = 0; i < p->cmds.n && rc == LKB_OK; i++)
		rc = triage_command(t, tm, &p->cmds.cmds[i], (int)i + 1);
	return rc;
}

void
triage_prep_release(struct triage_prep *p)
{
	message_free(p->m);
	arena_release(&p->a);
	free(p->raw);
	free(p->tables_json);
	store_msg_release(&p->sm);
	memset(p, 0, sizeof(*p));
}

/* store_addr_fn keeping the first address. */
static int
first_addr(const char *addr, void *arg)
{
	struct arena *a = ((void **)arg)[0];

	*(const char **)((void **)arg)[1] = arena_strdup(a, addr);
	return 1;
}

/* Does the mail carry a patch as an attachment? */
static int
has_patch_attachment(const struct message *m)
{
	for (const struct mime_part *p = m->parts; p; p = p->next) {
		size_t n = p->filename ? strlen(p->filename) : 0;

		if (!p->is_attachment)
			continue;
		if ((p->type && (!strcmp(p->type, "text/x-patch") ||
				 !strcmp(p->type, "text/x-diff"))) ||
		    (n > 6 && !strcasecmp(p->filename + n - 6, ".patch")) ||
		    (n > 5 && !strcasecmp(p->filename + n - 5, ".diff")))
			return 1;
	}
	return 0;
}

/* Does the stored mail parent ask for a retest (its own rules say so)? */
static int
parent_asks_retest(struct store *st, struct rules *rules, int64_t id,
		   const char *from_addr)
{
	struct arena a = ARENA_INIT;
	struct rule_events evs = { 0 };
	struct rule_author au = { NULL, from_addr };
	struct message *m = NULL;
	struct reply *r = NULL;
	char *raw = NULL;
	size_t len = 0;
	int rc, ask = 0;

	if ((rc = store_message_raw(st, id, &raw, &len)) <= 0)
		return rc;
	if (message_parse_flags(raw, len, MESSAGE_USED_FIELDS, &m) ==
		    LKB_OK && m &&
	    reply_parse(&a, m->body, m->body_len, &r) == LKB_OK &&
	    (rc = rules_apply(rules, r, &au, &a, &evs)) == LKB_OK)
		for (size_t i = 0; i < evs.n; i++)
			ask |= evs.ev[i].type == EV_RETEST_REQUEST;
	message_free(m);
	arena_release(&a);
	free(raw);
	return rc < 0 ? rc : ask;
}

/* The report's headline metric (allocated in p->a), or NULL. */
static int
report_metric(struct store *st, struct triage_prep *p, const char **out)
{
	struct store_report_brief b;
	int rc;

	*out = NULL;
	if ((rc = store_report_brief_get(st, p->report_id, &b)) <= 0)
		return rc;
	*out = b.metric ? arena_strdup(&p->a, b.metric) : NULL;
	store_report_brief_release(&b);
	return LKB_OK;
}

/* Who the report was sent to (its culprit's author), and where the
 * reply stands: a patch attached, the robot's mail or a retest request
 * answered; only what the rules can use for this author (want:
 * rules_place_wanted()), as it costs store reads and a parse. */
static int
reply_place(struct store *st, struct rules *rules, struct triage_prep *p,
	    unsigned want, struct rule_place *pl)
{
	struct store_report_brief b;
	struct store_msg rm, parent;
	char key[32];
	void *arg[2] = { &p->a, (void *)&pl->patch_author };
	int rc;

	if ((want & RULE_CTX_PATCH) && has_patch_attachment(p->m))
		pl->context |= RULE_CTX_PATCH;
	if (!(want & (RULE_CTX_PATCH_AUTHOR | RULE_CTX_ANSWERS_ROBOT |
		      RULE_CTX_ANSWERS_RETEST)))
		return LKB_OK;
	if ((rc = store_report_brief_get(st, p->report_id, &b)) <= 0)
		return rc;
	snprintf(key, sizeof(key), "%lld", (long long)b.msg_id);
	store_report_brief_release(&b);
	if ((rc = store_message_get(st, key, &rm)) < 0)
		return rc;
	if (rc == 1) {
		store_addrs_each(rm.to_addrs, first_addr, arg);
		if (p->m->in_reply_to && rm.message_id &&
		    !strcmp(p->m->in_reply_to, rm.message_id))
			pl->context |= RULE_CTX_ANSWERS_ROBOT;
		store_msg_release(&rm);
	}
	if (!(want & RULE_CTX_ANSWERS_RETEST) || !p->m->in_reply_to ||
	    (pl->context & RULE_CTX_ANSWERS_ROBOT))
		return LKB_OK;
	if ((rc = store_message_get(st, p->m->in_reply_to, &parent)) <= 0)
		return rc;
	if (parent.has_raw &&
	    (rc = parent_asks_retest(st, rules, parent.id,
				     parent.from_addr)) > 0)
		pl->context |= RULE_CTX_ANSWERS_RETEST;
	store_msg_release(&parent);
	return rc < 0 ? rc : LKB_OK;
}

/* The act model's gate on the events that close a report: a fix-applied
 * or a closes-not-a-bug event (dispute, close) whose act the model finds
 * less probable than floor keeps its rule and evidence, but its
 * confidence falls to that probability and its rule's name says so
 * ("NAME, act model 0.23"), so the review gate holds what it would
 * change. The LKP team's own words are left to the rules (the model saw
 * few of them). Leave-one-list-out on the tuning lists: closing events
 * right 74.1 % -> 85.8 %, all automatic state events 83.0 % -> 89.1 %,
 * 4.4 % of replies held for review (BENCHMARKS.md). */
static void
hold_unlikely(struct triage_prep *p, unsigned roles, double floor)
{
	if (roles & RULE_ROLE_LKP)
		return;
	for (size_t i = 0; i < p->evs.n; i++) {
		struct rule_event *e = &p->evs.ev[i];
		int act = reply_act_of_event(e->type);
		double pr;

		if (act != ACT_FIX_APPLIED && act != ACT_CLOSES_NOT_A_BUG)
			continue;
		pr = p->act_prob[act];
		if (pr >= floor || pr >= e->confidence)
			continue;
		e->confidence = pr;
		e->rule = arena_printf(&p->a, "%s, act model %.2f",
				       e->rule ? e->rule : "?", pr);
	}
}

/* The act model's features of the prepared reply (kept in p->features
 * for `triage --features`) and its probabilities of each act. */
static int
weigh_events(struct triage_prep *p, const struct actmodel *m, unsigned roles,
	     unsigned context)
{
	enum reply_event_type types[LKB_MAX_RULES];
	struct actmodel_input in = { p->r, roles, context, p->m->subject,
				     types, 0 };
	struct strbuf sb;
	int rc;

	for (size_t i = 0; i < p->evs.n && in.nevents < LKB_ARRAY_SIZE(types);
	     i++)
		types[in.nevents++] = p->evs.ev[i].type;
	strbuf_init_capped(&sb, 64 * 1024);
	rc = actmodel_features(&in, &sb);
	if (rc == LKB_OK) {
		p->features = arena_memdup0(&p->a, sb.buf ? sb.buf : "",
					    sb.len);
		p->act = actmodel_score(m, p->features, p->act_prob);
		hold_unlikely(p, roles, actmodel_floor(m));
	}
	strbuf_release(&sb);
	return rc == LKB_ERR_TOO_BIG ? LKB_OK : rc;
}

/* Everything triage learns of one mail without writing: what it is,
 * which report it answers, its text split and matched against the
 * rules, its commands and pasted tables. Reads st only (the import's
 * data, which triage does not change), so it runs on worker threads,
 * each with a connection and rules of its own. */
int
triage_prepare(struct store *st, struct rules *rules,
	       const struct loop_policy *lp, int64_t msg_id,
	       struct triage_prep *p)
{
	struct rule_author au;
	struct rule_place pl = { NULL, 0 };
	struct lkp_report *q = NULL;
	const char *metric = NULL;
	unsigned roles, want;
	size_t len = 0;
	int rc;

	memset(p, 0, sizeof(*p));
	p->a = (struct arena)ARENA_INIT;
	p->msg_id = msg_id;
	p->what = TP_SKIP;
	if ((rc = store_message_brief(st, msg_id, &p->sm, &p->report_id)) <= 0)
		return rc;	/* gone meanwhile: nothing to do */
	if (!p->sm.quality || strcmp(p->sm.quality, "rejected") == 0)
		return LKB_OK;	/* nothing the bot needs to read */
	if (!p->sm.has_raw)	/* but a patch's next version, by its row */
		return p->report_id ? LKB_OK : evidence_bare_prepare(st, p);
	/* a report itself: only its links to other reports; no parsing */
	if (p->report_id) {
		p->what = TP_REPORT;
		return LKB_OK;
	}
	/* 0: not kept, or damaged (logged once: it is marked triaged) */
	if ((rc = store_message_raw(st, msg_id, &p->raw, &len)) <= 0)
		return rc;
	p->raw_len = len;
	if (message_parse_flags(p->raw, len, MESSAGE_USED_FIELDS, &p->m) !=
		    LKB_OK || !p->m)
		return LKB_OK;
	p->lv = loop_check_message(p->m, lp);
	p->attached = body_is_attached(p->m);
	if (p->lv == LOOP_OWN_MAIL || p->lv == LOOP_LKPBOT ||
	    p->lv == LOOP_BOUNCE ||
	    (p->lv == LOOP_AUTO_SUBMITTED &&
	     !rules_addr_is_bot(rules, p->m->from.addr)))
		return LKB_OK;	/* never read our own or automatic mail,
				 * but a known bot's (patchwork-bot) */
	if (reply_parse(&p->a, p->m->body, p->m->body_len, &p->r) != LKB_OK)
		return LKB_OK;	/* over the body limit: nothing to act on */
	evidence_scan(p);
	if ((rc = store_report_for_message(st, msg_id, &p->report_id)) < 0)
		return rc;
	if (rc == 0 &&
	    (rc = find_report_by_content(st, p->r, &p->a, &p->report_id)) < 0)
		return rc;
	if (rc == 0) {
		p->what = TP_ORPHAN;
		return LKB_OK;
	}
	p->what = TP_REPLY;
	au.name = p->m->from.name;
	au.addr = p->m->from.addr;
	roles = rules_author_roles(rules, &au, NULL, p->r);
	want = rules_place_wanted(rules, roles);
	if (rules_act_model(rules))
		want |= RULE_CTX_PATCH | RULE_CTX_PATCH_AUTHOR |
			RULE_CTX_ANSWERS_ROBOT;
	if ((rc = reply_place(st, rules, p, want, &pl)) != LKB_OK ||
	    (rc = rules_apply_at(rules, p->r, &au, &pl, &p->a, &p->evs)) !=
		    LKB_OK)
		return rc;
	if (rules_act_model(rules) &&
	    (rc = weigh_events(p, rules_act_model(rules),
			       rules_author_roles(rules, &au, &pl, p->r),
			       pl.context)) != LKB_OK)
		return rc;
	p->tables_json = reply_tables_json(&p->a, p->r, &q);
	if (q && (roles & RULE_ROLE_LKP)) {
		if ((rc = report_metric(st, p, &metric)) < 0)
			return rc;
		judge_table(p, q, metric);
	}
	if (p->lv != LOOP_ANSWER)
		return LKB_OK;
	p->html = body_is_html(p->m);
	if (!p->html && !p->attached)
		rc = lkp_command_parse_reply(&p->a, p->r, &p->cmds);
	return rc;
}

/* Act on one prepared mail and mark it triaged. */
static int
triage_message(struct triage *t, struct triage_prep *p)
{
	struct triage_mail tm = { 0 };
	int rc = LKB_OK;

	switch (p->what) {
	case TP_SKIP:
		break;
	case TP_REPORT: {
		int64_t n = 0;

		rc = triage_new_report(t, p->msg_id, p->report_id, &p->sm);
		if (rc == LKB_OK)
			rc = triage_noise_flag(t, p->report_id);
		if (rc == LKB_OK)
			rc = evidence_report(t, p->report_id);
		if (rc == LKB_OK)
			rc = store_triage_requeue_thread(t->st, p->report_id,
							 &n);
		t->requeued += (unsigned)n;
		break;
	}
	case TP_BARE_PATCH:
		rc = evidence_bare_patch(t, p);
		break;
	case TP_ORPHAN:
	case TP_REPLY:
		tm.msg_id = p->msg_id;
		tm.thread_id = p->sm.thread_id;
		tm.m = p->m;
		tm.author = p->m->from.addr;
		tm.author_name = p->m->from.name;
		tm.a = &p->a;
		tm.raw = p->raw;
		tm.raw_len = p->raw_len;
		if (p->what == TP_ORPHAN) {
			if (!p->attached)
				rc = triage_orphan_commands(t, &tm, p->r,
							    p->lv);
			break;
		}
		tm.report_id = p->report_id;
		if (t->features_out && p->features && p->m->message_id)
			fprintf(t->features_out, "%s\t%s\n",
				p->m->message_id, p->features);
		rc = triage_reply(t, &tm, p);
		break;
	}
	/* what it says of reports outside its thread */
	if (rc == LKB_OK && (p->what == TP_ORPHAN || p->what == TP_REPLY))
		rc = evidence_mail(t, p);
	if (rc == LKB_OK)
		rc = store_triage_mark(t->st, p->msg_id,
				       p->what == TP_REPLY ? p->report_id : 0);
	t->stats.messages++;
	return rc;
}

/* Errors that say the store or the set-up is broken, not the mail: they
 * stop the run, and the mail is tried again by the next one. Anything
 * else is this mail's own problem and must not hold up the others. */
static int
triage_fatal(int rc)
{
	switch (rc) {
	case LKB_ERR_NOMEM:
	case LKB_ERR_IO:
	case LKB_ERR_DB:
	case LKB_ERR_DB_BUSY:
	case LKB_ERR_SCHEMA_TOO_NEW:
	case LKB_ERR_CONFIG:
	case LKB_ERR_TEMPLATE:
		return 1;
	default:
		return 0;
	}
}

/* A mail that cannot be triaged: undo what it did (its savepoint), count
 * none of it, record why on the message and mark it triaged. */
static int
triage_skip(struct triage *t, const struct triage_prep *p, int why,
	    const struct triage_stats *before)
{
	const char *err = log_last_error();
	char problem[640];
	int rc;

	snprintf(problem, sizeof(problem), "triage: %s",
		 *err ? err : lkb_status_str(why));
	if ((rc = store_savepoint_rollback(t->st)) != LKB_OK)
		return rc;
	t->stats = *before;
	lkb_warn("message %lld skipped, nothing of it kept: %s",
		 (long long)p->msg_id, problem);
	if ((rc = store_triage_skip(t->st, p->msg_id, problem)) != LKB_OK)
		return rc;
	t->stats.messages++;
	t->stats.skipped++;
	return LKB_OK;
}

/* Messages are triaged in batches of LKB_BATCH_MESSAGES per
 * transaction: each message's decisions, answers and its `triaged` mark
 * commit together, so a crash redoes whole messages, never half of one.
 * Each message has a savepoint of its own: one that fails is undone
 * alone and skipped (triage_skip), and the batch goes on. Only a broken
 * store or set-up (triage_fatal) rolls the batch back and stops. The
 * stats count what was committed. */
static int
triage_one(struct triage_prep *p, void *arg)
{
	struct triage *t = arg;
	struct triage_stats before;
	int rc;

	if (t->in_batch == 0) {
		if ((rc = store_begin_write(t->st)) != LKB_OK)
			return rc;
		t->batch_stats = t->stats;
	}
	before = t->stats;
	log_clear_last_error();
	if ((rc = store_savepoint(t->st)) == LKB_OK) {
		rc = p->rc;
		if (rc == LKB_OK)
			rc = triage_message(t, p);
		if (rc == LKB_OK)
			rc = store_savepoint_release(t->st);
		else if (!triage_fatal(rc))
			rc = triage_skip(t, p, rc, &before);
	}
	if (rc != LKB_OK) {
		store_rollback(t->st);
		t->in_batch = 0;
		t->stats = t->batch_stats;
		lkb_error("triage of message %lld failed: %s",
			  (long long)p->msg_id, lkb_status_str(rc));
		return rc;
	}
	if (++t->in_batch < LKB_BATCH_MESSAGES)
		return LKB_OK;
	t->in_batch = 0;
	if ((rc = store_commit(t->st)) != LKB_OK)
		t->stats = t->batch_stats;
	return rc;
}

/* One pass over what is not triaged yet; the first marks mail without
 * raw bytes at once (a scan of every message: the passes after it find
 * only mail queued again, which is kept). */
static int
triage_pass(struct triage *t, int first)
{
	int64_t bare = 0, *ids = NULL;
	size_t n = 0;
	int rc;

	if (!first)
		goto pass;
	/* nothing new: the no-op cron run reads two counts, not every
	 * message */
	if ((rc = store_triage_pending(t->st, &bare)) != LKB_OK || !bare)
		return rc;
	if ((rc = store_begin_write(t->st)) != LKB_OK)
		return rc;
	rc = store_triage_skip_bare(t->st, &bare);
	if (rc != LKB_OK) {
		store_rollback(t->st);
		return rc;
	}
	if ((rc = store_commit(t->st)) != LKB_OK)
		return rc;
	t->stats.messages += (unsigned)bare;
pass:
	if ((rc = store_untriaged_ids(t->st, &ids, &n)) != LKB_OK)
		return rc;
	/* messages and reports stay as they are for the pass: long walks
	 * up a chain stored out of order are remembered (every thread's
	 * store, the workers' too) */
	store_walk_memo(t->st, 1);
	rc = triage_pool_run(t, ids, n, triage_one, t);
	store_walk_memo(t->st, 0);
	free(ids);
	if (t->in_batch) {
		t->in_batch = 0;
		if (rc == LKB_OK)
			rc = store_commit(t->st);
		else
			store_rollback(t->st);
		if (rc != LKB_OK)
			t->stats = t->batch_stats;
	}
	return rc;
}

int
triage_run(struct bot_ctx *ctx, const char *features_file,
	   struct triage_stats *stats_out)
{
	struct triage t;
	int rc;

	if ((rc = triage_init(&t, ctx)) != LKB_OK) {
		triage_release(&t);
		return rc;
	}
	if (features_file && !t.model) {
		lkb_error("triage --features: no act model ([rules] act_model "
			  "= none); give it one");
		triage_release(&t);
		return LKB_ERR_USAGE;
	}
	if (features_file && !(t.features_out = fopen(features_file, "w"))) {
		lkb_error("%s: %s", features_file, strerror(errno));
		triage_release(&t);
		return LKB_ERR_IO;
	}
	rc = triage_pass(&t, 1);
	/* replies that came before their report, patches that named it
	 * before it came, replies below a patch linked since: once more,
	 * now linked (each pass links a step further down) */
	for (int pass = 1; rc == LKB_OK && t.requeued &&
			   pass < LKB_MAX_TRIAGE_PASSES; pass++) {
		t.requeued = 0;
		rc = triage_pass(&t, 0);
	}
	if (stats_out)
		*stats_out = t.stats;
	if (t.features_out && fclose(t.features_out) != 0 && rc == LKB_OK) {
		lkb_error("%s: %s", features_file, strerror(errno));
		rc = LKB_ERR_IO;
	}
	triage_release(&t);
	return rc;
}

int
triage_stage(struct bot_ctx *ctx, const struct run_opts *o)
{
	struct triage_stats s = { 0 };
	int rc;

	rc = triage_run(ctx, o ? o->features_file : NULL, &s);
	if (ctx->verbose >= 0 && s.messages) {
		printf("triage: %u messages, %u events, %u commands, %u "
		       "answers, %u state changes, %u requests", s.messages,
		       s.events, s.commands, s.answers, s.changes, s.requests);
		if (s.reviews)
			printf(", %u to review (lkpbot review)", s.reviews);
		if (s.noise)
			printf(", %u regressions within noise (lkpbot list)",
			       s.noise);
		if (s.skipped)
			printf(", %u skipped (lkpbot show says why)", s.skipped);
		printf("\n");
	}
	return rc;
}

int
triage_cli_command(struct bot_ctx *ctx, const char *report_key,
		   const char *line, const char *user)
{
	struct triage t;
	struct triage_mail tm = { 0 };
	struct arena a = ARENA_INIT;
	struct lkp_command cmd;
	char *text = xasprintf("#lkp %s", line);
	char *why = NULL;
	int64_t rid = 0;
	int rc;

	if ((rc = triage_init(&t, ctx)) != LKB_OK)
		goto out;
	rc = store_report_find(ctx->st, report_key, &rid, &why);
	if (rc == 0) {
		lkb_error("no report '%s'", report_key);
		rc = LKB_ERR_NOT_FOUND;
		goto out;
	}
	if (rc < 0) {
		if (why)
			lkb_error("'%s': %s", report_key, why);
		goto out;
	}
	if (lkp_command_parse_line(&a, text, strlen(text), &cmd) != 1) {
		lkb_error("'%s' is not a command", line);
		rc = LKB_ERR_USAGE;
		goto out;
	}
	if ((rc = store_begin_write(ctx->st)) != LKB_OK)
		goto out;
	tm.report_id = rid;
	tm.author = user;
	tm.author_name = user;
	tm.a = &a;
	tm.cli = 1;	/* the terminal user acts as a maintainer */
	if ((rc = triage_load_state(&t, &tm)) == LKB_OK)
		rc = triage_command(&t, &tm, &cmd, 1);
	if (rc == LKB_OK)
		rc = store_commit(ctx->st);
	else
		store_rollback(ctx->st);
out:
	triage_release(&t);
	arena_release(&a);
	free(why);
	free(text);
	return rc;
}
