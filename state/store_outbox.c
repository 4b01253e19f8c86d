/* store_outbox.c - the outbox queue and its state machine (doc/style.md R24):
 * every state change goes through outbox_set_state(). */
#include "config.h"
#include "state/store_outbox.h"

#include <stdlib.h>
#include <string.h>

#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "state/store-internal.h"

#define BACKOFF_BASE 300	/* 5 minutes */
#define BACKOFF_CAP (12 * 3600)

/* Which states each state may move to. */
static const unsigned allowed[OUTBOX__COUNT] = {
	[OUTBOX_PENDING] = 1u << OUTBOX_SENDING,
	[OUTBOX_SENDING] = 1u << OUTBOX_SENT | 1u << OUTBOX_FAILED |
			   1u << OUTBOX_PENDING | 1u << OUTBOX_SENDING,
	[OUTBOX_SENT] = 0,
	[OUTBOX_FAILED] = 1u << OUTBOX_PENDING,
};

static const char sql_insert[] =
	"INSERT INTO outbox (request_key, kind, request_id, thread_id,"
	" report_id, message_id, envelope_from, recipients, subject, raw,"
	" next_attempt_at, created_at, team) VALUES (:key, :kind, :req, :tid,"
	" :rid, :mid, :from, :rcpt, :subj, :raw, :now, :now, :team)"
	" ON CONFLICT DO NOTHING";
static const char sql_by_key[] =
	"SELECT id FROM outbox WHERE request_key = :key";
static const char sql_next_due[] =
	"SELECT id FROM outbox WHERE state = 'pending'"
	" AND next_attempt_at <= :now ORDER BY next_attempt_at, id LIMIT 1";
/* the team's rows first (issue 36 row 8), then members', outsiders' */
static const char sql_next_due_in[] =
	"SELECT id FROM outbox WHERE state = 'pending'"
	" AND next_attempt_at <= :now"
	" AND (CASE " OUTBOX_CLASS_SQL("")
	"  WHEN 1 THEN :ook AND (:ps = 0 OR (SELECT count(*) FROM outbox o"
	"   WHERE o.state = 'sent' AND o.sent_at BETWEEN :since AND :now"
	"   AND substr(o.request_id, 1, 2) = '" OUTBOX_OUTSIDER_PREFIX "'"
	"   AND o.recipients = outbox.recipients COLLATE NOCASE) < :ps)"
	"  WHEN 2 THEN :tok ELSE :mok END)"
	" ORDER BY (CASE " OUTBOX_CLASS_SQL("") " WHEN 2 THEN 0 WHEN 0"
	" THEN 1 ELSE 2 END), next_attempt_at, id LIMIT 1";
static const char sql_set_state[] =
	"UPDATE outbox SET state = :to, attempts = attempts + :inc,"
	" next_attempt_at = coalesce(:next, next_attempt_at),"
	" last_error = coalesce(:err, last_error),"
	" claimed_at = coalesce(:claimed, claimed_at),"
	" sent_at = coalesce(:sent, sent_at)"
	" WHERE id = :id AND state = :from";
static const char sql_drop[] = "DELETE FROM outbox WHERE id = :id";
static const char sql_requeue_held[] =
	"UPDATE outbox SET state = 'pending', next_attempt_at = :now"
	" WHERE state = 'sending' AND claimed_at <= :before"
	" AND attempts < :max";
static const char sql_due[] =
	"UPDATE outbox SET next_attempt_at = :now"
	" WHERE id = :id AND state = 'pending'";


int64_t
store_outbox_backoff(int64_t attempts)
{
	int64_t d = BACKOFF_BASE;

	for (int64_t i = 0; i < attempts && d < BACKOFF_CAP; i++)
		d *= 2;
	return d < BACKOFF_CAP ? d : BACKOFF_CAP;
}

/* One state change: the row must be in `from`. Fields left 0/NULL are
 * kept. */
