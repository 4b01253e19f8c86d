/* store_ckpt.c - WAL checkpoints on a thread of their own (an import).
 *
 * A checkpoint copies the WAL into the database file and syncs both:
 * on the writer's connection it stops the writer for the copy and the
 * two fsyncs (most of 0.1 s each, four times in a 33,000-mail import).
 * While an import writes, a second connection on another thread does
 * them instead, PASSIVE, so they never wait for the writer nor it for
 * them; durability is the same (synchronous=NORMAL on both). SQLite
 * starts the WAL again from its beginning only when a transaction
 * begins with every frame copied, which a copy running beside the
 * writer seldom allows: the WAL grows, and at STORE_CKPT_CAP_BYTES
 * (256 MiB) the writer lets the copy catch up between two of its
 * transactions. Both thresholds are bytes of WAL, counted in frames of
 * the database's page size.
 */
#include "config.h"
#include "state/store.h"

#include <pthread.h>
#include <stdlib.h>

#include "lib/clock.h"
#include "lib/log.h"
#include "lib/xalloc.h"
#include "state/store-internal.h"

#define STORE_CKPT_CAP_BYTES (256 * 1024 * 1024)

struct store_ckpt {
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	sqlite3 *db;		/* the thread's own connection */
	int frames, cap;	/* ask at frames, wait at cap */
	unsigned asked, done;	/* checkpoints asked for, run */
	int stop;
	int failed;		/* the thread gave up: the writer does them */
	unsigned runs;		/* for the debug line: checkpoints run, */
	int most;		/* the most frames the WAL held, */
	double waited;		/* seconds the writer waited at the cap */
};

static void *
ckpt_main(void *arg)
{
	struct store_ckpt *c = arg;
	unsigned asked;
	int src, nlog, nckpt;

	pthread_mutex_lock(&c->mu);
	for (;;) {
		while (!c->stop && c->done == c->asked)
			pthread_cond_wait(&c->cv, &c->mu);
		if (c->done == c->asked)
			break;	/* stopped with nothing asked */
		asked = c->asked;
		pthread_mutex_unlock(&c->mu);
		src = sqlite3_wal_checkpoint_v2(c->db, NULL,
						SQLITE_CHECKPOINT_PASSIVE,
						&nlog, &nckpt);
		pthread_mutex_lock(&c->mu);
		if (src != SQLITE_OK && src != SQLITE_BUSY && !c->failed) {
			c->failed = 1;
			lkb_warn("background checkpoint failed: %s; the "
				 "writer checkpoints instead",
				 sqlite3_errmsg(c->db));
		}
		c->runs++;
		c->done = asked;
		pthread_cond_broadcast(&c->cv);
	}
	pthread_mutex_unlock(&c->mu);
	return NULL;
}

/* sqlite3_wal_hook: after each of the writer's commits, frames in the
 * WAL. Asks for a checkpoint when there are enough; past the cap waits
 * for one that covers them all (no transaction is open now). */
static int
ckpt_hook(void *arg, sqlite3 *db, const char *name, int frames)
{
	struct store_ckpt *c = arg;

	if (frames > c->most)	/* only this thread writes it */
		c->most = frames;
	if (frames < c->frames)
		return SQLITE_OK;
	pthread_mutex_lock(&c->mu);
	if (c->failed) {	/* as SQLite's own hook does */
		pthread_mutex_unlock(&c->mu);
		(void)sqlite3_wal_checkpoint_v2(db, name,
						SQLITE_CHECKPOINT_PASSIVE,
						NULL, NULL);
		return SQLITE_OK;
	}
	if (frames >= c->cap) {
		/* one running now started before this commit: wait for
		 * it, then ask for one more and wait for that too */
		double t0 = lkb_now_secs();

		while (c->done != c->asked)
			pthread_cond_wait(&c->cv, &c->mu);
		c->asked++;
		pthread_cond_broadcast(&c->cv);
		while (c->done != c->asked)
			pthread_cond_wait(&c->cv, &c->mu);
		c->waited += lkb_now_secs() - t0;
	} else if (c->done == c->asked) {
		c->asked++;
		pthread_cond_broadcast(&c->cv);
	}
	pthread_mutex_unlock(&c->mu);
	return SQLITE_OK;
}

void
store_ckpt_start(struct store *st)
{
	struct store_ckpt *c;
	int src;

	if (st->ckpt || st->mode != STORE_RW)
		return;
	c = xcalloc(1, sizeof(*c));
	c->frames = st->wal_frames;
	c->cap = st->wal_frames * (STORE_CKPT_CAP_BYTES / STORE_WAL_CKPT_BYTES);
	src = sqlite3_open_v2(st->path, &c->db,
			      SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
			      NULL);
	if (src != SQLITE_OK) {
		lkb_debug("no background checkpoints: %s",
			  c->db ? sqlite3_errmsg(c->db) : sqlite3_errstr(src));
		goto out_db;
	}
	sqlite3_busy_timeout(c->db, 5000);
	if (sqlite3_exec(c->db, "PRAGMA synchronous=NORMAL", NULL, NULL,
			 NULL) != SQLITE_OK ||
	    pthread_mutex_init(&c->mu, NULL) != 0)
		goto out_db;
	if (pthread_cond_init(&c->cv, NULL) != 0)
		goto out_mu;
	if (pthread_create(&c->thread, NULL, ckpt_main, c) != 0)
		goto out_cv;
	st->ckpt = c;
	/* replaces the hook wal_autocheckpoint installed */
	sqlite3_wal_hook(st->db, ckpt_hook, c);
	return;
out_cv:
	pthread_cond_destroy(&c->cv);
out_mu:
	pthread_mutex_destroy(&c->mu);
out_db:	/* the writer checkpoints, as before */
	sqlite3_close(c->db);
	free(c);
}

void
store_ckpt_stop(struct store *st)
{
	struct store_ckpt *c = st->ckpt;

	if (!c)
		return;
	/* the writer's own checkpoints again (this installs their hook) */
	sqlite3_wal_autocheckpoint(st->db, st->wal_frames);
	pthread_mutex_lock(&c->mu);
	c->stop = 1;
	pthread_cond_broadcast(&c->cv);
	pthread_mutex_unlock(&c->mu);
	pthread_join(c->thread, NULL);
	lkb_debug("background checkpoints: %u; the WAL held %d frames at "
		  "most; the writer waited %.2f s for them", c->runs, c->most,
		  c->waited);
	pthread_cond_destroy(&c->cv);
	pthread_mutex_destroy(&c->mu);
	sqlite3_close(c->db);
	free(c);
	st->ckpt = NULL;
}
