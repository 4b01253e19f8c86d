/* web_json.c - index.json: the index as JSON, for scripts (web.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bot/core/json_out.h"
#include "bot/web/web-internal.h"
#include "lib/status.h"

/* A string member; NULL becomes null, text jansson refuses (invalid
 * UTF-8 the store should never hold) null too. */
static void
set_str(json_t *o, const char *key, const char *v)
{
	json_t *s = v ? json_string(v) : NULL;

	json_object_set_new(o, key, s ? s : json_null());
}

static json_t *
one(const struct web_report *r)
{
	json_t *o = json_object();

	json_object_set_new(o, "id", json_integer(r->id));
	set_str(o, "message_id", r->message_id);
	set_str(o, "subject", r->subject);
	set_str(o, "bucket", report_bucket_name(r->bucket));
	json_object_set_new(o, "review", json_boolean(r->review));
	set_str(o, "state", r->state);
	set_str(o, "close_reason", r->close_reason);
	set_str(o, "unverified", r->unverified);
	set_str(o, "who", r->who);
	set_str(o, "author", r->author);
	set_str(o, "subsystem", r->subsystem);
	set_str(o, "subsystem_from", r->subsystem_from);
	set_str(o, "kind", r->kind);
	set_str(o, "tree", r->tree);
	set_str(o, "branch", r->branch);
	set_str(o, "testcase", r->testcase);
	set_str(o, "metric", r->metric);
	json_object_set_new(o, "change_pct", r->has_pct ? json_real(r->pct)
							: json_null());
	set_str(o, "verdict", r->verdict);
	set_str(o, "commit", r->sha);
	json_object_set_new(o, "date", json_out_date(r->date));
	json_object_set_new(o, "last_activity", json_out_date(r->last));
	return o;
}

int
web_index_json(struct web *w, struct web_report *const *order)
{
	json_t *doc = json_out_doc(), *arr = json_array();
	struct strbuf sb = STRBUF_INIT;
	char *text;
	int rc;

	json_object_set_new(doc, "newest_mail", json_out_date(w->newest));
	json_object_set_new(doc, "reports", arr);
	for (size_t i = 0; i < w->nrep; i++)
		json_array_append_new(arr, one(order[i]));
	text = json_dumps(doc, JSON_PRESERVE_ORDER | JSON_COMPACT);
	json_decref(doc);
	if (!text)
		return LKB_ERR_NOMEM;
	strbuf_adds(&sb, text);
	strbuf_addch(&sb, '\n');
	free(text);
	rc = web_put(w, "index.json", &sb);
	strbuf_release(&sb);
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}
