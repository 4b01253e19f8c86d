/* sync_maildir.c - the [maildir] source: a local Maildir (filled by
 * mbsync, getmail, lei...), each run reading only the files not read
 * before.
 *
 * A file is known by its unique name (the part before ':'), so moving
 * from new/ to cur/ and gaining flags does not make it new again. When
 * neither new/ nor cur/ changed (their mtimes, recorded at the last
 * complete scan) the run costs two stat() calls and one lookup. tmp/ is
 * never read. The files are walked as `import` walks them
 * (mailsource.h, MAILDIR_SYNC), mail over a limit stored by the same
 * policy; unreadable files are skipped with a warning (and retried next
 * run). */
#include "config.h"
/* realpath, st_mtim (not in plain -std=c11) */
#include "bot/ingest/sync.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "bot/core/settings.h"
#include "bot/ingest/ingest.h"
#include "bot/ingest/mailsource.h"
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
};

/* A file's unique name: what comes before ':' (the flags). */
static char *
unique_name(const char *name)
{
	char *uniq = xstrdup(name), *colon = strchr(uniq, ':');

	if (colon)
		*colon = '\0';
	return uniq;
}

/* The walk reads only the names not read before. */
static int
want_unseen(const char *name, void *arg)
{
	struct md_scan *ms = arg;
	char *uniq = unique_name(name);
	int seen = store_maildir_seen(ms->st, ms->dir, uniq);

	free(uniq);
	return seen < 0 ? seen : !seen;
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

/* One file of the walk: stored (over a limit: as rejected, by the one
 * policy of mailsource.h) or, skipped for good, only remembered; either
 * way its name is marked read, in the same transaction. */
static int
on_file(const char *raw, size_t len, const char *source, int flags,
	char **own, void *arg)
{
	struct md_scan *ms = arg;
	const char *why = NULL, *name = strrchr(source, '/') + 1;
	char *uniq;
	int rc = LKB_OK;

	(void)own;
	if (!(flags & MAILSOURCE_SKIPPED)) {
		why = mailsource_problem(source, flags);
		rc = why ? ingest_rejected(ms->ig, raw, len, source, why, NULL)
			 : ingest_message(ms->ig, raw, len, source, NULL);
	}
	if (rc != LKB_OK)
		return rc;
	uniq = unique_name(name);
	rc = store_maildir_mark(ms->st, ms->dir, uniq);
	free(uniq);
	if (rc != LKB_OK)
		return rc;
	ms->nread++;
	if (++ms->in_batch >= LKB_BATCH_MESSAGES)
		return batch_flush(ms);
	return LKB_OK;
}

static int
scan_sub(struct md_scan *ms, const char *sub)
{
	const struct maildir_walk w = { MAILDIR_SYNC, want_unseen, ms };

	return mailsource_walk_maildir(ms->dir, sub, &w, on_file, ms);
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

/* The real path of the Maildir at path, and the stat of its new/ and
 * cur/ (before reading: a change during the scan then shows next run).
 * LKB_ERR_CONFIG, logged, when it is none. */
static int
maildir_open(const char *path, char **real_out, struct stat *snew,
	     struct stat *scur)
{
	int rc;

	*real_out = realpath(path, NULL);
	if (!*real_out) {
		lkb_error("cannot open Maildir '%s': %s; point [maildir] path "
			  "at a directory with cur/, new/ and tmp/", path,
			  strerror(errno));
		return LKB_ERR_CONFIG;
	}
	if ((rc = stat_sub(*real_out, "new", snew)) != LKB_OK ||
	    (rc = stat_sub(*real_out, "cur", scur)) != LKB_OK)
		FREE_AND_NULL(*real_out);
	return rc;
}

/* Read the new files of the Maildir real (new/ and cur/ as snew and
 * scur said) through ig into st, one transaction per
 * LKB_BATCH_MESSAGES files together with their names. */
static int
maildir_scan(struct md_scan *ms, const struct stat *snew,
	     const struct stat *scur)
{
	char *stamp = dir_stamp(snew, scur), *old = NULL;
	int rc, have, in_txn = 0;

	have = store_maildir_stamp_get(ms->st, ms->dir, &old);
	if (have < 0) {
		rc = have;
		goto out;
	}
	rc = LKB_OK;
	if (have && stamp && !strcmp(old, stamp)) {
		lkb_debug("maildir '%s' unchanged since the last run", ms->dir);
		goto out;
	}
	if ((rc = ingest_begin(ms->ig)) != LKB_OK)
		goto out;
	in_txn = 1;
	if ((rc = scan_sub(ms, "new")) != LKB_OK ||
	    (rc = scan_sub(ms, "cur")) != LKB_OK)
		goto out;
	if (stamp &&
	    (rc = store_maildir_stamp_set(ms->st, ms->dir, stamp)) != LKB_OK)
		goto out;
	in_txn = 0;
	rc = ingest_end(ms->ig);
out:
	if (in_txn)
		ingest_abort(ms->ig);
	free(stamp);
	free(old);
	return rc;
}

/* The keys of [maildir] (lkpbot.conf(5)). */
static const struct settings_key maildir_keys[] = {
	{ .section = "maildir", .key = "path", .type = SETT_STR },
	{ .section = NULL },
};

/* [maildir] path, or NULL. */
static const char *
maildir_path(const struct settings *set)
{
	return settings_value(set, &maildir_keys[0])->str;
}

static int
maildir_configured(const struct settings *set)
{
	return maildir_path(set) != NULL;
}

static int
maildir_probe(const struct settings *set, struct strbuf *detail)
{
	struct stat snew, scur;
	char *real = NULL;
	int rc = maildir_open(maildir_path(set), &real, &snew, &scur);

	strbuf_reset(detail);
	strbuf_addf(detail, "%s is %sa Maildir", maildir_path(set),
		    rc == LKB_OK ? "" : "not ");
	free(real);
	return rc;
}

static int
maildir_sync(const struct settings *set, struct store *st, struct ingest *ig,
	     const struct sync_opts *o)
{
	struct ingest_stats before = *ingest_stats(ig), after;
	struct md_scan ms = { st, ig, NULL, 0, 0 };
	const char *path = maildir_path(set);
	struct stat snew, scur;
	char *real = NULL;
	int rc;

	if ((rc = maildir_open(path, &real, &snew, &scur)) != LKB_OK)
		return rc;
	ms.dir = real;
	rc = maildir_scan(&ms, &snew, &scur);
	free(real);
	after = *ingest_stats(ig);
	if (rc == LKB_OK && ms.nread && !o->quiet)
		printf("sync: maildir %s: %llu read, %llu new, %llu duplicate\n",
		       path, (unsigned long long)ms.nread,
		       (unsigned long long)(after.new_msgs - before.new_msgs),
		       (unsigned long long)(after.duplicate -
					    before.duplicate));
	return rc;
}

const struct mail_source sync_source_maildir = {
	"maildir", "[maildir] path", maildir_configured, maildir_probe,
	maildir_sync, NULL, NULL,
	"point [maildir] path at a directory with cur/, new/ and tmp/", NULL,
	maildir_keys,
};
