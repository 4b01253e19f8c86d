/* json_out.h - printing machine output (doc/style.md R30). */
#ifndef LKB_BOT_CORE_JSON_OUT_H
#define LKB_BOT_CORE_JSON_OUT_H

#include <jansson.h>

/* Version of every --json document; bump on incompatible change. */
#define LKB_JSON_FORMAT_VERSION 1

/* A new object holding "format_version". Caller owns the reference. */
json_t *json_out_doc(void);
/* Print o to stdout, indented, keys in insertion order, then "\n". */
void json_out_print(const json_t *o);
/* json_string() that maps NULL to JSON null. New reference. */
json_t *json_out_str(const char *s);
/* ISO 8601 UTC ("2024-10-14T07:36:00Z") or null for t < 0. */
json_t *json_out_date(long long t);

#endif
