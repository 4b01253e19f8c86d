/* store_triage.h - events, commands, requests and the report life cycle.
 *
 * Rows produced by the triage stage (bot/triage/triage.c) and read by the CLI
 * (`lkpbot thread`, `show`). Every state change is one history row written
 * in the same transaction as the event or command that caused it.
 */
#ifndef LKB_STATE_STORE_TRIAGE_H
#define LKB_STATE_STORE_TRIAGE_H

#include <stddef.h>
#include <stdint.h>

#include "lib/compiler.h"
#include "state/store_request.h"

struct store;

struct store_event {
	int64_t report_id;
	int64_t msg_id;		/* 0 when it came from the CLI */
	const char *type;	/* doc/design.md section 4 vocabulary */
	const char *source;	/* "rule:NAME", "command", "cli:USER", "auto" */
	const char *author;
	const char *evidence;	/* the matched line */
	const char *sha;	/* a commit the event names, or NULL */
	const char *reason;	/* close reason, or NULL */
	int64_t date;		/* when it was said (the mail's date); 0 = now */
	double confidence;	/* 0..1 (parsers/reply.h REPLY_CONF_*) */
};

/* Insert an event; an identical one (same report, message, type, source)
 * is ignored, so triage can be rerun. */
int store_event_add(struct store *st, const struct store_event *ev)
	LKB_WARN_UNUSED;

/* Where an event stands in the review queue (doc/design.md section 4):
 * an event below [triage] auto_confidence that would change its
 * report's state waits (pending) until a maintainer accepts it (then it
 * is applied) or rejects it (it stays, changing nothing). */
enum store_review {
	REVIEW_NONE,		/* applied on its own, or nothing to apply */
	REVIEW_PENDING,
	REVIEW_ACCEPTED,
	REVIEW_REJECTED,
	REVIEW__COUNT
};
/* "pending", "accepted", "rejected" (NULL for REVIEW_NONE), and back
 * (REVIEW_NONE for NULL or anything else). */
const char *store_review_name(enum store_review r);
enum store_review store_review_from_name(const char *s);

/* store_event_add(), and the event's row id and review state, whether
 * it was added now or already there (triage run again: a decision
 * stays). */
int store_event_add_id(struct store *st, const struct store_event *ev,
		       int64_t *id_out, enum store_review *review_out)
	LKB_WARN_UNUSED;
/* Set event id's review state; by (who decided, NULL for pending) and
 * the time are kept. 1 done, 0 no such event. */
int store_event_review_set(struct store *st, int64_t id,
			   enum store_review r, const char *by)
	LKB_WARN_UNUSED;

/* An event with what the review queue shows of it (strings borrowed
 * for the call only). */
struct store_review_row {
	int64_t id, report_id, msg_id, created_at, reviewed_at;
	double confidence;	/* -1: not recorded (rows before schema 14) */
	const char *message_id, *type, *source, *author, *evidence, *sha;
	const char *reason, *reviewed_by;
	enum store_review review;
};
typedef int store_review_fn(const struct store_review_row *r, void *arg);
/* Event id alone (id > 0), or every event in the queue, oldest first:
 * the pending ones, or (all) the decided ones too. fn returns non-zero
 * to stop. */
int store_review_foreach(struct store *st, int64_t id, int all,
			 store_review_fn *fn, void *arg) LKB_WARN_UNUSED;

struct store_command {
	int64_t msg_id;
	int64_t report_id;	/* 0 when the mail is in no report thread */
	int idx;		/* 1-based position in the mail */
	const char *verb, *args, *author, *tier;
	int allowed;
	const char *result;	/* "ok: ...", "error: ...", "refused: ..." */
};
int store_command_add(struct store *st, const struct store_command *c,
		      int64_t *id_out) LKB_WARN_UNUSED;

/* Current state of a report; strings are copies the caller frees.
 * dismissed: closed, and its last change was a dispute's (a history
 * cause "dispute ...", bot/triage/triage_apply.c). */
struct store_report_state {
	char *state, *close_reason;
	int64_t duplicate_of;
	int dismissed;
};
int store_report_state_get(struct store *st, int64_t report_id,
			   struct store_report_state *out) LKB_WARN_UNUSED;
