/* stored.c - a stored report, parsed again from its kept mail. */
#include "config.h"
#include "bot/report/stored.h"

#include <stdlib.h>
#include <string.h>

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
report_stored_load(struct store *st, int64_t id, struct stored_report *out)
{
	size_t len = 0;
	int64_t msg_id;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = store_report_msg_id(st, id, &msg_id)) != 1)
		return rc;
	if ((rc = store_message_raw(st, msg_id, &out->raw, &len)) <= 0) {
		if (rc == 0)
			lkb_error("report %lld: its mail (message %lld) was not "
				  "kept", (long long)id, (long long)msg_id);
		return rc < 0 ? rc : LKB_ERR_NOT_FOUND;
	}
	/* parsed as ingest_job_new parses it */
	rc = message_parse_flags(out->raw, len, MESSAGE_USED_FIELDS, &out->m);
	if (rc == LKB_OK && out->m && out->m->quality != MSG_REJECTED)
		rc = report_parse_mail(&out->a, out->m, &out->r);
	if (rc == 1 && out->r)
		return 1;
	lkb_error("report %lld: its mail (message %lld) no longer parses as a "
		  "report; try lkpbot reparse", (long long)id,
		  (long long)msg_id);
	out->r = NULL;
	return rc < 0 ? rc : LKB_ERR_NOT_FOUND;
}

void
report_stored_release(struct stored_report *sr)
{
	message_free(sr->m);
	arena_release(&sr->a);
	free(sr->raw);
	memset(sr, 0, sizeof(*sr));
}

size_t
report_kv_unique(const struct lkp_kv *kv, size_t n, struct lkp_kv *out)
{
	size_t k = 0, j;

	for (size_t i = 0; i < n; i++) {
		if (!kv[i].key)
			continue;
		for (j = 0; j < k && strcmp(out[j].key, kv[i].key); j++)
			;
		if (j == k)
			out[k++].key = kv[i].key;
		out[j].value = kv[i].value;
	}
	return k;
}

int
report_stored_json(struct store *st, int64_t id, char **json_out)
{
	struct stored_report sr;
	int rc;

	if ((rc = store_report_json(st, id, json_out)) != 0)
		return rc;
	rc = report_stored_load(st, id, &sr);
	if (rc == 1) {
		*json_out = report_json_dump_compact(sr.r, 0);
		rc = *json_out ? 1 : LKB_ERR_NOMEM;
	}
	report_stored_release(&sr);
	return rc;
}
