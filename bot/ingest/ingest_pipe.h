/* ingest_pipe.h - a bounded, ordered queue of ingest jobs between one
 * parsing thread (the producer) and the thread that stores them.
 *
 * The producer pushes jobs and finally closes the pipe with its result;
 * the consumer pops them in push order. Either side can stop the other:
 * the consumer by ingest_pipe_stop (a blocked push returns), the producer
 * by closing early with an error (pop drains what was pushed, then ends).
 */
#ifndef LKB_BOT_INGEST_INGEST_PIPE_H
#define LKB_BOT_INGEST_INGEST_PIPE_H

#include <stddef.h>

#include "lib/compiler.h"

struct ingest_job;
struct ingest_pipe;

/* At most max_jobs jobs and (unless it is the only one) max_bytes raw
 * bytes are queued. Caller frees with ingest_pipe_free(). */
struct ingest_pipe *ingest_pipe_new(size_t max_jobs, size_t max_bytes);
/* Frees jobs still queued. Both threads must be done with p. */
void ingest_pipe_free(struct ingest_pipe *p);

/* Producer: queue j (taking it), waiting while the pipe is full.
 * Returns LKB_OK, or LKB_ERR when the consumer stopped (j is freed). */
int ingest_pipe_push(struct ingest_pipe *p, struct ingest_job *j)
	LKB_WARN_UNUSED;
/* Producer: 1 when the consumer is behind (the queue is half full, by
 * jobs or bytes), so work either side could do is better done by the
 * producer; 0 when the producer is the slower side. */
int ingest_pipe_behind(struct ingest_pipe *p);
/* Producer: no more jobs; rc is the producer's result. */
void ingest_pipe_close(struct ingest_pipe *p, int rc);

/* Consumer: the next job (caller gives it back with ingest_pipe_done or
 * frees it with ingest_job_free), waiting
 * for one; NULL once the pipe is closed and empty, with *rc_out set to
 * the producer's result. */
struct ingest_job *ingest_pipe_pop(struct ingest_pipe *p, int *rc_out);
/* Consumer: give back a job it popped and is done with; the producer
 * frees it (at its next push), or, once the producer closed the pipe or
 * too many wait, this does. */
void ingest_pipe_done(struct ingest_pipe *p, struct ingest_job *j);
/* Consumer: take no more jobs; wakes a producer blocked in push. */
void ingest_pipe_stop(struct ingest_pipe *p);

/* How often, and how many seconds in all, each side waited for the
 * other: the producer on a full queue, the consumer on an empty one. */
struct ingest_pipe_waits {
	unsigned long producer, consumer;
	double producer_secs, consumer_secs;
};
void ingest_pipe_waits(struct ingest_pipe *p, struct ingest_pipe_waits *out);

#endif
