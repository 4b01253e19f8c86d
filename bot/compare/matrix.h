/* matrix.h - the result matrices of the compared commits.
 *
 * lkp's matrix (lkp:lib/matrix.rb, doc/lkp-format.md 5.1) maps each stat name
 * to one sample per run of a commit. A dataset holds one matrix per
 * compared commit (a "column" of the report table) over one shared set
 * of interned stat names, so a stat is looked up by id in every column.
 * Samples absent from a run are 0 (matrix_fill_missing_zeros); a stat
 * absent from a whole commit is NULL here and compared as zeros.
 * Pure data: no I/O (bot/lkp_results.c fills it from result trees).
 */
#ifndef LKB_BOT_COMPARE_MATRIX_H
#define LKB_BOT_COMPARE_MATRIX_H

#include <stddef.h>

#include "lib/arena.h"
#include "lib/compiler.h"

#define LKP_KEY_NONE ((size_t)-1)

struct lkp_keys {
	size_t n, alloc;
	const char **names;	/* borrowed from the dataset arena */
	size_t *slots;		/* open addressing: id + 1, 0 = empty */
	size_t nslots;
};

struct lkp_matrix {
	size_t nruns;
	size_t nvals, alloc;	/* vals[] covers key ids < nvals */
	double **vals;		/* [key] -> nruns samples, NULL = absent */
	unsigned char *text;	/* [key] 1 = non-numeric stat (lkp skips) */
};

struct lkp_dataset {
	struct arena arena;
	struct lkp_keys keys;
	size_t ncols;
	struct lkp_matrix *cols;
};

void lkp_dataset_init(struct lkp_dataset *ds, size_t ncols);
void lkp_dataset_release(struct lkp_dataset *ds);

/* Id of name (len bytes), interned on first use; LKP_KEY_NONE when the
 * dataset already holds LKB_MAX_MATRIX_STATS names. */
size_t lkp_dataset_key(struct lkp_dataset *ds, const char *name, size_t len);
/* Id of name or LKP_KEY_NONE, without interning. */
size_t lkp_dataset_find(const struct lkp_dataset *ds, const char *name);

/* Set the run count of column col (once, before its samples). */
void lkp_dataset_set_runs(struct lkp_dataset *ds, size_t col, size_t nruns);
/* The samples of key in col, created zero-filled on first use. Borrowed
 * from ds; valid until lkp_dataset_release. */
double *lkp_dataset_samples(struct lkp_dataset *ds, size_t col, size_t key);
/* Mark key in col as a text stat (lkp skips stats whose samples are
 * strings). */
void lkp_dataset_mark_text(struct lkp_dataset *ds, size_t col, size_t key);

/* Samples of key in col, or NULL when the commit has no such stat. */
static inline const double *
lkp_dataset_get(const struct lkp_dataset *ds, size_t col, size_t key)
{
	const struct lkp_matrix *m = &ds->cols[col];

	return key < m->nvals ? m->vals[key] : NULL;
}

static inline int
lkp_dataset_is_text(const struct lkp_dataset *ds, size_t col, size_t key)
{
	const struct lkp_matrix *m = &ds->cols[col];

	return key < m->nvals && m->text[key];
}

#endif
