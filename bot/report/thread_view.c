/* thread_view.c - report + thread documents for show/thread. */
#include "config.h"
#include "bot/report/thread_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/ctx.h"
#include "bot/core/json_out.h"
#include "bot/report/group.h"
#include "bot/report/noise.h"
#include "bot/report/undone.h"
#include "bot/report/stored.h"
#include "lib/log.h"
#include "lib/status.h"
#include "state/store.h"
#include "state/store_report.h"
#include "state/store_triage.h"

int
thread_view_resolve(struct store *st, const char *key, int64_t *id_out)
{
	char *why = NULL;
	int rc = store_report_find(st, key, id_out, &why);

	if (rc == 1)
		return EXIT_OK;
	if (rc == 0) {
		lkb_error("no report '%s' (give a report id, a Message-ID or "
			  "a commit sha prefix of 7+ digits)", key);
		return EXIT_FAIL;
	}
	if (rc == LKB_ERR_USAGE) {
		lkb_error("'%s' is ambiguous: %s", key, why ? why : "");
		free(why);
		return EXIT_USAGE;
	}
	free(why);
	return ctx_exit_code(rc);
}

/* The event's fields into o (an object), or a new object appended to
 * arg (an array). */
static int
add_event(const struct store_event_row *r, void *arg)
{
	json_t *o = json_is_object((json_t *)arg) ? arg : json_object();

	json_object_set_new(o, "type", json_out_str(r->type));
	json_object_set_new(o, "source", json_out_str(r->source));
	json_object_set_new(o, "evidence", json_out_str(r->evidence));
	if (r->sha)
		json_object_set_new(o, "sha", json_string(r->sha));
	if (r->reason)
		json_object_set_new(o, "reason", json_string(r->reason));
	json_object_set_new(o, "confidence", r->confidence >= 0
			    ? json_real(r->confidence) : json_null());
	/* only events of the review queue: the others stay as they were */
	if (r->review != REVIEW_NONE) {
		json_object_set_new(o, "event_id", json_integer(r->id));
		json_object_set_new(o, "review",
				    json_string(store_review_name(r->review)));
	}
	if (o != arg)
		json_array_append_new(arg, o);
	return 0;
}

static int
add_command(const struct store_command_row *r, void *arg)
{
	json_t *o = json_object();

	json_object_set_new(o, "verb", json_out_str(r->verb));
	json_object_set_new(o, "args", json_out_str(r->args));
	json_object_set_new(o, "allowed", json_boolean(r->allowed));
	json_object_set_new(o, "result", json_out_str(r->result));
	json_array_append_new(arg, o);
	return 0;
}

static int
add_history(const struct store_history_row *r, void *arg)
{
	json_t *o = json_object();

	json_object_set_new(o, "date", json_out_date(r->date));
	json_object_set_new(o, "from_state", json_out_str(r->from_state));
	json_object_set_new(o, "to_state", json_out_str(r->to_state));
	json_object_set_new(o, "reason", json_out_str(r->reason));
	json_object_set_new(o, "cause", json_out_str(r->cause));
	json_array_append_new(arg, o);
	return 0;
}

/* An event of the git watch (source "git:BRANCH"): where a fix or a
 * revert of the report landed. */
static int
add_landed(const struct store_event_row *r, void *arg)
{
	json_t *o;

	if (!r->source || strncmp(r->source, "git:", 4) || r->msg_id)
		return 0;
	o = json_object();
	json_object_set_new(o, "sha", json_out_str(r->sha));
	json_object_set_new(o, "branch", json_string(r->source + 4));
	json_object_set_new(o, "reason", json_out_str(r->reason));
	json_object_set_new(o, "evidence", json_out_str(r->evidence));
	json_array_append_new(arg, o);
	return 0;
}

/* An event of the review queue, pending or decided. */
static int
add_queued(const struct store_event_row *r, void *arg)
{
	json_t *o;

	if (r->review == REVIEW_NONE)
		return 0;
	o = json_object();
	json_object_set_new(o, "event_id", json_integer(r->id));
	json_object_set_new(o, "type", json_out_str(r->type));
	json_object_set_new(o, "source", json_out_str(r->source));
	json_object_set_new(o, "confidence", r->confidence >= 0
			    ? json_real(r->confidence) : json_null());
	json_object_set_new(o, "review",
			    json_string(store_review_name(r->review)));
	json_object_set_new(o, "evidence", json_out_str(r->evidence));
	json_array_append_new(arg, o);
	return 0;
}

/* Events said by mail outside the report's thread (a fix patch of its
 * own, a reply applying it, a pull, the patch's next version): the
 * mail with each, so `show` and `thread` say where and why. */
struct elsewhere {
	struct store *st;
	int64_t thread_id;
	json_t *arr;
	int rc;
};

