/* stored.h - a stored report from its kept mail: parsed as import parses
 * it, and as the compact JSON the views and answers read. */
#ifndef LKB_BOT_REPORT_STORED_H
#define LKB_BOT_REPORT_STORED_H

#include <stdint.h>

#include "lib/arena.h"
#include "lib/compiler.h"

struct lkp_report;
struct message;
struct store;

/* Parse m as an LKP robot report (body and text attachments): 1 and
 * *r_out (allocated in a), 0 when it is not one, negative on error. */
int report_parse_mail(struct arena *a, const struct message *m,
		      struct lkp_report **r_out) LKB_WARN_UNUSED;

/* The compact JSON of stored report id (report_json_dump_compact, id 0):
 * the copy a database of an older lkpbot kept with the report, else made
 * again from the report's kept mail by this lkpbot's parser, as import
 * would have parsed it. 1 and *json_out (free()), 0 when there is no such
 * report, negative when its mail is gone or no longer a report. */
int report_stored_json(struct store *st, int64_t id, char **json_out)
	LKB_WARN_UNUSED;

#endif
