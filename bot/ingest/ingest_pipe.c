/* ingest_pipe.c - bounded ordered job queue between two threads.
 * A thread that waits is woken once there is a batch for it (a quarter
 * of the queue to take, or half of it free), not for every job: on two
 * CPUs each wake-up costs as much as parsing a small mail. Stored jobs
 * come back to the producer to be freed: memory goes back to the malloc
 * arena of the thread that took it, which then need not lock it against
 * the other thread on every free. */
#include "config.h"
#include "bot/ingest/ingest_pipe.h"

#include <pthread.h>
#include <stdlib.h>

#include "bot/ingest/ingest.h"
#include "lib/clock.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"

struct ingest_pipe {
	pthread_mutex_t mu;
	pthread_cond_t not_empty, not_full;
	struct ingest_job **ring;	/* cap slots, head is the oldest */
	size_t cap, head, n;
	struct ingest_job **done;	/* cap slots: stored, to be freed */
	struct ingest_job **reap;	/* the producer's: being freed */
	size_t ndone;
	size_t bytes, max_bytes;	/* raw bytes queued, their bound */
	size_t batch;			/* jobs that wake a waiting consumer */
	int closed, stopped;
	int consumer_waits, producer_waits;
	int rc;				/* the producer's result */
	struct ingest_pipe_waits waits;
};

struct ingest_pipe *
ingest_pipe_new(size_t max_jobs, size_t max_bytes)
{
	struct ingest_pipe *p = xcalloc(1, sizeof(*p));

	p->cap = max_jobs ? max_jobs : 1;
	p->ring = xcalloc(p->cap, sizeof(*p->ring));
	p->done = xcalloc(p->cap, sizeof(*p->done));
	p->reap = xcalloc(p->cap, sizeof(*p->reap));
	p->max_bytes = max_bytes;
	p->batch = p->cap / 4 ? p->cap / 4 : 1;
	if (pthread_mutex_init(&p->mu, NULL) ||
	    pthread_cond_init(&p->not_empty, NULL) ||
	    pthread_cond_init(&p->not_full, NULL))
		LKB_BUG("ingest_pipe: pthread init failed");
	return p;
}

void
ingest_pipe_free(struct ingest_pipe *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n; i++)
		ingest_job_free(p->ring[(p->head + i) % p->cap]);
	for (size_t i = 0; i < p->ndone; i++)
		ingest_job_free(p->done[i]);
	free(p->done);
	free(p->reap);
	pthread_cond_destroy(&p->not_full);
	pthread_cond_destroy(&p->not_empty);
	pthread_mutex_destroy(&p->mu);
	free(p->ring);
	free(p);
}

static int
pipe_full(const struct ingest_pipe *p, size_t len)
{
	if (p->n == 0)
		return 0;	/* one job always fits, however big */
	return p->n >= p->cap || p->bytes + len > p->max_bytes;
}

/* Producer, p->mu held: free the jobs the consumer gave back, with the
 * lock released meanwhile. */
static void
reap_done(struct ingest_pipe *p)
{
	struct ingest_job **t = p->reap;
	size_t n = p->ndone;

	if (!n)
		return;
	p->reap = p->done;
	p->done = t;
	p->ndone = 0;
	pthread_mutex_unlock(&p->mu);
	for (size_t i = 0; i < n; i++)
		ingest_job_free(p->reap[i]);
	pthread_mutex_lock(&p->mu);
}

int
ingest_pipe_push(struct ingest_pipe *p, struct ingest_job *j)
{
	size_t len = ingest_job_bytes(j);

	pthread_mutex_lock(&p->mu);
	reap_done(p);
	if (!p->stopped && pipe_full(p, len)) {
		double t0 = lkb_now_secs();

		while (!p->stopped && pipe_full(p, len)) {
			p->producer_waits = 1;
			if (p->consumer_waits)	/* a full queue is batch enough */
				pthread_cond_signal(&p->not_empty);
			pthread_cond_wait(&p->not_full, &p->mu);
			reap_done(p);
		}
		p->waits.producer++;
		p->waits.producer_secs += lkb_now_secs() - t0;
	}
	p->producer_waits = 0;
	if (p->stopped) {
		pthread_mutex_unlock(&p->mu);
		ingest_job_free(j);
		return LKB_ERR;
	}
	p->ring[(p->head + p->n) % p->cap] = j;
	p->n++;
	p->bytes += len;
	if (p->consumer_waits && p->n >= p->batch)
		pthread_cond_signal(&p->not_empty);
	pthread_mutex_unlock(&p->mu);
	return LKB_OK;
}

int
ingest_pipe_behind(struct ingest_pipe *p)
{
	int behind;

	pthread_mutex_lock(&p->mu);
	behind = p->n >= p->cap / 2 || p->bytes >= p->max_bytes / 2;
	pthread_mutex_unlock(&p->mu);
	return behind;
}

void
ingest_pipe_close(struct ingest_pipe *p, int rc)
{
	pthread_mutex_lock(&p->mu);
	p->closed = 1;
	p->rc = rc;
	pthread_cond_broadcast(&p->not_empty);
	pthread_mutex_unlock(&p->mu);
}

struct ingest_job *
ingest_pipe_pop(struct ingest_pipe *p, int *rc_out)
{
	struct ingest_job *j = NULL;

	pthread_mutex_lock(&p->mu);
	if (!p->n && !p->closed && !p->stopped) {
		double t0 = lkb_now_secs();

		p->consumer_waits = 1;
		while (!p->closed && !p->stopped &&
		       (!p->n || (p->n < p->batch && !p->producer_waits)))
			pthread_cond_wait(&p->not_empty, &p->mu);
		p->consumer_waits = 0;
		p->waits.consumer++;
		p->waits.consumer_secs += lkb_now_secs() - t0;
	}
	if (p->n && !p->stopped) {
		j = p->ring[p->head];
		p->ring[p->head] = NULL;
		p->head = (p->head + 1) % p->cap;
		p->n--;
		p->bytes -= ingest_job_bytes(j);
		if (p->producer_waits &&
		    (!p->n || (p->n <= p->cap / 2 &&
			       p->bytes <= p->max_bytes / 2)))
			pthread_cond_signal(&p->not_full);
	}
	*rc_out = p->stopped ? LKB_ERR : p->rc;
	pthread_mutex_unlock(&p->mu);
	return j;
}

void
ingest_pipe_done(struct ingest_pipe *p, struct ingest_job *j)
{
	pthread_mutex_lock(&p->mu);
	if (p->ndone < p->cap && !p->closed) {
		p->done[p->ndone++] = j;
		j = NULL;
	}
	pthread_mutex_unlock(&p->mu);
	ingest_job_free(j);	/* no producer to give it back to */
}

void
ingest_pipe_stop(struct ingest_pipe *p)
{
	pthread_mutex_lock(&p->mu);
	p->stopped = 1;
	pthread_cond_broadcast(&p->not_full);
	pthread_cond_broadcast(&p->not_empty);
	pthread_mutex_unlock(&p->mu);
}

void
ingest_pipe_waits(struct ingest_pipe *p, struct ingest_pipe_waits *out)
{
	pthread_mutex_lock(&p->mu);
	*out = p->waits;
	pthread_mutex_unlock(&p->mu);
}
