/* results-internal.h - shared by compare_results*.c and their tests. */
#ifndef LKB_BOT_COMPARE_RESULTS_INTERNAL_H
#define LKB_BOT_COMPARE_RESULTS_INTERNAL_H

#include <stddef.h>

#include "bot/compare/matrix.h"
#include "lib/strbuf.h"

/* Read path (gzip-decompressed when it ends in ".gz") into out, failing
 * with LKB_ERR_TOO_BIG past cap bytes; *err_out set on failure. */
int compare_results_read_file(const char *path, size_t cap, struct strbuf *out,
			  char **err_out);
/* Parse a matrix.json text (what names it in errors) into column col. */
int compare_results_parse_matrix(const char *what, const char *text, size_t len,
			     struct compare_dataset *ds, size_t col,
			     char **err_out);

/* Fast path for the usual matrix.json shape: 1 loaded into column col
 * (which must be empty), 0 when the text needs the full parser (the
 * dataset is then untouched). */
int compare_results_matrix_fast(const char *text, size_t len,
			    struct compare_dataset *ds, size_t col);

#endif
