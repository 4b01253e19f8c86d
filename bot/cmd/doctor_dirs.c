/* doctor_dirs.c - may lkpbot's user write in a directory; may its unit. */
#include "config.h"
#include "bot/cmd/doctor_dirs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"

int
doctor_user_lookup(const char *name, struct doctor_user *u)
{
	const struct passwd *pw;
	int n;

	memset(u, 0, sizeof(*u));
	if (!name) {
		u->uid = geteuid();
		u->gid = getegid();
		pw = getpwuid(u->uid);
		snprintf(u->name, sizeof(u->name), "%s",
			 pw ? pw->pw_name : "?");
		n = getgroups(DOCTOR_MAX_GROUPS, u->groups);
		u->ngroups = n > 0 ? n : 0;
		return LKB_OK;
	}
	pw = getpwnam(name);
	if (!pw) {
		lkb_error("doctor: no user '%s' on this system", name);
		return LKB_ERR_CONFIG;
	}
	snprintf(u->name, sizeof(u->name), "%s", pw->pw_name);
	u->uid = pw->pw_uid;
	u->gid = pw->pw_gid;
	n = DOCTOR_MAX_GROUPS;
	if (getgrouplist(pw->pw_name, pw->pw_gid, u->groups, &n) < 0)
		n = DOCTOR_MAX_GROUPS;	/* the first ones, the rest cut */
	u->ngroups = n;
	return LKB_OK;
}

static int
in_groups(const struct doctor_user *u, gid_t g)
{
	if (g == u->gid)
		return 1;
	for (int i = 0; i < u->ngroups; i++)
		if (u->groups[i] == g)
			return 1;
	return 0;
}

/* The kernel's answer for u on path (access(2) with want, a mask of
 * R_OK, W_OK, X_OK), ACLs and all: asked as u itself, by doctor when it
 * runs as u, else by a child that takes u's uid, gid and groups (doctor
 * run as root). A read-only file system is not the user's fault here
 * (doctor_dir_problem() says it): 1 may, 0 may not, -1 not asked
 * (doctor runs as another user, not root). */
static int
ask_as(const struct doctor_user *u, const char *path, unsigned want)
{
	pid_t pid;
	int st;

	if (u->uid == geteuid())
		return faccessat(AT_FDCWD, path, (int)want, AT_EACCESS) == 0 ||
		       errno == EROFS;
	if (geteuid() != 0)
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (setgroups((size_t)u->ngroups, u->groups) != 0 ||
		    setresgid(u->gid, u->gid, u->gid) != 0 ||
		    setresuid(u->uid, u->uid, u->uid) != 0)
			_exit(2);
		_exit(access(path, (int)want) == 0 || errno == EROFS ? 0 : 1);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) && WEXITSTATUS(st) < 2 ? !WEXITSTATUS(st) : -1;
}

/* Whether u has the permissions want (a mask of 4, 2, 1) on path, whose
 * stat is sb (a directory, or a file without want & 1): the kernel's
 * answer when it can be had, else by the class of its owner, group or
 * others that u falls in (an ACL then goes unweighed: owner_text()
 * says it is there). */
static int
may(const struct doctor_user *u, const char *path, const struct stat *sb,
    unsigned want)
{
	unsigned bits;
	int k = ask_as(u, path, want);

	if (k >= 0)
		return k;
	if (u->uid == 0)	/* CAP_DAC_OVERRIDE: any directory */
		return 1;
	if (sb->st_uid == u->uid)
		bits = (sb->st_mode >> 6) & 7;
	else if (in_groups(u, sb->st_gid))
		bits = (sb->st_mode >> 3) & 7;
	else
		bits = sb->st_mode & 7;
	return (bits & want) == want;
}

/* Whether path carries an access ACL (more than its mode says). */
static int
has_acl(const char *path)
{
	return getxattr(path, "system.posix_acl_access", NULL, 0) > 0;
}

/* "mode 0750, root:lkpbot", and what an ACL on path means for u's
 * answer. */
static char *
owner_text(const char *path, const struct stat *sb)
{
	const struct passwd *pw = getpwuid(sb->st_uid);
	const struct group *gr = getgrgid(sb->st_gid);
	char u[32], g[32];

	snprintf(u, sizeof(u), "%u", (unsigned)sb->st_uid);
	snprintf(g, sizeof(g), "%u", (unsigned)sb->st_gid);
	return xasprintf("mode %04o, %s:%s%s", (unsigned)(sb->st_mode & 07777),
			 pw ? pw->pw_name : u, gr ? gr->gr_name : g,
			 !has_acl(path) ? "" : geteuid() == 0
			 ? ", and an ACL" : ", and an ACL doctor cannot "
			 "weigh for another user: run it as root or as "
			 "that user");
}

