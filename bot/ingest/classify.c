/* classify.c - robot detection, raw-keeping policy, ingest hooks. */
#include "config.h"
#include "bot/ingest/classify.h"

#include <string.h>
#include <stddef.h>
#include <stdlib.h>
#include <strings.h>

#include "bot/report/stored.h"
#include "lib/arena.h"
#include "lib/ascii.h"
#include "lib/compiler.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
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

/* "#lkp" or "#LKP" in hay: one memchr pass for '#' (rare outside code)
 * instead of two memmem passes over every body. */
static int
contains_lkp_tag(const char *hay, size_t len)
{
	const char *p = hay, *end = hay + len;

	while (end - p >= 4 && (p = memchr(p, '#', (size_t)(end - p - 3)))) {
		if (!memcmp(p + 1, "lkp", 3) || !memcmp(p + 1, "LKP", 3))
			return 1;
		p++;
	}
	return 0;
}

/* needle on a line of hay that does not start with '>' (not quoted). */
static int
contains_unquoted(const char *hay, size_t len, const char *needle)
{
	const char *p = hay, *end = hay + len, *s;
	size_t n = strlen(needle);

	while (hay && (p = memmem(p, (size_t)(end - p), needle, n))) {
		for (s = p; s > hay && s[-1] != '\n'; s--)
			;
		while (s < p && (*s == ' ' || *s == '\t'))
			s++;
		if (*s != '>')
			return 1;
		p += n;
	}
	return 0;
}

/* A reply to a patch saying it was applied, queued or is in for-next
 * (outside quotes): it may decide a report from outside the report's
 * thread (issue 34), below a fix patch the bot kept. */
static int
may_apply_fix(const struct message *m)
{
	if (!m->subject || !m->in_reply_to || !strstr(m->subject, "PATCH"))
		return 0;
	return contains_unquoted(m->body, m->body_len, "pplied") ||
	       contains_unquoted(m->body, m->body_len, "queued") ||
	       contains_unquoted(m->body, m->body_len, "for-next");
}

int
classify_keep_raw_local(const struct message *m, int is_robot)
{
	if (is_robot || subject_looks_lkp(m->subject))
		return CLASSIFY_KEEP;
	if ((m->body && contains_lkp_tag(m->body, m->body_len)) ||
	    contains(m->body, m->body_len, "test robot") ||
	    contains(m->body, m->body_len, "lore.kernel.org/oe-lkp"))
		return CLASSIFY_KEEP;
	/* a pull request: its shortlog may carry a fix patch */
	if (!m->in_reply_to && m->subject && strstr(m->subject, "GIT PULL"))
		return CLASSIFY_KEEP;
	if (!m->in_reply_to && !m->nreferences)
		return CLASSIFY_DROP;
	return may_apply_fix(m) ? CLASSIFY_ASK_KEPT : CLASSIFY_ASK_THREAD;
}

void
ingest_hooks_prepare(struct ingest_hooks_prep *p, const struct message *m)
{
	memset(p, 0, sizeof(*p));
	arena_init(&p->a);
	if (!classify_is_robot(m) || m->quality == MSG_REJECTED)
		return;
	p->report_rc = report_parse_mail(&p->a, m, &p->report);
	if (p->report_rc <= 0)
		p->report = NULL;
}

/* Robot mail: store the report parsed by ingest_hooks_prepare. */
int
ingest_hooks_store(struct store *st, int64_t msg_id,
		   const struct ingest_hooks_prep *p,
		   uint64_t *reports)
{
	int rc;

	if (p->report_rc < 0) {
		/* a parser failure loses nothing: the raw mail is kept */
		lkb_warn("message %lld: report parser failed: %s",
			 (long long)msg_id, lkb_status_str(p->report_rc));
		return LKB_OK;
	}
	if (!p->report)
		return LKB_OK;
	/* no JSON: report_stored_json makes it from the kept mail */
	rc = store_report_add(st, msg_id, p->report, NULL, NULL);
	if (rc == LKB_OK)
		(*reports)++;
	return rc;
}

void
ingest_hooks_release(struct ingest_hooks_prep *p)
{
	p->report = NULL;
	arena_release(&p->a);
}

int
ingest_hooks_run(struct store *st, int64_t msg_id, const struct message *m,
		 uint64_t *reports)
{
	struct ingest_hooks_prep p;
	int rc;

	ingest_hooks_prepare(&p, m);
	rc = ingest_hooks_store(st, msg_id, &p, reports);
	ingest_hooks_release(&p);
	return rc;
}
