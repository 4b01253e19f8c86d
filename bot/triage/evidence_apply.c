/* evidence_apply.c - replies that apply a fix patch, pulls that carry
 * one, and the helpers evidence.c shares with them (evidence.c calls
 * down into this file, never the other way). */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bot/triage/rules.h"
#include "bot/triage/triage-internal.h"
#include "lib/arena.h"
#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "parsers/message.h"
#include "parsers/reply.h"
#include "state/store_evidence.h"
#include "state/store_triage.h"

/* The fix patches above a mail (or in a pull), each linked report once. */
struct applied_run {
	struct triage *t;
	struct triage_prep *p;
	struct {
		int64_t rid, patch_msg;
		const char *title;	/* the pull's line naming it */
	} links[LKB_MAX_EVIDENCE_REPORTS];
	size_t n;
	const char *title;		/* the pull's line being read */
	int rc;
};

static int
collect_link(const struct store_fix_link *l, void *arg)
{
	struct applied_run *ar = arg;

	for (size_t i = 0; i < ar->n; i++)
		if (ar->links[i].rid == l->report_id)
			return 0;
	if (ar->n >= LKB_MAX_EVIDENCE_REPORTS)
		return 1;
	ar->links[ar->n].rid = l->report_id;
	ar->links[ar->n].title = ar->title;
	ar->links[ar->n++].patch_msg = l->msg_id;
	return 0;
}

/* e, said by mail p, on report rid as if in its thread: the author's
 * tier is computed against the report as for any reply. */
static int
applied_event(struct triage *t, struct triage_prep *p, int64_t rid,
	      const struct rule_event *e, const char *context)
{
	struct triage_mail tm;
	int rc;

	if ((rc = evidence_mail_on(t, p, rid, &tm)) != LKB_OK ||
	    (rc = triage_participants(t, &tm)) != LKB_OK)
		return rc;
	return triage_record_event(t, &tm, e, triage_tier(t, &tm), context);
}

/* The rules on reply p, the fix patch patch_msg's author as the
 * patch-author: each fix-applied it says is an event on rid. */
static int
applied_by_rules(struct triage *t, struct triage_prep *p, int64_t rid,
		 int64_t patch_msg)
{
	struct rule_author au = { p->m->from.name, p->m->from.addr };
	struct rule_place pl = { NULL, 0 };
	struct rule_events evs = { 0 };
	struct store_msg sm;
	const char *ctx = NULL;
	int rc;

	if ((rc = evidence_message(t->st, patch_msg, &sm)) <= 0)
		return rc;
	pl.patch_author = sm.from_addr ? arena_strdup(&p->a, sm.from_addr)
				       : NULL;
	ctx = arena_printf(&p->a, "applies fix patch <%s> (\"%s\")",
			   sm.message_id ? sm.message_id : "?",
			   sm.subject ? sm.subject : "");
	store_msg_release(&sm);
	if ((rc = rules_apply_at(t->rules, p->r, &au, &pl, &p->a, &evs)) !=
	    LKB_OK)
		return rc;
	for (size_t i = 0; i < evs.n && rc == LKB_OK; i++)
		if (evs.ev[i].type == EV_FIX_APPLIED)
			rc = applied_event(t, p, rid, &evs.ev[i], ctx);
	return rc;
}

int
evidence_applied(struct triage *t, struct triage_prep *p)
{
	struct applied_run ar = { 0 };
	const struct message *m = p->m;
	size_t nref = m->nreferences < LKB_MAX_EVIDENCE_ANCESTORS
			      ? m->nreferences : LKB_MAX_EVIDENCE_ANCESTORS;
	int rc = LKB_OK;

	ar.t = t;
	ar.p = p;
	if (!p->r)
		return LKB_OK;
	if (m->in_reply_to)
		rc = store_fix_links_each(t->st, m->in_reply_to, collect_link,
					  &ar);
	for (size_t i = 0; i < nref && rc == LKB_OK; i++)
		if (!m->in_reply_to || strcmp(m->references[i], m->in_reply_to))
			rc = store_fix_links_each(t->st, m->references[i],
						  collect_link, &ar);
	for (size_t i = 0; i < ar.n && rc == LKB_OK; i++) {
		/* in the report's own thread the rules have read it */
		if (p->what == TP_REPLY && ar.links[i].rid == p->report_id)
			continue;
		rc = applied_by_rules(t, p, ar.links[i].rid,
				      ar.links[i].patch_msg);
	}
	return rc;
}

