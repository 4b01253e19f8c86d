/* store_outbox.h - the outbox: rendered mail on its way to SMTP.
 *
 * A row moves pending -> sending -> sent | failed (and sending ->
 * pending to retry later). The claim (pending -> sending) is committed
 * before any byte goes to the SMTP server, so a crash while talking to
 * the server leaves the row in `sending`: it is then reported and never
 * sent again unless an operator forces it (doc/design.md section 6).
 * Each (kind, request id) can be enqueued once: a decision that is
 * rerun finds its row instead of adding a second one.
 */
#ifndef LKB_STATE_STORE_OUTBOX_H
#define LKB_STATE_STORE_OUTBOX_H

#include <stddef.h>
#include <stdint.h>

#include "lib/compiler.h"

struct store;

enum outbox_state {
	OUTBOX_PENDING,
	OUTBOX_SENDING,
	OUTBOX_SENT,
	OUTBOX_FAILED,
	OUTBOX__COUNT
};

/* "pending", "sending", "sent", "failed". */
const char *outbox_state_name(enum outbox_state s);
/* The state called name, or -1. */
int outbox_state_parse(const char *name);

struct store_outbox_in {
	const char *kind;	/* "ack", "error", ... */
	const char *request_id;	/* the request/decision this answers */
	int64_t thread_id;	/* 0 when none */
	int64_t report_id;	/* 0 when none */
	const char *message_id;	/* without <> */
	const char *envelope_from;	/* "" for the null sender <> */
	const char *const *rcpt;	/* envelope recipients */
	size_t nrcpt;
	const char *subject;	/* for listings */
	const char *raw;	/* the whole RFC 5322 message, CRLF */
	size_t raw_len;
	int64_t now;
	int team;		/* 1: to a maintainer or the LKP team */
};

/* Add a pending row, due now. Joins the caller's open write transaction
 * if there is one (the store nests), so it commits or rolls back with
 * the decision that caused it. A second enqueue of the same kind and
 * request id adds nothing: *is_new_out is 0 and *id_out the first row. */
int store_outbox_enqueue(struct store *st, const struct store_outbox_in *in,
			 int64_t *id_out, int *is_new_out) LKB_WARN_UNUSED;

/* One row. Strings are owned by the record; release with
 * store_outbox_row_release(). raw is NULL unless asked for. */
struct store_outbox_row {
	int64_t id, thread_id, report_id, attempts;
	int64_t next_attempt_at, created_at, claimed_at, sent_at;
	enum outbox_state state;
	char *kind, *request_id, *message_id, *envelope_from;
	char *recipients;	/* one address per line */
	char *subject, *last_error;
	char *raw;
	size_t raw_len;
};
void store_outbox_row_release(struct store_outbox_row *r);

/* Look a row up by id: 1 found, 0 not. */
int store_outbox_get(struct store *st, int64_t id, int with_raw,
		     struct store_outbox_row *out) LKB_WARN_UNUSED;

/* Claim the next due pending row (pending -> sending) in a transaction
 * of its own, committed on return; must not be called inside an open
 * transaction. 1 and the row (with raw) claimed, 0 when nothing is due. */
int store_outbox_claim_next(struct store *st, int64_t now,
			    struct store_outbox_row *out) LKB_WARN_UNUSED;
/* Claim row id if it is pending, due or not (an operator's "send now").
 * 1 claimed, 0 when the row does not exist or is not pending. */
int store_outbox_claim(struct store *st, int64_t id, int64_t now,
		       struct store_outbox_row *out) LKB_WARN_UNUSED;

/* sending -> sent. */
int store_outbox_mark_sent(struct store *st, int64_t id, int64_t now)
	LKB_WARN_UNUSED;
/* sending -> failed, with the reason (e.g. the server's 5xx text). */
int store_outbox_mark_failed(struct store *st, int64_t id, const char *error,
			     int64_t now) LKB_WARN_UNUSED;
/* A temporary failure of this mail: sending -> pending, one attempt
 * more, due after store_outbox_backoff(); once attempts reach
 * max_attempts it goes to failed instead. Returns 1 when rescheduled
 * (*next_out set), 0 when it gave up. */
int store_outbox_retry_later(struct store *st, int64_t id, const char *error,
			     int64_t now, int max_attempts,
			     int64_t *next_out) LKB_WARN_UNUSED;
