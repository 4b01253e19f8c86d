/* ingest.h - one raw mail into the store: parse, classify, store.
 *
 * Used by `lkpbot import` (Maildir, mbox, file, stdin) and by the IMAP/
 * Maildir sync stage. A mail that does not parse is stored as rejected
 * with its reason; only a store failure is an error.
 */
#ifndef LKB_BOT_INGEST_INGEST_H
#define LKB_BOT_INGEST_INGEST_H

#include <stddef.h>
#include <stdint.h>

#include "lib/compiler.h"

struct store;

struct ingest_stats {
	uint64_t read, new_msgs, duplicate, rejected, partial, reports;
	uint64_t bytes;
	uint64_t late;		/* classified on the storing thread */
	uint64_t quoted;	/* reports known from a reply's quote */
};

struct ingest;

/* Caller frees with ingest_free(). The store must be open read-write. */
struct ingest *ingest_new(struct store *st);
void ingest_free(struct ingest *ig);

/* Group the following ingest_message calls into one transaction (R35);
 * ingest_end commits. Nested calls are counted by the store. */
int ingest_begin(struct ingest *ig) LKB_WARN_UNUSED;
int ingest_end(struct ingest *ig) LKB_WARN_UNUSED;
void ingest_abort(struct ingest *ig);

/* Parse and store one mail. source names where it came from, e.g.
 * "maildir:/path/cur/123:2,S", "mbox:/path/file:4711" or
 * "imap:INBOX;UIDVALIDITY=5;UID=42". *msg_id_out (may be NULL) gets the
 * row id. Returns LKB_OK (also for rejected or duplicate mail) or the
 * store's error. */
int ingest_message(struct ingest *ig, const char *raw, size_t len,
		   const char *source, int64_t *msg_id_out) LKB_WARN_UNUSED;

/* Store raw (a head of the mail, e.g. cut at a size limit) as rejected
 * with the reason why, without parsing it. */
int ingest_rejected(struct ingest *ig, const char *raw, size_t len,
		    const char *source, const char *why, int64_t *msg_id_out)
	LKB_WARN_UNUSED;

/* ingest_message in two halves, so one thread can parse while another
 * stores (`lkpbot import`). ingest_job_new needs no store and may run on
 * any thread: it copies raw and source, hashes, parses (or, when parse
 * is 0, makes a rejected stand-in for why like ingest_rejected),
 * classifies and parses a robot report; with INGEST_JOB_LATE it leaves
 * classifying and the report to ingest_job_store (for a producer that
 * is the slower side: the result is the same). Never fails. Caller
 * frees with ingest_job_free(). */
#define INGEST_JOB_LATE 1u
struct ingest_job;
struct ingest_job *ingest_job_new(const char *raw, size_t len,
				  const char *source, int parse,
				  const char *why, unsigned flags);
/* The same, taking raw (a heap buffer with raw[len] == '\0') instead of
 * copying it: the job frees it. */
struct ingest_job *ingest_job_take(char *raw, size_t len,
				   const char *source, int parse,
				   const char *why, unsigned flags);
/* The raw bytes a job holds (for bounding a queue of jobs). */
size_t ingest_job_bytes(const struct ingest_job *j);
/* The store half, on the store's thread, jobs in input order: the same
 * result as ingest_message. Does not free j. */
int ingest_job_store(struct ingest *ig, const struct ingest_job *j,
		     int64_t *msg_id_out) LKB_WARN_UNUSED;
void ingest_job_free(struct ingest_job *j);

/* Counters since ingest_new, of committed work only: a transaction of
 * ingest_begin that is aborted, or whose commit fails, takes back what
 * it counted. Borrowed from ig. */
const struct ingest_stats *ingest_stats(const struct ingest *ig);

#endif
