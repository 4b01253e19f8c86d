/* outbox.c - enqueue rendered answers; the send stage. */
#include "config.h"
#include "bot/outbox/outbox.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bot/core/ctx.h"
#include "bot/core/datadir.h"
#include "bot/core/lock.h"
#include "bot/core/run.h"
#include "bot/core/settings.h"
#include "bot/net/smtp.h"
#include "bot/outbox/transport.h"
#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/conf.h"
#include "state/store.h"
#include "state/store_outbox.h"
#include "templates/compose.h"
#include "templates/escape.h"
#include "templates/render.h"
#include "templates/tpl_set.h"

#define LKPBOT_VERSION_HEADER "lkpbot " PACKAGE_VERSION

struct tpl_set *
outbox_templates(const struct settings *settings)
{
	const char *dirs[2];
	char *def = datadir_templates_dir();
	struct tpl_set *set;
	size_t n = 0;

	/* the configured directory overrides single files of the default */
	if ((dirs[n] = settings->paths.templates_dir) != NULL)
		n++;
	dirs[n++] = def;
	set = tpl_set_new(dirs, n);
	free(def);
	return set;
}

int
outbox_split_from(const char *from, char *buf, size_t n,
		  struct compose_addr *out)
{
	const char *lt = strrchr(from, '<'), *gt, *name = from, *ne;
	size_t al, nl;

	memset(out, 0, sizeof(*out));
	if (lt && (gt = strchr(lt, '>')) != NULL) {
		al = (size_t)(gt - lt - 1);
		for (ne = lt; ne > name && LKB_ISSPACE(ne[-1]); ne--)
			;
		while (name < ne && LKB_ISSPACE(*name))
			name++;
		if (ne - name >= 2 && *name == '"' && ne[-1] == '"')
			name++, ne--;
		nl = (size_t)(ne - name);
		lt++;
	} else {
		while (LKB_ISSPACE(*from))
			from++;
		lt = from;
		for (al = strlen(from); al && LKB_ISSPACE(from[al - 1]); al--)
			;
		nl = 0;
	}
	if (!al || al + nl + 2 > n)
		return -1;
	memcpy(buf, lt, al);
	buf[al] = '\0';
	out->addr = buf;
	memcpy(buf + al + 1, name, nl);
	buf[al + 1 + nl] = '\0';
	out->name = buf + al + 1;
	return 0;
}

static const char *
envelope_from(const struct settings *set, const char *bot_addr)
{
	const char *e = set->smtp.envelope_from;

	if (!e)
		return bot_addr;
	if (!*e || !strcmp(e, "<>"))
		return "";
	return e;
}

static int
make_rcpt(const struct outbox_mail *m, const char **rcpt, size_t *n_out)
{
	size_t n = 0;

	if (m->ncc + 1 > LKB_MAX_RECIPIENTS)
		return lkb_error("too many recipients (%zu, limit "
				 "LKB_MAX_RECIPIENTS %d)", m->ncc + 1,
				 LKB_MAX_RECIPIENTS);
	rcpt[n++] = m->to.addr;
	for (size_t i = 0; i < m->ncc; i++)
		rcpt[n++] = m->cc[i];
	*n_out = n;
	return LKB_OK;
}

