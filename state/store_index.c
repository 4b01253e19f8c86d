/* store_index.c - an import's Message-ID index, held in memory.
 *
 * Threading a mail asks SQLite, for every Message-ID it names, which
 * thread holds it; storing it asks whether the mail is there already,
 * who its parent is and whether replies wait for it. On an import into
 * an empty database every row those questions read was written by this
 * connection, so the answers can be kept as they are written: the index
 * holds, for each Message-ID in thread_ids or messages, the thread, the
 * row and its shortcuts. It is complete or it is gone: anything it
 * cannot follow (a rollback, another connection's commit, the cap)
 * drops it whole and every question goes to SQLite again.
 */
#include "config.h"
#include "state/store.h"

#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "state/store-internal.h"

/* Probes before a lookup gives up on the table: a run that long means
 * Message-IDs chosen to collide, and the index is dropped for SQL. */
#define MID_MAX_PROBE 64

struct mid_index {
	char *keys;			/* the Message-IDs, NUL after each */
	size_t nkeys, keys_alloc;
	struct mid_entry *e;		/* 1-based: e[0] unused */
	uint32_t n, alloc;		/* entries used (with e[0]), room */
	uint32_t *slot;			/* entry number, 0: empty */
	uint32_t mask;			/* slots - 1 */
	uint32_t *head;			/* thread id -> its first entry */
	uint32_t nhead;
	uint64_t seed;
	uint32_t last;			/* the entry of the last row added */
	uint32_t max;			/* entries it may hold */
	int64_t data_version;		/* PRAGMA data_version at the start */
};

/* A seeded hash of the Message-ID, eight bytes a step (it is asked
 * five to eight times a mail); the length on the way. */
static uint64_t
mid_hash(uint64_t seed, const char *s, size_t *len_out)
{
	const uint64_t k = 0x9e3779b97f4a7c15ull;
	size_t len = strlen(s), i = 0;
	uint64_t h = seed ^ (len * k), w;

	for (; i + 8 <= len; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * k;
		h ^= h >> 29;
	}
	w = 0;
	memcpy(&w, s + i, len - i);
	h = (h ^ w) * k;
	h ^= h >> 32;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	*len_out = len;
	return h;
}

/* The first column of sql's one row, an integer. */
static int
one_int(struct store *st, const char *sql, int64_t *out)
{
	sqlite3_stmt *s = store_stmt(st, sql);
	int rc;

	if (!s)
		return LKB_ERR_DB;
	if ((rc = store_step_row(st, s, LKB_OK)) < 0)
		return rc;
	if (rc == 0)
		return LKB_ERR_DB;
	*out = sqlite3_column_int64(s, 0);
	store_stmt_done(s);
	return LKB_OK;
}

static int
data_version(struct store *st, int64_t *out)
{
	return one_int(st, "PRAGMA data_version", out);
}

void
store_mid_index_stop(struct store *st)
{
	struct mid_index *x = st->mids;

	if (!x)
		return;
	free(x->keys);
	free(x->e);
	free(x->slot);
	free(x->head);
	free(x);
	st->mids = NULL;
}

int
store_mid_index_on(const struct store *st)
{
	return st->mids != NULL;
}

void
mid_index_drop(struct store *st, const char *why)
{
	if (!st->mids)
		return;
	lkb_debug("Message-ID index dropped (%s): SQL from here on", why);
	store_mid_index_stop(st);
}

int
store_mid_index_start(struct store *st, unsigned max_ids)
{
	static const char sql_any[] =
		"SELECT EXISTS (SELECT 1 FROM messages) OR"
		" EXISTS (SELECT 1 FROM thread_ids) OR"
		" EXISTS (SELECT 1 FROM threads)";
	struct mid_index *x;
	int64_t any = 1, v = 0;
	int rc;

	store_mid_index_stop(st);
	if ((rc = one_int(st, sql_any, &any)) != LKB_OK)
		return rc;
	if (any)
		return 0;	/* rows it did not see: SQL answers */
	if ((rc = data_version(st, &v)) != LKB_OK)
		return rc;
	if (max_ids == 0 || max_ids > LKB_IMPORT_INDEX_IDS)
		max_ids = LKB_IMPORT_INDEX_IDS;
	x = xcalloc(1, sizeof(*x));
	x->max = max_ids;
	/* a power of two at least twice max_ids: probes stay short */
	for (x->mask = 1; x->mask < 2 * max_ids; x->mask *= 2)
		;
	x->mask--;
	x->slot = xcalloc((size_t)x->mask + 1, sizeof(*x->slot));
	x->alloc = 4096;
	x->e = xcalloc(x->alloc, sizeof(*x->e));
	x->n = 1;
	x->data_version = v;
	if (getrandom(&x->seed, sizeof(x->seed), GRND_NONBLOCK) !=
	    (ssize_t)sizeof(x->seed))
		x->seed = (uint64_t)(uintptr_t)x ^ 0x9e3779b97f4a7c15ull;
	st->mids = x;
	return 1;
}

void
mid_index_check(struct store *st)
{
	int64_t v;

	if (!st->mids)
		return;
	if (data_version(st, &v) != LKB_OK)
		mid_index_drop(st, "PRAGMA data_version failed");
	else if (v != st->mids->data_version)
		mid_index_drop(st, "another connection wrote");
}

/* The slot of mid, or of the empty slot where it would go; UINT32_MAX
 * when the probe runs too long. */
