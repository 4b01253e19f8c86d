/* answer.c - an answer from the mail it answers to the outbox; the
 * template data shared by every answer (triage, preview). */
#include "config.h"
#include "bot/outbox/answer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot/outbox/outbox.h"
#include "bot/report/stored.h"
#include "lib/arena.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/lkp_command.h"
#include "parsers/lkp_report.h"
#include "state/store.h"
#include "state/store_outbox.h"
#include "state/store_report.h"
#include "state/store_triage.h"
#include "templates/escape.h"
#include "templates/tvalue.h"

int
answerer_init(struct answerer *aw, struct store *st,
	      const struct settings *set, struct tpl_set *tpl)
{
	int rc;

	memset(aw, 0, sizeof(*aw));
	aw->st = st;
	aw->set = set;
	aw->tpl = tpl;
	if ((rc = loop_policy_load(&aw->lp, set)) != LKB_OK)
		return rc;
	return answer_addressing_load(&aw->ad, set);
}

/* Split the stored References (space-separated) into v, in place. */
static size_t
split_refs(char *s, const char **v, size_t max)
{
	size_t n = 0;
	char *p = s;

	while (p && *p && n < max) {
		char *e = strchr(p, ' ');

		if (e)
			*e++ = '\0';
		if (*p)
			v[n++] = p;
		p = e;
	}
	return n;
}

/* The Message-ID to answer under: none for one the store made of the
 * content of a mail that had none (STORE_CONTENT_MSGID_DOMAIN). */
static const char *
parent_msgid(const char *mid)
{
	static const char dom[] = "@" STORE_CONTENT_MSGID_DOMAIN;
	size_t n = mid ? strlen(mid) : 0;

	if (n >= sizeof(dom) - 1 && !strcmp(mid + n - (sizeof(dom) - 1), dom))
		return NULL;
	return mid;
}

/* The budgets of a's class at this hour, one policy for every answer:
 * 1 queue it (now, or waiting for the send stage), 0 not at all,
 * negative on error. */
static int
answer_budget(const struct answerer *aw, const struct answer *a,
	      const struct store_msg *ask)
{
	int64_t now = (int64_t)time(NULL);
	enum loop_verdict v;
	int rc;

	rc = a->to == ANSWER_OUTSIDER
		? loop_check_outsider_rate(aw->st, &aw->lp, ask->thread_id,
					   ask->from_addr, now, &v)
		: loop_check_rate(aw->st, &aw->lp, a->team, ask->thread_id,
				  now, &v);
	if (rc != LKB_OK)
		return rc < 0 ? rc : LKB_ERR;
	if (v == LOOP_ANSWER)
		return 1;
	if (loop_rate_defers(v)) {
		lkb_info("%s: answer deferred: %s", a->what,
			 loop_verdict_name(v));
		return 1;
	}
	lkb_warn("%s: answer not queued: %s", a->what, loop_verdict_name(v));
	return 0;
}

/* Fill om from the mail asked (its strings borrowed from ask and a). */
static void
answer_mail(const struct answerer *aw, const struct answer *a,
	    struct store_msg *ask, struct arena *ar, struct outbox_mail *om,
	    const char **cc, const char **refs)
{
	om->template = a->template;
	om->data = a->data;
	om->kind = a->kind ? a->kind : a->template;
	om->thread_id = ask->thread_id;
	om->report_id = a->report_id;
	om->to.name = ask->from_name;
	om->to.addr = ask->from_addr;
	om->cc = cc;
	if (a->to == ANSWER_THREAD)
		om->ncc = answer_pick_cc_stored(&aw->ad, aw->st, ar,
						ask->from_addr, ask->to_addrs,
						ask->cc_addrs, a->report_id,
						cc, ANSWER_MAX_CC);
	om->subject = ask->subject;
	om->parent_id = parent_msgid(ask->message_id);
	om->parent_refs = refs;
	om->nparent_refs = split_refs(ask->refs, refs, LKB_MAX_REFERENCES);
	om->team = a->team && a->to != ANSWER_OUTSIDER;
}