static int
add_elsewhere(const struct store_event_row *r, void *arg)
{
	struct elsewhere *e = arg;
	struct store_msg m;
	char id[32];
	json_t *o;

	if (r->msg_id <= 0)
		return 0;
	snprintf(id, sizeof(id), "%lld", (long long)r->msg_id);
	if ((e->rc = store_message_get(e->st, id, &m)) <= 0)
		return e->rc < 0;
	e->rc = LKB_OK;
	if (m.thread_id != e->thread_id) {
		o = json_object();
		json_object_set_new(o, "message_id",
				    json_out_str(m.message_id));
		json_object_set_new(o, "from", json_out_str(m.from_addr));
		json_object_set_new(o, "date", json_out_date(m.date));
		json_object_set_new(o, "subject", json_out_str(m.subject));
		(void)add_event(r, o);
		json_array_append_new(e->arr, o);
	}
	store_msg_release(&m);
	return 0;
}

static int
add_related(const char *sha, const char *relation, void *arg)
{
	(void)relation;
	json_array_append_new(arg, json_string(sha));
	return 0;
}

struct msgs_ctx {
	struct store *st;
	int64_t report_id, report_msg, report_date;
	json_t *arr;
	int rc;
};

static int
add_message(const struct store_msg *m, void *arg)
{
	struct msgs_ctx *c = arg;
	json_t *o, *ev, *cmds;

	/* the thread starts at the report: not the patch it answers */
	if (m->id != c->report_msg && m->date >= 0 && c->report_date >= 0 &&
	    m->date < c->report_date)
		return 0;
	o = json_object();
	ev = json_array();
	cmds = json_array();

	json_object_set_new(o, "message_id", json_out_str(m->message_id));
	json_object_set_new(o, "from", json_out_str(m->from_addr));
	json_object_set_new(o, "date", json_out_date(m->date));
	json_object_set_new(o, "subject", json_out_str(m->subject));
	json_object_set_new(o, "events", ev);
	json_object_set_new(o, "commands", cmds);
	json_array_append_new(c->arr, o);
	if ((c->rc = store_event_foreach(c->st, c->report_id, m->id,
					 add_event, ev)) != LKB_OK)
		return 1;
	if ((c->rc = store_command_foreach(c->st, m->id, add_command,
					   cmds)) != LKB_OK)
		return 1;
	return 0;
}

/* state, close_reason, related_commits, duplicate_of, landed, history */
static int
add_state(struct store *st, const struct store_report_brief *b, json_t *doc)
{
	json_t *rel = json_array(), *hist = json_array();
	json_t *landed = json_array();
	struct elsewhere el = { st, b->thread_id, json_array(), LKB_OK };
	int rc;

	json_object_set_new(doc, "state", json_out_str(b->state));
	json_object_set_new(doc, "close_reason", json_out_str(b->close_reason));
	json_object_set_new(doc, "unverified", json_out_str(b->unverified));
	json_object_set_new(doc, "related_commits", rel);
	json_object_set_new(doc, "duplicate_of", b->duplicate_of
			    ? json_integer(b->duplicate_of) : json_null());
	if ((rc = store_related_foreach(st, b->id, add_related, rel)))
		return rc;
	/* only when the git watch found something: the documents of
	 * reports without stay as they were */
	rc = store_event_foreach(st, b->id, 0, add_landed, landed);
	if (rc == LKB_OK && json_array_size(landed))
		json_object_set(doc, "landed", landed);
	json_decref(landed);
	if (rc == LKB_OK)
		rc = store_event_foreach(st, b->id, 0, add_elsewhere, &el);
	if (rc == LKB_OK && (rc = el.rc) == LKB_OK &&
	    json_array_size(el.arr))
		json_object_set(doc, "elsewhere", el.arr);
	json_decref(el.arr);
	if (rc)
		return rc;
	/* the same for the review queue's events */
	landed = json_array();
	rc = store_event_foreach(st, b->id, 0, add_queued, landed);
	if (rc == LKB_OK && json_array_size(landed))
		json_object_set(doc, "review", landed);
	json_decref(landed);
	if (rc)
		return rc;
	json_object_set_new(doc, "history", hist);
	return store_history_foreach(st, b->id, add_history, hist);
}

