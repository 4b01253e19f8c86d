/* requests_mail.c - the answer mails of the request stage. */
#include "config.h"
#include "bot/requests/requests-internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "bot/core/ctx.h"
#include "bot/outbox/address.h"
#include "bot/outbox/loop.h"
#include "bot/outbox/outbox.h"
#include "lib/arena.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/conf.h"
#include "state/store.h"
#include "state/store_triage.h"
#include "templates/tvalue.h"

static struct tvalue *
report_value(const struct report_axes *ra)
{
	struct tvalue *rep = tvalue_new_map(), *commits = tvalue_new_list();
	struct strbuf sb = STRBUF_INIT;
	char id[32];

	snprintf(id, sizeof(id), "%lld", (long long)ra->report_id);
	tvalue_map_set_str(rep, "id", id);
	tvalue_map_set_str(rep, "subject", ra->subject ? ra->subject : "");
	if (ra->commit.sha) {
		struct tvalue *c = tvalue_new_map();

		if (strbuf_addf(&sb, "%.12s", ra->commit.sha))
			strbuf_reset(&sb);
		tvalue_map_set_str(c, "sha", sb.buf);
		strbuf_reset(&sb);
		if (ra->commit.subject &&
		    strbuf_addf(&sb, "(\"%s\")", ra->commit.subject))
			strbuf_reset(&sb);
		tvalue_map_set_str(c, "title", sb.buf);
		tvalue_list_push(commits, c);
		strbuf_reset(&sb);
	}
	tvalue_map_set(rep, "commits", commits);
	for (size_t i = 0; i < ra->axes.nparams; i++) {
		const struct compare_param *pa = &ra->axes.params[i];

		if ((sb.len && strbuf_addch(&sb, ' ')) ||
		    strbuf_addf(&sb, "%s=%s", pa->key,
				pa->value ? pa->value : ""))
			break;
	}
	tvalue_map_set_str(rep, "params", sb.buf);
	strbuf_release(&sb);
	return rep;
}

struct tvalue *
requests_mail_data(const struct report_axes *ra, const char *method,
		   const char *again)
{
	struct tvalue *d = tvalue_new_map();

	tvalue_map_set_str(d, "quoted", "");
	tvalue_map_set(d, "report", report_value(ra));
	tvalue_map_set_str(d, "method", method);
	tvalue_map_set_str(d, "again", again ? again : "");
	tvalue_map_set_str(d, "version", PACKAGE_VERSION);
	return d;
}

/* Split the space-separated References into v. */
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

int
requests_mail(struct bot_ctx *ctx, struct tpl_set *set,
	      const struct store_request_rec *r, const char *kind, const struct tvalue *data)
{
	const char *cc[ANSWER_MAX_CC];
	const char *refs[LKB_MAX_REFERENCES];
	struct answer_addressing ad;
	struct loop_policy lp;
	enum loop_verdict v;
	struct arena a = ARENA_INIT;
	struct store_msg ask;
	struct outbox_mail m;
	char key[32], *reqid = NULL;
	int64_t id;
	int is_new, rc;

	memset(&ask, 0, sizeof(ask));
	if (!r->msg_id)
		return LKB_OK;
	snprintf(key, sizeof(key), "%lld", (long long)r->msg_id);
	rc = store_message_get(ctx->st, key, &ask);
	if (rc <= 0) {
		lkb_warn("request %lld: its message %lld is gone; no answer",
			 (long long)r->id, (long long)r->msg_id);
		return rc < 0 ? rc : LKB_OK;
	}
	if ((rc = answer_addressing_load(&ad, ctx->set)) != LKB_OK ||
	    (rc = loop_policy_load(&lp, ctx->set)) != LKB_OK ||
	    (rc = loop_check_rate(ctx->st, &lp, r->pool == REQ_POOL_TEAM,
				  ask.thread_id,
				  (int64_t)time(NULL), &v)) != LKB_OK) {
		store_msg_release(&ask);
		return rc;
	}
	/* request answers obey the thread limit like every answer; past
	 * the hourly one they wait in the outbox for the send stage */
	if (v == LOOP_RATE_THREAD) {
		lkb_warn("request %lld: %s answer not queued: %s",
			 (long long)r->id, kind, loop_verdict_name(v));
		store_msg_release(&ask);
		return LKB_OK;
	}
	memset(&m, 0, sizeof(m));
	m.template = kind;
	m.data = data;
	m.kind = kind;
	reqid = xasprintf("request-%lld", (long long)r->id);
	m.request_id = reqid;
	m.thread_id = ask.thread_id;
	m.report_id = r->report_id;
	m.to.name = ask.from_name;
	m.to.addr = ask.from_addr ? ask.from_addr : r->asker;
	m.cc = cc;
	m.ncc = answer_pick_cc_stored(&ad, ctx->st, &a, m.to.addr,
				      ask.to_addrs, ask.cc_addrs,
				      r->report_id, cc, ANSWER_MAX_CC);
	m.subject = ask.subject;
	m.parent_id = ask.message_id;
	m.parent_refs = refs;
	m.nparent_refs = split_refs(ask.refs, refs, LKB_ARRAY_SIZE(refs));
	m.team = r->pool == REQ_POOL_TEAM;	/* issue 36 row 8 */
	rc = outbox_enqueue_mail(ctx->st, ctx->set, set, &m, &id, &is_new);
	if (rc == LKB_OK && is_new)
		lkb_info("request %lld: %s answer queued (outbox %lld)",
			 (long long)r->id, kind, (long long)id);
	free(reqid);
	store_msg_release(&ask);
	arena_release(&a);
	return rc;
}
