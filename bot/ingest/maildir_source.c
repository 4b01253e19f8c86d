/* maildir_source.c - incremental reading of a local Maildir. */
#include "config.h"
/* realpath, O_CLOEXEC, st_mtim (not in plain -std=c11) */
#include "bot/ingest/maildir_source.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bot/ingest/ingest.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "state/store.h"
#include "state/store_cursor.h"

/* A directory whose mtime is this recent may still change within the
 * same timestamp tick: do not trust its stamp. */
#define STAMP_SETTLE_SECONDS 2

struct md_scan {
	struct store *st;
	struct ingest *ig;
	const char *dir;	/* real path of the Maildir */
	size_t in_batch;
	uint64_t nread;
	struct strbuf raw;
};

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The unseen file names of dir/sub, sorted. Caller frees each and the
 * array. */
static int
list_unseen(struct md_scan *ms, const char *sub, char ***names_out,
	    size_t *n_out)
{
	char *path = xasprintf("%s/%s", ms->dir, sub), *uniq, *colon;
	char **names = NULL;
	size_t n = 0, alloc = 0;
	struct dirent *de;
	DIR *d;
	int rc = LKB_OK, seen;

	*names_out = NULL;
	*n_out = 0;
	d = opendir(path);
	if (!d) {
		lkb_error_errno("cannot read Maildir directory '%s'", path);
		free(path);
		return LKB_ERR_IO;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		uniq = xstrdup(de->d_name);
		colon = strchr(uniq, ':');
		if (colon)
			*colon = '\0';
		seen = store_maildir_seen(ms->st, ms->dir, uniq);
		free(uniq);
		if (seen < 0) {
			rc = seen;
			break;
		}
		if (seen)
			continue;
		ALLOC_GROW(names, n + 1, alloc);
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	free(path);
	if (n > 1)
		qsort(names, n, sizeof(*names), cmp_str);
	*names_out = names;
	*n_out = n;
	return rc;
}

/* Read one file into ms->raw. 1 read, 0 gone or unreadable (skipped,
 * tried again next run), 2 over LKB_MAX_MESSAGE_BYTES or not a regular
 * file (skipped for good). A symbolic link is not followed (it could
 * name any file this user may read) and a FIFO or device does not make
 * open() or read() wait. */
static int
read_file(struct md_scan *ms, const char *path)
{
	char buf[64 * 1024];
	struct stat sb;
	ssize_t got;
	int fd, rc = 1;

	strbuf_reset(&ms->raw);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0 && errno == ELOOP) {
		lkb_warn("skipping '%s': a symbolic link", path);
		return 2;
	}
	if (fd < 0) {
		if (errno != ENOENT)	/* ENOENT: moved to cur/ meanwhile */
			lkb_warn("cannot open '%s': %s", path, strerror(errno));
		return 0;
	}
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		lkb_warn("skipping '%s': not a regular file", path);
		close(fd);
		return 2;
	}
	while ((got = read(fd, buf, sizeof(buf))) != 0) {
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			lkb_warn("cannot read '%s': %s", path, strerror(errno));
			rc = 0;
			break;
		}
		if (strbuf_add(&ms->raw, buf, (size_t)got) != LKB_OK) {
			lkb_warn("skipping '%s': over LKB_MAX_MESSAGE_BYTES",
				 path);
			rc = 2;
			break;
		}
	}
	close(fd);
	return rc;
}

static int
batch_flush(struct md_scan *ms)
{
	int rc;

	if (!ms->in_batch)
		return LKB_OK;
	ms->in_batch = 0;
	if ((rc = ingest_end(ms->ig)) != LKB_OK)
		return rc;
	return ingest_begin(ms->ig);
}

