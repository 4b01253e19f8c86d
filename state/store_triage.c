/* store_triage.c - events, commands, requests, report state history. */
#include "config.h"
#include "state/store_triage.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/log.h"
#include "lib/xalloc.h"
#include "lib/status.h"
#include "state/store-internal.h"

static int
bind_id_or_null(struct store *st, sqlite3_stmt *s, const char *name,
		int64_t v)
{
	return v ? store_bind_int(st, s, name, v) : store_bind_null(st, s, name);
}

static const char sql_event_add[] =
	"INSERT OR IGNORE INTO events (report_id, msg_id, type, source, author,"
	" evidence, sha, reason, created_at, confidence) VALUES (:r, :m, :t,"
	" :src, :a, :ev, :sha, :reason, :now, :conf)";

int
store_event_add(struct store *st, const struct store_event *ev)
{
	sqlite3_stmt *s = store_stmt(st, sql_event_add);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_int(st, s, ":r", ev->report_id)) ||
	       (rc = bind_id_or_null(st, s, ":m", ev->msg_id)) ||
	       (rc = store_bind_text(st, s, ":t", ev->type)) ||
	       (rc = store_bind_text(st, s, ":src", ev->source)) ||
	       (rc = store_bind_text(st, s, ":a", ev->author)) ||
	       (rc = store_bind_text(st, s, ":ev", ev->evidence)) ||
	       (rc = store_bind_text(st, s, ":sha", ev->sha)) ||
	       (rc = store_bind_text(st, s, ":reason", ev->reason)) ||
	       (rc = store_bind_int(st, s, ":now", ev->date > 0 ? ev->date
						: (int64_t)time(NULL))) ||
	       (rc = store_bind_double(st, s, ":conf", ev->confidence)));
	return store_step_done(st, s, rc);
}

static const char *const review_names[REVIEW__COUNT] = {
	NULL, "pending", "accepted", "rejected",
};

const char *
store_review_name(enum store_review r)
{
	return (unsigned)r < REVIEW__COUNT ? review_names[r] : NULL;
}

enum store_review
store_review_from_name(const char *s)
{
	for (int i = 1; s && i < REVIEW__COUNT; i++)
		if (!strcmp(s, review_names[i]))
			return (enum store_review)i;
	return REVIEW_NONE;
}

/* The row the events_once index says is ev. */
static const char sql_event_same[] =
	"SELECT id, review FROM events WHERE report_id = :r"
	" AND coalesce(msg_id, 0) = :m AND type = :t AND source = :src"
	" AND coalesce(evidence, '') = :ev";

int
store_event_add_id(struct store *st, const struct store_event *ev,
		   int64_t *id_out, enum store_review *review_out)
{
	sqlite3_stmt *s;
	int rc = store_event_add(st, ev);

	*id_out = 0;
	*review_out = REVIEW_NONE;
	if (rc != LKB_OK)
		return rc;
	if (sqlite3_changes(st->db)) {
		*id_out = sqlite3_last_insert_rowid(st->db);
		return LKB_OK;
	}
	if (!(s = store_stmt(st, sql_event_same)))
		return LKB_ERR_DB;
	(void)((rc = store_bind_int(st, s, ":r", ev->report_id)) ||
	       (rc = store_bind_int(st, s, ":m", ev->msg_id)) ||
	       (rc = store_bind_text(st, s, ":t", ev->type)) ||
	       (rc = store_bind_text(st, s, ":src", ev->source)) ||
	       (rc = store_bind_text(st, s, ":ev",
				     ev->evidence ? ev->evidence : "")));
	if ((rc = store_step_row(st, s, rc)) <= 0)
		return rc;
	*id_out = sqlite3_column_int64(s, 0);
	*review_out = store_review_from_name(
		(const char *)sqlite3_column_text(s, 1));
	store_stmt_done(s);
	return LKB_OK;
}

