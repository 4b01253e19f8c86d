/* requests_mail.c - the answer mails of the request stage. */
#include "config.h"
#include "bot/requests/requests-internal.h"

#include <stdio.h>

#include "bot/outbox/answer.h"
#include "lib/log.h"
#include "lib/status.h"
#include "templates/tvalue.h"

struct tvalue *
requests_mail_data(const struct answerer *aw,
		   const struct store_request_rec *r, const char *method,
		   const char *again)
{
	return answer_data_new(aw->st, r->report_id, "", method,
			       again ? again : "");
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