void store_report_state_release(struct store_report_state *s);

/* Move a report to to_state (reason may be NULL) and write the history
 * row dated when, or the report's own date when that is later; cause
 * says why ("rule:NAME", "command #lkp close", "cli:USER"). */
int store_report_transition(struct store *st, int64_t report_id,
			    const char *to_state, const char *reason,
			    int64_t duplicate_of, const char *cause,
			    int64_t msg_id, int64_t when) LKB_WARN_UNUSED;

/* Record why report_id's robot mail is not verified (NULL: it is). */
int store_report_unverified_set(struct store *st, int64_t report_id,
				const char *why) LKB_WARN_UNUSED;

/* Commits related to a report: relation "fix-of" (the earlier commit the
 * reported one fixes), "fixed-by", "introduced-by". Duplicates ignored. */
int store_report_related_add(struct store *st, int64_t report_id,
			     const char *sha, const char *relation)
	LKB_WARN_UNUSED;

/* How many messages are not triaged yet (0: a run has nothing to read;
 * counted without a scan of messages against triaged). */
int store_triage_pending(struct store *st, int64_t *n_out)
	LKB_WARN_UNUSED;
/* Row ids of the messages not yet triaged, oldest first, into a
 * malloc'd array (*ids_out, free() it) of *n_out. */
int store_untriaged_ids(struct store *st, int64_t **ids_out, size_t *n_out)
	LKB_WARN_UNUSED;
/* Mark every untriaged message whose raw bytes were not kept (mail that
 * does not matter to the bot) triaged at once; *n_out counts them. */
int store_triage_skip_bare(struct store *st, int64_t *n_out)
	LKB_WARN_UNUSED;
/* Mark msg_id triaged, against report_id (0: it belonged to none). */
int store_triage_mark(struct store *st, int64_t msg_id, int64_t report_id)
	LKB_WARN_UNUSED;
/* Mark msg_id triaged without acting on it, and add problem (why it
 * could not be triaged) to its `problem` column, once. */
int store_triage_skip(struct store *st, int64_t msg_id, const char *problem)
	LKB_WARN_UNUSED;
/* Messages of the report's thread after it that were triaged without a
 * report (they arrived first), reports apart, are triaged again; *n_out
 * counts them. */
int store_triage_requeue_thread(struct store *st, int64_t report_id,
				int64_t *n_out) LKB_WARN_UNUSED;

/* Remember (on) or forget (off) where long walks up ended, for
 * store_report_for_message(): a chain stored out of order (replies before
 * their parents) has no shortcuts, and each reply would walk it again.
 * Turn it on only while messages and reports stay as they are (one
 * triage run); off frees it. */
void store_walk_memo(struct store *st, int on);

/* The report a message belongs to: the report whose message is the
 * message itself or an ancestor in the same thread; else the first report
 * of its thread. 1 found, 0 none. */
int store_report_for_message(struct store *st, int64_t msg_id,
			     int64_t *report_id_out) LKB_WARN_UNUSED;

/* Requests (compare, compare-series, retest) asked in mail or CLI. */
struct store_request {
	int64_t id, report_id, msg_id;
	enum request_kind kind;
	enum request_state state;
	const char *asker, *args, *result;
	int64_t created_at, updated_at;
	enum request_pool pool;
	int outsider;		/* answered as an outsider's */
};
int store_request_add(struct store *st, const struct store_request *r,
		      int64_t *id_out) LKB_WARN_UNUSED;
/* The request of msg_id with the same kind and args (what
 * store_request_add() adds only once): 1 and *id_out, or 0. */
int store_request_same(struct store *st, const struct store_request *r,
		       int64_t *id_out) LKB_WARN_UNUSED;
int store_request_set_state(struct store *st, int64_t id,
			    enum request_state state, const char *result)
	LKB_WARN_UNUSED;

/* The earliest other report on the same commit and headline metric that
 * is not itself a duplicate and is earlier than report_id (by date, then
 * id): 1 and *id_out, or 0 (automatic duplicates, doc/design.md section
 * 4). */