json_t *
thread_view_json(struct store *st, int64_t report_id)
{
	struct store_report_brief b;
	struct msgs_ctx c = { st, report_id, 0, 0, NULL, LKB_OK };
	json_t *doc = NULL, *rep, *hist;
	int rc;

	if ((rc = store_report_brief_get(st, report_id, &b)) != 1)
		return NULL;
	doc = json_out_doc();
	rep = json_object();
	json_object_set_new(rep, "id", json_integer(b.id));
	json_object_set_new(rep, "message_id", json_out_str(b.message_id));
	json_object_set_new(rep, "kind", json_out_str(b.kind));
	json_object_set_new(rep, "commit", json_out_str(b.commit_sha));
	json_object_set_new(doc, "report", rep);
	if ((rc = add_state(st, &b, doc)) != LKB_OK)
		goto fail;
	/* the contract puts history last */
	hist = json_incref(json_object_get(doc, "history"));
	json_object_del(doc, "history");
	c.arr = json_array();
	c.report_msg = b.msg_id;
	c.report_date = b.date;
	json_object_set_new(doc, "messages", c.arr);
	rc = store_message_foreach(st, b.thread_id, add_message, &c);
	json_object_set_new(doc, "history", hist);
	if (rc != LKB_OK || c.rc != LKB_OK)
		goto fail;
	store_report_brief_release(&b);
	return doc;
fail:
	store_report_brief_release(&b);
	json_decref(doc);
	return NULL;
}

static int
add_proposal(const struct report_proposal *p, void *arg)
{
	json_t *o = json_object();

	json_object_set_new(o, "text", json_string(p->text));
	json_object_set_new(o, "command", json_string(p->cli));
	json_object_set_new(o, "mail", json_string(p->mail));
	json_array_append_new(arg, o);
	return 0;
}

/* "group" (the siblings, why each is one) and "proposals" (a sibling's
 * close, a later report that undoes this regression), before "history"
 * and only when there are any: other documents stay as they were. */
static int
add_group(struct store *st, int64_t report_id, json_t *doc)
{
	const struct report_group_member *self;
	const struct report_group *gr;
	struct report_groups *g = NULL;
	json_t *sib = json_array(), *props = json_array(), *hist;
	char why[80];
	int rc = report_groups_load(st, &g);

	if (rc == LKB_OK && (gr = report_groups_find(g, report_id, &self))) {
		for (size_t i = 0; i < gr->n; i++) {
			json_t *o;

			if (gr->m[i].id == report_id)
				continue;
			o = json_object();
			report_group_why(gr->m[i].why, why, sizeof(why));
			json_object_set_new(o, "id", json_integer(gr->m[i].id));
			json_object_set_new(o, "state",
					    json_out_str(gr->m[i].state));
			json_object_set_new(o, "close_reason",
					    json_out_str(gr->m[i].close_reason));
			json_object_set_new(o, "why", json_string(why));
			json_array_append_new(sib, o);
		}
		rc = report_group_proposals(st, g, report_id, add_proposal,
					    props);
	}
	if (rc == LKB_OK)
		rc = report_undone_proposals(st, report_id, add_proposal,
					     props);
	hist = json_incref(json_object_get(doc, "history"));
	json_object_del(doc, "history");
	if (json_array_size(sib))
		json_object_set(doc, "group", sib);
	if (json_array_size(props))
		json_object_set(doc, "proposals", props);
	json_object_set_new(doc, "history", hist);
	json_decref(sib);
	json_decref(props);
	report_groups_free(g);
	return rc;
}

/* "noise": every change of the report judged against its noise
 * (report/noise.h); null when its mail is not at hand. */
static void
add_noise(struct store *st, int64_t report_id, json_t *doc)
{
	struct stored_report sr;
	struct report_noise n;

	if (report_stored_load(st, report_id, &sr) != 1) {
		report_stored_release(&sr);
		json_object_set_new(doc, "noise", json_null());
		return;
	}
	report_noise_assess(sr.r, &n);
	json_object_set_new(doc, "noise", report_noise_json(&n));
	report_noise_release(&n);
	report_stored_release(&sr);
}

json_t *
thread_view_show_json(struct store *st, int64_t report_id)
{
	struct store_report_brief b;
	json_error_t err;
	json_t *doc = NULL;
	char *text = NULL;
	int rc;

	if ((rc = store_report_brief_get(st, report_id, &b)) != 1)
		return NULL;
	if (report_stored_json(st, report_id, &text) != 1)
		goto fail;
	doc = json_loads(text, 0, &err);
	if (!doc || !json_is_object(doc)) {
		lkb_error("report %lld: stored JSON is corrupt: %s",
			  (long long)report_id, err.text);
		goto fail;
	}
	json_object_set_new(doc, "id", json_integer(report_id));
	if (add_state(st, &b, doc) != LKB_OK)
		goto fail;
	add_noise(st, report_id, doc);
	/* add_group puts history last again, as the contract wants */
	if (add_group(st, report_id, doc) != LKB_OK)
		goto fail;
	free(text);
	store_report_brief_release(&b);
	return doc;
fail:
	free(text);
	json_decref(doc);
	store_report_brief_release(&b);
	return NULL;
}
