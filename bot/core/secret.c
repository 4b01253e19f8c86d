/* secret.c - read a password or token: capped, wiped, one place. */
#include "config.h"
#include "bot/core/secret.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"

extern char **environ;

/* Seconds a password_command may take (a pinentry waits for a human). */
#define SECRET_COMMAND_TIMEOUT 120

/* The first line of buf[0..len) into *secret_out; from names the
 * source for messages ("file '...'", "command"). */
static int
first_line(const char *what, const char *from, const char *buf, size_t len,
	   char **secret_out)
{
	size_t line;

	for (line = 0; line < len && buf[line] != '\n' && buf[line] != '\r';
	     line++)
		;
	if (memchr(buf, '\0', line)) {
		lkb_error("%s (%s): a NUL byte in the first line", what, from);
		return LKB_ERR_CONFIG;
	}
	if (line > LKB_MAX_SECRET_BYTES) {
		lkb_error("%s (%s): the first line is longer than "
			  "LKB_MAX_SECRET_BYTES (%d)", what, from,
			  LKB_MAX_SECRET_BYTES);
		return LKB_ERR_CONFIG;
	}
	if (line == 0) {
		lkb_error("%s (%s) gave nothing", what, from);
		return LKB_ERR_CONFIG;
	}
	*secret_out = xmemdup0(buf, line);
	return LKB_OK;
}

int
secret_read_file(const char *what, const char *path, char **secret_out)
{
	/* room for the longest allowed line, its line end and one byte
	 * more, to tell a line that is too long */
	char buf[LKB_MAX_SECRET_BYTES + 3];
	struct stat sb;
	size_t len = 0;
	ssize_t n;
	int fd, rc = LKB_ERR_CONFIG;

	*secret_out = NULL;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		int e = errno;
		const struct passwd *pw = getpwuid(geteuid());

		lkb_error("%s: cannot open '%s': %s; %s%s (uid %u)%s", what,
			  path, strerror(e), e == ENOENT
			  ? "create it with the password on its first line "
			    "(mode 0600, or 0640 owned by the group lkpbot "
			    "runs as), or correct the key; lkpbot runs as "
			  : e == EACCES
			  ? "make it readable by the user lkpbot runs as, "
			  : "correct the key; lkpbot runs as ",
			  pw ? pw->pw_name : "?", (unsigned)geteuid(),
			  e == EACCES ? " (its owner, or its group with mode "
					"0640), and its directories searchable"
				      : "");
		return LKB_ERR_CONFIG;
	}
	/* the service's own group may read it (root:lkpbot 0640, as Debian
	 * ships secrets); anyone else may not */
	if (fstat(fd, &sb) != 0) {
		lkb_error_errno("%s: cannot stat '%s'", what, path);
		goto out;
	}
	if (sb.st_mode & (S_IROTH | S_IWOTH)) {
		lkb_error("%s '%s' has mode %04o: others can %s it; chmod o-rwx "
			  "it (0600, or 0640 owned by the group lkpbot runs "
			  "as)", what, path, (unsigned)(sb.st_mode & 07777),
			  sb.st_mode & S_IROTH ? "read" : "change");
		goto out;
	}
	while (len < sizeof(buf) - 1 &&
	       (n = read(fd, buf + len, sizeof(buf) - 1 - len)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			lkb_error_errno("%s: cannot read '%s'", what, path);
			goto out;
		}
		len += (size_t)n;
	}
	if (len == 0) {
		lkb_error("%s '%s' is empty", what, path);
		goto out;
	}
	rc = first_line(what, path, buf, len, secret_out);
out:
	explicit_bzero(buf, sizeof(buf));
	close(fd);
	return rc;
}

/* Read fd to EOF into buf (at most cap bytes; *over set past it) within
 * SECRET_COMMAND_TIMEOUT. 0, or -1 on timeout or a read error. */
static int
drain(int fd, char *buf, size_t cap, size_t *len, int *over)
{
	char sink[512];
	struct pollfd p = { fd, POLLIN, 0 };
	ssize_t n;
	int k;

	*len = 0;
	*over = 0;
	for (;;) {
		k = poll(&p, 1, SECRET_COMMAND_TIMEOUT * 1000);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		if (*len < cap)
			n = read(fd, buf + *len, cap - *len);
		else
			n = read(fd, sink, sizeof(sink));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		if (*len < cap)
			*len += (size_t)n;
		else
			*over = 1;
	}
	explicit_bzero(sink, sizeof(sink));
	return 0;
}

int
secret_run_command(const char *what, const char *command, char **secret_out)
{
	char buf[LKB_MAX_SECRET_BYTES + 3];
	const char *argv[] = { "sh", "-c", command, NULL };
	posix_spawn_file_actions_t fa;
	size_t len = 0;
	int po[2], status = 0, over = 0, dr, err, rc = LKB_ERR_CONFIG;
	pid_t pid;

	*secret_out = NULL;
	if (pipe2(po, O_CLOEXEC)) {
		lkb_error_errno("%s: cannot create a pipe", what);
		return LKB_ERR_IO;
	}
	/* stdin from /dev/null, stdout to us, stderr passed through */
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, po[1], 1);
	err = posix_spawn(&pid, "/bin/sh", &fa, NULL, (char *const *)argv,
			  environ);
	posix_spawn_file_actions_destroy(&fa);
	close(po[1]);
	if (err) {
		close(po[0]);
		lkb_error("%s: cannot run /bin/sh: %s", what, strerror(err));
		return LKB_ERR_CONFIG;
	}
	dr = drain(po[0], buf, sizeof(buf) - 1, &len, &over);
	close(po[0]);
	if (dr < 0)
		kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (dr < 0)
		lkb_error("%s: the command gave no answer within %d s", what,
			  SECRET_COMMAND_TIMEOUT);
	else if (!WIFEXITED(status) || WEXITSTATUS(status))
		lkb_error("%s: the command failed (%s %d)", what,
			  WIFEXITED(status) ? "exit" : "signal",
			  WIFEXITED(status) ? WEXITSTATUS(status)
					    : WTERMSIG(status));
	else if (over && !memchr(buf, '\n', len))
		lkb_error("%s: the command's first line is longer than "
			  "LKB_MAX_SECRET_BYTES (%d)", what,
			  LKB_MAX_SECRET_BYTES);
	else
		rc = first_line(what, "its output", buf, len, secret_out);
	explicit_bzero(buf, sizeof(buf));
	return rc;
}