int
answer_queue(const struct answerer *aw, const struct answer *a,
	     int64_t *id_out)
{
	const char *cc[ANSWER_MAX_CC], *refs[LKB_MAX_REFERENCES];
	struct outbox_mail om = { 0 };
	struct arena ar = ARENA_INIT;
	struct store_msg ask;
	char key[32], *reqid = NULL;
	int64_t id = 0;
	int rc, is_new = 0;

	*id_out = 0;
	if (!a->msg_id)
		return LKB_OK;
	snprintf(key, sizeof(key), "%lld", (long long)a->msg_id);
	if ((rc = store_message_get(aw->st, key, &ask)) <= 0) {
		if (rc == 0)
			lkb_warn("%s: its message %lld is gone; no answer",
				 a->what, (long long)a->msg_id);
		return rc;
	}
	if (!ask.from_addr || !escape_addr_ok(ask.from_addr)) {
		/* a hostile From: is no reason to stop a stage */
		lkb_warn("%s: answer not queued: cannot answer address "
			 "'%.80s'", a->what,
			 ask.from_addr ? ask.from_addr : "(none)");
		goto out;
	}
	if ((rc = answer_budget(aw, a, &ask)) <= 0)
		goto out;
	reqid = xasprintf("%s%s", a->to == ANSWER_OUTSIDER
			  ? OUTBOX_OUTSIDER_PREFIX : "", a->request_id);
	answer_mail(aw, a, &ask, &ar, &om, cc, refs);
	om.request_id = reqid;
	rc = outbox_enqueue_mail(aw->st, aw->set, aw->tpl, &om, &id, &is_new);
	if (rc == LKB_OK && is_new)
		*id_out = id;
out:
	free(reqid);
	arena_release(&ar);
	store_msg_release(&ask);
	return rc < 0 ? rc : LKB_OK;
}

/* The report part every answer carries (templates/mail/_footer.tmpl). */
struct tvalue *
answer_report_value(struct store *st, int64_t report_id)
{
	struct tvalue *rep = tvalue_new_map(), *commits = tvalue_new_list();
	struct store_report_brief b;
	struct strbuf params = STRBUF_INIT;
	struct stored_report sr;
	struct lkp_kv *kv = NULL;
	size_t nkv = 0;
	char id[32];

	snprintf(id, sizeof(id), "%lld", (long long)report_id);
	tvalue_map_set_str(rep, "id", id);
	tvalue_map_set(rep, "commits", commits);
	if (store_report_brief_get(st, report_id, &b) != 1) {
		tvalue_map_set_str(rep, "subject", "");
		tvalue_map_set_str(rep, "params", "");
		return rep;
	}
	tvalue_map_set_str(rep, "subject", b.subject ? b.subject : "");
	if (report_stored_load(st, report_id, &sr) != 1)
		sr.r = NULL;
	if (b.commit_sha) {
		struct tvalue *c = tvalue_new_map();
		const char *subj = sr.r ? sr.r->commit_subject : NULL;
		char *title = subj ? xasprintf("(\"%s\")", subj) : xstrdup("");

		tvalue_map_set_str(c, "sha", b.commit_sha);
		tvalue_map_set_str(c, "title", title);
		tvalue_list_push(commits, c);
		free(title);
	}
	if (sr.r) {
		kv = xcalloc(sr.r->nparams ? sr.r->nparams : 1, sizeof(*kv));
		nkv = report_kv_unique(sr.r->params, sr.r->nparams, kv);
	}
	for (size_t i = 0; i < nkv; i++)
		if (kv[i].value)
			strbuf_addf(&params, "%s%s=%s", params.len ? " " : "",
				    kv[i].key, kv[i].value);
	tvalue_map_set_str(rep, "params", params.buf);
	strbuf_release(&params);
	free(kv);
	report_stored_release(&sr);
	store_report_brief_release(&b);
	return rep;
}

struct tvalue *
answer_data_new(struct store *st, int64_t report_id, const char *quoted,
		const char *method, const char *again)
{
	struct tvalue *d = tvalue_new_map();

	tvalue_map_set_str(d, "quoted", quoted);
	tvalue_map_set(d, "report", report_id
		       ? answer_report_value(st, report_id) : tvalue_new_null());
	tvalue_map_set_str(d, "method", method);
	tvalue_map_set_str(d, "again", again);
	tvalue_map_set_str(d, "version", PACKAGE_VERSION);
	return d;
}

/* Column of the help text where a verb's description starts, counted
 * from "#lkp": a longer synopsis has the description on a line of its
 * own. */
#define HELP_COLUMN 31

struct tvalue *
answer_verbs_value(void)
{
	struct tvalue *list = tvalue_new_list(), *e;
	char gap[HELP_COLUMN + 4];

	for (int i = 0; i < LKP_CMD__COUNT; i++) {
		const struct lkp_verb_info *vi = lkp_verb_info((enum lkp_verb)i);
		size_t n = strlen("#lkp ") + (vi->synopsis ?
					      strlen(vi->synopsis) : 0);

		if (!vi->synopsis)
			continue;
		if (n + 2 <= HELP_COLUMN)
			snprintf(gap, sizeof(gap), "%*s",
				 (int)(HELP_COLUMN - n), "");
		else
			snprintf(gap, sizeof(gap), "\n%*s", HELP_COLUMN + 2, "");
		e = tvalue_new_map();
		tvalue_map_set_str(e, "synopsis", vi->synopsis);
		tvalue_map_set_str(e, "gap", gap);
		tvalue_map_set_str(e, "help", vi->help);
		tvalue_list_push(list, e);
	}
	return list;
}
