/* evidence.c - what mail outside a report's thread says of it (issue 34).
 *
 * A patch mail (a [PATCH subject or a diff, in any thread) whose
 * trailers name a tracked report - Closes:/Link: with its Message-ID,
 * or Reported-by: kernel test robot with a Fixes: naming its culprit -
 * is linked to the report (fix_links) and makes it fix-proposed. A
 * reply below a linked fix patch is read by the rules as if it were in
 * the report's thread, the patch's author as patch-author: its
 * fix-applied closes the report as fixed when its author may (a
 * maintainer, a known bot). A [GIT PULL] whose shortlog holds a linked
 * fix patch's title does the same. A later version of the patch a build
 * or functional report answers (same author, same title, a higher
 * version or a later date) supersedes the report when it credits the
 * robot or the report, its author had acknowledged the report, or it
 * was posted after the report (read from its row when import kept no
 * bytes of it: evidence_bare_prepare). What
 * each mail names is kept (patch_keys), so a report stored after its
 * fix or its next version has those mails triaged again: the link is
 * made whichever arrives first.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/report/group.h"
#include "bot/triage/rules.h"
#include "bot/triage/triage-internal.h"
#include "lib/arena.h"
#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "parsers/git_trailers.h"
#include "parsers/message.h"
#include "parsers/reply.h"
#include "state/store_evidence.h"
#include "state/store_git.h"
#include "state/store_triage.h"

/* Evidence kept per event: the patch's title and the deciding line. */
#define EVIDENCE_MAX 300

/* ---- the worker's half: what the mail is and names ---- */

static int
has_diff(const char *b, size_t n)
{
	return (n >= 11 && !memcmp(b, "diff --git ", 11)) ||
	       memmem(b, n, "\ndiff --git ", 12) ||
	       (memmem(b, n, "\n--- a/", 7) && memmem(b, n, "\n+++ b/", 7));
}

static int
is_reply_subject(const char *s)
{
	while (s && LKB_ISSPACE(*s))
		s++;
	return s && !strncasecmp(s, "re:", 3);
}

void
evidence_scan(struct triage_prep *p)
{
	const struct message *m = p->m;
	const char *title;
	size_t n;

	if (!m->body || !m->body_len)
		return;
	p->patch = (!is_reply_subject(m->subject) &&
		    report_group_patch_subject(m->subject, &title)) ||
		   has_diff(m->body, m->body_len);
	if (!p->patch)
		return;
	p->robot = git_trailers_robot(m->body, m->body_len);
	p->credit = p->robot ||
		    memmem(m->body, m->body_len, "kernel test robot", 17) ||
		    memmem(m->body, m->body_len, "lkp@intel.com", 13);
	p->refs = arena_alloc(&p->a, LKB_MAX_GIT_REFS * sizeof(*p->refs));
	n = git_trailers_scan(&p->a, m->body, m->body_len, p->refs,
			      LKB_MAX_GIT_REFS);
	p->nrefs = n > LKB_MAX_GIT_REFS ? LKB_MAX_GIT_REFS : n;
}

unsigned
evidence_patch_version(const char *subject)
{
	const char *p, *close;
	unsigned v = 0;

	while (subject && (LKB_ISSPACE(*subject) ||
			   !strncasecmp(subject, "re:", 3)))
		subject += LKB_ISSPACE(*subject) ? 1 : 3;
	if (!subject || *subject != '[' || !(close = strchr(subject, ']')))
		return 1;
	for (p = subject + 1; p + 1 < close; p++) {
		if ((*p != 'v' && *p != 'V') || !LKB_ISDIGIT(p[1]) ||
		    (p[-1] != ' ' && p[-1] != '[' && p[-1] != 'H'))
			continue;
		/* versions go no higher than LKB_MAX_PATCH_VERSION */
		for (p++; p < close && LKB_ISDIGIT(*p); p++)
			if (v <= LKB_MAX_PATCH_VERSION)
				v = v * 10 + (unsigned)(*p - '0');
		return !v ? 1 : v > LKB_MAX_PATCH_VERSION
				      ? LKB_MAX_PATCH_VERSION : v;
	}
	return 1;
}

