/* git.c - spawn git without a shell, capture its output. */
#include "config.h"
#include "bot/compare/git.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/ascii.h"
#include "lib/clock.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/xalloc.h"

#define GIT_STDERR_CAP 4096

extern char **environ;

static long git_seconds = LKB_MAX_GIT_SECONDS;
static unsigned git_late;	/* commands killed at git_seconds */
static long long git_max_file;	/* RLIMIT_FSIZE for git, 0: none */

unsigned
compare_git_late_count(void)
{
	return git_late;
}

void
compare_git_set_max_file(long long bytes)
{
	git_max_file = bytes > 0 ? bytes : 0;
}

/* posix_spawnp git, under RLIMIT_FSIZE git_max_file when one is set:
 * the limit is lowered around the spawn only (a child keeps the limit
 * it was born with), with SIGXFSZ ignored (so kept ignored by git and
 * what it runs), so the first write past it fails with EFBIG and git
 * says "File too large" where a caller can read it. */
static int
spawn_git(pid_t *pid, const posix_spawn_file_actions_t *fa, char *const *argv,
	  char *const *envp)
{
	struct sigaction ign = { .sa_handler = SIG_IGN }, oldsa;
	struct rlimit old, lim;
	int rc, limited = 0;

	if (git_max_file && getrlimit(RLIMIT_FSIZE, &old) == 0) {
		lim = old;
		if (old.rlim_max == RLIM_INFINITY ||
		    (rlim_t)git_max_file < old.rlim_max)
			lim.rlim_cur = (rlim_t)git_max_file;
		sigemptyset(&ign.sa_mask);
		limited = sigaction(SIGXFSZ, &ign, &oldsa) == 0;
		if (limited && setrlimit(RLIMIT_FSIZE, &lim) != 0) {
			(void)sigaction(SIGXFSZ, &oldsa, NULL);
			limited = 0;
		}
	}
	rc = posix_spawnp(pid, "git", fa, NULL, argv, envp);
	if (limited) {
		(void)setrlimit(RLIMIT_FSIZE, &old);
		(void)sigaction(SIGXFSZ, &oldsa, NULL);
	}
	return rc;
}

void
compare_git_set_timeout(long seconds)
{
	git_seconds = seconds > 0 ? seconds : LKB_MAX_GIT_SECONDS;
}

int
compare_git_rev_ok(const char *s)
{
	if (!s || !*s || *s == '-')
		return 0;
	for (; *s; s++)
		if (!LKB_ISALNUM((unsigned char)*s) && !strchr("._/~^@{}+-", *s))
			return 0;
	return 1;
}

enum drain_end { DRAIN_EOF, DRAIN_OVER, DRAIN_LATE };

/* Drain both pipes until EOF. Stops as soon as stdout goes past its cap
 * (DRAIN_OVER) or its time is up (DRAIN_LATE): the
 * caller then kills git instead of reading the rest. */
static enum drain_end
drain(int fd_out, int fd_err, struct strbuf *out, struct strbuf *err)
{
	struct pollfd p[2] = { { fd_out, POLLIN, 0 }, { fd_err, POLLIN, 0 } };
	char buf[65536];
	int64_t end = lkb_now_ms() + (int64_t)git_seconds * 1000, left;
	int nopen = 2, ready;

	while (nopen) {
		if ((left = end - lkb_now_ms()) <= 0)
			return DRAIN_LATE;
		ready = poll(p, 2, left > 60000 ? 60000 : (int)left);
		if (ready < 0 && errno == EINTR)
			continue;
		if (ready < 0)
			return DRAIN_OVER;
		if (ready == 0)
			continue;
		for (int i = 0; i < 2; i++) {
			ssize_t n;

			if (p[i].fd < 0 || !(p[i].revents & (POLLIN | POLLHUP |
							     POLLERR)))
				continue;
			n = read(p[i].fd, buf, sizeof(buf));
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				p[i].fd = -1;
				nopen--;
				continue;
			}
			/* err is capped: a long stderr is cut, that is fine */
			strbuf_add(i == 0 ? out : err, buf, (size_t)n);
			if (i == 0 && strbuf_status(out) != LKB_OK)
				return DRAIN_OVER;
		}
	}
	return DRAIN_EOF;
}

static char *
first_line(const char *s)
{
	size_t n = strcspn(s, "\n");

	return xmemdup0(s, n);
}

