/* stored.h - a stored report from its kept mail, parsed as import parses
 * it: as a struct lkp_report for everything inside lkpbot, and as JSON
 * only at the edges (show --json). */
#ifndef LKB_BOT_REPORT_STORED_H
#define LKB_BOT_REPORT_STORED_H

#include <stdint.h>

#include <stddef.h>

#include "lib/arena.h"
#include "lib/compiler.h"

struct lkp_kv;
struct lkp_report;
struct message;
struct store;

/* A stored report, typed: r and its strings live until release. */
struct stored_report {
	struct lkp_report *r;
	struct arena a;		/* holds r */
	struct message *m;	/* the kept mail r was parsed from */
	char *raw;		/* its bytes */
};

/* Parse m as an LKP robot report (body and text attachments): 1 and
 * *r_out (allocated in a), 0 when it is not one, negative on error. */
int report_parse_mail(struct arena *a, const struct message *m,
		      struct lkp_report **r_out) LKB_WARN_UNUSED;

/* Load stored report id from its kept mail: 1 and *out (release with
 * report_stored_release, also after a failure), 0 when there is no such
 * report, negative (logged) when its mail is gone or no longer parses as
 * a report. */
int report_stored_load(struct store *st, int64_t id, struct stored_report *out)
	LKB_WARN_UNUSED;
void report_stored_release(struct stored_report *sr);

/* The pairs of kv as a JSON object holds them: one per key (the last
 * value given for it) at the place of its first appearance, pairs without
 * a key left out. Writes at most n pairs to out; returns how many. */
size_t report_kv_unique(const struct lkp_kv *kv, size_t n,
			struct lkp_kv *out);

/* The compact JSON of stored report id (report_json_dump_compact, id 0):
 * the copy a database of an older lkpbot kept with the report, else made
 * from report_stored_load. For show --json, the edge where a report
 * leaves lkpbot. 1 and *json_out (free()), 0 when there is no such
 * report, negative when its mail is gone or no longer a report. */
int report_stored_json(struct store *st, int64_t id, char **json_out)
	LKB_WARN_UNUSED;

#endif