static const char sql_event_review[] =
	"UPDATE events SET review = :rv, reviewed_by = :by,"
	" reviewed_at = :now WHERE id = :id";

int
store_event_review_set(struct store *st, int64_t id, enum store_review r,
		       const char *by)
{
	sqlite3_stmt *s = store_stmt(st, sql_event_review);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_text(st, s, ":rv", store_review_name(r))) ||
	       (rc = store_bind_text(st, s, ":by", by)) ||
	       (rc = r == REVIEW_PENDING
			     ? store_bind_null(st, s, ":now")
			     : store_bind_int(st, s, ":now",
					      (int64_t)time(NULL))) ||
	       (rc = store_bind_int(st, s, ":id", id)));
	if ((rc = store_step_done(st, s, rc)) != LKB_OK)
		return rc;
	return sqlite3_changes(st->db) ? 1 : 0;
}

static const char sql_command_add[] =
	"INSERT INTO commands (msg_id, report_id, idx, verb, args, author, tier,"
	" allowed, result, created_at) VALUES (:m, :r, :i, :v, :args, :a, :tier,"
	" :ok, :res, :now) ON CONFLICT (msg_id, idx) DO NOTHING";

int
store_command_add(struct store *st, const struct store_command *c,
		  int64_t *id_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_command_add);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_int(st, s, ":m", c->msg_id)) ||
	       (rc = bind_id_or_null(st, s, ":r", c->report_id)) ||
	       (rc = store_bind_int(st, s, ":i", c->idx)) ||
	       (rc = store_bind_text(st, s, ":v", c->verb)) ||
	       (rc = store_bind_text(st, s, ":args", c->args ? c->args : "")) ||
	       (rc = store_bind_text(st, s, ":a", c->author)) ||
	       (rc = store_bind_text(st, s, ":tier", c->tier)) ||
	       (rc = store_bind_int(st, s, ":ok", c->allowed)) ||
	       (rc = store_bind_text(st, s, ":res", c->result)) ||
	       (rc = store_bind_int(st, s, ":now", (int64_t)time(NULL))));
	rc = store_step_done(st, s, rc);
	if (rc == LKB_OK && id_out)
		*id_out = sqlite3_changes(st->db)
				  ? sqlite3_last_insert_rowid(st->db) : 0;
	return rc;
}

/* dismissed: the last change of a closed report was a dispute's */
static const char sql_state_get[] =
	"SELECT r.state, r.close_reason, coalesce(r.duplicate_of, 0),"
	" r.state = 'closed' AND (SELECT h.cause LIKE 'dispute %'"
	" FROM report_history h WHERE h.report_id = r.id"
	" ORDER BY h.id DESC LIMIT 1) FROM reports r WHERE r.id = :r";

int
store_report_state_get(struct store *st, int64_t report_id,
		       struct store_report_state *out)
{
	sqlite3_stmt *s = store_stmt(st, sql_state_get);
	int rc;

	memset(out, 0, sizeof(*out));
	if (!s)
		return LKB_ERR_DB;
	rc = store_step_row(st, s, store_bind_int(st, s, ":r", report_id));
	if (rc == 1) {
		out->state = store_col_strdup(s, 0);
		out->close_reason = store_col_strdup(s, 1);
		out->duplicate_of = sqlite3_column_int64(s, 2);
		out->dismissed = sqlite3_column_int(s, 3) == 1;
		store_stmt_done(s);
	}
	return rc;
}

void
store_report_state_release(struct store_report_state *s)
{
	free(s->state);
	free(s->close_reason);
	memset(s, 0, sizeof(*s));
}

static const char sql_unverified_set[] =
	"UPDATE reports SET unverified = :w WHERE id = :r";

int
store_report_unverified_set(struct store *st, int64_t report_id,
			    const char *why)
{
	sqlite3_stmt *s = store_stmt(st, sql_unverified_set);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_text(st, s, ":w", why)) ||
	       (rc = store_bind_int(st, s, ":r", report_id)));
	return store_step_done(st, s, rc);
}

