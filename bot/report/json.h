/* json.h - struct lkp_report as the JSON of `lkpbot show --json`
 * and `lkpbot parse --json` ("format_version": 1).
 *
 * Key order is the contract's; numbers are JSON numbers with the value
 * printed in the mail (integers stay integers; reals use the shortest
 * form that gives back the printed text, JSON_REAL_PRECISION(15)).
 * Absent fields are null or empty, never invented.
 */
#ifndef LKB_BOT_REPORT_JSON_H
#define LKB_BOT_REPORT_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <jansson.h>

#include "bot/report/fields.h"
#include "parsers/lkp_report.h"

#define REPORT_JSON_FORMAT_VERSION 1
/* Flags for json_dumps() that keep the printed numbers. */
#define REPORT_JSON_DUMP_FLAGS                                               \
	(JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15))

/* The report object, "format_version" first, then the rows of
 * report_fields (fields.h); id is the store's report
 * id, 0 for none (null). Caller releases with json_decref(). */
json_t *report_json_build(const struct lkp_report *r, int64_t id);

/* The report serialised with REPORT_JSON_DUMP_FLAGS, no final newline.
 * Caller frees with free(). NULL only if jansson fails. */
char *report_json_dump(const struct lkp_report *r, int64_t id);

/* The same, compact (no indentation, REPORT_JSON_COMPACT_FLAGS): the
 * form events keep pasted tables in. Caller frees with free(). */
char *report_json_dump_compact(const struct lkp_report *r, int64_t id);

#define REPORT_JSON_COMPACT_FLAGS                                            \
	(JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15))


#endif