/* environ with env's entries first (getenv takes the first), or
 * environ itself when env is NULL. Caller frees a copy. */
static char **
spawn_env(const char *const *env)
{
	size_t n = 0, m = 0;
	char **v;

	if (!env)
		return environ;
	while (env[n])
		n++;
	while (environ[m])
		m++;
	v = xcalloc(n + m + 1, sizeof(*v));
	memcpy(v, env, n * sizeof(*v));
	memcpy(v + n, environ, m * sizeof(*v));
	return v;
}

int
compare_git_run(const char *repo, const char *const *args, struct strbuf *out,
		char **err_out)
{
	return compare_git_run_io(repo, args, NULL, out, err_out);
}

int
compare_git_run_io(const char *repo, const char *const *args,
		   const struct compare_git_io *io, struct strbuf *out,
		   char **err_out)
{
	posix_spawn_file_actions_t fa;
	char **envp = spawn_env(io ? io->env : NULL);
	const char **argv;
	struct strbuf sout, serr;
	int po[2] = { -1, -1 }, pe[2] = { -1, -1 }, status, rc = LKB_OK;
	enum drain_end end;
	size_t n = 0;
	pid_t pid;

	*err_out = NULL;
	while (args[n])
		n++;
	argv = xcalloc(n + 7, sizeof(*argv));
	argv[0] = "git";
	argv[1] = "-C";
	argv[2] = repo;
	argv[3] = "--no-pager";
	argv[4] = "-c";
	argv[5] = "color.ui=false";
	memcpy(argv + 6, args, n * sizeof(*argv));
	strbuf_init_capped(&sout, LKB_MAX_GIT_OUTPUT);
	strbuf_init_capped(&serr, GIT_STDERR_CAP);
	if (pipe(po) || pipe(pe)) {
		*err_out = xasprintf("cannot create a pipe: %s", strerror(errno));
		rc = LKB_ERR_IO;
		goto out;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, po[1], 1);
	posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
	posix_spawn_file_actions_addclose(&fa, po[0]);
	posix_spawn_file_actions_addclose(&fa, pe[0]);
	if (io && io->stdin_path)
		posix_spawn_file_actions_addopen(&fa, 0, io->stdin_path,
						 O_RDONLY, 0);
	rc = spawn_git(&pid, &fa, (char *const *)argv, envp);
	posix_spawn_file_actions_destroy(&fa);
	close(po[1]);
	close(pe[1]);
	po[1] = pe[1] = -1;
	if (rc) {
		*err_out = xasprintf("cannot run git: %s", strerror(rc));
		rc = LKB_ERR_IO;
		goto out;
	}
	end = drain(po[0], pe[0], &sout, &serr);
	if (end != DRAIN_EOF)
		kill(pid, SIGKILL);	/* not a byte more, not a second more */
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (end == DRAIN_LATE) {
		git_late++;
		*err_out = xasprintf("git %s: took longer than %ld s ([git] "
				     "timeout)", args[0], git_seconds);
		rc = LKB_ERR_TOO_BIG;
	} else if (end == DRAIN_OVER) {
		*err_out = xasprintf("git %s: output larger than %u bytes "
				     "(LKB_MAX_GIT_OUTPUT)", args[0],
				     LKB_MAX_GIT_OUTPUT);
		rc = LKB_ERR_TOO_BIG;
	} else if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		char *line = first_line(serr.buf);

		*err_out = xasprintf("git %s failed (%s %d)%s%s", args[0],
				     WIFEXITED(status) ? "exit" : "signal",
				     WIFEXITED(status) ? WEXITSTATUS(status)
						       : WTERMSIG(status),
				     *line ? ": " : "", line);
		free(line);
		if (io && io->err) {
			strbuf_add(io->err, serr.buf, serr.len);
			if (strbuf_status(io->err) != LKB_OK)
				strbuf_reset(io->err);
		}
		rc = LKB_ERR;
	} else {
		strbuf_add(out, sout.buf, sout.len);
		if (strbuf_status(out) != LKB_OK) {
			*err_out = xstrdup("git output does not fit");
			rc = LKB_ERR_TOO_BIG;
		}
	}
out:
	for (int i = 0; i < 2; i++) {
		if (po[i] >= 0)
			close(po[i]);
		if (pe[i] >= 0)
			close(pe[i]);
	}
	strbuf_release(&sout);
	strbuf_release(&serr);
	free(argv);
	if (envp != environ)
		free(envp);
	return rc;
}