static const char sql_state_set[] =
	"UPDATE reports SET state = :s, close_reason = :reason,"
	" duplicate_of = :dup WHERE id = :r";
/* A change is never dated before its report (a reply's clock behind,
 * an earlier report found later). */
static const char sql_history_add[] =
	"INSERT INTO report_history (report_id, date, from_state, to_state,"
	" reason, cause, msg_id) VALUES (:r, max(:d, coalesce((SELECT date"
	" FROM reports WHERE id = :r), :d)), :from, :to, :reason, :cause,"
	" :m)";

int
store_report_transition(struct store *st, int64_t report_id,
			const char *to_state, const char *reason,
			int64_t duplicate_of, const char *cause,
			int64_t msg_id, int64_t when)
{
	struct store_report_state cur;
	sqlite3_stmt *s;
	int rc;

	if ((rc = store_report_state_get(st, report_id, &cur)) < 0)
		return rc;
	if (rc == 0)
		return lkb_error("no report %lld", (long long)report_id),
		       LKB_ERR_NOT_FOUND;
	if (!(s = store_stmt(st, sql_state_set))) {
		rc = LKB_ERR_DB;
		goto out;
	}
	(void)((rc = store_bind_text(st, s, ":s", to_state)) ||
	       (rc = store_bind_text(st, s, ":reason", reason)) ||
	       (rc = bind_id_or_null(st, s, ":dup", duplicate_of)) ||
	       (rc = store_bind_int(st, s, ":r", report_id)));
	if ((rc = store_step_done(st, s, rc)) != LKB_OK)
		goto out;
	if (!(s = store_stmt(st, sql_history_add))) {
		rc = LKB_ERR_DB;
		goto out;
	}
	(void)((rc = store_bind_int(st, s, ":r", report_id)) ||
	       (rc = store_bind_int(st, s, ":d", when)) ||
	       (rc = store_bind_text(st, s, ":from", cur.state)) ||
	       (rc = store_bind_text(st, s, ":to", to_state)) ||
	       (rc = store_bind_text(st, s, ":reason", reason)) ||
	       (rc = store_bind_text(st, s, ":cause", cause)) ||
	       (rc = bind_id_or_null(st, s, ":m", msg_id)));
	rc = store_step_done(st, s, rc);
out:
	store_report_state_release(&cur);
	return rc;
}

static const char sql_related_add[] =
	"INSERT OR IGNORE INTO report_related (report_id, sha, relation)"
	" VALUES (:r, :sha, :rel)";

int
store_report_related_add(struct store *st, int64_t report_id,
			 const char *sha, const char *relation)
{
	sqlite3_stmt *s = store_stmt(st, sql_related_add);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_int(st, s, ":r", report_id)) ||
	       (rc = store_bind_text(st, s, ":sha", sha)) ||
	       (rc = store_bind_text(st, s, ":rel", relation)));
	return store_step_done(st, s, rc);
}

/* Mail whose bytes were not kept has nothing to say to triage. */
static const char sql_triage_skip_bare[] =
	"INSERT INTO triaged (msg_id) SELECT m.id FROM messages m"
	" WHERE NOT " STORE_HAS_RAW("m") " AND NOT EXISTS"
	" (SELECT 1 FROM triaged t WHERE t.msg_id = m.id)"
	/* a patch mail (no "Re:") is read from its row: it may be a
	 * later version of a reported patch (bot/triage/evidence.c) */
	" AND NOT (m.subject LIKE '%[%PATCH%]%'"
	" AND m.subject NOT LIKE 're:%')";

int
store_triage_skip_bare(struct store *st, int64_t *n_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_triage_skip_bare);
	int rc;

	*n_out = 0;
	if (!s)
		return LKB_ERR_DB;
	rc = store_step_done(st, s, LKB_OK);
	if (rc == LKB_OK)
		*n_out = sqlite3_changes(st->db);
	return rc;
}