static uint32_t
find_slot(const struct mid_index *x, const char *mid, uint64_t h)
{
	uint32_t i = (uint32_t)h & x->mask;

	for (int k = 0; k < MID_MAX_PROBE; k++, i = (i + 1) & x->mask) {
		const struct mid_entry *e;

		if (!x->slot[i])
			return i;
		e = &x->e[x->slot[i]];
		if (e->hash == (uint32_t)h && !strcmp(x->keys + e->key, mid))
			return i;
	}
	return UINT32_MAX;
}

/* The slot of mid (filled, or where it would go), its hash and length;
 * UINT32_MAX without the index, or when it dropped itself. */
static uint32_t
lookup(struct store *st, const char *mid, uint64_t *h, size_t *len)
{
	uint32_t i;

	if (!st->mids)
		return UINT32_MAX;
	*h = mid_hash(st->mids->seed, mid, len);
	if ((i = find_slot(st->mids, mid, *h)) == UINT32_MAX)
		mid_index_drop(st, "a long probe");
	return i;
}

uint32_t
mid_index_find(struct store *st, const char *mid)
{
	size_t len;
	uint64_t h;
	uint32_t i = lookup(st, mid, &h, &len);

	return i == UINT32_MAX ? 0 : st->mids->slot[i];
}

uint32_t
mid_index_get(struct store *st, const char *mid)
{
	struct mid_index *x;
	struct mid_entry *e;
	size_t len;
	uint64_t h;
	uint32_t i = lookup(st, mid, &h, &len);

	if (i == UINT32_MAX)
		return 0;
	x = st->mids;
	if (x->slot[i])
		return x->slot[i];
	if (x->n > x->max) {
		mid_index_drop(st, "its most Message-IDs reached");
		return 0;
	}
	if (x->n == x->alloc) {
		x->alloc *= 2;
		x->e = xreallocarray(x->e, x->alloc, sizeof(*x->e));
	}
	if (x->nkeys + len + 1 > UINT32_MAX) {
		mid_index_drop(st, "4 GiB of Message-IDs");
		return 0;
	}
	while (x->nkeys + len + 1 > x->keys_alloc) {
		x->keys_alloc = x->keys_alloc ? 2 * x->keys_alloc : 65536;
		x->keys = xreallocarray(x->keys, x->keys_alloc, 1);
	}
	e = &x->e[x->n];
	memset(e, 0, sizeof(*e));
	e->hash = (uint32_t)h;
	e->key = (uint32_t)x->nkeys;
	memcpy(x->keys + x->nkeys, mid, len + 1);
	x->nkeys += len + 1;
	x->slot[i] = x->n;
	return x->n++;
}

struct mid_entry *
mid_index_entry(struct store *st, uint32_t i)
{
	return st->mids && i ? &st->mids->e[i] : NULL;
}

/* Room for thread id tid in x->head; 0 when it is past any the index
 * could hold (then it drops itself). */
static int
head_room(struct store *st, int64_t tid)
{
	struct mid_index *x = st->mids;
	uint32_t n;

	if (tid <= 0 || tid > 4 * (int64_t)x->max) {
		mid_index_drop(st, "a thread id out of range");
		return 0;
	}
	if ((uint64_t)tid < x->nhead)
		return 1;
	n = x->nhead ? x->nhead : 1024;
	while (n <= (uint64_t)tid)
		n *= 2;
	x->head = xreallocarray(x->head, n, sizeof(*x->head));
	memset(x->head + x->nhead, 0, (n - x->nhead) * sizeof(*x->head));
	x->nhead = n;
	return 1;
}

void
mid_index_put_tid(struct store *st, const char *mid, int64_t tid)
{
	struct mid_entry *e;
	uint32_t i;

	if (!st->mids || !(i = mid_index_get(st, mid)) || !head_room(st, tid))
		return;
	e = &st->mids->e[i];
	if (e->tid == tid)
		return;
	if (e->tid) {	/* known ids are never put again */
		mid_index_drop(st, "a Message-ID moved by hand");
		return;
	}
	e->tid = (uint32_t)tid;
	e->next = st->mids->head[tid];
	st->mids->head[tid] = i;
}

void
mid_index_merge(struct store *st, int64_t from, int64_t to)
{
	struct mid_index *x = st->mids;
	uint32_t i, last = 0;

	if (!x || !head_room(st, from) || !head_room(st, to))
		return;
	for (i = x->head[from]; i; i = x->e[i].next) {
		x->e[i].tid = (uint32_t)to;
		last = i;
	}
	if (last) {
		x->e[last].next = x->head[to];
		x->head[to] = x->head[from];
	}
	x->head[from] = 0;
}

/* Whether v fits an entry's 32 bits; drops the index when not. */
static int
fits(struct store *st, int64_t v)
{
	if (v >= 0 && v <= (int64_t)UINT32_MAX)
		return 1;
	mid_index_drop(st, "a row id past 32 bits");
	return 0;
}

void
mid_index_row(struct store *st, uint32_t i, int64_t row, int64_t top,
	      int64_t up)
{
	struct mid_entry *e = mid_index_entry(st, i);

	if (!e || !fits(st, row) || !fits(st, top) || !fits(st, up))
		return;
	e->row = (uint32_t)row;
	e->top = (uint32_t)top;
	e->up = (uint32_t)up;
	st->mids->last = i;
}

void
mid_index_report(struct store *st, int64_t row, int64_t report)
{
	struct mid_entry *e;

	if (!st->mids)
		return;
	e = mid_index_entry(st, st->mids->last);
	if (!e || e->row != row) {
		mid_index_drop(st, "a report for an earlier message");
		return;
	}
	if (fits(st, report))
		e->report = (uint32_t)report;
}

void
mid_index_orphan(struct store *st, const char *irt)
{
	struct mid_entry *e = mid_index_entry(st, mid_index_get(st, irt));

	if (e)
		e->orphans = 1;
}