/* The links of the fix patch msg_id (store_msg_id_fn). */
static int
pull_patch(int64_t msg_id, void *arg)
{
	struct applied_run *ar = arg;
	struct store_msg sm;

	if ((ar->rc = evidence_message(ar->t->st, msg_id, &sm)) <= 0)
		return ar->rc < 0;
	ar->rc = sm.message_id ? store_fix_links_each(ar->t->st,
						      sm.message_id,
						      collect_link, ar)
			       : LKB_OK;
	store_msg_release(&sm);
	return ar->rc != LKB_OK;
}

/* A pull request: "[GIT PULL]" in a subject that answers nothing. */
static int
is_pull(const struct message *m)
{
	const char *s = m->subject;

	if (!s || m->in_reply_to)
		return 0;
	for (; *s; s++)
		if (!strncasecmp(s, "[GIT PULL", 9))
			return 1;
	return 0;
}

/* One shortlog line (indented, a title): the fix patches it names. */
static int
pull_line(struct applied_run *ar, const char *s, const char *e)
{
	const char *title;

	if (e - s < 2 || !LKB_ISBLANK(s[0]) || !LKB_ISBLANK(s[1]))
		return LKB_OK;
	while (s < e && LKB_ISSPACE(*s))
		s++;
	while (e > s && LKB_ISSPACE(e[-1]))
		e--;
	if (e - s < 8 || e - s >= LKB_MAX_EVIDENCE_KEY)
		return LKB_OK;
	ar->title = title = arena_memdup0(&ar->p->a, s, (size_t)(e - s));
	return store_patch_keys_each(ar->t->st, title, "fix", pull_patch, ar);
}

int
evidence_pull(struct triage *t, struct triage_prep *p)
{
	struct applied_run ar = { 0 };
	struct rule_event e = { 0 };
	const char *b, *end, *nl;
	unsigned lines = 0;
	int rc = LKB_OK;

	if (!is_pull(p->m) || !p->m->body)
		return LKB_OK;
	p->pull = 1;
	ar.t = t;
	ar.p = p;
	b = p->m->body;
	end = b + p->m->body_len;
	for (; b < end && lines++ < LKB_MAX_PULL_LINES && rc == LKB_OK;
	     b = nl + 1) {
		if (!(nl = memchr(b, '\n', (size_t)(end - b))))
			nl = end;
		rc = pull_line(&ar, b, nl);
		if (rc == LKB_OK)
			rc = ar.rc;
	}
	e.type = EV_FIX_APPLIED;
	e.rule = "pull";
	/* the fix patch's own title in the pull's shortlog: exact */
	e.confidence = REPLY_CONF_HIGH;
	for (size_t i = 0; i < ar.n && rc == LKB_OK; i++) {
		e.evidence = arena_printable(&p->a, ar.links[i].title,
					     strlen(ar.links[i].title), 160);
		rc = applied_event(t, p, ar.links[i].rid, &e,
				   arena_printable(&p->a, p->m->subject,
						   strlen(p->m->subject),
						   120));
	}
	return rc;
}

int
evidence_message(struct store *st, int64_t id, struct store_msg *out)
{
	char key[32];

	snprintf(key, sizeof(key), "%lld", (long long)id);
	return store_message_get(st, key, out);
}

int
evidence_mail_on(struct triage *t, struct triage_prep *p, int64_t rid,
	struct triage_mail *tm)
{
	memset(tm, 0, sizeof(*tm));
	tm->msg_id = p->msg_id;
	tm->thread_id = p->sm.thread_id;
	tm->report_id = rid;
	tm->m = p->m;
	tm->author = p->m->from.addr;
	tm->author_name = p->m->from.name;
	tm->a = &p->a;
	tm->raw = p->raw;
	tm->raw_len = p->raw_len;
	return triage_load_state(t, tm);
}