static int
scan_sub(struct md_scan *ms, const char *sub)
{
	char **names = NULL, *path = NULL, *src = NULL, *colon;
	size_t n = 0, i;
	int rc, got;

	if ((rc = list_unseen(ms, sub, &names, &n)) != LKB_OK)
		goto out;
	for (i = 0; i < n; i++) {
		free(path);
		free(src);
		path = xasprintf("%s/%s/%s", ms->dir, sub, names[i]);
		src = xasprintf("maildir:%s", path);
		got = read_file(ms, path);
		if (got == 0)
			continue;
		/* too big or not a file (2): only remembered, so it is not
		 * read again */
		if (got == 1 &&
		    (rc = ingest_message(ms->ig, ms->raw.buf, ms->raw.len, src,
					 NULL)) != LKB_OK)
			goto out;
		colon = strchr(names[i], ':');
		if (colon)
			*colon = '\0';
		if ((rc = store_maildir_mark(ms->st, ms->dir, names[i])) !=
		    LKB_OK)
			goto out;
		ms->nread++;
		if (++ms->in_batch >= LKB_BATCH_MESSAGES &&
		    (rc = batch_flush(ms)) != LKB_OK)
			goto out;
	}
	rc = LKB_OK;
out:
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(path);
	free(src);
	return rc;
}

/* "<new mtime>/<cur mtime>" or NULL when one is too recent to trust. */
static char *
dir_stamp(const struct stat *nw, const struct stat *cur)
{
	time_t now = time(NULL);

	if (now - nw->st_mtim.tv_sec < STAMP_SETTLE_SECONDS ||
	    now - cur->st_mtim.tv_sec < STAMP_SETTLE_SECONDS)
		return NULL;
	return xasprintf("%lld.%09ld/%lld.%09ld",
			 (long long)nw->st_mtim.tv_sec, nw->st_mtim.tv_nsec,
			 (long long)cur->st_mtim.tv_sec, cur->st_mtim.tv_nsec);
}

static int
stat_sub(const char *dir, const char *sub, struct stat *out)
{
	char *p = xasprintf("%s/%s", dir, sub);
	int rc = LKB_OK;

	if (stat(p, out) != 0 || !S_ISDIR(out->st_mode)) {
		lkb_error("'%s' is not a Maildir: no directory '%s'; point "
			  "[maildir] path at a directory with cur/, new/ and "
			  "tmp/", dir, p);
		rc = LKB_ERR_CONFIG;
	}
	free(p);
	return rc;
}

int
maildir_source_sync(struct store *st, struct ingest *ig, const char *path,
		    uint64_t *read_out)
{
	struct md_scan ms = { st, ig, NULL, 0, 0, STRBUF_INIT };
	struct stat snew, scur;
	char *real = NULL, *stamp = NULL, *old = NULL;
	int rc, have, in_txn = 0;

	*read_out = 0;
	strbuf_init_capped(&ms.raw, LKB_MAX_MESSAGE_BYTES);
	real = realpath(path, NULL);
	if (!real) {
		lkb_error("cannot open Maildir '%s': %s; point [maildir] path "
			  "at a directory with cur/, new/ and tmp/", path,
			  strerror(errno));
		rc = LKB_ERR_CONFIG;
		goto out;
	}
	ms.dir = real;
	/* stat before reading: a change during the scan then shows next run */
	if ((rc = stat_sub(real, "new", &snew)) != LKB_OK ||
	    (rc = stat_sub(real, "cur", &scur)) != LKB_OK)
		goto out;
	stamp = dir_stamp(&snew, &scur);
	have = store_maildir_stamp_get(st, real, &old);
	if (have < 0) {
		rc = have;
		goto out;
	}
	if (have && stamp && !strcmp(old, stamp)) {
		lkb_debug("maildir '%s' unchanged since the last run", real);
		goto out;
	}
	if ((rc = ingest_begin(ig)) != LKB_OK)
		goto out;
	in_txn = 1;
	if ((rc = scan_sub(&ms, "new")) != LKB_OK ||
	    (rc = scan_sub(&ms, "cur")) != LKB_OK)
		goto out;
	if (stamp && (rc = store_maildir_stamp_set(st, real, stamp)) != LKB_OK)
		goto out;
	in_txn = 0;
	rc = ingest_end(ig);
out:
	if (in_txn)
		ingest_abort(ig);
	*read_out = ms.nread;
	strbuf_release(&ms.raw);
	free(real);
	free(stamp);
	free(old);
	return rc;
}
