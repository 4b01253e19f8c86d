/* triage_pool.c - prepare mails on worker threads, act on them in order.
 *
 * Reading, decoding and matching a mail (triage_prepare) writes nothing,
 * so workers do it, each with a read-only connection and rules of its
 * own, while the calling thread applies the results in the order of the
 * ids, with the one write connection, and prepares the next mail itself
 * rather than wait (with no workers it prepares them all). A ring of
 * POOL_RING slots bounds how far preparing runs ahead (and the memory
 * it holds).
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bot/core/ctx.h"
#include "bot/core/settings.h"
#include "bot/triage/triage-internal.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "state/store_triage.h"

#define POOL_RING 64
#define POOL_MAX_WORKERS 4
#define POOL_MIN_IDS 32		/* fewer: not worth the threads */
#define POOL_READ_BATCH 256	/* mails per read transaction */

struct slot {
	struct triage_prep p;
	int ready;
};

struct pool {
	pthread_mutex_t mu;
	pthread_cond_t ready, space;
	const struct loop_policy *lp;
	const int64_t *ids;
	size_t n, next, done;	/* ids taken by workers, handed to fn */
	int stop;
	int main_waits;		/* the caller sleeps on ready */
	unsigned workers_wait;	/* workers sleeping on space */
	struct slot ring[POOL_RING];
};

struct worker {
	struct pool *pl;
	struct store *st;
	struct rules *rules;
	pthread_t th;
};

static void *
worker_main(void *arg)
{
	struct worker *w = arg;
	struct pool *pl = w->pl;
	unsigned in_read = 0;

	for (;;) {
		struct triage_prep p;
		size_t i;
		int rc;

		pthread_mutex_lock(&pl->mu);
		while (!pl->stop && pl->next < pl->n &&
		       pl->next >= pl->done + POOL_RING) {
			pl->workers_wait++;
			pthread_cond_wait(&pl->space, &pl->mu);
			pl->workers_wait--;
		}
		if (pl->stop || pl->next >= pl->n) {
			pthread_mutex_unlock(&pl->mu);
			break;
		}
		i = pl->next++;
		pthread_mutex_unlock(&pl->mu);
		/* one read transaction for many mails, not one per
		 * statement: triage does not change what workers read */
		if (!in_read && store_begin_read(w->st) == LKB_OK)
			in_read = POOL_READ_BATCH;
		rc = triage_prepare(w->st, w->rules, pl->lp, pl->ids[i], &p);
		p.rc = rc;
		if (in_read && --in_read == 0 && store_commit(w->st) != LKB_OK)
			lkb_debug("triage: a worker's read transaction ended "
				  "badly");
		pthread_mutex_lock(&pl->mu);
		pl->ring[i % POOL_RING].p = p;
		pl->ring[i % POOL_RING].ready = 1;
		if (pl->main_waits)
			pthread_cond_signal(&pl->ready);
		pthread_mutex_unlock(&pl->mu);
	}
	if (in_read && store_commit(w->st) != LKB_OK)
		lkb_debug("triage: a worker's read transaction ended badly");
	return NULL;
}

/* Workers: [bot] threads, else one per CPU but the caller's. */
static size_t
pool_workers(struct triage *t, size_t n)
{
	const char *path = store_path(t->st);
	long want = t->threads;

	if (n < POOL_MIN_IDS || !path || !*path ||
	    !strcmp(path, ":memory:") || !t->rules_path)
		return 0;
	if (want < 0)	/* the calling thread prepares mail too */
		want = sysconf(_SC_NPROCESSORS_ONLN) - 1;
	if (want < 0)
		want = 0;
	return want > POOL_MAX_WORKERS ? POOL_MAX_WORKERS : (size_t)want;
}

static void
worker_release(struct worker *w)
{
	rules_free(w->rules);
	store_close(w->st);
	w->rules = NULL;
	w->st = NULL;
}

int
triage_pool_run(struct triage *t, const int64_t *ids, size_t n,
		triage_prep_fn *fn, void *arg)
{
	struct worker w[POOL_MAX_WORKERS];
	struct pool *pl;
	size_t nw = pool_workers(t, n), started = 0;
	int rc = LKB_OK;

	memset(w, 0, sizeof(w));
	for (size_t i = 0; i < nw; i++) {
		char *err = NULL;

		if (store_open(store_path(t->st), STORE_RO, &w[i].st) ==
			    LKB_OK &&
		    rules_load_file(t->rules_path, &w[i].rules, &err) ==
			    LKB_OK) {
			rules_set_people(w[i].rules, t->ctx->set);
			rules_set_act_model(w[i].rules, t->model);
			store_walk_memo(w[i].st, 1);
			continue;
		}
		free(err);
		/* a worker could not open: the calling thread does it all */
		lkb_debug("triage: no worker threads (cannot open '%s')",
			  store_path(t->st));
		for (size_t k = 0; k <= i; k++)
			worker_release(&w[k]);
		nw = 0;
	}
	pl = xcalloc(1, sizeof(*pl));
	if (pthread_mutex_init(&pl->mu, NULL) ||
	    pthread_cond_init(&pl->ready, NULL) ||
	    pthread_cond_init(&pl->space, NULL))
		LKB_BUG("triage_pool: pthread init failed");
	pl->lp = &t->aw.lp;
	pl->ids = ids;
	pl->n = n;
	for (size_t i = 0; i < nw; i++) {
		w[i].pl = pl;
		if (pthread_create(&w[i].th, NULL, worker_main, &w[i]))
			break;
		started++;
	}
	lkb_debug("triage: %zu messages, %zu worker threads", n, started);
	for (size_t i = 0; i < n && rc == LKB_OK; i++) {
		struct slot *sl = &pl->ring[i % POOL_RING];
		struct triage_prep p;

		pthread_mutex_lock(&pl->mu);
		while (!sl->ready) {
			/* rather than wait, prepare the next mail here */
			if (pl->next < pl->n && pl->next < pl->done + POOL_RING) {
				size_t j = pl->next++;
				struct triage_prep q;

				pthread_mutex_unlock(&pl->mu);
				q.rc = triage_prepare(t->st, t->rules, &t->aw.lp,
						      ids[j], &q);
				pthread_mutex_lock(&pl->mu);
				pl->ring[j % POOL_RING].p = q;
				pl->ring[j % POOL_RING].ready = 1;
				continue;
			}
			pl->main_waits = 1;
			pthread_cond_wait(&pl->ready, &pl->mu);
			pl->main_waits = 0;
		}
		p = sl->p;
		sl->ready = 0;
		pl->done = i + 1;
		if (pl->workers_wait)
			pthread_cond_broadcast(&pl->space);
		pthread_mutex_unlock(&pl->mu);
		rc = fn(&p, arg);
		triage_prep_release(&p);
	}
	pthread_mutex_lock(&pl->mu);
	pl->stop = 1;
	pthread_cond_broadcast(&pl->space);
	pthread_mutex_unlock(&pl->mu);
	for (size_t i = 0; i < started; i++)
		pthread_join(w[i].th, NULL);
	for (size_t i = 0; i < POOL_RING; i++)
		if (pl->ring[i].ready)
			triage_prep_release(&pl->ring[i].p);
	for (size_t i = 0; i < nw; i++)
		worker_release(&w[i]);
	pthread_cond_destroy(&pl->space);
	pthread_cond_destroy(&pl->ready);
	pthread_mutex_destroy(&pl->mu);
	free(pl);
	return rc;
}