/* triaged.msg_id references messages (deleted with them): equal counts
 * say every message is triaged, from the two tables' b-trees alone. */
static const char sql_triage_pending[] =
	"SELECT (SELECT count(*) FROM messages) -"
	" (SELECT count(*) FROM triaged)";

int
store_triage_pending(struct store *st, int64_t *n_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_triage_pending);
	int rc;

	*n_out = 0;
	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_step_row(st, s, LKB_OK)) <= 0)
		return rc < 0 ? rc : LKB_ERR_DB;
	*n_out = sqlite3_column_int64(s, 0);
	store_stmt_done(s);
	return LKB_OK;
}

static const char sql_untriaged[] =
	"SELECT m.id FROM messages m WHERE NOT EXISTS"
	" (SELECT 1 FROM triaged t WHERE t.msg_id = m.id)"
	" ORDER BY coalesce(m.date, 0), m.id";

int
store_untriaged_ids(struct store *st, int64_t **ids_out, size_t *n_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_untriaged);
	int64_t *ids = NULL;
	size_t n = 0, alloc = 0;
	int rc;

	*ids_out = NULL;
	*n_out = 0;
	if (!s)
		return LKB_ERR_DB;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		if (n == alloc) {
			int64_t *nids;

			alloc = alloc ? alloc * 2 : 256;
			nids = realloc(ids, alloc * sizeof(*ids));
			if (!nids) {
				free(ids);
				store_stmt_done(s);
				return LKB_ERR_NOMEM;
			}
			ids = nids;
		}
		ids[n++] = sqlite3_column_int64(s, 0);
	}
	store_stmt_done(s);
	if (rc < 0) {
		free(ids);
		return rc;
	}
	*ids_out = ids;
	*n_out = n;
	return LKB_OK;
}

static const char sql_triage_mark[] =
	"INSERT OR REPLACE INTO triaged (msg_id, report_id) VALUES (:m, :r)";

int
store_triage_mark(struct store *st, int64_t msg_id, int64_t report_id)
{
	sqlite3_stmt *s = store_stmt(st, sql_triage_mark);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_int(st, s, ":m", msg_id)) ||
	       (rc = bind_id_or_null(st, s, ":r", report_id)));
	return store_step_done(st, s, rc);
}

static const char sql_triage_problem[] =
	"UPDATE messages SET problem = CASE"
	" WHEN coalesce(problem, '') = '' THEN :p"
	" WHEN instr(problem, :p) > 0 THEN problem"
	" ELSE problem || '; ' || :p END WHERE id = :m";

int
store_triage_skip(struct store *st, int64_t msg_id, const char *problem)
{
	sqlite3_stmt *s = store_stmt(st, sql_triage_problem);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_int(st, s, ":m", msg_id)) ||
	       (rc = store_bind_text(st, s, ":p", problem)));
	if ((rc = store_step_done(st, s, rc)) != LKB_OK)
		return rc;
	return store_triage_mark(st, msg_id, 0);
}

/* Replies triaged before their report arrived get another look; other
 * reports do not (two of the same date would queue each other again on
 * every pass and every run). */
static const char sql_retriage[] =
	"DELETE FROM triaged WHERE report_id IS NULL AND msg_id IN"
	" (SELECT m.id FROM messages m, reports r, messages rm"
	"  WHERE r.id = :r AND rm.id = r.msg_id AND m.thread_id = rm.thread_id"
	"  AND m.id != rm.id AND coalesce(m.date, 0) >= coalesce(rm.date, 0)"
	"  AND NOT EXISTS (SELECT 1 FROM reports o WHERE o.msg_id = m.id))";

