/* loop.c - loop and flood avoidance for answers (RFC 3834). */
#include "config.h"
#include "bot/outbox/loop.h"

#include <string.h>

#include "bot/core/settings.h"
#include "lib/ascii.h"
#include "lib/log.h"
#include "lib/status.h"
#include "parsers/conf.h"
#include "parsers/message.h"
#include "state/store_outbox.h"

static const char *const verdict_names[LOOP__COUNT] = {
	"answer", "own mail", "mail from an lkpbot (X-LKPBot)", "bounce",
	"auto-submitted mail", "robot sender", "bulk mail (no list headers)",
	"hourly answer limit reached", "thread answer limit reached",
	"hourly limit of answers to outsiders reached",
	"hourly limit of answers to this sender reached",
	"a day's answers to outsiders wait already",
};
_Static_assert(LKB_ARRAY_SIZE(verdict_names) == LOOP__COUNT, "verdicts");

/* Robots that write to the lists the bot reads. */
static const char *const robot_addrs[] = {
	"lkp@intel.com",
	"syzbot@syzkaller.appspotmail.com",
	"patchwork-bot@kernel.org",
	"noreply@github.com",
};
static const char *const robot_locals[] = {
	"mailer-daemon", "noreply", "no-reply", "donotreply", "do-not-reply",
	"postmaster", "bounce", "bounces",
};
static const char *const robot_domains[] = {
	"syzkaller.appspotmail.com",
};

const char *
loop_verdict_name(enum loop_verdict v)
{
	return (unsigned)v < LOOP__COUNT ? verdict_names[v] : "?";
}

static int
ieq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (LKB_TOLOWER(*a) != LKB_TOLOWER(*b))
			return 0;
	return *a == *b;
}

/* Case-blind: does s (n bytes) equal lit? */
static int
ieqn(const char *s, size_t n, const char *lit)
{
	size_t k = strlen(lit);

	if (n != k)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (LKB_TOLOWER(s[i]) != LKB_TOLOWER(lit[i]))
			return 0;
	return 1;
}

/* Case-blind substring. */
static int
icontains(const char *s, const char *lit)
{
	size_t i;

	for (; *s; s++) {
		for (i = 0; lit[i] && s[i] &&
			    LKB_TOLOWER(s[i]) == LKB_TOLOWER(lit[i]); i++)
			;
		if (!lit[i])
			return 1;
	}
	return 0;
}

/* The first token of a header value (before ';'), trimmed. */
static int
token_is(const char *v, const char *lit)
{
	const char *e;

	while (LKB_ISSPACE(*v))
		v++;
	for (e = v; *e && *e != ';' && !LKB_ISSPACE(*e); e++)
		;
	return ieqn(v, (size_t)(e - v), lit);
}

int
loop_is_robot(const char *name, const char *addr)
{
	const char *at = addr ? strrchr(addr, '@') : NULL;

	if (name && (icontains(name, "test robot") ||
		     icontains(name, "syzbot") || icontains(name, "mailer-daemon")))
		return 1;
	if (!addr || !at)
		return 0;
	/* "syzbot+1234@syzkaller..." counts as syzbot */
	for (size_t i = 0; i < LKB_ARRAY_SIZE(robot_addrs); i++)
		if (ieq(addr, robot_addrs[i]))
			return 1;
	for (size_t i = 0; i < LKB_ARRAY_SIZE(robot_locals); i++)
		if (ieqn(addr, (size_t)(at - addr), robot_locals[i]))
			return 1;
	for (size_t i = 0; i < LKB_ARRAY_SIZE(robot_domains); i++)
		if (ieq(at + 1, robot_domains[i]))
			return 1;
	return 0;
}

static int
is_bounce(const struct message *m, const struct loop_policy *p)
{
	const char *rp = m->return_path;
	const char *at = m->from.addr ? strchr(m->from.addr, '@') : NULL;

	if (rp) {
		while (LKB_ISSPACE(*rp))
			rp++;
		if (!*rp || !strncmp(rp, "<>", 2) || !strncmp(rp, "< >", 3))
			return 1;
	}
	if (at && ieqn(m->from.addr, (size_t)(at - m->from.addr),
		       "mailer-daemon"))
		return 1;
	if (p->content_type && token_is(p->content_type, "multipart/report"))
		return 1;
	for (const struct mime_part *mp = m->parts; mp; mp = mp->next)
		if (mp->type && (ieq(mp->type, "message/delivery-status") ||
				 ieq(mp->type, "message/disposition-notification")))
			return 1;
	return 0;
}

/* Automatic mail: Auto-Submitted other than "no" (RFC 3834), or the
 * marks of older auto-responders (X-Autoreply, X-Autorespond,
 * Precedence: auto_reply), whoever relayed it. */
static int
is_automatic(const struct message *m)
{
	if (m->auto_submitted && !token_is(m->auto_submitted, "no"))
		return 1;
	if (m->x_autoreply && !token_is(m->x_autoreply, "no"))
		return 1;
	return m->precedence && token_is(m->precedence, "auto_reply");
}

/* Bulk mail that no list delivered: Precedence: bulk, junk or list
 * without List-Id or another list header. A list's copy (vger marks
 * every one bulk) is ordinary mail. */