const char *
evidence_patch_key(struct arena *a, const char *subject, const char *addr)
{
	const char *title;
	char *key;
	size_t n, an;

	if (!addr || !*addr || !report_group_patch_subject(subject, &title))
		return NULL;
	n = strlen(title);
	while (n && LKB_ISSPACE(title[n - 1]))
		n--;
	an = strlen(addr);
	if (n < 8 || an + n + 1 > LKB_MAX_EVIDENCE_KEY)
		return NULL;
	key = arena_printf(a, "%s\n%.*s", addr, (int)n, title);
	/* "add" in v6 where v5 said "Add": the same patch */
	for (char *c = key; *c; c++)
		*c = (char)LKB_TOLOWER(*c);
	return key;
}

const char *
evidence_fixes_title(struct arena *a, const char *line)
{
	const char *s = line ? strstr(line, "(\"") : NULL, *e;

	if (!s || !(e = strrchr(s + 2, '"')) || e[1] != ')')
		return NULL;
	for (s += 2; s < e && LKB_ISSPACE(*s); s++)
		;
	while (e > s && LKB_ISSPACE(e[-1]))
		e--;
	if (e - s < 8 || e - s >= LKB_MAX_EVIDENCE_KEY)
		return NULL;
	return arena_memdup0(a, s, (size_t)(e - s));
}

/* The title of a patch subject, trimmed, in a; NULL when none. */
static const char *
patch_title(struct arena *a, const char *subject)
{
	const char *title;
	size_t n;

	if (!report_group_patch_subject(subject, &title))
		return NULL;
	n = strlen(title);
	while (n && LKB_ISSPACE(title[n - 1]))
		n--;
	return n >= 8 && n < LKB_MAX_EVIDENCE_KEY ? arena_memdup0(a, title, n)
						  : NULL;
}

/* The first line of [b, b+n) holding needle, printable, in a; NULL. */
static const char *
line_with(struct arena *a, const char *b, size_t n, const char *needle)
{
	const char *hit = b && needle && *needle ? memmem(b, n, needle,
						     strlen(needle)) : NULL;
	const char *s, *e;

	if (!hit)
		return NULL;
	for (s = hit; s > b && s[-1] != '\n'; s--)
		;
	e = memchr(hit, '\n', (size_t)(b + n - hit));
	if (!e)
		e = b + n;
	while (s < e && LKB_ISSPACE(*s))
		s++;
	return arena_printable(a, s, (size_t)(e - s), 160);
}

/* ---- the main thread's half ---- */

/* A patch's own event on report rid (fix-proposed, superseded): kept,
 * and moved through the life cycle. Anyone may propose a fix; only the
 * reported patch's author (the report's addressee, a participant: the
 * key says so) supersedes it. A forged From: moves nothing when senders
 * are verified ([bot] verify_senders), as for any reply. */
static int
patch_event(struct triage *t, struct triage_prep *p, int64_t rid,
	    enum reply_event_type type, enum close_reason reason,
	    const char *source, const char *evidence)
{
	struct triage_mail tm;
	struct store_event ev = { 0 };
	struct lc_input in = { 0 };
	enum lc_verdict v;
	const char *msg = NULL;
	int rc;

	if ((rc = evidence_mail_on(t, p, rid, &tm)) != LKB_OK)
		return rc;
	if (type == EV_CLOSE && tm.cur.state == RS_CLOSED)
		return LKB_OK;	/* one version is enough to say it */
	ev.report_id = rid;
	ev.msg_id = p->msg_id;
	ev.date = p->m->date != (time_t)-1 ? (int64_t)p->m->date : 0;
	ev.type = reply_event_name(type);
	ev.source = source;
	ev.author = tm.author;
	ev.evidence = evidence;
	ev.reason = reason != CR_NONE ? close_reason_name(reason) : NULL;
	/* a trailer naming the report, or the patch's next version: by
	 * Message-ID, sha or subject and author, not by words */
	ev.confidence = REPLY_CONF_HIGH;
	if ((rc = store_event_add(t->st, &ev)) != LKB_OK)
		return rc;
	t->stats.events++;
	if ((rc = triage_sender_verified(t, &tm)) <= 0)
		return rc;
	in.event = type;
	in.reason = reason;
	in.report_id = rid;
	in.tier = TIER_PARTICIPANT;
	return triage_apply(t, &tm, &in, source, &v, &msg);
}