int
store_triage_requeue_thread(struct store *st, int64_t report_id,
			    int64_t *n_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_retriage);
	int rc;

	*n_out = 0;
	if (!s)
		return LKB_ERR_DB;
	rc = store_bind_int(st, s, ":r", report_id);
	rc = store_step_done(st, s, rc);
	if (rc == LKB_OK)
		*n_out = sqlite3_changes(st->db);
	return rc;
}

/* One step of the walk up from a message: its report (if it is one),
 * the nearest report above it and its top when it was linked (both
 * NULL: unknown, walk on), and its parent. */
static const char sql_walk_step[] =
	"SELECT (SELECT r.id FROM reports r WHERE r.msg_id = m.id),"
	" m.up_report, m.top_id, m.parent_id FROM messages m WHERE m.id = :m";
/* When the walk up finds no report: from the topmost stored ancestor
 * (whose own parent is not stored: broken References, an off-list reply)
 * the latest report of the thread dated before it. A report is about
 * what follows it: the patch it answers, and that patch's other replies,
 * reach the patch at the top, which is older than the report. */
static const char sql_report_thread[] =
	"SELECT r.id FROM reports r JOIN messages m ON m.id = r.msg_id"
	" JOIN messages x ON x.id = :m"
	" WHERE m.thread_id = x.thread_id"
	" AND coalesce(m.date, 0) <= coalesce(x.date, 0)"
	" ORDER BY coalesce(m.date, 0) DESC, r.id DESC LIMIT 1";

/* Where walks of more than MEMO_FROM steps ended, by message id: the
 * report above (> 0) or, with none, minus the top; open addressing, id 0
 * free. At most MEMO_MAX entries (then it stops growing). */
#define MEMO_FROM 8
#define MEMO_MAX (1u << 20)
#define WALK_MAX 1000		/* steps without the memo */
#define WALK_MAX_MEMO 1000000	/* with it: any chain a mailbox holds */
struct walk_memo {
	int64_t *key, *val;
	size_t cap, n;
};

void
walk_memo_free(struct walk_memo *m)
{
	if (!m)
		return;
	free(m->key);
	free(m->val);
	free(m);
}

void
store_walk_memo(struct store *st, int on)
{
	walk_memo_free(st->memo);
	st->memo = on ? xcalloc(1, sizeof(*st->memo)) : NULL;
}

static size_t
memo_slot(const struct walk_memo *m, int64_t id)
{
	size_t h = (size_t)((uint64_t)id * 0x9e3779b97f4a7c15u) & (m->cap - 1);

	while (m->key[h] && m->key[h] != id)
		h = (h + 1) & (m->cap - 1);
	return h;
}

static int
memo_get(const struct walk_memo *m, int64_t id, int64_t *val)
{
	size_t h;

	if (!m || !m->n)
		return 0;
	h = memo_slot(m, id);
	*val = m->val[h];
	return m->key[h] == id;
}

static void
memo_put(struct walk_memo *m, int64_t id, int64_t val)
{
	size_t h;

	if (2 * (m->n + 1) > m->cap) {
		struct walk_memo old = *m;

		if (m->n >= MEMO_MAX)
			return;
		m->cap = old.cap ? 2 * old.cap : 1024;
		m->key = xcalloc(m->cap, sizeof(*m->key));
		m->val = xcalloc(m->cap, sizeof(*m->val));
		m->n = 0;
		for (size_t i = 0; i < old.cap; i++)
			if (old.key[i])
				memo_put(m, old.key[i], old.val[i]);
		free(old.key);
		free(old.val);
	}
	h = memo_slot(m, id);
	m->n += !m->key[h];
	m->key[h] = id;
	m->val[h] = val;
}

/* The messages one walk passed, to remember where it ended. */
struct walk_path {
	int64_t *ids;
	size_t n, cap;
};

static void
path_add(struct walk_path *w, int64_t id)
{
	ALLOC_GROW(w->ids, w->n + 1, w->cap);
	w->ids[w->n++] = id;
}