/* The mail went to the server but no answer to it came (SMTP DATA
 * without its 250): one attempt more, the row stays in `sending` with
 * error as last_error, so no run sends it again on its own. */
int store_outbox_hold(struct store *st, int64_t id, const char *error)
	LKB_WARN_UNUSED;
/* Rows held in `sending` (uncertain, or left by a crash) claimed at or
 * before `before`, with fewer than max_attempts attempts: pending and
 * due now. *n_out gets how many. */
int store_outbox_requeue_held(struct store *st, int64_t before, int64_t now,
			      int max_attempts, int64_t *n_out)
	LKB_WARN_UNUSED;
/* The server could not be reached at all: sending -> pending without
 * counting an attempt, so the next run tries again. */
int store_outbox_release(struct store *st, int64_t id, const char *error)
	LKB_WARN_UNUSED;
/* Operator: make row id pending and due now. A failed row is allowed; a
 * row in sending only with force (it may have been delivered already).
 * LKB_ERR_NOT_FOUND, or LKB_ERR_USAGE when the state does not allow it. */
int store_outbox_requeue(struct store *st, int64_t id, int force, int64_t now)
	LKB_WARN_UNUSED;
/* Operator: delete row id. Sent rows stay (they are the history rate
 * limits count); a sending row only with force. */
int store_outbox_drop(struct store *st, int64_t id, int force)
	LKB_WARN_UNUSED;

/* Seconds to wait after a temporary failure when attempts earlier
 * attempts failed: 5 min * 2^attempts, at most 12 h. */
int64_t store_outbox_backoff(int64_t attempts);

/* Iterate rows by id (without raw); state -1 for all. fn returns
 * non-zero to stop. */
typedef int store_outbox_fn(const struct store_outbox_row *r, void *arg);
int store_outbox_foreach(struct store *st, int state, store_outbox_fn *fn,
			 void *arg) LKB_WARN_UNUSED;

/* Rows in state s. */
int store_outbox_count(struct store *st, enum outbox_state s, int64_t *n_out)
	LKB_WARN_UNUSED;
/* Answers to people who may not act on the report (outsiders) have a
 * request id that starts with this; they have budgets of their own. */
#define OUTBOX_OUTSIDER_PREFIX "o."

/* Whose answers a row is, for the budgets: the maintainers' and the LKP
 * team's (column team), outsiders' (OUTBOX_OUTSIDER_PREFIX), everyone
 * else's (members: the report's participants). Each class has budgets
 * of its own; the team's rows go first. */
enum outbox_class {
	OUTBOX_CLASS_ANY = -1,
	OUTBOX_CLASS_MEMBERS,
	OUTBOX_CLASS_OUTSIDERS,
	OUTBOX_CLASS_TEAM,
};

/* Which rows a rate count takes. Both ends of the window are bounded, so
 * rows dated in the future (a run with the clock ahead) count in no
 * window of the present. */
struct outbox_window {
	int64_t since, until;	/* created_at (sent_at if sent) in here */
	int sent;		/* 1: sent rows by sent_at */
	int64_t thread_id;	/* 0: all threads */
	int cls;		/* an enum outbox_class; ANY: all rows */
	const char *rcpt;	/* exactly these recipients, or NULL */
};
int store_outbox_count_window(struct store *st, const struct outbox_window *w,
			      int64_t *n_out) LKB_WARN_UNUSED;
/* Rows created in [since, until] (any state), in thread_id (0: all) --
 * for rate limits on answering. */
int store_outbox_count_created(struct store *st, int64_t thread_id,
			       int64_t since, int64_t until, int64_t *n_out)
	LKB_WARN_UNUSED;
/* Rows sent in [since, until] -- for the sending rate. */
int store_outbox_count_sent(struct store *st, int64_t since, int64_t until,
			    int64_t *n_out) LKB_WARN_UNUSED;

/* What the send stage may still send this hour. */
struct outbox_budget {
	int team_ok;		/* answers to maintainers and the LKP team */
	int members_ok;		/* answers to participants */
	int outsiders_ok;	/* answers to outsiders */
	long per_sender;	/* outsiders' answers to one address in
				 * [since, now]; 0: no limit */
	int64_t since;
};
/* Like store_outbox_claim_next(), but only a row the budget allows;
 * the team's rows first, then members', then outsiders'. */
int store_outbox_claim_next_in(struct store *st, int64_t now,
			       const struct outbox_budget *b,
			       struct store_outbox_row *out) LKB_WARN_UNUSED;

#endif