/* What one patch mail does: the reports it supersedes are not also
 * given a fix by it. */
struct patch_run {
	struct triage *t;
	struct triage_prep *p;
	const char *key;		/* its version key, or NULL */
	const char *line;		/* the trailer being followed */
	const char *source;
	int64_t done[LKB_MAX_EVIDENCE_REPORTS];
	size_t ndone;
	int rc;
};

static int
run_done(const struct patch_run *pr, int64_t rid)
{
	for (size_t i = 0; i < pr->ndone; i++)
		if (pr->done[i] == rid)
			return 1;
	return 0;
}

/* Link the fix patch to report rid (store_report_id_fn). */
static int
link_fix(int64_t rid, void *arg)
{
	struct patch_run *pr = arg;
	struct triage_prep *p = pr->p;
	const char *why, *title;
	int64_t n = 0;
	int added = 0;

	if (run_done(pr, rid) || pr->ndone >= LKB_MAX_EVIDENCE_REPORTS)
		return pr->ndone >= LKB_MAX_EVIDENCE_REPORTS;
	pr->done[pr->ndone++] = rid;
	pr->rc = store_fix_link_add(pr->t->st, p->m->message_id, rid,
				    p->msg_id, pr->line, &added);
	if (pr->rc != LKB_OK || !added)
		return pr->rc != LKB_OK;
	why = arena_printf(&p->a, "fix patch \"%s\": %s",
			   p->m->subject ? p->m->subject : "", pr->line);
	why = arena_printable(&p->a, why, strlen(why), EVIDENCE_MAX);
	pr->rc = patch_event(pr->t, p, rid, EV_FIX_PROPOSED, CR_NONE,
			     pr->source, why);
	title = patch_title(&p->a, p->m->subject);
	if (pr->rc == LKB_OK && title)
		pr->rc = store_patch_key_add(pr->t->st, title, "fix",
					     p->msg_id);
	/* replies below it, triaged before the link, are read again */
	if (pr->rc == LKB_OK)
		pr->rc = store_triage_requeue_below(pr->t->st, p->msg_id, &n);
	pr->t->requeued += (unsigned)n;
	return pr->rc != LKB_OK;
}

/* Did author write an ack, a fix or a root cause in report rid? */
struct acked {
	const char *author;
	int yes;
};

static int
acked_row(const struct store_event_row *r, void *arg)
{
	struct acked *ak = arg;

	if (r->author && !strcasecmp(r->author, ak->author) &&
	    (!strcmp(r->type, "ack") || !strcmp(r->type, "fix-proposed") ||
	     !strcmp(r->type, "root-caused")))
		ak->yes = 1;
	return ak->yes;
}

/* Why the patch supersedes report b, in p->a; NULL when it does not. */
static const char *
supersede_why(struct patch_run *pr, const struct store_report_brief *b)
{
	struct triage_prep *p = pr->p;
	const struct message *m = p->m;
	struct acked ak = { m->from.addr, 0 };
	const char *why;

	if (evidence_patch_version(m->subject) <=
		    evidence_patch_version(b->subject) &&
	    (m->date == (time_t)-1 || (int64_t)m->date <= b->date))
		return NULL;	/* not a later version */
	if ((why = line_with(&p->a, m->body, m->body_len, b->message_id)) ||
	    (why = line_with(&p->a, m->body, m->body_len,
			     "kernel test robot")) ||
	    (why = line_with(&p->a, m->body, m->body_len, "lkp@intel.com")))
		return why;
	if (store_event_foreach(pr->t->st, b->id, 0, acked_row, &ak) < 0)
		return NULL;
	if (ak.yes)
		return "its author had acknowledged the report";
	/* Without a word of the report: posted after it, the report's
	 * version is the old one. Read by hand on 28 lists, 87 % of the
	 * build and functional reports whose patch had such a version
	 * ended superseded, most of the rest not-a-bug decided first. */
	if (m->date != (time_t)-1 && (int64_t)m->date > b->date)
		return "a later version by its author, posted after the report";
	return NULL;
}

/* A later version of the patch report msg rmsg answers may supersede
 * it (store_msg_id_fn). */
