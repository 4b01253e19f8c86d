/* requests_mail.c - the answer mails of the request stage. */
#include "config.h"
#include "bot/requests/requests-internal.h"

#include <stdio.h>

#include "bot/outbox/answer.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
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

int
requests_mail(const struct answerer *aw, const struct store_request_rec *r,
	      const char *kind, const struct tvalue *data)
{
	char what[64], reqid[64];
	struct answer an = {
		.template = kind, .data = data, .request_id = reqid,
		.msg_id = r->msg_id, .report_id = r->report_id,
		.what = what,
		/* issue 36 row 8: the class triage found, an unproven
		 * maintainer's an outsider's (alone, on their budgets) */
		.to = r->outsider ? ANSWER_OUTSIDER : ANSWER_THREAD,
		.team = r->pool == REQ_POOL_TEAM && !r->outsider,
	};
	int64_t id;
	int rc;

	snprintf(what, sizeof(what), "request %lld", (long long)r->id);
	snprintf(reqid, sizeof(reqid), "request-%lld", (long long)r->id);
	rc = answer_queue(aw, &an, &id);
	if (rc == LKB_OK && id)
		lkb_info("request %lld: %s answer queued (outbox %lld)",
			 (long long)r->id, kind, (long long)id);
	return rc;
}