/* path made absolute (not resolved): "/..." as given, else below the
 * working directory. */
static char *
absolute(const char *path)
{
	char *cwd, *out;

	if (path[0] == '/')
		return xstrdup(path);
	cwd = getcwd(NULL, 0);
	out = xasprintf("%s/%s", cwd ? cwd : ".", path);
	free(cwd);
	return out;
}

char *
doctor_dir_problem(const struct doctor_user *u, const char *dir,
		   enum doctor_mk mk)
{
	char *path = absolute(dir), *p, *own, *why = NULL;
	struct statvfs vfs;
	struct stat sb;
	size_t len;

	/* the directory lkpbot writes in, or the one it makes it in */
	for (int up = 0; stat(path, &sb) != 0; up++) {
		if (errno != ENOENT) {
			why = xasprintf("cannot look at %s: %s", path,
					strerror(errno));
			goto out;
		}
		p = strrchr(path, '/');
		if ((mk == DOCTOR_MK_NONE || (mk == DOCTOR_MK_ONE && up)) ||
		    !p) {
			why = xasprintf("%s does not exist%s", path,
					mk == DOCTOR_MK_ONE
					? " (lkpbot makes only the last "
					  "directory of the path)" : "");
			goto out;
		}
		p[p == path] = '\0';	/* "/x" -> "/" */
	}
	if (!S_ISDIR(sb.st_mode)) {
		why = xasprintf("%s is not a directory", path);
		goto out;
	}
	/* every directory on the way must let u through */
	len = strlen(path);
	for (size_t i = 1; i <= len; i++) {
		struct stat up;
		char c = path[i];

		if (c != '/' && c != '\0')
			continue;
		path[i] = '\0';
		if (stat(path, &up) == 0 && !may(u, path, &up, 1)) {
			own = owner_text(path, &up);
			why = xasprintf("%s (uid %u) cannot enter %s (%s)",
					u->name, (unsigned)u->uid, path, own);
			free(own);
		}
		path[i] = c;
		if (why)
			goto out;
	}
	if (!may(u, path, &sb, 3)) {
		own = owner_text(path, &sb);
		why = xasprintf("%s (uid %u) cannot write in %s (%s)", u->name,
				(unsigned)u->uid, path, own);
		free(own);
	} else if (statvfs(path, &vfs) == 0 && (vfs.f_flag & ST_RDONLY))
		why = xasprintf("%s is on a read-only file system", path);
out:
	free(path);
	return why;
}

char *
doctor_file_problem(const struct doctor_user *u, const char *path)
{
	struct stat sb;
	char *own, *why;

	if (stat(path, &sb) != 0 || may(u, path, &sb, 6))
		return NULL;
	own = owner_text(path, &sb);
	why = xasprintf("%s (uid %u) cannot read and write %s (%s)", u->name,
			(unsigned)u->uid, path, own);
	free(own);
	return why;
}

/* ---- the systemd unit ---- */

static void
add_path(char ***v, size_t *n, const char *p)
{
	*v = xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[(*n)++] = xstrdup(p);
}

static void
clear_paths(char ***v, size_t *n)
{
	for (size_t i = 0; i < *n; i++)
		free((*v)[i]);
	free(*v);
	*v = NULL;
	*n = 0;
}

struct unit_raw {
	char *protect_system, *protect_home, *user;
	char **rwp, **state;	/* ReadWritePaths=, StateDirectory= */
	size_t nrwp, nstate;
	int private_tmp;
	long umask;		/* UMask=, -1 when not set */
};

static void
set_str(char **dst, const char *v)
{
	free(*dst);
	*dst = *v ? xstrdup(v) : NULL;
}

/* One "Key=Value" of a [Service] section into r. */
static void
unit_line(struct unit_raw *r, const char *key, char *val)
{
	char *w, *save = NULL;

	if (!strcmp(key, "User"))
		set_str(&r->user, val);
	else if (!strcmp(key, "UMask")) {
		long m = strtol(val, &w, 8);

		/* systemd refuses a bad value and keeps the one before */
		if (*val && !*w && m >= 0 && m <= 0777)
			r->umask = m;
	}
	else if (!strcmp(key, "ProtectSystem"))
		set_str(&r->protect_system, val);
	else if (!strcmp(key, "ProtectHome"))
		set_str(&r->protect_home, val);
	else if (!strcmp(key, "PrivateTmp"))
		r->private_tmp = !strcmp(val, "yes") || !strcmp(val, "true") ||
				 !strcmp(val, "1") || !strcmp(val, "on");
	else if (!strcmp(key, "ReadWritePaths") ||
		 !strcmp(key, "StateDirectory")) {
		char ***v = key[0] == 'R' ? &r->rwp : &r->state;
		size_t *n = key[0] == 'R' ? &r->nrwp : &r->nstate;

		if (!*val)	/* an empty assignment resets the list */
			clear_paths(v, n);
		for (w = strtok_r(val, " \t", &save); w;
		     w = strtok_r(NULL, " \t", &save)) {
			w += strspn(w, "-+");
			if (key[0] == 'S')
				w = xasprintf("/var/lib/%s", w);
			add_path(v, n, w);
			if (key[0] == 'S')
				free(w);
		}
	}
}

