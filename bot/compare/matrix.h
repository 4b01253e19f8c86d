/* matrix.h - the result matrices of the compared commits.
 *
 * lkp's matrix (lkp:lib/matrix.rb, doc/lkp-format.md 5.1) maps each stat name
 * to one sample per run of a commit. A dataset holds one matrix per
 * compared commit (a "column" of the report table) over one shared set
 * of interned stat names, so a stat is looked up by id in every column.
 * Samples absent from a run are 0 (matrix_fill_missing_zeros); a stat
 * absent from a whole commit is NULL here and compared as zeros. Each
 * sample remembers whether its JSON number was a real (Ruby Float) or an
 * integer (Ruby Integer, as lkp's zero padding is): lkp's perf-profile
 * threshold test depends on it (doc/lkp-format.md 5.3 step 6).
 * Pure data: no I/O (bot/compare/results.c fills it from result trees).
 */
#ifndef LKB_BOT_COMPARE_MATRIX_H
#define LKB_BOT_COMPARE_MATRIX_H

#include <stddef.h>

#include "lib/arena.h"
#include "lib/compiler.h"

#define COMPARE_KEY_NONE ((size_t)-1)

struct compare_keys {
	size_t n, alloc;
	const char **names;	/* borrowed from the dataset arena */
	size_t *slots;		/* open addressing: id + 1, 0 = empty */
	size_t nslots;
};

struct compare_matrix {
	size_t nruns;
	size_t nvals, alloc;	/* vals[] covers key ids < nvals */
	double **vals;		/* [key] -> nruns samples, NULL = absent */
	unsigned char *text;	/* [key] 1 = non-numeric stat (lkp skips) */
	unsigned char **real;	/* [key] -> nruns flags, 1 = JSON real;
				 * NULL while every sample is an integer */
};

struct compare_dataset {
	struct arena arena;
	struct compare_keys keys;
	size_t ncols;
	struct compare_matrix *cols;
};

void compare_dataset_init(struct compare_dataset *ds, size_t ncols);
void compare_dataset_release(struct compare_dataset *ds);

/* Id of name (len bytes), interned on first use; COMPARE_KEY_NONE when the
 * dataset already holds LKB_MAX_MATRIX_STATS names. */
size_t compare_dataset_key(struct compare_dataset *ds, const char *name, size_t len);
/* Id of name or COMPARE_KEY_NONE, without interning. */
size_t compare_dataset_find(const struct compare_dataset *ds, const char *name);

/* Set the run count of column col (once, before its samples). */
void compare_dataset_set_runs(struct compare_dataset *ds, size_t col, size_t nruns);
/* The samples of key in col, created zero-filled on first use. Borrowed
 * from ds; valid until lkp_dataset_release. */
double *compare_dataset_samples(struct compare_dataset *ds, size_t col, size_t key);
/* Mark sample run of key in col as a JSON real (Ruby Float); samples
 * are integers until marked. */
void compare_dataset_set_real(struct compare_dataset *ds, size_t col, size_t key,
			  size_t run);
/* Mark key in col as a text stat (lkp skips stats whose samples are
 * strings). */
void compare_dataset_mark_text(struct compare_dataset *ds, size_t col, size_t key);

/* Samples of key in col, or NULL when the commit has no such stat. */
static inline const double *
compare_dataset_get(const struct compare_dataset *ds, size_t col, size_t key)
{
	const struct compare_matrix *m = &ds->cols[col];

	return key < m->nvals ? m->vals[key] : NULL;
}

/* 1 when sample run of key in col is a JSON real (Ruby Float), 0 for an
 * integer or a zero lkp pads with. */
static inline int
compare_dataset_is_real(const struct compare_dataset *ds, size_t col, size_t key,
		    size_t run)
{
	const struct compare_matrix *m = &ds->cols[col];

	return key < m->nvals && m->real[key] && m->real[key][run];
}

static inline int
compare_dataset_is_text(const struct compare_dataset *ds, size_t col, size_t key)
{
	const struct compare_matrix *m = &ds->cols[col];

	return key < m->nvals && m->text[key];
}

#endif
