/* store.h - the SQLite store: the only hand-off between stages.
 *
 * Typed functions only; SQL never leaves state/. Every function returns
 * LKB_OK or a negative status; lookups return 1 found, 0 not found.
 */
#ifndef LKB_STATE_STORE_H
#define LKB_STATE_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "lib/compiler.h"

struct store;
struct message;

enum store_mode { STORE_RO, STORE_RW };

/* Open (and for STORE_RW create and migrate) the database at path.
 * LKB_ERR_SCHEMA_TOO_NEW if its version is above this program's.
 * Caller frees with store_close(). */
int store_open(const char *path, enum store_mode mode, struct store **st_out)
	LKB_WARN_UNUSED;
/* NULL is a no-op. */
void store_close(struct store *st);
/* The path it was opened with. */
const char *store_path(const struct store *st);

/* Transactions, counted: only the outermost commit commits; a rollback
 * anywhere rolls back everything (R35). Writers BEGIN IMMEDIATE. */
int store_begin_write(struct store *st) LKB_WARN_UNUSED;
int store_begin_read(struct store *st) LKB_WARN_UNUSED;
int store_commit(struct store *st) LKB_WARN_UNUSED;
void store_rollback(struct store *st);
/* A savepoint inside the open write transaction (one at a time): what
 * was written after it is kept by _release, undone by _rollback (the
 * transaction goes on, with nested rollbacks since then forgotten).
 * Raw mail written to the pack meanwhile is not undone: for units that
 * keep none (triage). */
int store_savepoint(struct store *st) LKB_WARN_UNUSED;
int store_savepoint_release(struct store *st) LKB_WARN_UNUSED;
int store_savepoint_rollback(struct store *st) LKB_WARN_UNUSED;

int store_schema_version(struct store *st, int *version_out) LKB_WARN_UNUSED;
/* The version this program writes. */
int store_schema_head(void);
/* PRAGMA integrity_check and foreign_key_check; problems are logged.
 * Returns LKB_OK when clean, LKB_ERR_DB otherwise. */
int store_check(struct store *st) LKB_WARN_UNUSED;

/* ---- messages and threads (state/store_message.c) ---- */

/* struct store_msg_in's raw_if_report (0: keep as raw says). */
enum { STORE_KEEP_IF_REPORT = 1, STORE_KEEP_IF_KEPT = 2 };

struct store_msg_in {
	const struct message *m;
	const char *raw;	/* raw bytes to keep, or NULL */
	size_t raw_len;
	const char *source;	/* "maildir:PATH", "mbox:PATH:OFFSET", ... */
	const char *content_hash;	/* hex SHA-256 of the raw bytes; ""
					 * for mail with a Message-ID */
	int is_robot;		/* sent by the LKP robot */
	int raw_if_report;	/* keep raw only when a Message-ID the mail
				 * names (In-Reply-To, References) is in a
				 * thread that holds a report (or, with
				 * STORE_KEEP_IF_KEPT, any kept mail: a fix
				 * patch crediting the robot); asked with
				 * the lookups threading makes anyway */
	/* Made ahead, on another thread, or NULL / 0 (made here): m's
	 * texts as store_msg_texts() makes them, raw's store_raw_sum(). */
	const char *refs_text, *to_text, *cc_text;
	int has_sum;
	uint32_t raw_sum;
};

struct strbuf;
/* The texts the messages row keeps for m's References (space between)
 * and its To and Cc addresses (", " between), appended to the three;
 * for a parser thread that makes them before store_message_add. */
void store_msg_texts(const struct message *m, struct strbuf *refs,
		     struct strbuf *to, struct strbuf *cc);
/* The check sum stored with raw bytes kept (CRC-32). */
uint32_t store_raw_sum(const char *raw, size_t len);

/* Insert a parsed message and link it into its thread (by Message-ID,
 * In-Reply-To and References; earlier orphans are joined when their
 * parent arrives). Dedup by Message-ID, by content hash without one.
 * *id_out is the row id (new or existing); *is_new_out 1 when inserted. */
int store_message_add(struct store *st, const struct store_msg_in *in,
		      int64_t *id_out, int *is_new_out) LKB_WARN_UNUSED;

