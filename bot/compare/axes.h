/* axes.h - what identifies one lkp job's results (pure functions).
 *
 * A report's axis header (doc/lkp-format.md 4.7) names the testcase, the
 * machine group, rootfs, kconfig, compiler and the test parameters; with
 * a commit they locate the results (section 6):
 *   <root>/<testcase>/<path_params>/<tbox_group>/<rootfs>/<kconfig>/
 *   <compiler>/<commit>/<run>/
 * The report parser's axes map onto struct compare_axes; all pointers are
 * borrowed from the caller.
 */
#ifndef LKB_BOT_COMPARE_AXES_H
#define LKB_BOT_COMPARE_AXES_H

#include <stddef.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"

struct compare_param {
	const char *key;
	const char *value;	/* NULL: a valueless option */
	int eq;			/* program option of type '=': "k=v" in the path */
};

struct compare_axes {
	const char *testcase;
	const char *tbox_group;
	const char *rootfs;
	const char *kconfig;
	const char *compiler;
	size_t nparams;
	const struct compare_param *params;
};

/* Job#path_params (lkp:lib/job.rb): params sorted by name; each value
 * (or "k=v" for '='-type options, "k" when their value is empty) cut to
 * 31 characters; joined with '-'; characters outside [-a-zA-Z0-9+=:.%]
 * become '_'; "defaults" when there are none. Characters are UTF-8
 * sequences, as Ruby counts them. */
int compare_axes_path_params(const struct compare_axes *ax, struct strbuf *out)
	LKB_WARN_UNUSED;

/* Every axis must be a single non-empty path component (no '/', not "."
 * or "..", no control bytes): 0 ok, else -1 with *what_out naming the
 * bad axis. */
int compare_axes_check(const struct compare_axes *ax, const char **what_out);

/* The comparison section's axis lines: keys and values joined by '/'
 * in key order (perf reports sort them, doc/lkp-format.md 4.7). */
int compare_axes_header(const struct compare_axes *ax, struct strbuf *keys,
		    struct strbuf *values) LKB_WARN_UNUSED;

/* A job file asking lkp for these axes at commit, as lkp's own jobs
 * have it: "testcase: <t>", the params as options under the program's
 * key "<t>:" (indented two blanks; lkp ignores options of no program it
 * runs), then tbox_group, rootfs, kconfig, compiler, commit; values
 * single-quoted where YAML needs it. Fails on values with control
 * characters. */
int compare_axes_job_yaml(const struct compare_axes *ax, const char *commit,
		      struct strbuf *out) LKB_WARN_UNUSED;

/* Whether a job.yaml text (simple "key: value" lines at any indent)
 * carries every param of ax with the same value, and the named axes
 * when it mentions them. */
int compare_axes_match_job(const struct compare_axes *ax, const char *yaml,
		       size_t len);

#endif