int
outbox_enqueue_mail(struct store *st, const struct settings *settings,
		    struct tpl_set *set, const struct outbox_mail *m,
		    int64_t *id_out, int *is_new_out)
{
	const char *from = settings->smtp.from;
	struct compose_addr ccs[LKB_MAX_RECIPIENTS];
	const char *rcpt[LKB_MAX_RECIPIENTS];
	struct strbuf body, raw = STRBUF_INIT, err = STRBUF_INIT;
	struct strbuf subj = STRBUF_INIT;
	struct store_outbox_in in = { 0 };
	struct compose_in ci = { 0 };
	char frombuf[512], *msgid = NULL;
	const char *parent = m->parent_id;
	size_t nrcpt = 0;
	int rc;

	*id_out = 0;
	*is_new_out = 0;
	if (!from || outbox_split_from(from, frombuf, sizeof(frombuf),
				       &ci.from)) {
		lkb_error("[smtp] from must be set to the bot's address");
		return LKB_ERR_CONFIG;
	}
	if ((rc = make_rcpt(m, rcpt, &nrcpt)) != LKB_OK)
		return LKB_ERR_USAGE;
	if (parent && !escape_msgid_ok(parent)) {
		/* a Message-ID we cannot echo: answer outside the thread */
		lkb_warn("answer %s: not threaded: unusable Message-ID "
			 "'%.80s'", m->request_id ? m->request_id : "?",
			 parent);
		parent = NULL;
	}
	strbuf_init_capped(&body, LKB_MAX_RENDER_BYTES);
	if ((rc = render_named(set, m->template, m->data, &body, &err))) {
		lkb_error("cannot render template: %s", err.buf);
		goto out;
	}
	for (size_t i = 0; i < m->ncc; i++) {
		ccs[i].name = NULL;
		ccs[i].addr = m->cc[i];
	}
	ci.to = m->to;
	ci.cc = ccs;
	ci.ncc = m->ncc;
	if (m->parent_id)
		compose_reply_subject(&subj, m->subject);
	else
		strbuf_adds(&subj, m->subject ? m->subject : "");
	ci.subject = subj.buf;	/* "Re: " once, threaded or not */
	ci.parent_id = parent;
	ci.parent_refs = m->parent_refs;
	ci.nparent_refs = m->nparent_refs;
	ci.request_id = m->request_id;
	ci.kind = m->kind;
	ci.version = LKPBOT_VERSION_HEADER;
	ci.date = time(NULL);
	ci.body = body.buf;
	ci.body_len = body.len;
	if ((rc = compose_message(&ci, &raw, &msgid)) != LKB_OK)
		goto out;
	in.kind = m->kind;
	in.request_id = m->request_id;
	in.thread_id = m->thread_id;
	in.report_id = m->report_id;
	in.message_id = msgid;
	in.envelope_from = envelope_from(settings, ci.from.addr);
	in.rcpt = rcpt;
	in.nrcpt = nrcpt;
	in.subject = subj.buf;
	in.raw = raw.buf;
	in.raw_len = raw.len;
	in.now = (int64_t)ci.date;
	in.team = m->team;
	rc = store_outbox_enqueue(st, &in, id_out, is_new_out);
out:
	free(msgid);
	strbuf_release(&body);
	strbuf_release(&raw);
	strbuf_release(&err);
	strbuf_release(&subj);
	return rc;
}

static int
warn_stuck(const struct store_outbox_row *r, void *arg)
{
	(void)arg;
	if (r->last_error && !strncmp(r->last_error, "uncertain:", 10))
		lkb_warn("outbox row %lld (<%s>) is held: %s; it may have "
			 "been delivered: check, then 'lkpbot outbox send "
			 "--force %lld' or 'lkpbot outbox drop --force %lld'",
			 (long long)r->id, r->message_id, r->last_error,
			 (long long)r->id, (long long)r->id);
	else
		lkb_warn("outbox row %lld (<%s>) is still in state sending "
			 "since a run was interrupted; it may or may not have "
			 "been delivered: check, then 'lkpbot outbox send "
			 "--force %lld' or 'lkpbot outbox drop --force %lld'",
			 (long long)r->id, r->message_id, (long long)r->id,
			 (long long)r->id);
	return 0;
}

int
outbox_report_stuck(struct store *st, int64_t *n_out)
{
	int rc = store_outbox_count(st, OUTBOX_SENDING, n_out);

	if (rc == LKB_OK && *n_out)
		rc = store_outbox_foreach(st, OUTBOX_SENDING, warn_stuck, NULL);
	return rc;
}

/* Write DIR/<message-id>.eml atomically (temporary file, rename). */
static int
write_eml(const char *dir, const struct store_outbox_row *r)
{
	char *name = xasprintf("%s/%s.eml", dir, r->message_id);
	char *tmp = xasprintf("%s/.%s.tmp", dir, r->message_id);
	size_t off = 0;
	ssize_t w;
	int fd, rc = LKB_OK;

	for (char *p = name + strlen(dir) + 1; *p; p++)
		if (*p == '/')
			*p = '_';
	for (char *p = tmp + strlen(dir) + 1; *p; p++)
		if (*p == '/')
			*p = '_';
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		lkb_error_errno("cannot create '%s'", tmp);
		rc = LKB_ERR_IO;
		goto out;
	}
	while (off < r->raw_len && rc == LKB_OK) {
		w = write(fd, r->raw + off, r->raw_len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			lkb_error_errno("cannot write '%s'", tmp);
			rc = LKB_ERR_IO;
		}
		off += w > 0 ? (size_t)w : 0;
	}
	if (close(fd) != 0 && rc == LKB_OK) {
		lkb_error_errno("cannot write '%s'", tmp);
		rc = LKB_ERR_IO;
	}
	if (rc == LKB_OK && rename(tmp, name) != 0) {
		lkb_error_errno("cannot rename '%s' to '%s'", tmp, name);
		rc = LKB_ERR_IO;
	}
	if (rc != LKB_OK)
		unlink(tmp);
	else
		lkb_info("wrote %s", name);