int store_report_same_regression(struct store *st, int64_t report_id,
				 int64_t *id_out) LKB_WARN_UNUSED;
/* The same, but the earliest of those later than report_id. */
int store_report_later_regression(struct store *st, int64_t report_id,
				  int64_t *id_out) LKB_WARN_UNUSED;
/* 1 when report id came after report than (by date, then id: a
 * duplicate points to an earlier report), 0 when not or when either is
 * unknown, or a negative status. */
int store_report_later(struct store *st, int64_t id, int64_t than)
	LKB_WARN_UNUSED;
/* Is the report on a tree's commit (a "[tree:branch]" tag) or on the
 * robot's own fix patch, rather than on a patch posted for review? Its
 * recipients are then the tree's people. 1 yes, 0 no (or no report),
 * negative on error. */
int store_report_on_tree(struct store *st, int64_t report_id)
	LKB_WARN_UNUSED;

/* Every address of a thread but message except_msg's: each message's
 * From, To and Cc, in fn(addr) calls (duplicates possible). Writing into
 * a thread does not make one a participant of it. */
typedef int store_addr_fn(const char *addr, void *arg);
/* Split an address list as the store keeps it ("a@x, b@y") and feed
 * each address to fn until it returns non-zero (then 1; else 0). */
int store_addrs_each(const char *list, store_addr_fn *fn, void *arg);
int store_thread_addresses(struct store *st, int64_t thread_id,
			   int64_t except_msg, store_addr_fn *fn, void *arg)
	LKB_WARN_UNUSED;

/* A table (or report text) someone pasted in a reply, parsed by the
 * report parser, kept as JSON with the reply and its report. */
int store_reply_table_add(struct store *st, int64_t msg_id,
			  int64_t report_id, const char *json)
	LKB_WARN_UNUSED;
/* Number of tables kept for a message. */
int store_reply_table_count(struct store *st, int64_t msg_id,
			    int64_t *n_out) LKB_WARN_UNUSED;

/* ---- read side, for `lkpbot show` and `lkpbot thread` ---- */

/* Strings are copies freed by store_report_brief_release(). */
struct store_report_brief {
	int64_t id, msg_id, thread_id, duplicate_of, date;
	char *message_id, *kind, *commit_sha, *state, *close_reason;
	char *subject, *testcase, *metric;
	char *unverified;	/* why the robot mail is not verified */
};
int store_report_brief_get(struct store *st, int64_t report_id,
			   struct store_report_brief *out) LKB_WARN_UNUSED;
void store_report_brief_release(struct store_report_brief *b);

/* Row callbacks: strings borrowed for the call only. */
struct store_event_row {
	int64_t id, msg_id, created_at;
	const char *type, *source, *author, *evidence, *sha, *reason;
	double confidence;	/* -1: not recorded (rows before schema 14) */
	enum store_review review;
};
typedef int store_event_fn(const struct store_event_row *r, void *arg);
/* Events of a report; msg_id 0 = all of them, -1 = those without mail. */
int store_event_foreach(struct store *st, int64_t report_id, int64_t msg_id,
			store_event_fn *fn, void *arg) LKB_WARN_UNUSED;

struct store_command_row {
	int64_t id, msg_id, report_id;
	int idx, allowed;
	const char *verb, *args, *author, *tier, *result;
};
typedef int store_command_fn(const struct store_command_row *r, void *arg);
int store_command_foreach(struct store *st, int64_t msg_id,
			  store_command_fn *fn, void *arg) LKB_WARN_UNUSED;

struct store_history_row {
	int64_t date, msg_id;
	const char *from_state, *to_state, *reason, *cause;
};
typedef int store_history_fn(const struct store_history_row *r, void *arg);
int store_history_foreach(struct store *st, int64_t report_id,
			  store_history_fn *fn, void *arg) LKB_WARN_UNUSED;

typedef int store_related_fn(const char *sha, const char *relation,
			     void *arg);
int store_related_foreach(struct store *st, int64_t report_id,
			  store_related_fn *fn, void *arg) LKB_WARN_UNUSED;

#endif
