/* classify.c - robot detection, raw-keeping policy, ingest hooks. */
#include "config.h"
#include "bot/classify.h"

#include <string.h>
#include <strings.h>

#include "bot/ingest.h"
#include "lib/status.h"
#include "parsers/message.h"

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
ingest_hooks_run(struct store *st, int64_t msg_id, const struct message *m,
		 struct ingest_stats *stats)
{
	(void)st;
	(void)msg_id;
	(void)m;
	(void)stats;
	return LKB_OK;
}