struct transition {
	int64_t id;
	enum outbox_state from, to;
	int inc;		/* attempts to add */
	int64_t next;		/* next_attempt_at, 0 = keep */
	const char *err;	/* last_error, NULL = keep */
	int64_t claimed, sent;	/* 0 = keep */
};

static int
bind_opt_int(struct store *st, sqlite3_stmt *s, const char *name, int64_t v)
{
	return v ? store_bind_int(st, s, name, v) : store_bind_null(st, s, name);
}

static int
outbox_set_state(struct store *st, const struct transition *t)
{
	sqlite3_stmt *s;
	int rc;

	if (!(allowed[t->from] & (1u << t->to)))
		LKB_BUG("illegal outbox state transition");
	s = store_stmt(st, sql_set_state);
	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_text(st, s, ":to", outbox_state_name(t->to))) ||
	    (rc = store_bind_text(st, s, ":from", outbox_state_name(t->from))) ||
	    (rc = store_bind_int(st, s, ":id", t->id)) ||
	    (rc = store_bind_int(st, s, ":inc", t->inc)) ||
	    (rc = bind_opt_int(st, s, ":next", t->next)) ||
	    (rc = store_bind_text(st, s, ":err", t->err)) ||
	    (rc = bind_opt_int(st, s, ":claimed", t->claimed)) ||
	    (rc = bind_opt_int(st, s, ":sent", t->sent)))
		goto out;
	rc = store_step(st, s);
	if (rc != SQLITE_DONE) {
		rc = rc < 0 ? rc : LKB_ERR_DB;
		goto out;
	}
	if (sqlite3_changes(st->db) != 1) {
		lkb_error("outbox row %lld is not %s (database '%s')",
			  (long long)t->id, outbox_state_name(t->from), st->path);
		rc = LKB_ERR_PROTO;
		goto out;
	}
	lkb_debug("outbox row %lld: %s -> %s", (long long)t->id,
		  outbox_state_name(t->from), outbox_state_name(t->to));
	rc = LKB_OK;
out:
	store_stmt_done(s);
	return rc;
}

/* outbox_set_state in a write transaction of its own (or the caller's). */
static int
transition_txn(struct store *st, const struct transition *t)
{
	int rc;

	if ((rc = store_begin_write(st)) != LKB_OK)
		return rc;
	if ((rc = outbox_set_state(st, t)) != LKB_OK) {
		store_rollback(st);
		return rc;
	}
	return store_commit(st);
}

static int
check_in(const struct store_outbox_in *in, struct strbuf *rcpt)
{
	if (!in->kind || !*in->kind || !in->request_id || !*in->request_id ||
	    !in->message_id || !*in->message_id || !in->raw)
		return lkb_error("outbox row needs a kind, a request id, a "
				 "Message-ID and a message");
	if (in->nrcpt == 0 || in->nrcpt > LKB_MAX_RECIPIENTS)
		return lkb_error("outbox row needs 1 to LKB_MAX_RECIPIENTS "
				 "(%d) recipients, not %zu",
				 LKB_MAX_RECIPIENTS, in->nrcpt);
	for (size_t i = 0; i < in->nrcpt; i++) {
		if (!*in->rcpt[i] || strpbrk(in->rcpt[i], "\r\n"))
			return lkb_error("unusable recipient '%.80s'",
					 in->rcpt[i]);
		if (i)
			strbuf_addch(rcpt, '\n');
		strbuf_adds(rcpt, in->rcpt[i]);
	}
	if (in->envelope_from && strpbrk(in->envelope_from, "\r\n"))
		return lkb_error("unusable envelope sender");
	return LKB_OK;
}