static int
supersede(int64_t rmsg, void *arg)
{
	struct patch_run *pr = arg;
	struct triage_prep *p = pr->p;
	struct store_msg sm;
	struct store_report_brief b;
	int64_t rid = 0;
	const char *why, *ev;

	if ((pr->rc = store_message_brief(pr->t->st, rmsg, &sm, &rid)) <= 0)
		return pr->rc < 0;
	store_msg_release(&sm);
	pr->rc = LKB_OK;
	if (!rid || run_done(pr, rid) ||
	    pr->ndone >= LKB_MAX_EVIDENCE_REPORTS ||
	    (pr->rc = store_report_brief_get(pr->t->st, rid, &b)) <= 0)
		return pr->rc < 0;
	pr->rc = LKB_OK;
	if ((why = supersede_why(pr, &b))) {
		pr->done[pr->ndone++] = rid;
		ev = arena_printf(&p->a, "later version \"%s\": %s",
				  p->m->subject ? p->m->subject : "", why);
		ev = arena_printable(&p->a, ev, strlen(ev), EVIDENCE_MAX);
		pr->rc = patch_event(pr->t, p, rid, EV_CLOSE, CR_SUPERSEDED,
				     "patch:version", ev);
	}
	store_report_brief_release(&b);
	return pr->rc != LKB_OK;
}

/* Keep what the patch names, so a report stored later finds it. */
static int
patch_remember(struct triage *t, struct triage_prep *p, const char *key)
{
	char sha12[13];
	int rc = LKB_OK;

	for (size_t i = 0; i < p->nrefs && rc == LKB_OK; i++) {
		const struct git_ref *r = &p->refs[i];

		if (r->kind == GREF_CLOSES || r->kind == GREF_LINK) {
			rc = store_patch_key_add(t->st, r->value, "mid",
						 p->msg_id);
		} else if (r->kind == GREF_FIXES && p->robot) {
			const char *title = evidence_fixes_title(&p->a,
								 r->line);

			snprintf(sha12, sizeof(sha12), "%.12s", r->value);
			rc = store_patch_key_add(t->st, sha12, "sha",
						 p->msg_id);
			if (rc == LKB_OK && title)
				rc = store_patch_key_add(t->st, title,
							 "fixes-title",
							 p->msg_id);
		}
	}
	if (rc == LKB_OK && key)
		rc = store_patch_key_add(t->st, key, "version", p->msg_id);
	return rc;
}

/* The report of report mail rmsg gets the fix (store_msg_id_fn). */
static int
link_report_msg(int64_t rmsg, void *arg)
{
	struct patch_run *pr = arg;
	struct store_msg sm;
	int64_t rid = 0;

	if ((pr->rc = store_message_brief(pr->t->st, rmsg, &sm, &rid)) <= 0)
		return pr->rc < 0;
	store_msg_release(&sm);
	pr->rc = LKB_OK;
	return rid ? link_fix(rid, pr) : 0;
}

/* The reports on the versions of a patch a Fixes: names by title. */
struct title_pick {
	struct store *st;
	int64_t msg[LKB_MAX_EVIDENCE_REPORTS];
	unsigned version[LKB_MAX_EVIDENCE_REPORTS];
	size_t n;
	unsigned best;
	int rc;
};

static int
pick_title(int64_t rmsg, void *arg)
{
	struct title_pick *tp = arg;
	struct store_msg sm;

	if (tp->n >= LKB_MAX_EVIDENCE_REPORTS)
		return 1;
	if ((tp->rc = evidence_message(tp->st, rmsg, &sm)) <= 0)
		return tp->rc < 0;
	tp->rc = LKB_OK;
	tp->msg[tp->n] = rmsg;
	tp->version[tp->n] = evidence_patch_version(sm.subject);
	if (tp->version[tp->n] > tp->best)
		tp->best = tp->version[tp->n];
	tp->n++;
	store_msg_release(&sm);
	return 0;
}

/* A Fixes: names its reports by the culprit's sha, or by its title: a
 * patch the robot tested on its own branch is applied as another
 * commit, whose title is the patch's. By title only the reports on the
 * patch's highest version: the one applied, the fix's (the reports on
 * earlier versions were about those). */
