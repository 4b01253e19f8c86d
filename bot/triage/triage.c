/* triage.c - the triage stage: link, read and act on each new mail. */
#include "config.h"
#include "bot/triage/triage.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot/core/ctx.h"
#include "bot/core/datadir.h"
#include "bot/core/settings.h"
#include "bot/ingest/classify.h"
#include "bot/outbox/outbox.h"
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
#include "parsers/message.h"
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
	actmodel_set_word(t->model, &(struct actmodel_word){
					    t->ctx->set->triage.model_take,
					    t->ctx->set->triage.model_fill,
					    t->ctx->set->triage.model_close });
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

/* ---- per message ---- */

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

int
triage_cli_review(struct bot_ctx *ctx, int64_t event_id, int accept,
		  const char *user)
{
	struct triage t;
	const char *why = NULL;
	int rc;

	if ((rc = triage_init(&t, ctx)) != LKB_OK)
		goto out;
	if ((rc = store_begin_write(ctx->st)) != LKB_OK)
		goto out;
	rc = triage_review_decide(&t, event_id, accept, 0, user, &why);
	if (rc == LKB_OK)
		rc = store_commit(ctx->st);
	else
		store_rollback(ctx->st);
	if (why)
		lkb_error("event %lld: %s (lkpbot review --all lists the "
			  "queue and its decisions)", (long long)event_id,
			  why);
out:
	triage_release(&t);
	return rc;
}
