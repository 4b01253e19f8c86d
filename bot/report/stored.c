/* stored.c - a stored report, parsed again from its kept mail. */
#include "config.h"
#include "bot/report/stored.h"

#include <stdlib.h>

#include "bot/report/json.h"
#include "lib/arena.h"
#include "lib/log.h"
#include "lib/status.h"
#include "parsers/lkp_report.h"
#include "parsers/message.h"
#include "state/store_report.h"

int
report_parse_mail(struct arena *a, const struct message *m,
		  struct lkp_report **r_out)
{
	struct lkp_report_part *parts;
	struct lkp_report_input in = { 0 };
	const struct mime_part *p;
	size_t n = 0;

	*r_out = NULL;
	parts = arena_calloc(a, m->nparts ? m->nparts : 1, sizeof(*parts));
	in.subject = m->subject;
	in.from_name = m->from.name;
	in.from_addr = m->from.addr;
	in.message_id = m->message_id;
	in.date = m->date;
	in.body = m->body ? m->body : "";
	in.body_len = m->body ? m->body_len : 0;
	for (p = m->parts; p && n < m->nparts; p = p->next) {
		if (p->text == m->body)
			continue;	/* the body itself */
		parts[n].name = p->filename;
		parts[n].text = p->text;
		parts[n].len = p->len;
		n++;
	}
	in.parts = parts;
	in.nparts = n;
	return lkp_report_parse(a, &in, r_out);
}

int
report_stored_json(struct store *st, int64_t id, char **json_out)
{
	struct arena a = ARENA_INIT;
	struct message *m = NULL;
	struct lkp_report *r = NULL;
	char *raw = NULL;
	size_t len = 0;
	int64_t msg_id;
	int rc;

	if ((rc = store_report_json(st, id, json_out)) != 0)
		return rc;
	if ((rc = store_report_msg_id(st, id, &msg_id)) != 1)
		return rc;
	if ((rc = store_message_raw(st, msg_id, &raw, &len)) <= 0) {
		if (rc == 0)
			lkb_error("report %lld: its mail (message %lld) was not "
				  "kept", (long long)id, (long long)msg_id);
		return rc < 0 ? rc : LKB_ERR_NOT_FOUND;
	}
	/* parsed as ingest_job_new parses it */
	rc = message_parse_flags(raw, len, MESSAGE_USED_FIELDS, &m);
	if (rc == LKB_OK && m && m->quality != MSG_REJECTED)
		rc = report_parse_mail(&a, m, &r);
	if (rc == 1 && r) {
		*json_out = report_json_dump_compact(r, 0);
		rc = *json_out ? 1 : LKB_ERR_NOMEM;
	} else {
		lkb_error("report %lld: its mail (message %lld) no longer "
			  "parses as a report; try lkpbot reparse",
			  (long long)id, (long long)msg_id);
		rc = rc < 0 ? rc : LKB_ERR_NOT_FOUND;
	}
	message_free(m);
	arena_release(&a);
	free(raw);
	return rc;
}