out:
	free(name);
	free(tmp);
	return rc;
}

void
outbox_print_stats(FILE *f, const struct outbox_stats *s)
{
	fprintf(f, "sent %d, retry later %d, failed %d, waiting %d, "
		"interrupted %d\n", s->sent, s->retried, s->failed,
		s->waiting, s->stuck);
}

struct sender {
	struct bot_ctx *ctx;
	const char *dry_run_dir;
	struct smtp_conf smtp;
	int smtp_loaded;
	struct outbox_stats stats;
	struct outbox_budget budget;	/* send_one(s, 0) honours it */
	struct run_lock *send_lock;	/* held while sending (lock.h) */
};

static int
deliver(struct sender *s, const struct store_outbox_row *r,
	enum smtp_outcome *out, struct strbuf *detail)
{
	const char *rcpt[LKB_MAX_RECIPIENTS];
	char *list, *p, *nl;
	size_t n = 0;
	int rc;

	if (s->dry_run_dir) {
		rc = write_eml(s->dry_run_dir, r);
		*out = SMTP_SENT;
		return rc;
	}
	list = xstrdup(r->recipients);
	for (p = list; p && *p && n < LKB_MAX_RECIPIENTS; p = nl) {
		nl = strchr(p, '\n');
		if (nl)
			*nl++ = '\0';
		rcpt[n++] = p;
	}
	rc = smtp_send(&s->smtp, r->envelope_from, rcpt, n, r->raw, r->raw_len,
		       out, detail);
	free(list);
	return rc;
}

/* Record what happened to claimed row r (detail: what the server or the
 * transport said, NULL when nothing). LKB_ERR_NET and LKB_ERR_CONFIG
 * stop the run. */
static int
settle(struct sender *s, const struct store_outbox_row *r,
       enum smtp_outcome oc, const char *detail)
{
	struct store *st = s->ctx->st;
	int64_t now = (int64_t)time(NULL), next;
	char *url;
	int rc;

	if (oc != SMTP_SENT && !detail)
		detail = smtp_outcome_name(oc);
	switch (oc) {
	case SMTP_SENT:
		lkb_info("sent outbox row %lld <%s>", (long long)r->id,
			 r->message_id);
		if (detail)
			lkb_warn("outbox row %lld: sent, but %s",
				 (long long)r->id, detail);
		s->stats.sent++;
		return store_outbox_mark_sent(st, r->id, now);
	case SMTP_UNCERTAIN:
		/* never sent again blindly: it may have been delivered */
		lkb_warn("outbox row %lld <%s>: %s; held in state sending, "
			 "sent again only by 'lkpbot outbox send --force "
			 "%lld'%s", (long long)r->id, r->message_id, detail,
			 (long long)r->id, s->ctx->set->smtp.resend_uncertain_after
			 ? " or after [smtp] resend_uncertain_after" : "");
		s->stats.stuck++;
		return store_outbox_hold(st, r->id, detail);
	case SMTP_TEMPFAIL:
		rc = store_outbox_retry_later(st, r->id, detail, now,
					      LKB_MAX_SEND_ATTEMPTS, &next);
		if (rc == 1) {
			lkb_warn("outbox row %lld: temporary failure (%s); "
				 "retry in %lld s", (long long)r->id, detail,
				 (long long)(next - now));
			s->stats.retried++;
		} else if (rc == 0) {
			lkb_warn("outbox row %lld: giving up after %d "
				 "attempts: %s", (long long)r->id,
				 LKB_MAX_SEND_ATTEMPTS, detail);
			s->stats.failed++;
		}
		return rc < 0 ? rc : LKB_OK;
	case SMTP_PERMFAIL:
		lkb_warn("outbox row %lld failed: %s", (long long)r->id,
			 detail);
		s->stats.failed++;
		return store_outbox_mark_failed(st, r->id, detail, now);
	case SMTP_REFUSED:
		/* no attempt counted, the run stops: one login per run */
		url = curl_url_shown(s->smtp.url);
		lkb_error("smtp: %s refused us: %s; outbox row %lld stays "
			  "pending until [smtp] user, password or cafile is "
			  "fixed", url, detail, (long long)r->id);
		free(url);
		rc = store_outbox_release(st, r->id, detail);
		return rc == LKB_OK ? LKB_ERR_CONFIG : rc;
	default:
		lkb_error("cannot send outbox row %lld: %s; it stays pending",
			  (long long)r->id, detail);
		rc = store_outbox_release(st, r->id, detail);
		return rc == LKB_OK ? LKB_ERR_NET : rc;
	}
}