static int
unit_file(struct unit_raw *r, const char *path, int must)
{
	FILE *f = fopen(path, "re");
	char line[4096], *eq, *k, *v, *e;
	int service = 0;

	if (!f) {
		if (must)
			lkb_error_errno("doctor: cannot read the unit '%s'",
					path);
		return must ? LKB_ERR_CONFIG : LKB_OK;
	}
	while (fgets(line, sizeof(line), f)) {
		k = line + strspn(line, " \t");
		for (e = k + strlen(k); e > k && strchr(" \t\r\n", e[-1]);)
			*--e = '\0';
		if (*k == '[') {
			service = !strcmp(k, "[Service]");
			continue;
		}
		if (!service || *k == '#' || *k == ';' || !(eq = strchr(k, '=')))
			continue;
		for (e = eq; e > k && strchr(" \t", e[-1]);)
			e--;
		*e = '\0';
		v = eq + 1 + strspn(eq + 1, " \t");
		unit_line(r, k, v);
	}
	fclose(f);
	return LKB_OK;
}

/* systemd's unit search path, most binding first: $SYSTEMD_UNIT_PATH
 * (colon-separated; an empty last entry adds the default), else the
 * default. */
static void
unit_search_path(char ***v, size_t *n)
{
	static const char *const dflt[] = {
		"/etc/systemd/system", "/run/systemd/system",
		"/usr/local/lib/systemd/system", "/lib/systemd/system",
		"/usr/lib/systemd/system",
	};
	const char *env = getenv("SYSTEMD_UNIT_PATH");
	char *copy, *w, *save = NULL;

	if (env && *env) {
		copy = xstrdup(env);
		for (w = strtok_r(copy, ":", &save); w;
		     w = strtok_r(NULL, ":", &save))
			add_path(v, n, w);
		free(copy);
		if (env[strlen(env) - 1] != ':')
			return;
	}
	for (size_t i = 0; i < LKB_ARRAY_SIZE(dflt); i++)
		add_path(v, n, dflt[i]);
}

/* Whether one of paths[0..n) has the file name base. */
static int
have_base(char *const *paths, size_t n, const char *base)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(strrchr(paths[i], '/') + 1, base))
			return 1;
	return 0;
}

/* The *.conf files of dir not already in *v (a drop-in of the same name
 * in a more binding directory hides it). */
static void
unit_dropins_of(char ***v, size_t *n, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t len;

	if (!d)
		return;
	while ((de = readdir(d))) {
		len = strlen(de->d_name);
		if (len > 5 && !strcmp(de->d_name + len - 5, ".conf") &&
		    !have_base(*v, *n, de->d_name)) {
			char *p = xasprintf("%s/%s", dir, de->d_name);

			add_path(v, n, p);
			free(p);
		}
	}
	closedir(d);
}

static int
cmp_base(const void *a, const void *b)
{
	return strcmp(strrchr(*(char *const *)a, '/') + 1,
		      strrchr(*(char *const *)b, '/') + 1);
}

/* The drop-ins of the unit file path named name, as systemd reads
 * them: name.d/ of each directory of the search path, then path.d/,
 * each file name once (the first found), all in file name order. */
static void
unit_dropins(struct unit_raw *r, const char *path, const char *name,
	     char *const *dirs, size_t ndirs)
{
	char **files = NULL, *d;
	size_t n = 0;

	for (size_t i = 0; i < ndirs; i++) {
		d = xasprintf("%s/%s.d", dirs[i], name);
		unit_dropins_of(&files, &n, d);
		free(d);
	}
	d = xasprintf("%s.d", path);	/* a file given outside the path */
	unit_dropins_of(&files, &n, d);
	free(d);
	if (n > 1)
		qsort(files, n, sizeof(*files), cmp_base);
	for (size_t i = 0; i < n; i++)
		(void)unit_file(r, files[i], 0);
	clear_paths(&files, &n);
}

/* The unit file of name (".service" added when it has no suffix): the
 * first of the search path that has it. NULL, logged, when none has or
 * it is masked (a link to /dev/null). */
