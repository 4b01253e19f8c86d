/* outbox-enqueue.c - test tool: render, compose and enqueue one answer
 * the way the render stage does (outbox_enqueue_mail), from a JSON job:
 *
 *   outbox-enqueue CONFIG DB JOB.json
 *
 * JOB.json: {"template": "ack", "data": {...}, "kind": "ack",
 *   "request_id": "42", "thread_id": 1, "to": {"name": .., "address": ..},
 *   "cc": ["a@b", ...], "subject": "...", "parent_id": "...",
 *   "references": ["...", ...]}
 * Prints "ID new" or "ID existing". Exit 0 on success, 1 on failure.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bot/core/settings.h"
#include "bot/ingest/sync.h"
#include "bot/outbox/outbox.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "parsers/conf.h"
#include "state/store.h"
#include "templates/tpl_set.h"
#include "templates/tvalue.h"
#include "templates/tvalue_json.h"

static const char *
jstr(json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* Borrowed strings of a JSON array of strings; returns the count. */
static size_t
jlist(json_t *a, const char **out, size_t max)
{
	size_t n = 0, i;
	json_t *x;

	json_array_foreach(a, i, x) {
		if (n < max && json_is_string(x))
			out[n++] = json_string_value(x);
	}
	return n;
}

int
main(int argc, char **argv)
{
	const char *cc[LKB_MAX_RECIPIENTS], *refs[LKB_MAX_REFERENCES];
	struct strbuf err = STRBUF_INIT;
	struct config *cfg = config_new();
	struct store *st = NULL;
	struct tpl_set *set = NULL;
	struct settings settings;
	struct tvalue *data = NULL;
	struct outbox_mail m;
	json_error_t jerr;
	json_t *job = NULL, *to;
	char *dump = NULL;
	int64_t id;
	int is_new, rc = 1;

	if (argc != 4) {
		fprintf(stderr, "usage: outbox-enqueue CONFIG DB JOB.json\n");
		return 2;
	}
	if (config_load_file(cfg, argv[1]) != LKB_OK ||
	    store_open(argv[2], STORE_RW, &st) != LKB_OK)
		goto out;
	job = json_load_file(argv[3], 0, &jerr);
	if (!job) {
		fprintf(stderr, "%s:%d: %s\n", argv[3], jerr.line, jerr.text);
		goto out;
	}
	dump = json_dumps(json_object_get(job, "data"), JSON_COMPACT);
	if (!dump || tvalue_from_json("data", dump, strlen(dump), &data,
				      &err) != LKB_OK) {
		fprintf(stderr, "bad data: %s\n", err.buf);
		goto out;
	}
	memset(&m, 0, sizeof(m));
	to = json_object_get(job, "to");
	m.template = jstr(job, "template");
	m.data = data;
	m.kind = jstr(job, "kind");
	m.request_id = jstr(job, "request_id");
	m.thread_id = json_integer_value(json_object_get(job, "thread_id"));
	m.to.name = jstr(to, "name");
	m.to.addr = jstr(to, "address");
	m.cc = cc;
	m.ncc = jlist(json_object_get(job, "cc"), cc, LKB_MAX_RECIPIENTS - 1);
	m.subject = jstr(job, "subject");
	m.parent_id = jstr(job, "parent_id");
	m.parent_refs = refs;
	m.nparent_refs = jlist(json_object_get(job, "references"), refs,
			       LKB_MAX_REFERENCES);
	if (settings_load_with(&settings, cfg, sync_source_key_at) != LKB_OK)
		goto out;
	set = outbox_templates(&settings);
	if (outbox_enqueue_mail(st, &settings, set, &m, &id, &is_new) !=
	    LKB_OK)
		goto out;
	printf("%lld %s\n", (long long)id, is_new ? "new" : "existing");
	rc = 0;
out:
	free(dump);
	json_decref(job);
	tvalue_free(data);
	tpl_set_free(set);
	store_close(st);
	config_free(cfg);
	strbuf_release(&err);
	return rc;
}
