/* results.h - read lkp result trees into a dataset (file I/O).
 *
 * Layout (doc/lkp-format.md 6, lkp:lib/result.rb):
 *   <root>/<testcase>/<path_params>/<tbox_group>/<rootfs>/<kconfig>/
 *   <compiler>/<commit>/                        the commit's result root
 *   <commit>/matrix.json[.gz]                   {"stat": [run0, ...],
 *                                                 "stats_source": [...]}
 *   <commit>/<run>/stats.json[.gz]              {"stat": number}
 * The matrix is rebuilt from the runs' stats.json when matrix.json is
 * absent (a stat missing from a run counts 0, like lkp's
 * add_stats_to_matrix + matrix_fill_missing_zeros). String stats are
 * kept as "text" and skipped like lkp does. Anything else odd - a
 * corrupt, truncated or oversized file, NaN or infinite numbers, arrays
 * longer than the run count, nested values, control characters in stat
 * names - is an error with a message naming the file: never a guessed
 * table.
 */
#ifndef LKB_BOT_COMPARE_RESULTS_H
#define LKB_BOT_COMPARE_RESULTS_H

#include <stddef.h>

#include "bot/compare/axes.h"
#include "bot/compare/matrix.h"
#include "lib/compiler.h"
#include "lib/strbuf.h"

/* Find the result root of commit (a full sha or a unique prefix of at
 * least 7 hex digits, or a tag/release directory name). First the path
 * lkp builds (path_params); failing that, every
 * <root>/<testcase>/<*>/... directory whose runs' job.yaml carry the
 * axes' parameters. Returns 1 and the directory in rt_out, 0 when there
 * are no results, or a negative status with *err_out (caller frees),
 * e.g. when several directories match. */
int compare_results_find(const char *root, const struct compare_axes *ax,
		     const char *commit, struct strbuf *rt_out,
		     char **err_out) LKB_WARN_UNUSED;

/* Load the matrix of result root rt into column col of ds. */
int compare_results_load(const char *rt, struct compare_dataset *ds, size_t col,
		     char **err_out) LKB_WARN_UNUSED;

#endif