static int
fixes_reports(struct patch_run *pr, const struct git_ref *r)
{
	const char *title = evidence_fixes_title(&pr->p->a, r->line);
	struct title_pick tp = { 0 };
	int rc = store_reports_blaming(pr->t->st, r->value, link_fix, pr);

	tp.st = pr->t->st;
	if (rc == LKB_OK && pr->rc == LKB_OK && title)
		rc = store_patch_keys_each(pr->t->st, title, "title",
					   pick_title, &tp);
	if (rc == LKB_OK)
		rc = tp.rc;
	for (size_t i = 0; i < tp.n && rc == LKB_OK && pr->rc == LKB_OK; i++)
		if (tp.version[i] == tp.best)
			(void)link_report_msg(tp.msg[i], pr);
	return rc < 0 ? rc : pr->rc;
}

/* Does the patch name the report its credit is for: a Closes: (LKP
 * asks for one; the report may be on another list, or sent to the
 * author alone), or a Link: to a tracked report? */
static int
names_report(struct triage *t, const struct triage_prep *p)
{
	int64_t rid;
	int rc;

	for (size_t i = 0; i < p->nrefs; i++) {
		if (p->refs[i].kind == GREF_CLOSES)
			return 1;
		if (p->refs[i].kind != GREF_LINK)
			continue;
		rc = store_report_by_message_id(t->st, p->refs[i].value, &rid);
		if (rc != 0)
			return rc;
	}
	return 0;
}

/* Follow each trailer of the patch to the reports it names. */
static int
patch_links(struct patch_run *pr)
{
	struct triage_prep *p = pr->p;
	int64_t rid;
	int rc, fixes_credit;

	/* a Fixes: counts in a patch crediting the robot, unless it names
	 * its report by Closes: (any) or Link: (the credit is for that one:
	 * on linux-pm and linux-block each such Fixes: read by hand, 3,
	 * fixed another report of the culprit than those it linked) */
	if ((rc = names_report(pr->t, p)) < 0)
		return rc;
	fixes_credit = p->robot && rc == 0;
	for (size_t i = 0; i < p->nrefs && pr->rc == LKB_OK; i++) {
		const struct git_ref *r = &p->refs[i];

		pr->line = r->line;
		pr->source = r->kind == GREF_CLOSES ? "patch:closes"
			     : r->kind == GREF_LINK ? "patch:link"
						    : "patch:fixes";
		if (r->kind == GREF_CLOSES || r->kind == GREF_LINK) {
			rc = store_report_by_message_id(pr->t->st, r->value,
							&rid);
			if (rc < 0)
				return rc;
			if (rc == 1)
				(void)link_fix(rid, pr);
		} else if (r->kind == GREF_FIXES && fixes_credit) {
			rc = fixes_reports(pr, r);
			if (rc < 0)
				return rc;
		}
	}
	return pr->rc;
}

static int
evidence_patch(struct triage *t, struct triage_prep *p)
{
	struct patch_run pr = { 0 };
	int rc;

	pr.t = t;
	pr.p = p;
	pr.key = is_reply_subject(p->m->subject)
			 ? NULL
			 : evidence_patch_key(&p->a, p->m->subject,
					      p->m->from.addr);
	if ((rc = patch_remember(t, p, pr.key)) != LKB_OK)
		return rc;
	if (pr.key &&
	    (rc = store_patch_keys_each(t->st, pr.key, "reported", supersede,
					&pr)) != LKB_OK)
		return rc;
	if (pr.rc != LKB_OK)
		return pr.rc;
	if (!p->m->message_id || !*p->m->message_id)
		return LKB_OK;	/* replies could not find it */
	return patch_links(&pr);
}

int
evidence_bare_prepare(struct store *st, struct triage_prep *p)
{
	struct store_msg sm;
	struct message *m;
	const char *title;
	int rc;

	if ((rc = evidence_message(st, p->msg_id, &sm)) <= 0)
		return rc;
	rc = LKB_OK;
	if (!is_reply_subject(sm.subject) &&
	    report_group_patch_subject(sm.subject, &title) && sm.from_addr &&
	    *sm.from_addr && sm.message_id) {
		if (!(m = calloc(1, sizeof(*m)))) {
			store_msg_release(&sm);
			return LKB_ERR_NOMEM;
		}
		m->arena = (struct arena)ARENA_INIT;
		m->message_id = arena_strdup(&m->arena, sm.message_id);
		m->subject = arena_strdup(&m->arena, sm.subject);
		m->from.addr = arena_strdup(&m->arena, sm.from_addr);
		m->from.name = arena_strdup(&m->arena,
					    sm.from_name ? sm.from_name : "");
		m->date = sm.date ? (time_t)sm.date : (time_t)-1;
		p->m = m;
		p->patch = 1;
		p->what = TP_BARE_PATCH;
	}
	store_msg_release(&sm);
	return rc;
}