static char *
unit_find(const char *name, char *const *dirs, size_t ndirs)
{
	char *p, *real;
	struct stat sb;

	for (size_t i = 0; i < ndirs; i++) {
		p = xasprintf("%s/%s", dirs[i], name);
		if (lstat(p, &sb) == 0) {
			real = realpath(p, NULL);
			if (real && !strcmp(real, "/dev/null")) {
				lkb_error("doctor: the unit %s is masked (%s "
					  "links to /dev/null)", name, p);
				FREE_AND_NULL(p);
			}
			free(real);
			return p;
		}
		free(p);
	}
	lkb_error("doctor: no unit %s in the unit search path (%s ...)",
		  name, ndirs ? dirs[0] : "");
	return NULL;
}

int
doctor_unit_read(const char *unit, struct doctor_unit *un)
{
	static const char *const sys_full[] = { "/usr", "/boot", "/efi",
						"/etc" };
	static const char *const homes[] = { "/home", "/root", "/run/user" };
	struct unit_raw r;
	const char *ps, *ph, *base = strrchr(unit, '/');
	char **dirs = NULL, *name, *path = NULL;
	size_t ndirs = 0;
	int rc = LKB_OK;

	memset(un, 0, sizeof(*un));
	memset(&r, 0, sizeof(r));
	r.umask = -1;
	name = base ? xstrdup(base + 1) : strchr(unit, '.') ? xstrdup(unit)
		: xasprintf("%s.service", unit);
	unit_search_path(&dirs, &ndirs);
	path = base ? xstrdup(unit) : unit_find(name, dirs, ndirs);
	if (!path || (rc = unit_file(&r, path, 1)) != LKB_OK) {
		rc = LKB_ERR_CONFIG;
		goto out;
	}
	unit_dropins(&r, path, name, dirs, ndirs);
	un->path = path;
	path = NULL;
	un->user = r.user;
	r.user = NULL;
	un->umask = r.umask < 0 ? 022 : (unsigned)r.umask;
	ps = r.protect_system ? r.protect_system : "no";
	ph = r.protect_home ? r.protect_home : "no";
	if (!strcmp(ps, "strict"))
		add_path(&un->ro, &un->nro, "/");
	else if (!strcmp(ps, "full") || !strcmp(ps, "yes") ||
		 !strcmp(ps, "true"))
		for (size_t i = 0; i < (ps[0] == 'f' ? 4u : 3u); i++)
			add_path(&un->ro, &un->nro, sys_full[i]);
	if (strcmp(ph, "no") && strcmp(ph, "false"))
		for (size_t i = 0; i < 3; i++)
			add_path(&un->ro, &un->nro, homes[i]);
	un->why_ro = xasprintf("ProtectSystem=%s, ProtectHome=%s", ps, ph);
	for (size_t i = 0; i < r.nrwp; i++)
		add_path(&un->rw, &un->nrw, r.rwp[i]);
	for (size_t i = 0; i < r.nstate; i++)
		add_path(&un->rw, &un->nrw, r.state[i]);
	un->private_tmp = r.private_tmp;
out:
	free(r.user);
	free(r.protect_system);
	free(r.protect_home);
	clear_paths(&r.rwp, &r.nrwp);
	clear_paths(&r.state, &r.nstate);
	clear_paths(&dirs, &ndirs);
	free(name);
	free(path);
	return rc;
}

void
doctor_unit_free(struct doctor_unit *un)
{
	free(un->path);
	free(un->user);
	clear_paths(&un->ro, &un->nro);
	clear_paths(&un->rw, &un->nrw);
	free(un->why_ro);
	memset(un, 0, sizeof(*un));
}

/* Whether path is prefix or below it. */
static int
under(const char *path, const char *prefix)
{
	size_t n = strlen(prefix);

	while (n > 1 && prefix[n - 1] == '/')
		n--;
	if (n == 1 && prefix[0] == '/')
		return path[0] == '/';
	return !strncmp(path, prefix, n) && (path[n] == '/' || !path[n]);
}

char *
doctor_unit_problem(const struct doctor_unit *un, const char *dir)
{
	char *path = absolute(dir), *why = NULL;
	const char *base = strrchr(un->path, '/');
	size_t ro = 0;

	if (un->private_tmp &&
	    (under(path, "/tmp") || under(path, "/var/tmp"))) {
		why = xasprintf("%s is in the private /tmp of %s "
				"(PrivateTmp=yes): what lkpbot writes there no "
				"one else sees, and it goes after each run; "
				"choose a directory elsewhere", path, un->path);
		goto out;
	}
	for (size_t i = 0; i < un->nrw; i++)
		if (under(path, un->rw[i]))
			goto out;
	for (ro = 0; ro < un->nro && !under(path, un->ro[ro]); ro++)
		;
	if (ro < un->nro)
		why = xasprintf("%s is read-only for %s (%s): add "
				"ReadWritePaths=%s to it in a drop-in "
				"(systemctl edit %s; README.Debian)", path,
				un->path, un->why_ro, path,
				base ? base + 1 : un->path);
out:
	free(path);
	return why;
}