/* Claim (by id, or the next due row), deliver, settle. 1 when a row was
 * handled, 0 when there was none. */
static int
send_one(struct sender *s, int64_t id)
{
	struct store_outbox_row r;
	struct strbuf detail = STRBUF_INIT;
	enum smtp_outcome oc = SMTP_UNREACHABLE;
	int64_t now = (int64_t)time(NULL);
	int rc;

	rc = id ? store_outbox_claim(s->ctx->st, id, now, &r)
		: store_outbox_claim_next_in(s->ctx->st, now, &s->budget, &r);
	if (rc <= 0)
		return rc;
	/* the claim is committed: from here on a crash leaves `sending` */
	rc = deliver(s, &r, &oc, &detail);
	if (rc != LKB_OK) {
		/* a local problem (bad row, dry-run directory): retry later */
		if (!detail.len)
			strbuf_adds(&detail, lkb_status_str(rc));
		oc = s->dry_run_dir ? SMTP_UNREACHABLE : SMTP_TEMPFAIL;
	}
	rc = settle(s, &r, oc, detail.len ? detail.buf : NULL);
	store_outbox_row_release(&r);
	strbuf_release(&detail);
	return rc == LKB_OK ? 1 : rc;
}

/* [smtp] resend_uncertain_after: rows held in `sending` that long go
 * again (the run lock makes sure no other process is sending them). */
static int
resend_held(struct bot_ctx *ctx)
{
	long wait = ctx->set->smtp.resend_uncertain_after;
	int64_t now = (int64_t)time(NULL), n = 0;
	int rc;

	if (wait <= 0)
		return LKB_OK;
	rc = store_outbox_requeue_held(ctx->st, now - wait, now,
				       LKB_MAX_SEND_ATTEMPTS, &n);
	if (rc == LKB_OK && n)
		lkb_warn("%lld outbox rows held in state sending for over "
			 "%ld s ([smtp] resend_uncertain_after) are sent "
			 "again", (long long)n, wait);
	return rc;
}

static int
sender_init(struct sender *s, struct bot_ctx *ctx, const char *dry_run_dir)
{
	int64_t stuck;
	int rc;

	memset(s, 0, sizeof(*s));
	s->ctx = ctx;
	s->dry_run_dir = dry_run_dir ? dry_run_dir
				     : ctx->set->smtp.dry_run_dir;
	if (s->dry_run_dir && !*s->dry_run_dir)
		s->dry_run_dir = NULL;
	/* held by nobody else under the run lock: 0 cannot stop us */
	if ((rc = send_lock_try(ctx->db_path, &s->send_lock)) < 0)
		return rc;
	if ((rc = resend_held(ctx)) != LKB_OK ||
	    (rc = outbox_report_stuck(ctx->st, &stuck)) != LKB_OK)
		return rc;
	s->stats.stuck = (int)stuck;
	if (!s->dry_run_dir) {
		if ((rc = outbox_smtp_conf(&s->smtp, ctx->set)) != LKB_OK)
			return rc;
		s->smtp_loaded = 1;
	}
	return LKB_OK;
}

static void
sender_release(struct sender *s, struct outbox_stats *stats_out)
{
	if (s->smtp_loaded)
		smtp_conf_release(&s->smtp);
	run_lock_release(s->send_lock);
	s->send_lock = NULL;
	if (stats_out)
		*stats_out = s->stats;
}

/* Sent rows of class cls (enum outbox_class) in the last hour. */
static int
sent_last_hour(struct sender *s, int cls, int64_t now, int64_t *n_out)
{
	struct outbox_window w = { now - 3600, now, 1, 0, cls, NULL };

	return store_outbox_count_window(s->ctx->st, &w, n_out);
}