int
store_outbox_enqueue(struct store *st, const struct store_outbox_in *in,
		     int64_t *id_out, int *is_new_out)
{
	struct strbuf rcpt = STRBUF_INIT;
	sqlite3_stmt *s = NULL;
	char *key = NULL;
	int rc;

	*is_new_out = 0;
	*id_out = 0;
	if (check_in(in, &rcpt) != LKB_OK) {
		strbuf_release(&rcpt);
		return LKB_ERR_USAGE;
	}
	key = xasprintf("%s:%s", in->kind, in->request_id);
	if ((rc = store_begin_write(st)) != LKB_OK)
		goto out_free;
	if (!(s = store_stmt(st, sql_insert))) {
		rc = LKB_ERR_DB;
		goto fail;
	}
	if ((rc = store_bind_text(st, s, ":key", key)) ||
	    (rc = store_bind_text(st, s, ":kind", in->kind)) ||
	    (rc = store_bind_text(st, s, ":req", in->request_id)) ||
	    (rc = store_bind_int(st, s, ":tid", in->thread_id)) ||
	    (rc = store_bind_int(st, s, ":rid", in->report_id)) ||
	    (rc = store_bind_text(st, s, ":mid", in->message_id)) ||
	    (rc = store_bind_text(st, s, ":from",
				  in->envelope_from ? in->envelope_from : "")) ||
	    (rc = store_bind_text(st, s, ":rcpt", rcpt.buf)) ||
	    (rc = store_bind_text(st, s, ":subj",
				  in->subject ? in->subject : "")) ||
	    (rc = store_bind_blob(st, s, ":raw", in->raw, in->raw_len)) ||
	    (rc = store_bind_int(st, s, ":now", in->now)) ||
	    (rc = store_bind_int(st, s, ":team", in->team != 0)))
		goto fail;
	rc = store_step(st, s);
	if (rc != SQLITE_DONE) {
		rc = rc < 0 ? rc : LKB_ERR_DB;
		goto fail;
	}
	if (sqlite3_changes(st->db) == 1) {
		*id_out = sqlite3_last_insert_rowid(st->db);
		*is_new_out = 1;
	} else {
		rc = store_lookup_int(st, sql_by_key, ":key", key, 0, id_out);
		if (rc == 0) {
			lkb_error("Message-ID '%s' is already used by another "
				  "outbox row", in->message_id);
			rc = LKB_ERR_DB;
		}
		if (rc < 0)
			goto fail;
	}
	store_stmt_done(s);
	s = NULL;
	rc = store_commit(st);
	goto out_free;
fail:
	store_stmt_done(s);
	store_rollback(st);
out_free:
	free(key);
	strbuf_release(&rcpt);
	return rc;
}

/* pending -> sending for id, then read it back; caller's transaction. */
static int
claim_row(struct store *st, int64_t id, int64_t now,
	  struct store_outbox_row *out)
{
	struct transition t = { 0 };
	int rc;

	t.id = id;
	t.from = OUTBOX_PENDING;
	t.to = OUTBOX_SENDING;
	t.claimed = now;
	if ((rc = outbox_set_state(st, &t)) != LKB_OK)
		return rc;
	rc = store_outbox_get(st, id, 1, out);
	return rc == 0 ? LKB_ERR_DB : rc;
}

/* The next due row the budget allows: 1 and *id_out, 0, or negative. */
static int
next_due_in(struct store *st, int64_t now, const struct outbox_budget *b,
	    int64_t *id_out)
{
	sqlite3_stmt *s = store_stmt(st, sql_next_due_in);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, ":now", now)) == LKB_OK &&
	    (rc = store_bind_int(st, s, ":ook", b->outsiders_ok)) == LKB_OK &&
	    (rc = store_bind_int(st, s, ":mok", b->members_ok)) == LKB_OK &&
	    (rc = store_bind_int(st, s, ":tok", b->team_ok)) == LKB_OK &&
	    (rc = store_bind_int(st, s, ":ps", b->per_sender)) == LKB_OK)
		rc = store_bind_int(st, s, ":since", b->since);
	rc = store_step_row(st, s, rc);
	if (rc == 1) {
		*id_out = sqlite3_column_int64(s, 0);
		store_stmt_done(s);
	}
	return rc;
}

