/* classify.c - robot detection, raw-keeping policy, ingest hooks. */
#include "config.h"
#include "bot/classify.h"

#include <string.h>
#include <stdlib.h>
#include <strings.h>

#include "bot/ingest.h"
#include "bot/report_json.h"
#include "lib/arena.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "parsers/lkp_report.h"
#include "parsers/message.h"
#include "state/store_report.h"

int
classify_is_robot(const struct message *m)
{
	const char *n = m->from.name ? m->from.name : "";
	const char *a = m->from.addr ? m->from.addr : "";

	return !strcasecmp(n, "kernel test robot") ||
	       !strcasecmp(n, "kbuild test robot") ||
	       !strcasecmp(a, "lkp@intel.com");
}

static int
contains(const char *hay, size_t len, const char *needle)
{
	return hay && memmem(hay, len, needle, strlen(needle)) != NULL;
}

int
classify_keep_raw(const struct message *m, int is_robot)
{
	if (is_robot || m->in_reply_to || m->nreferences)
		return 1;
	if (contains(m->body, m->body_len, "#lkp") ||
	    contains(m->body, m->body_len, "#LKP") ||
	    contains(m->body, m->body_len, "test robot"))
		return 1;
	return m->subject && (strstr(m->subject, "LKP") ||
			      strstr(m->subject, "lkp"));
}

int
classify_report(struct arena *a, const struct message *m,
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

/* Robot mail: parse the report and store it with its JSON. */
static int
hook_report(struct store *st, int64_t msg_id, const struct message *m,
	    struct ingest_stats *stats)
{
	struct arena a = ARENA_INIT;
	struct lkp_report *r = NULL;
	char *json = NULL;
	int rc;

	rc = classify_report(&a, m, &r);
	if (rc < 0) {
		/* a parser failure loses nothing: the raw mail is kept */
		lkb_warn("message %lld: report parser failed: %s",
			 (long long)msg_id, lkb_status_str(rc));
		rc = LKB_OK;
		goto out;
	}
	if (rc == 0 || !r) {
		rc = LKB_OK;
		goto out;
	}
	json = report_json_dump(r, 0);
	rc = store_report_add(st, msg_id, r, json, NULL);
	if (rc == LKB_OK)
		stats->reports++;
out:
	free(json);
	arena_release(&a);
	return rc;
}

int
ingest_hooks_run(struct store *st, int64_t msg_id, const struct message *m,
		 struct ingest_stats *stats)
{
	if (!classify_is_robot(m) || m->quality == MSG_REJECTED)
		return LKB_OK;
	return hook_report(st, msg_id, m, stats);
}
