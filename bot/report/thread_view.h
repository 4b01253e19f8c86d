/* thread_view.h - a report with its thread, events, commands and history,
 * as the JSON documents of `lkpbot thread --json` and `show --json`. */
#ifndef LKB_BOT_REPORT_THREAD_VIEW_H
#define LKB_BOT_REPORT_THREAD_VIEW_H

#include <stdint.h>

#include <jansson.h>

struct store;

/* Resolve REPORT (id | message-id | sha prefix >= 7) to a report id.
 * Logs a clear error and returns an exit code (EXIT_OK when found). */
int thread_view_resolve(struct store *st, const char *key, int64_t *id_out);

/* `thread --json` document (format_version 1). New reference, or NULL
 * after logging an error. */
json_t *thread_view_json(struct store *st, int64_t report_id);

/* `show --json` document: the parsed report plus state, close_reason,
 * duplicate_of, related_commits and history. New reference or NULL. */
json_t *thread_view_show_json(struct store *st, int64_t report_id);

#endif