static int
claim(struct store *st, int64_t id, int64_t now,
      const struct outbox_budget *b, struct store_outbox_row *out)
{
	struct store_outbox_row cur;
	int64_t due = 0;
	int rc;

	memset(out, 0, sizeof(*out));
	/* the claim has to be on disk before SMTP starts */
	if (st->depth > 0)
		LKB_BUG("outbox claim inside an open transaction");
	if ((rc = store_begin_write(st)) != LKB_OK)
		return rc;
	if (id) {
		rc = store_outbox_get(st, id, 0, &cur);
		if (rc == 1 && cur.state != OUTBOX_PENDING)
			rc = 0;
		store_outbox_row_release(&cur);
	} else if (b) {
		rc = next_due_in(st, now, b, &due);
		id = due;
	} else {
		rc = store_lookup_int(st, sql_next_due, ":now", NULL, now, &due);
		id = due;
	}
	if (rc == 1 && (rc = claim_row(st, id, now, out)) == 1 &&
	    (rc = store_commit(st)) == LKB_OK)
		return 1;
	if (rc == 0)
		return store_commit(st) == LKB_OK ? 0 : LKB_ERR_DB;
	store_outbox_row_release(out);
	store_rollback(st);
	return rc < 0 ? rc : LKB_ERR_DB;
}

int
store_outbox_claim_next(struct store *st, int64_t now,
			struct store_outbox_row *out)
{
	return claim(st, 0, now, NULL, out);
}

int
store_outbox_claim_next_in(struct store *st, int64_t now,
			   const struct outbox_budget *b,
			   struct store_outbox_row *out)
{
	return claim(st, 0, now, b, out);
}

int
store_outbox_claim(struct store *st, int64_t id, int64_t now,
		   struct store_outbox_row *out)
{
	if (id <= 0)
		return 0;
	return claim(st, id, now, NULL, out);
}

int
store_outbox_mark_sent(struct store *st, int64_t id, int64_t now)
{
	struct transition t = { 0 };

	t.id = id;
	t.from = OUTBOX_SENDING;
	t.to = OUTBOX_SENT;
	t.inc = 1;
	t.sent = now;
	return transition_txn(st, &t);
}

int
store_outbox_mark_failed(struct store *st, int64_t id, const char *error,
			 int64_t now)
{
	struct transition t = { 0 };

	(void)now;
	t.id = id;
	t.from = OUTBOX_SENDING;
	t.to = OUTBOX_FAILED;
	t.inc = 1;
	t.err = error ? error : "failed";
	return transition_txn(st, &t);
}

int
store_outbox_retry_later(struct store *st, int64_t id, const char *error,
			 int64_t now, int max_attempts, int64_t *next_out)
{
	struct store_outbox_row r;
	struct transition t = { 0 };
	int rc;

	*next_out = 0;
	if ((rc = store_begin_write(st)) != LKB_OK)
		return rc;
	rc = store_outbox_get(st, id, 0, &r);
	if (rc == 0)
		rc = LKB_ERR_NOT_FOUND;
	if (rc < 0)
		goto fail;
	t.id = id;
	t.from = OUTBOX_SENDING;
	t.inc = 1;
	t.err = error ? error : "temporary failure";
	if (r.attempts + 1 >= max_attempts) {
		t.to = OUTBOX_FAILED;
	} else {
		t.to = OUTBOX_PENDING;
		t.next = now + store_outbox_backoff(r.attempts);
	}
	store_outbox_row_release(&r);
	if ((rc = outbox_set_state(st, &t)) != LKB_OK)
		goto fail;
	if ((rc = store_commit(st)) != LKB_OK)
		return rc;
	*next_out = t.next;
	return t.to == OUTBOX_PENDING;
fail:
	store_rollback(st);
	return rc;
}

int
store_outbox_hold(struct store *st, int64_t id, const char *error)
{
	struct transition t = { 0 };

	t.id = id;
	t.from = OUTBOX_SENDING;
	t.to = OUTBOX_SENDING;
	t.inc = 1;
	t.err = error;
	return transition_txn(st, &t);
}