/* For a big import: keep what threading asks of Message-IDs in memory
 * (state/store_index.c), at most max_ids of them (0 or more than
 * LKB_IMPORT_INDEX_IDS: that many); past them SQL answers again. Only
 * on a database without messages or threads: 1 when taken, 0 when not,
 * or a negative status. While it is on, nothing but store_message_add
 * and store_report_add may write to this store; _stop before anything
 * else writes (it is dropped by itself on a rollback or when another
 * connection writes). The stored rows are the same with it or without. */
int store_mid_index_start(struct store *st, unsigned max_ids)
	LKB_WARN_UNUSED;
/* 1 while the index is on (for tests and the debug line). */
int store_mid_index_on(const struct store *st);
void store_mid_index_stop(struct store *st);

/* For a big import: WAL checkpoints on a thread and a connection of
 * their own (state/store_ckpt.c), so the writer never waits for the
 * copy and its fsyncs. Without a second connection (or a thread) the
 * writer does them, as always; _stop (also at store_close) waits for
 * the thread. */
void store_ckpt_start(struct store *st);
void store_ckpt_stop(struct store *st);

/* The mail itself for a stand-in made from a quote (source "quoted:",
 * bot/ingest/quoted.c): the row of in's Message-ID takes in's headers,
 * source and raw bytes (which must be given), keeping its row id,
 * thread and links. 1 replaced (*id_out the row), 0 when the row is
 * missing or no stand-in, or a negative status. */
int store_message_replace_standin(struct store *st,
				  const struct store_msg_in *in,
				  int64_t *id_out) LKB_WARN_UNUSED;

/* 1 if a message with this Message-ID (no <>) or content hash exists. */
int store_message_exists(struct store *st, const char *message_id,
			 const char *content_hash) LKB_WARN_UNUSED;

/* The domain of the Message-ID the store gives a mail without one:
 * HASH@STORE_CONTENT_MSGID_DOMAIN (the first 32 hex digits of its
 * content hash). No answer threads under it. */
#define STORE_CONTENT_MSGID_DOMAIN "content.lkpbot.invalid"

/* A stored message, for the CLI. Strings are owned by the record;
 * release with store_msg_release(). */
struct store_msg {
	int64_t id, thread_id, date, parent_id;
	char *message_id, *subject, *from_name, *from_addr, *in_reply_to;
	char *quality, *problem, *source, *to_addrs, *cc_addrs, *refs;
	int is_robot, has_raw;
};
void store_msg_release(struct store_msg *m);

/* Look up by row id (when key is all digits) or Message-ID. */
int store_message_get(struct store *st, const char *key,
		      struct store_msg *out) LKB_WARN_UNUSED;
/* What triage needs first: id, thread_id, date, from_addr, quality and
 * has_raw of out (the rest NULL/0), and the message's report row id in
 * *report_id_out (0: not a report). 1 found, 0 not. */
int store_message_brief(struct store *st, int64_t id, struct store_msg *out,
			int64_t *report_id_out) LKB_WARN_UNUSED;
/* Mark message id as from an archive the admin trusts (`lkpbot import
 * --trusted`); store_message_trusted: 1 when so, 0 not, negative on
 * error. */
int store_message_trust(struct store *st, int64_t id) LKB_WARN_UNUSED;
int store_message_trusted(struct store *st, int64_t id) LKB_WARN_UNUSED;
/* Raw bytes of a message; caller frees *raw_out with free(). 0 if none. */
int store_message_raw(struct store *st, int64_t id, char **raw_out,
		      size_t *len_out) LKB_WARN_UNUSED;

/* Iterate messages (ordered by date, then id); fn returns non-zero to
 * stop. thread_id 0 = all threads. */
typedef int store_msg_fn(const struct store_msg *m, void *arg);
int store_message_foreach(struct store *st, int64_t thread_id,
			  store_msg_fn *fn, void *arg) LKB_WARN_UNUSED;

/* Counts for summaries. */
struct store_counts {
	int64_t messages, threads, rejected, partial, robot;
};
int store_counts(struct store *st, struct store_counts *out) LKB_WARN_UNUSED;

#endif
