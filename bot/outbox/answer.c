/* answer.c - template data shared by every answer (triage, preview). */
#include "config.h"
#include "bot/outbox/answer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bot/report/stored.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "state/store.h"
#include "state/store_report.h"
#include "state/store_triage.h"
#include "templates/tvalue.h"

/* The report part every answer carries (templates/_footer.tmpl). */
struct tvalue *
answer_report_value(struct store *st, int64_t report_id)
{
	struct tvalue *rep = tvalue_new_map(), *commits = tvalue_new_list();
	struct store_report_brief b;
	struct strbuf params = STRBUF_INIT;
	char *text = NULL, id[32];
	json_t *doc = NULL, *v;
	const char *k;

	snprintf(id, sizeof(id), "%lld", (long long)report_id);
	tvalue_map_set_str(rep, "id", id);
	tvalue_map_set(rep, "commits", commits);
	if (store_report_brief_get(st, report_id, &b) != 1) {
		tvalue_map_set_str(rep, "subject", "");
		tvalue_map_set_str(rep, "params", "");
		return rep;
	}
	tvalue_map_set_str(rep, "subject", b.subject ? b.subject : "");
	if (report_stored_json(st, report_id, &text) == 1)
		doc = json_loads(text, 0, NULL);
	if (b.commit_sha) {
		struct tvalue *c = tvalue_new_map();
		const char *subj = json_string_value(json_object_get(
			json_object_get(doc, "commit"), "subject"));
		char *title = subj ? xasprintf("(\"%s\")", subj) : xstrdup("");

		tvalue_map_set_str(c, "sha", b.commit_sha);
		tvalue_map_set_str(c, "title", title);
		tvalue_list_push(commits, c);
		free(title);
	}
	json_object_foreach(json_object_get(doc, "params"), k, v) {
		if (json_is_string(v) &&
		    strbuf_addf(&params, "%s%s=%s", params.len ? " " : "", k,
				json_string_value(v)))
			break;
	}
	tvalue_map_set_str(rep, "params", params.buf);
	strbuf_release(&params);
	json_decref(doc);
	free(text);
	store_report_brief_release(&b);
	return rep;
}

