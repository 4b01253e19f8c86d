/* classify.c - robot detection, raw-keeping policy, ingest hooks. */
#include "config.h"
#include "bot/classify.h"

#include <string.h>
#include <stddef.h>
#include <stdlib.h>
#include <strings.h>

#include "bot/ingest.h"
#include "bot/report_json.h"
#include "lib/arena.h"
#include "lib/ascii.h"
#include "lib/compiler.h"
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

/* A subject of an LKP thread: "[LKP]", or "<sha10>: ... regression"
 * / "improvement" as the robot writes them (replies keep it). */
static int
subject_looks_lkp(const char *s)
{
	const char *p;

	if (!s)
		return 0;
	if (strstr(s, "[LKP]") || strstr(s, "test robot"))
		return 1;
	if (!strstr(s, " regression") && !strstr(s, " improvement") &&
	    !strstr(s, "BUILD "))
		return 0;
	for (p = s; (p = strchr(p, ':')) != NULL; p++) {
		size_t k = 0;

		while (k < 10 && p - s > (ptrdiff_t)k &&
		       LKB_ISXDIGIT(p[-1 - (ptrdiff_t)k]))
			k++;
		if (k == 10)
			return 1;
	}
	return 0;
}

int
classify_keep_raw(struct store *st, const struct message *m, int is_robot)
{
	const char *ids[LKB_MAX_REFERENCES + 1];
	size_t n = 0;
	int rc;

	if (is_robot || subject_looks_lkp(m->subject))
		return 1;
	if (contains(m->body, m->body_len, "#lkp") ||
	    contains(m->body, m->body_len, "#LKP") ||
	    contains(m->body, m->body_len, "test robot") ||
	    contains(m->body, m->body_len, "lore.kernel.org/oe-lkp"))
		return 1;
	if (!m->in_reply_to && !m->nreferences)
		return 0;
	/* a reply in a thread that holds a report */
	ids[n++] = m->in_reply_to;
	for (size_t i = 0; i < m->nreferences && n < LKB_ARRAY_SIZE(ids); i++)
		ids[n++] = m->references[i];
	rc = store_thread_has_report(st, ids, n);
	return rc != 0;	/* on error keep the bytes: nothing lost */
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
	json = report_json_dump_compact(r, 0);
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
