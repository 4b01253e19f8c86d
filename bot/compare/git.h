/* git.h - run git on a local repository, without a shell.
 *
 * git is spawned with posix_spawnp and an argument vector (no shell, no
 * word splitting); stdout is captured up to LKB_MAX_GIT_OUTPUT, stderr up
 * to 4 KiB for the error message; the exit status is checked. git is
 * killed as soon as its output passes the cap or its time is up.
 */
#ifndef LKB_BOT_COMPARE_GIT_H
#define LKB_BOT_COMPARE_GIT_H

#include "lib/compiler.h"
#include "lib/strbuf.h"

/* Run "git -C repo <args>" (args NULL-terminated). On success stdout is
 * appended to out. On failure returns a negative status and *err_out
 * (caller frees) says what failed, with git's first stderr line. */
int compare_git_run(const char *repo, const char *const *args,
		struct strbuf *out, char **err_out) LKB_WARN_UNUSED;

/* What compare_git_run_io hands git besides its arguments: mail-derived
 * values go to git this way, as data, never as options. */
struct compare_git_io {
	const char *stdin_path;	/* git's stdin (NULL: inherited) */
	const char *const *env;	/* "NAME=value" set for git (NULL-ended),
				 * or NULL */
	struct strbuf *err;	/* all of git's stderr (at most 4 KiB) on
				 * failure, or NULL */
};

/* compare_git_run with io (NULL: as compare_git_run). */
int compare_git_run_io(const char *repo, const char *const *args,
		       const struct compare_git_io *io, struct strbuf *out,
		       char **err_out) LKB_WARN_UNUSED;

/* Seconds one git command may take before it is killed (0: the default,
 * LKB_MAX_GIT_SECONDS); [git] timeout. Process-wide. */
void compare_git_set_timeout(long seconds);

/* The largest file (bytes) a git command and its children may write, 0
 * for no limit (the default); past it the kernel stops git with
 * SIGXFSZ. [git] fetch_max_bytes, for #lkp test URL REF. Process-wide. */
void compare_git_set_max_file(long long bytes);

/* How many git commands were killed at their time limit in this
 * process so far: a caller compares it before and after to tell a git
 * that ran out of time from one that failed. */
unsigned compare_git_late_count(void);

/* Whether s may be handed to git as a revision: non-empty, no leading
 * '-', only [A-Za-z0-9._/~^@{}+-] (no option or pathspec injection). */
int compare_git_rev_ok(const char *s);

#endif
