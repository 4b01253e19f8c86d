/* build_error.h - a kernel that did not build, as a result tree holds it.
 *
 * lkp-tests has no record of its own for a kernel that does not build:
 * the builder (0-day's is not public; lkp's kbuild/make.cross runs
 * `make --keep-going`) stops before lkp runs the job, so no run
 * directory, stats.json or matrix.json is made. lkpbot reads the
 * builder's output where the runs would be: the commit's result root
 * (results.h) holding a regular file "build-error" with make's output
 * is a build failure, whatever else it holds.
 */
#ifndef LKB_BOT_COMPARE_BUILD_ERROR_H
#define LKB_BOT_COMPARE_BUILD_ERROR_H

#include "lib/compiler.h"
#include "lib/strbuf.h"

/* The marker's name in a commit's result root. */
#define COMPARE_BUILD_ERROR_FILE "build-error"

/* Does result root rt hold a build failure? 1 with its error lines in
 * lines_out (reset first): the compiler's and make's error lines
 * (": error:", "undefined reference", "ERROR:", "*** ... Error N"),
 * else the log's last lines, at most LKB_MAX_BUILD_ERROR_LINES, each cut
 * to LKB_MAX_BUILD_ERROR_WIDTH, control characters dropped, one per
 * line; 0 when there is no marker; a negative status with *err_out
 * (caller frees) when the log cannot be read or is over
 * LKB_MAX_BUILD_LOG_BYTES. */
int compare_build_error(const char *rt, struct strbuf *lines_out,
			char **err_out) LKB_WARN_UNUSED;

#endif