/* Note cur on the walk; 1 if the walk has been there (a cycle). The
 * first MEMO_FROM are looked up in the path, the later ones are in the
 * memo as 0 ("on a walk") until the walk's end is known. */
static int
walk_mark(struct walk_memo *m, struct walk_path *path, int64_t cur)
{
	if (path->n < MEMO_FROM) {
		for (size_t i = 0; i < path->n; i++)
			if (path->ids[i] == cur)
				return 1;
	} else if (path->n == MEMO_FROM) {
		for (size_t i = 0; i < path->n; i++)
			memo_put(m, path->ids[i], 0);
	}
	path_add(path, cur);
	if (path->n > MEMO_FROM)
		memo_put(m, cur, 0);
	return 0;
}

/* Up from msg_id to the nearest report (1, *report_out) or, with none,
 * to the topmost stored ancestor (0, *top_out). Each message carries
 * the nearest report above it and its top from when it was linked
 * (state/store_message.c), so a reply in a chain of any depth costs a
 * step or two. Replies stored before their parents have no shortcuts:
 * the walk goes parent by parent, at most WALK_MAX steps, or with the
 * memo on WALK_MAX_MEMO once and then never again for that chain. */
static int
walk_up(struct store *st, int64_t msg_id, int64_t *report_out,
	int64_t *top_out, struct walk_path *path)
{
	int64_t cur = msg_id, rep, upr, top, parent, next, v;
	int max = st->memo ? WALK_MAX_MEMO : WALK_MAX;
	sqlite3_stmt *s;
	int rc;

	*top_out = msg_id;
	for (int steps = 0; steps < max; steps++) {
		if (memo_get(st->memo, cur, &v)) {
			if (v == 0)
				return 0;	/* on this walk: a cycle */
			if (v > 0) {
				*report_out = v;
				return 1;
			}
			*top_out = -v;
			return 0;
		}
		if (!(s = store_stmt(st, sql_walk_step)))
			return LKB_ERR_DB;
		rc = store_step_row(st, s, store_bind_int(st, s, ":m", cur));
		if (rc <= 0)
			return rc;	/* 0: a row gone; stop at the last */
		rep = sqlite3_column_int64(s, 0);
		upr = sqlite3_column_int64(s, 1);
		top = sqlite3_column_int64(s, 2);
		parent = sqlite3_column_int64(s, 3);
		store_stmt_done(s);
		*top_out = cur;
		if (rep || upr) {
			*report_out = rep ? rep : upr;
			return 1;
		}
		if (st->memo && walk_mark(st->memo, path, cur))
			return 0;	/* a cycle of In-Reply-To (hostile mail) */
		/* no report up to top (as linked): go there, then above */
		next = top && top != cur ? top : parent;
		if (!next)
			return 0;
		cur = next;
	}
	return 0;
}

int
store_report_for_message(struct store *st, int64_t msg_id,
			 int64_t *report_id_out)
{
	struct walk_path path = { NULL, 0, 0 };
	int64_t top = msg_id;
	int rc = walk_up(st, msg_id, report_id_out, &top, &path);

	if (rc < 0 && path.n > MEMO_FROM)
		store_walk_memo(st, 1);	/* its marks would read as cycles */
	else if (path.n > MEMO_FROM)
		for (size_t i = 0; i < path.n; i++)
			memo_put(st->memo, path.ids[i],
				 rc ? *report_id_out : -top);
	free(path.ids);

	if (rc == 0)
		rc = store_lookup_int(st, sql_report_thread, ":m", NULL, top,
				      report_id_out);
	return rc;
}

static const char sql_request_add[] =
	"INSERT INTO requests (report_id, msg_id, asker, kind, args, state,"
	" result, pool, outsider, created_at, updated_at) VALUES (:r, :m,"
	" :asker, :kind, :args, :state, :res, :pool, :out, :now, :now)"
	" ON CONFLICT (msg_id, kind, args) DO NOTHING";