static int
is_bulk_not_list(const struct message *m)
{
	const char *prec = m->precedence;

	if (!prec || m->list_id || m->list_other)
		return 0;
	return token_is(prec, "bulk") || token_is(prec, "junk") ||
	       token_is(prec, "list");
}

enum loop_verdict
loop_check_message(const struct message *m, const struct loop_policy *p)
{
	if (p->bot_address && m->from.addr && ieq(m->from.addr, p->bot_address))
		return LOOP_OWN_MAIL;
	if (m->x_lkpbot)
		return LOOP_LKPBOT;
	if (is_bounce(m, p))
		return LOOP_BOUNCE;
	if (is_automatic(m))
		return LOOP_AUTO_SUBMITTED;
	if (loop_is_robot(m->from.name, m->from.addr))
		return LOOP_ROBOT;
	if (is_bulk_not_list(m) && !p->authorised_command)
		return LOOP_BULK;
	return LOOP_ANSWER;
}

/* Rows of class cls (enum outbox_class) created in [since, now], in
 * thread tid (0: all), to rcpt (NULL: anyone). */
static int
created(struct store *st, int cls, int64_t tid, const char *rcpt,
	int64_t since, int64_t now, int64_t *n_out)
{
	struct outbox_window w = { since, now, 0, tid, cls, rcpt };

	return store_outbox_count_window(st, &w, n_out);
}

/* *v_out = v when max > 0 and the count reaches it. */
static int
limit(struct store *st, int cls, int64_t tid, const char *rcpt,
      int64_t window, int64_t now, long max, enum loop_verdict v,
      enum loop_verdict *v_out)
{
	int64_t n;
	int rc;

	if (max <= 0 || *v_out != LOOP_ANSWER)
		return LKB_OK;
	if ((rc = created(st, cls, tid, rcpt, now - window, now, &n)))
		return rc;
	if (n >= max)
		*v_out = v;
	return LKB_OK;
}

int
loop_check_rate(struct store *st, const struct loop_policy *p, int team,
		int64_t thread_id, int64_t now, enum loop_verdict *v_out)
{
	int cls = team ? OUTBOX_CLASS_TEAM : OUTBOX_CLASS_MEMBERS;
	int rc;

	*v_out = LOOP_ANSWER;
	rc = limit(st, cls, 0, NULL, 3600, now, p->max_per_hour,
		   LOOP_RATE_HOUR, v_out);
	if (rc == LKB_OK && thread_id > 0)
		rc = limit(st, cls, thread_id, NULL, LOOP_THREAD_WINDOW, now,
			   p->max_per_thread, LOOP_RATE_THREAD, v_out);
	return rc;
}

int
loop_check_outsider_rate(struct store *st, const struct loop_policy *p,
			 int64_t thread_id, const char *rcpt, int64_t now,
			 enum loop_verdict *v_out)
{
	int rc = LKB_OK;

	*v_out = LOOP_ANSWER;
	if (thread_id > 0)
		rc = limit(st, OUTBOX_CLASS_OUTSIDERS, thread_id, NULL,
			   LOOP_THREAD_WINDOW, now, p->max_per_thread,
			   LOOP_RATE_THREAD, v_out);
	if (rc == LKB_OK)
		rc = limit(st, OUTBOX_CLASS_OUTSIDERS, 0, NULL,
			   LOOP_THREAD_WINDOW, now,
			   p->max_outsider_per_hour * 24, LOOP_RATE_DAY, v_out);
	if (rc == LKB_OK)
		rc = limit(st, OUTBOX_CLASS_OUTSIDERS, 0, NULL, 3600, now,
			   p->max_outsider_per_hour, LOOP_RATE_OUTSIDERS,
			   v_out);
	if (rc == LKB_OK && rcpt)
		rc = limit(st, OUTBOX_CLASS_OUTSIDERS, 0, rcpt, 3600, now,
			   p->max_per_sender, LOOP_RATE_SENDER, v_out);
	return rc;
}

int
loop_rate_defers(enum loop_verdict v)
{
	return v == LOOP_RATE_HOUR || v == LOOP_RATE_OUTSIDERS ||
	       v == LOOP_RATE_SENDER;
}

int
loop_should_answer(const struct message *m, const struct loop_policy *p,
		   struct store *st, int64_t thread_id, int64_t now,
		   enum loop_verdict *why_out)
{
	int rc;

	*why_out = loop_check_message(m, p);
	if (*why_out == LOOP_ANSWER) {
		rc = loop_check_rate(st, p, 0, thread_id, now, why_out);
		if (rc != LKB_OK)
			return rc;
	}
	if (*why_out != LOOP_ANSWER)
		lkb_info("not answering <%s>: %s",
			 m->message_id ? m->message_id : "?",
			 loop_verdict_name(*why_out));
	return *why_out == LOOP_ANSWER;
}

int
loop_policy_load(struct loop_policy *p, const struct settings *set)
{
	memset(p, 0, sizeof(*p));
	p->bot_address = set->bot.address;
	p->max_per_hour = set->bot.max_per_hour;
	p->max_per_thread = set->bot.max_per_thread;
	p->max_outsider_per_hour = set->bot.max_outsider_per_hour;
	p->max_per_sender = set->bot.max_per_sender;
	return LKB_OK;
}