int
evidence_bare_patch(struct triage *t, struct triage_prep *p)
{
	return evidence_patch(t, p);
}

/* Triage a mail again (store_msg_id_fn): it names a report now here. */
static int
requeue_one(int64_t msg_id, void *arg)
{
	struct patch_run *pr = arg;
	int64_t n = 0;

	pr->rc = store_triage_requeue_msg(pr->t->st, msg_id, &n);
	pr->t->requeued += (unsigned)n;
	return pr->rc != LKB_OK;
}

/* The first address of a stored address list, in a; NULL when none. */
static const char *
first_address(struct arena *a, const char *list)
{
	size_t n;

	if (!list)
		return NULL;
	while (*list == ' ' || *list == ',')
		list++;
	n = strcspn(list, ", ");
	return n ? arena_memdup0(a, list, n) : NULL;
}

/* A build or functional report on a posted patch: its patch's key (the
 * report's subject, "Re: [PATCH ...]", and its first To:, the patch's
 * author), kept; later versions stored before it are read again. */
static int
report_patch_key(struct patch_run *pr, const struct store_report_brief *b)
{
	struct store_msg sm;
	struct arena a = ARENA_INIT;
	const char *key, *title;
	int rc;

	if (!b->kind || (strcmp(b->kind, "build-error") &&
			 strcmp(b->kind, "functional")))
		return LKB_OK;
	if ((rc = evidence_message(pr->t->st, b->msg_id, &sm)) <= 0)
		return rc;
	rc = LKB_OK;
	key = sm.in_reply_to && *sm.in_reply_to
		      ? evidence_patch_key(&a, sm.subject,
					   first_address(&a, sm.to_addrs))
		      : NULL;
	title = key ? patch_title(&a, sm.subject) : NULL;
	if (key &&
	    (rc = store_patch_key_add(pr->t->st, key, "reported",
				      b->msg_id)) == LKB_OK)
		rc = store_patch_keys_each(pr->t->st, key, "version",
					   requeue_one, pr);
	/* fixes naming the patch by its title in Fixes: */
	if (rc == LKB_OK && pr->rc == LKB_OK && title &&
	    (rc = store_patch_key_add(pr->t->st, title, "title",
				      b->msg_id)) == LKB_OK)
		rc = store_patch_keys_each(pr->t->st, title, "fixes-title",
					   requeue_one, pr);
	store_msg_release(&sm);
	arena_release(&a);
	return rc != LKB_OK ? rc : pr->rc;
}

int
evidence_report(struct triage *t, int64_t report_id)
{
	struct patch_run pr = { 0 };
	struct store_report_brief b;
	char sha12[13];
	int rc;

	pr.t = t;
	if ((rc = store_report_brief_get(t->st, report_id, &b)) <= 0)
		return rc;
	rc = LKB_OK;
	if (b.message_id)
		rc = store_patch_keys_each(t->st, b.message_id, "mid",
					   requeue_one, &pr);
	if (rc == LKB_OK && pr.rc == LKB_OK && b.commit_sha &&
	    strlen(b.commit_sha) >= 12) {
		snprintf(sha12, sizeof(sha12), "%.12s", b.commit_sha);
		rc = store_patch_keys_each(t->st, sha12, "sha", requeue_one,
					   &pr);
	}
	if (rc == LKB_OK && pr.rc == LKB_OK)
		rc = report_patch_key(&pr, &b);
	store_report_brief_release(&b);
	return rc != LKB_OK ? rc : pr.rc;
}

int
evidence_mail(struct triage *t, struct triage_prep *p)
{
	int rc;

	if ((rc = evidence_pull(t, p)) != LKB_OK || p->pull)
		return rc;
	if (p->patch)
		return evidence_patch(t, p);
	return evidence_applied(t, p);
}