/* Set s->budget from what was sent in the last hour: answers to
 * outsiders count against [bot] max_outsider_per_hour (and
 * max_per_sender), never against max_per_hour; answers to the
 * maintainers and the LKP team have a max_per_hour of their own, which
 * no one else's answers use up (issue 36 row 8). 1 while something may
 * still be sent, 0 when nothing may, -1 on error. */
static int
rate_allows(struct sender *s)
{
	long max = s->ctx->set->bot.max_per_hour;
	long omax = s->ctx->set->bot.max_outsider_per_hour;
	int64_t now = (int64_t)time(NULL), n = 0, o = 0, t = 0;

	if ((max > 0 &&
	     (sent_last_hour(s, OUTBOX_CLASS_MEMBERS, now, &n) != LKB_OK ||
	      sent_last_hour(s, OUTBOX_CLASS_TEAM, now, &t) != LKB_OK)) ||
	    (omax > 0 &&
	     sent_last_hour(s, OUTBOX_CLASS_OUTSIDERS, now, &o) != LKB_OK))
		return -1;
	s->budget.team_ok = max <= 0 || t < max;
	s->budget.members_ok = max <= 0 || n < max;
	s->budget.outsiders_ok = omax <= 0 || o < omax;
	s->budget.per_sender = s->ctx->set->bot.max_per_sender;
	s->budget.since = now - 3600;
	return s->budget.team_ok || s->budget.members_ok ||
	       s->budget.outsiders_ok;
}

int
outbox_send_due(struct bot_ctx *ctx, const struct run_opts *o,
		struct outbox_stats *stats_out)
{
	long deadline = run_left(o->end, ctx->set->smtp.deadline);
	time_t end = time(NULL) + deadline;
	struct sender s;
	int64_t waiting;
	int rc, ok;

	if ((rc = sender_init(&s, ctx, o->dry_run_dir)) != LKB_OK)
		goto out;
	while ((ok = rate_allows(&s)) == 1 && (rc = send_one(&s, 0)) == 1) {
		/* a slow server cannot hold the stage (and the lock) */
		if (time(NULL) >= end) {
			lkb_warn("send: past its deadline of %ld s ([smtp] "
				 "deadline); the rest waits for the next run",
				 deadline);
			break;
		}
	}
	if (ok < 0)
		rc = LKB_ERR_DB;
	if (rc >= 0)
		rc = LKB_OK;
	if (rc == LKB_OK &&
	    store_outbox_count(ctx->st, OUTBOX_PENDING, &waiting) == LKB_OK) {
		s.stats.waiting = (int)waiting;
		if (ok >= 0 && waiting && (!s.budget.team_ok ||
					   !s.budget.members_ok ||
					   !s.budget.outsiders_ok))
			lkb_warn("hourly answer budget ([bot] max_per_hour, "
				 "max_outsider_per_hour, max_per_sender) used; "
				 "%lld wait for the next run",
				 (long long)waiting);
	}
out:
	sender_release(&s, stats_out);
	return rc;
}

int
outbox_send_one(struct bot_ctx *ctx, int64_t id, int force,
		const char *dry_run_dir, struct outbox_stats *stats_out)
{
	struct store_outbox_row r;
	struct sender s;
	int rc;

	memset(&s, 0, sizeof(s));
	rc = store_outbox_get(ctx->st, id, 0, &r);
	if (rc <= 0) {
		if (rc == 0)
			lkb_error("no outbox row %lld", (long long)id);
		return rc == 0 ? LKB_ERR_NOT_FOUND : rc;
	}
	store_outbox_row_release(&r);
	/* sent stays sent; sending needs --force; failed/pending go now */
	if ((rc = store_outbox_requeue(ctx->st, id, force,
				       (int64_t)time(NULL))) != LKB_OK) {
		if (rc == LKB_ERR_USAGE)
			lkb_error("outbox row %lld is sent, or in state "
				  "sending (then --force sends it again)",
				  (long long)id);
		return rc;
	}
	if ((rc = sender_init(&s, ctx, dry_run_dir)) == LKB_OK) {
		rc = send_one(&s, id);
		rc = rc == 1 ? LKB_OK : rc == 0 ? LKB_ERR_NOT_FOUND : rc;
	}
	sender_release(&s, stats_out);
	return rc;
}