int
store_outbox_requeue_held(struct store *st, int64_t before, int64_t now,
			  int max_attempts, int64_t *n_out)
{
	sqlite3_stmt *s;
	int rc;

	*n_out = 0;
	if ((rc = store_begin_write(st)) != LKB_OK)
		return rc;
	if (!(s = store_stmt(st, sql_requeue_held))) {
		store_rollback(st);
		return LKB_ERR_DB;
	}
	if ((rc = store_bind_int(st, s, ":now", now)) == LKB_OK &&
	    (rc = store_bind_int(st, s, ":before", before)) == LKB_OK &&
	    (rc = store_bind_int(st, s, ":max", max_attempts)) == LKB_OK)
		rc = store_step(st, s) == SQLITE_DONE ? LKB_OK : LKB_ERR_DB;
	if (rc == LKB_OK)
		*n_out = sqlite3_changes(st->db);
	store_stmt_done(s);
	if (rc != LKB_OK) {
		store_rollback(st);
		return rc;
	}
	return store_commit(st);
}

int
store_outbox_release(struct store *st, int64_t id, const char *error)
{
	struct transition t = { 0 };

	t.id = id;
	t.from = OUTBOX_SENDING;
	t.to = OUTBOX_PENDING;
	t.err = error;
	return transition_txn(st, &t);
}

/* A pending row: just make it due now. */
static int
make_due(struct store *st, int64_t id, int64_t now)
{
	sqlite3_stmt *s = store_stmt(st, sql_due);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_bind_int(st, s, ":now", now)) == LKB_OK &&
	    (rc = store_bind_int(st, s, ":id", id)) == LKB_OK)
		rc = store_step(st, s) == SQLITE_DONE ? LKB_OK : LKB_ERR_DB;
	store_stmt_done(s);
	return rc;
}

int
store_outbox_requeue(struct store *st, int64_t id, int force, int64_t now)
{
	struct store_outbox_row r;
	struct transition t = { 0 };
	int rc;

	if ((rc = store_begin_write(st)) != LKB_OK)
		return rc;
	rc = store_outbox_get(st, id, 0, &r);
	if (rc == 0)
		rc = LKB_ERR_NOT_FOUND;
	if (rc < 0)
		goto fail;
	t.id = id;
	t.from = r.state;
	t.to = OUTBOX_PENDING;
	t.next = now;
	store_outbox_row_release(&r);
	if (t.from == OUTBOX_SENT || (t.from == OUTBOX_SENDING && !force))
		rc = LKB_ERR_USAGE;
	else if (t.from == OUTBOX_PENDING)
		rc = make_due(st, id, now);
	else
		rc = outbox_set_state(st, &t);
	if (rc != LKB_OK)
		goto fail;
	return store_commit(st);
fail:
	store_rollback(st);
	return rc;
}

int
store_outbox_drop(struct store *st, int64_t id, int force)
{
	struct store_outbox_row r;
	sqlite3_stmt *s = NULL;
	int rc;

	if ((rc = store_begin_write(st)) != LKB_OK)
		return rc;
	rc = store_outbox_get(st, id, 0, &r);
	if (rc == 0)
		rc = LKB_ERR_NOT_FOUND;
	if (rc < 0)
		goto fail;
	rc = r.state == OUTBOX_SENT ||
		     (r.state == OUTBOX_SENDING && !force)
		     ? LKB_ERR_USAGE
		     : LKB_OK;
	store_outbox_row_release(&r);
	if (rc != LKB_OK)
		goto fail;
	if (!(s = store_stmt(st, sql_drop))) {
		rc = LKB_ERR_DB;
		goto fail;
	}
	if ((rc = store_bind_int(st, s, ":id", id)) != LKB_OK)
		goto fail;
	rc = store_step(st, s) == SQLITE_DONE ? LKB_OK : LKB_ERR_DB;
	store_stmt_done(s);
	s = NULL;
	if (rc != LKB_OK)
		goto fail;
	return store_commit(st);
fail:
	store_stmt_done(s);
	store_rollback(st);
	return rc;
}

