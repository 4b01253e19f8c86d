/* lock.c - the run lock (flock on "<db>.lock"). */
#include "config.h"
/* O_CLOEXEC, flock (not in plain -std=c11) */
#include "bot/core/lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/core/ctx.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "state/store.h"

struct run_lock {
	int fd;
	char *path;
};

/* mkdir -p of the directory holding path (the database may be new). */
static int
make_parents(const char *path)
{
	char *dir = xstrdup(path), *p;
	int rc = LKB_OK;

	for (p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
			lkb_error_errno("cannot create directory '%s'", dir);
			rc = LKB_ERR_IO;
			break;
		}
		*p = '/';
	}
	free(dir);
	return rc;
}

/* flock "<db_path><suffix>" without waiting (run_lock_try). */
static int
lock_try(const char *db_path, const char *suffix, struct run_lock **lock_out)
{
	struct run_lock *l = xcalloc(1, sizeof(*l));
	int rc;

	*lock_out = NULL;
	l->fd = -1;
	l->path = xasprintf("%s%s", db_path, suffix);
	if ((rc = make_parents(l->path)) != LKB_OK)
		goto fail;
	l->fd = open(l->path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (l->fd < 0) {
		rc = lkb_error_errno("cannot open lock file '%s'", l->path);
		rc = LKB_ERR_IO;
		goto fail;
	}
	while (flock(l->fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno == EINTR)
			continue;
		if (errno == EWOULDBLOCK) {
			rc = 0;
			goto fail;
		}
		lkb_error_errno("cannot lock '%s'", l->path);
		rc = LKB_ERR_IO;
		goto fail;
	}
	*lock_out = l;
	return 1;
fail:
	run_lock_release(l);
	return rc;
}

int
run_lock_try(const char *db_path, struct run_lock **lock_out)
{
	return lock_try(db_path, ".lock", lock_out);
}

int
send_lock_try(const char *db_path, struct run_lock **lock_out)
{
	int rc = lock_try(db_path, ".send.lock", lock_out);

	/* its mtime says since when: rows claimed before are not ours */
	if (rc == 1 && futimens((*lock_out)->fd, NULL) != 0)
		lkb_debug("cannot touch '%s'", (*lock_out)->path);
	return rc;
}

int
send_lock_held(const char *db_path, int64_t *since_out)
{
	struct run_lock *l = NULL;
	struct stat sb;
	char *path;
	int rc = lock_try(db_path, ".send.lock", &l);

	*since_out = 0;
	run_lock_release(l);
	if (rc != 0)
		return rc < 0 ? rc : 0;
	path = xasprintf("%s.send.lock", db_path);
	if (stat(path, &sb) == 0)
		*since_out = (int64_t)sb.st_mtime;
	free(path);
	return 1;
}

void
run_lock_release(struct run_lock *l)
{
	if (!l)
		return;
	if (l->fd >= 0)
		close(l->fd);	/* drops the flock */
	free(l->path);
	free(l);
}

int
run_lock_enter(struct bot_ctx *ctx, struct run_lock **lock_out)
{
	struct run_lock *l = NULL;
	int rc;

	*lock_out = NULL;
	rc = run_lock_try(ctx->db_path, &l);
	if (rc == 0)
		lkb_warn("another lkpbot run holds '%s.lock'; leaving it to "
			 "that one", ctx->db_path);
	if (rc <= 0)
		return rc;
	if (!ctx->st &&
	    (rc = store_open(ctx->db_path, STORE_RW, &ctx->st)) != LKB_OK) {
		run_lock_release(l);
		return rc;
	}
	*lock_out = l;
	return 1;
}