int
store_request_add(struct store *st, const struct store_request *r,
		  int64_t *id_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_request_add);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	(void)((rc = bind_id_or_null(st, s, ":r", r->report_id)) ||
	       (rc = bind_id_or_null(st, s, ":m", r->msg_id)) ||
	       (rc = store_bind_text(st, s, ":asker", r->asker)) ||
	       (rc = store_bind_text(st, s, ":kind",
				     request_kind_name(r->kind))) ||
	       (rc = store_bind_text(st, s, ":args", r->args ? r->args : "")) ||
	       (rc = store_bind_text(st, s, ":state",
				     request_state_name(r->state))) ||
	       (rc = store_bind_text(st, s, ":res", r->result)) ||
	       (rc = store_bind_int(st, s, ":pool", (int64_t)r->pool)) ||
	       (rc = store_bind_int(st, s, ":out", r->outsider != 0)) ||
	       (rc = store_bind_int(st, s, ":now", (int64_t)time(NULL))));
	rc = store_step_done(st, s, rc);
	if (rc == LKB_OK && id_out)
		*id_out = sqlite3_changes(st->db)
				  ? sqlite3_last_insert_rowid(st->db) : 0;
	return rc;
}

static const char sql_request_same[] =
	"SELECT id FROM requests WHERE msg_id = :m AND kind = :kind"
	" AND args = :args";

int
store_request_same(struct store *st, const struct store_request *r,
		   int64_t *id_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_request_same);
	int rc;

	*id_out = 0;
	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_int(st, s, ":m", r->msg_id)) ||
	       (rc = store_bind_text(st, s, ":kind",
				     request_kind_name(r->kind))) ||
	       (rc = store_bind_text(st, s, ":args", r->args ? r->args : "")));
	rc = store_step_row(st, s, rc);
	if (rc == 1) {
		*id_out = sqlite3_column_int64(s, 0);
		store_stmt_done(s);
	}
	return rc;
}

static const char sql_request_state[] =
	"UPDATE requests SET state = :s, result = :res, updated_at = :now"
	" WHERE id = :id";

int
store_request_set_state(struct store *st, int64_t id,
			enum request_state state, const char *result)
{
	sqlite3_stmt *s = store_stmt(st, sql_request_state);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_text(st, s, ":s", request_state_name(state))) ||
	       (rc = store_bind_text(st, s, ":res", result)) ||
	       (rc = store_bind_int(st, s, ":now", (int64_t)time(NULL))) ||
	       (rc = store_bind_int(st, s, ":id", id)));
	return store_step_done(st, s, rc);
}

/* Reports o on r's commit and metric, no duplicates, earlier ("<")
 * or later (">") than r by date, then id. */
#define SQL_SAME_REGRESSION(cmp) \
	"SELECT o.id FROM reports r JOIN reports o" \
	" ON o.commit_sha = r.commit_sha AND o.metric = r.metric" \
	" AND o.id != r.id AND o.duplicate_of IS NULL" \
	" WHERE r.id = :m AND r.commit_sha IS NOT NULL" \
	" AND r.metric IS NOT NULL AND (coalesce(o.date, 0), o.id) " cmp \
	" (coalesce(r.date, 0), r.id) ORDER BY coalesce(o.date, 0), o.id" \
	" LIMIT 1"

int
store_report_same_regression(struct store *st, int64_t report_id,
			     int64_t *id_out)
{
	return store_lookup_int(st, SQL_SAME_REGRESSION("<"), ":m", NULL,
				report_id, id_out);
}

int
store_report_later_regression(struct store *st, int64_t report_id,
			      int64_t *id_out)
{
	return store_lookup_int(st, SQL_SAME_REGRESSION(">"), ":m", NULL,
				report_id, id_out);
}

