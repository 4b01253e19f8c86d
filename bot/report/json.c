/* json.c - struct lkp_report to the JSON contract: the rows of
 * fields.h, in order. */
#include "config.h"
#include "bot/report/json.h"

#include <stdlib.h>

#include "bot/report/fields.h"

json_t *
report_json_build(const struct lkp_report *r, int64_t id)
{
	json_t *o = json_object(), *into;

	json_object_set_new(o, "format_version",
			    json_integer(REPORT_JSON_FORMAT_VERSION));
	json_object_set_new(o, "id", id ? json_integer(id) : json_null());
	for (size_t i = 0; i < report_nfields; i++) {
		const struct report_field *f = &report_fields[i];

		if (!f->key)
			continue;
		/* a nested object ("commit", "tags") sits where its first
		 * member's row is */
		into = f->in ? json_object_get(o, f->in) : o;
		if (!into) {
			into = json_object();
			json_object_set_new(o, f->in, into);
		}
		json_object_set_new(into, f->key, report_field_json(r, f));
	}
	return o;
}

static char *
dump(const struct lkp_report *r, int64_t id, size_t flags)
{
	json_t *o = report_json_build(r, id);
	char *s;

	if (!o)
		return NULL;
	s = json_dumps(o, flags);
	json_decref(o);
	return s;
}

char *
report_json_dump(const struct lkp_report *r, int64_t id)
{
	return dump(r, id, REPORT_JSON_DUMP_FLAGS);
}

char *
report_json_dump_compact(const struct lkp_report *r, int64_t id)
{
	return dump(r, id, REPORT_JSON_COMPACT_FLAGS);
}
