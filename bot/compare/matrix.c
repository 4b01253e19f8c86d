/* matrix.c - interned stat names and per-commit sample arrays. */
#include "config.h"
#include "bot/compare/matrix.h"

#include <stdlib.h>
#include <string.h>

#include "lib/limits.h"
#include "lib/xalloc.h"

void
compare_dataset_init(struct compare_dataset *ds, size_t ncols)
{
	memset(ds, 0, sizeof(*ds));
	arena_init(&ds->arena);
	ds->ncols = ncols;
	ds->cols = xcalloc(ncols ? ncols : 1, sizeof(*ds->cols));
}

void
compare_dataset_release(struct compare_dataset *ds)
{
	for (size_t c = 0; c < ds->ncols; c++) {
		free(ds->cols[c].vals);
		free(ds->cols[c].text);
		free(ds->cols[c].real);
	}
	free(ds->cols);
	free(ds->keys.names);
	free(ds->keys.slots);
	arena_release(&ds->arena);
	memset(ds, 0, sizeof(*ds));
}

/* FNV-1a: stat names are short and this is not exposed to collisions an
 * attacker could exploit beyond slowing one comparison (names capped). */
static size_t
hash_name(const char *s, size_t len)
{
	size_t h = (size_t)14695981039346656037ull;

	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= (size_t)1099511628211ull;
	}
	return h;
}

static size_t
slot_find(const struct compare_keys *k, const char *name, size_t len, size_t h)
{
	size_t mask = k->nslots - 1, i = h & mask;

	for (;;) {
		size_t id = k->slots[i];

		if (!id)
			return i;
		if (!strncmp(k->names[id - 1], name, len) &&
		    k->names[id - 1][len] == '\0')
			return i;
		i = (i + 1) & mask;
	}
}

static void
keys_rehash(struct compare_keys *k)
{
	size_t n = k->nslots ? k->nslots * 2 : 1024;

	free(k->slots);
	k->slots = xcalloc(n, sizeof(*k->slots));
	k->nslots = n;
	for (size_t id = 0; id < k->n; id++) {
		const char *s = k->names[id];
		size_t len = strlen(s);

		k->slots[slot_find(k, s, len, hash_name(s, len))] = id + 1;
	}
}

size_t
compare_dataset_key(struct compare_dataset *ds, const char *name, size_t len)
{
	struct compare_keys *k = &ds->keys;
	size_t i;

	if (!k->nslots || (k->n + 1) * 2 > k->nslots)
		keys_rehash(k);
	i = slot_find(k, name, len, hash_name(name, len));
	if (k->slots[i])
		return k->slots[i] - 1;
	if (k->n >= LKB_MAX_MATRIX_STATS)
		return COMPARE_KEY_NONE;
	ALLOC_GROW(k->names, k->n + 1, k->alloc);
	k->names[k->n] = arena_memdup0(&ds->arena, name, len);
	k->slots[i] = ++k->n;
	return k->n - 1;
}

size_t
compare_dataset_find(const struct compare_dataset *ds, const char *name)
{
	const struct compare_keys *k = &ds->keys;
	size_t len = strlen(name), i;

	if (!k->nslots)
		return COMPARE_KEY_NONE;
	i = slot_find(k, name, len, hash_name(name, len));
	return k->slots[i] ? k->slots[i] - 1 : COMPARE_KEY_NONE;
}

void
compare_dataset_set_runs(struct compare_dataset *ds, size_t col, size_t nruns)
{
	ds->cols[col].nruns = nruns;
}

static void
matrix_cover(struct compare_matrix *m, size_t key)
{
	size_t old = m->alloc;

	if (key < m->nvals)
		return;
	if (key >= m->alloc) {
		size_t n = old < 64 ? 64 : old;

		while (n <= key)
			n = lkb_st_mult(n, 2);
		m->vals = xreallocarray(m->vals, n, sizeof(*m->vals));
		m->text = xreallocarray(m->text, n, sizeof(*m->text));
		m->real = xreallocarray(m->real, n, sizeof(*m->real));
		m->alloc = n;
	}
	memset(m->vals + m->nvals, 0, (key + 1 - m->nvals) * sizeof(*m->vals));
	memset(m->text + m->nvals, 0, key + 1 - m->nvals);
	memset(m->real + m->nvals, 0, (key + 1 - m->nvals) * sizeof(*m->real));
	m->nvals = key + 1;
}

double *
compare_dataset_samples(struct compare_dataset *ds, size_t col, size_t key)
{
	struct compare_matrix *m = &ds->cols[col];

	matrix_cover(m, key);
	if (!m->vals[key])
		m->vals[key] = arena_calloc(&ds->arena,
					    m->nruns ? m->nruns : 1,
					    sizeof(double));
	return m->vals[key];
}

void
compare_dataset_set_real(struct compare_dataset *ds, size_t col, size_t key,
		     size_t run)
{
	struct compare_matrix *m = &ds->cols[col];

	matrix_cover(m, key);
	if (run >= m->nruns)
		return;
	if (!m->real[key])
		m->real[key] = arena_calloc(&ds->arena, m->nruns, 1);
	m->real[key][run] = 1;
}

void
compare_dataset_mark_text(struct compare_dataset *ds, size_t col, size_t key)
{
	struct compare_matrix *m = &ds->cols[col];

	matrix_cover(m, key);
	m->text[key] = 1;
}