/* Reports are ordered by date, then id, as SQL_SAME_REGRESSION does. */
static const char sql_report_later[] =
	"SELECT (coalesce(a.date, 0), a.id) > (coalesce(b.date, 0), b.id)"
	" FROM reports a, reports b WHERE a.id = :a AND b.id = :b";

int
store_report_later(struct store *st, int64_t id, int64_t than)
{
	sqlite3_stmt *s = store_stmt(st, sql_report_later);
	int rc, later;

	if (!s)
		return LKB_ERR_DB;
	rc = store_step_row(st, s, store_bind_int(st, s, ":a", id) ||
				   store_bind_int(st, s, ":b", than));
	if (rc != 1)
		return rc;
	later = sqlite3_column_int(s, 0);
	store_stmt_done(s);
	return later;
}

static const char sql_thread_addrs[] =
	"SELECT from_addr, to_addrs, cc_addrs FROM messages"
	" WHERE thread_id = :t AND id != :x";

int
store_addrs_each(const char *list, store_addr_fn *fn, void *arg)
{
	char buf[512];
	const char *p = list, *q;

	while (p && *p) {
		size_t n;

		while (*p == ',' || *p == ' ')
			p++;
		q = p;
		while (*q && *q != ',')
			q++;
		n = (size_t)(q - p);
		while (n && p[n - 1] == ' ')
			n--;
		if (n && n < sizeof(buf)) {
			memcpy(buf, p, n);
			buf[n] = '\0';
			if (fn(buf, arg))
				return 1;
		}
		p = q;
	}
	return 0;
}

int
store_thread_addresses(struct store *st, int64_t thread_id,
		       int64_t except_msg, store_addr_fn *fn, void *arg)
{
	sqlite3_stmt *s = store_stmt(st, sql_thread_addrs);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, ":t", thread_id)) != LKB_OK ||
	    (rc = store_bind_int(st, s, ":x", except_msg)) != LKB_OK)
		goto out;
	while ((rc = store_step(st, s)) == SQLITE_ROW) {
		if (store_addrs_each((const char *)sqlite3_column_text(s, 0),
				     fn, arg) ||
		    store_addrs_each((const char *)sqlite3_column_text(s, 1),
				     fn, arg) ||
		    store_addrs_each((const char *)sqlite3_column_text(s, 2),
				     fn, arg))
			break;
	}
	rc = rc < 0 ? rc : LKB_OK;
out:
	store_stmt_done(s);
	return rc;
}

static const char sql_reply_table_add[] =
	"INSERT OR IGNORE INTO reply_tables (msg_id, report_id, json)"
	" VALUES (:m, :r, :j)";
static const char sql_reply_table_count[] =
	"SELECT count(*) FROM reply_tables WHERE msg_id = :m";

int
store_reply_table_add(struct store *st, int64_t msg_id, int64_t report_id,
		      const char *json)
{
	sqlite3_stmt *s = store_stmt(st, sql_reply_table_add);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	(void)((rc = store_bind_int(st, s, ":m", msg_id)) ||
	       (rc = bind_id_or_null(st, s, ":r", report_id)) ||
	       (rc = store_bind_text(st, s, ":j", json)));
	return store_step_done(st, s, rc);
}

int
store_reply_table_count(struct store *st, int64_t msg_id, int64_t *n_out)
{
	*n_out = 0;
	return store_lookup_int(st, sql_reply_table_count, ":m", NULL, msg_id,
				n_out) < 0 ? LKB_ERR_DB : LKB_OK;
}

static const char sql_report_on_tree[] =
	"SELECT (coalesce(tree, '') != '') OR coalesce(subkind, '') = "
	"'robot-patch' FROM reports WHERE id = :r";

int
store_report_on_tree(struct store *st, int64_t report_id)
{
	int64_t on = 0;
	int rc = store_lookup_int(st, sql_report_on_tree, ":r", NULL,
				  report_id, &on);

	return rc < 0 ? rc : rc == 1 && on;
}