/* The next whitespace-separated token of p (quotes around it dropped):
 * [*tok, *tok + *len), p moved past it; 0 at the end. */
static int
netrc_token(const char **p, const char **tok, size_t *len)
{
	const char *s = *p + strspn(*p, " \t\r\n"), *e;

	if (!*s)
		return 0;
	if (*s == '"') {
		e = strchr(s + 1, '"');
		e = e ? e : s + strlen(s);
		*tok = s + 1;
		*len = (size_t)(e - s - 1);
		*p = *e ? e + 1 : e;
		return 1;
	}
	e = s + strcspn(s, " \t\r\n");
	*tok = s;
	*len = (size_t)(e - s);
	*p = e;
	return 1;
}

static int
token_is(const char *tok, size_t len, const char *word)
{
	return word && len == strlen(word) && !memcmp(tok, word, len);
}

int
secret_netrc_has(const char *host, const char *user)
{
	const char *home = getenv("HOME"), *p, *tok;
	const struct passwd *pw;
	char *path, buf[64 * 1024];
	size_t len, n;
	int fd, entry = 0, login_ok = 1, found = 0;
	ssize_t got;

	if ((!home || !*home) && (pw = getpwuid(getuid())))
		home = pw->pw_dir;
	if (!home || !*home)
		return 0;
	path = xasprintf("%s/.netrc", home);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	free(path);
	if (fd < 0)
		return 0;
	for (len = 0; len < sizeof(buf) - 1;) {
		got = read(fd, buf + len, sizeof(buf) - 1 - len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		len += (size_t)got;
	}
	close(fd);
	buf[len] = '\0';
	/* an entry: "machine HOST" or "default", then its tokens up to the
	 * next entry; one for host whose login (if any) is user will do */
	for (p = buf; !found && netrc_token(&p, &tok, &n);) {
		if (token_is(tok, n, "machine") || token_is(tok, n, "default")) {
			found = entry && login_ok;
			entry = token_is(tok, n, "default") ||
				(netrc_token(&p, &tok, &n) &&
				 token_is(tok, n, host));
			login_ok = 1;
		} else if (token_is(tok, n, "login") &&
			   netrc_token(&p, &tok, &n)) {
			login_ok = token_is(tok, n, user);
		}
	}
	found = found || (entry && login_ok);
	explicit_bzero(buf, sizeof(buf));
	return found;
}

static const char *
set_or_null(const char *v)
{
	return v && *v ? v : NULL;
}

int
secret_load(const struct secret_keys *keys, char **secret_out,
	    enum secret_kind *kind_out)
{
	const struct secret_keys k0 = {
		keys->section, set_or_null(keys->file), set_or_null(keys->env),
		set_or_null(keys->command), set_or_null(keys->oauth2_command),
		set_or_null(keys->user), keys->host, keys->url_password,
	}, *k = &k0;
	char what[64];
	const char *v;
	int n = !!k->file + !!k->env + !!k->command + !!k->oauth2_command;

	*secret_out = NULL;
	*kind_out = SECRET_NONE;
	if (n > 1) {
		lkb_error("[%s]: give only one of password_file, "
			  "password_env, password_command and "
			  "oauth2_token_command", k->section);
		return LKB_ERR_CONFIG;
	}
	if (k->file) {
		*kind_out = SECRET_PASSWORD;
		snprintf(what, sizeof(what), "[%s] password_file", k->section);
		return secret_read_file(what, k->file, secret_out);
	}
	if (k->env) {
		v = getenv(k->env);
		if (!v || !*v) {
			lkb_error("[%s] password_env: variable '%s' is not "
				  "set", k->section, k->env);
			return LKB_ERR_CONFIG;
		}
		*kind_out = SECRET_PASSWORD;
		*secret_out = xstrdup(v);
		return LKB_OK;
	}
	if (k->command || k->oauth2_command) {
		*kind_out = k->command ? SECRET_PASSWORD : SECRET_BEARER;
		snprintf(what, sizeof(what), "[%s] %s", k->section,
			 k->command ? "password_command"
				    : "oauth2_token_command");
		return secret_run_command(what, k->command ? k->command
						   : k->oauth2_command,
					  secret_out);
	}
	/* none: ~/.netrc, which libcurl reads; without an entry there it
	 * would send the user with an empty password */
	if (k->user && !k->url_password &&
	    !(k->host && secret_netrc_has(k->host, k->user))) {
		lkb_error("[%s] user '%s' has no password: set [%s] "
			  "password_file, password_env, password_command or "
			  "oauth2_token_command (lkpbot.conf(5)), or add "
			  "'machine %s login %s password ...' to ~/.netrc; "
			  "no login was tried", k->section, k->user,
			  k->section, k->host ? k->host : "HOST", k->user);
		return LKB_ERR_CONFIG;
	}
	return LKB_OK;
}

void
secret_free(char *secret)
{
	if (secret) {
		explicit_bzero(secret, strlen(secret));
		free(secret);
	}
}
