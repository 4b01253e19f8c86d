/* prepare.c - the worker side of triage: one mail read, decoded, split
 * and matched against the rules without writing (triage_prepare), on
 * the pool's threads (triage_pool.c). Below the stage (triage.c); it
 * calls down only into evidence.c's worker half. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/outbox/loop.h"
#include "bot/report/json.h"
#include "bot/triage/actmodel.h"
#include "bot/triage/rules.h"
#include "bot/triage/triage-internal.h"
#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/git_trailers.h"
#include "parsers/lkp_command.h"
#include "parsers/lkp_report.h"
#include "parsers/lkp_text.h"
#include "parsers/message.h"
#include "parsers/reply.h"
#include "parsers/rules_file.h"
#include "state/store.h"
#include "state/store_report.h"
#include "state/store_triage.h"

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
		const char *e = p, *mid;

		while (e < end && !LKB_ISSPACE(*e) && *e != '>' && *e != ')')
			e++;
		mid = git_lore_msgid(a, p, (size_t)(e - p));
		p = e;
		if (!mid)
			continue;
		rc = store_report_find(st, mid, id_out, &why);
		free(why);
		why = NULL;
		if (rc == 1)
			return 1;
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

/* A mail that both dismisses the report and names a fix proposes the
 * fix (REPLY-LABELS: "a mail that both defers and names the fix is
 * proposes-fix"; on the labelled sets 18 of 19 such replies were): the
 * dismissal is dropped, a duplicate's link kept. */
static void
fix_over_dispute(struct triage_prep *p)
{
	size_t k = 0;
	int fix = 0;

	for (size_t i = 0; i < p->evs.n; i++)
		fix |= p->evs.ev[i].type == EV_FIX_PROPOSED;
	if (!fix)
		return;
	for (size_t i = 0; i < p->evs.n; i++)
		if (p->evs.ev[i].type != EV_DISPUTE ||
		    p->evs.ev[i].reason == CR_DUPLICATE)
			p->evs.ev[k++] = p->evs.ev[i];
	p->evs.n = k;
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

/* The evidence of an event the act model gave: the authored line whose
 * words most favour its act (actmodel_best_line), trimmed, at most 200
 * bytes; index *line_out (0 and "" when none). */
static const char *
model_evidence(struct triage_prep *p, const struct actmodel *m, int act,
	       size_t *line_out)
{
	size_t i = actmodel_best_line(m, p->r, act);
	struct lkp_tok t;

	*line_out = 0;
	if (i >= p->r->nlines)
		return "";
	t = lkp_trim(p->r->body + p->r->lines[i].off, p->r->lines[i].len);
	*line_out = i;
	return arena_memdup0(&p->a, t.p, t.len < 200 ? t.len : 200);
}

/* The rules' acts the model's word may replace: those that only say
 * what became of the report, not a request the bot answers (a retest,
 * more data, a comparison) nor the robot's own. */
static int
model_may_drop(int act)
{
	return act == ACT_ACKNOWLEDGES || act == ACT_PROPOSES_FIX ||
	       act == ACT_FIX_APPLIED || act == ACT_CLOSES_NOT_A_BUG;
}

/* The act model's own word (lkpbot-rules(5), ACT MODEL): where the
 * rules found no act, its act stands when at least w->fill probable;
 * when at least w->take probable it replaces the rules' acts that
 * model_may_drop() (their events are dropped; root-caused and the like
 * stay). Its event is named "act model P" and is as sure as P (a
 * closing one at most medium below w->close), so the review gate holds
 * what it would change below [triage] auto_confidence. Not for the LKP
 * team's words, nor acts the model may not say alone
 * (reply_event_of_act). Measured on held-out sets: BENCHMARKS.md,
 * "Triage accuracy", and doc/design.md section 4. */
static void
model_word(struct triage_prep *p, const struct actmodel *m, unsigned roles,
	   const struct actmodel_word *w)
{
	int act = p->act, type = reply_event_of_act(act), have = 0, other = 0;
	double pr = p->act_prob[act];
	struct rule_event *e;
	size_t k = 0;

	if (roles & RULE_ROLE_LKP)
		return;
	for (size_t i = 0; i < p->evs.n; i++) {
		int a = reply_act_of_event(p->evs.ev[i].type);

		/* a command says it all; a request the bot answers and the
		 * acts the model may not say stay the rules' */
		if (p->evs.ev[i].type == EV_COMMAND ||
		    (a >= 0 && a != act && !model_may_drop(a)))
			return;
		have |= a == act;
		other |= a >= 0 && a != act;
	}
	if (other) {	/* the rules said something else: take it over? */
		if (pr < w->take || (type < 0 && act != ACT_DISCUSSION))
			return;
		for (size_t i = 0; i < p->evs.n; i++) {
			int a = reply_act_of_event(p->evs.ev[i].type);

			if (a < 0 || a == act)
				p->evs.ev[k++] = p->evs.ev[i];
		}
		p->evs.n = k;
	} else if (pr < w->fill) {	/* no other act: may it stand alone? */
		return;
	}
	if (have || type < 0)
		return;
	p->evs.ev = arena_grow(&p->a, p->evs.ev, p->evs.n, p->evs.n + 1,
			       sizeof(*p->evs.ev));
	e = &p->evs.ev[p->evs.n++];
	memset(e, 0, sizeof(*e));
	e->type = (enum reply_event_type)type;
	e->rule = arena_printf(&p->a, "act model %.2f", pr);
	e->evidence = model_evidence(p, m, act, &e->line);
	e->reason = CR_NONE;
	/* the model alone closes a report only when at least close sure:
	 * below, its fix-applied or dispute is at most medium sure, so
	 * the review gate holds it */
	e->confidence = (act == ACT_FIX_APPLIED || act == ACT_CLOSES_NOT_A_BUG) &&
				pr > REPLY_CONF_MEDIUM && pr < w->close
			? REPLY_CONF_MEDIUM : pr;
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
		struct actmodel_word w = actmodel_word(m);

		p->features = arena_memdup0(&p->a, sb.buf ? sb.buf : "",
					    sb.len);
		p->act = actmodel_score(m, p->features, p->act_prob);
		hold_unlikely(p, roles, actmodel_floor(m));
		model_word(p, m, roles, &w);
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
	fix_over_dispute(p);
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
