/* sync.c - the sync stage: configuration of the sources, then each
 * source in turn (IMAP folders in sync_imap.c, a Maildir). */
#include "config.h"
/* explicit_bzero, fstat st_mode bits */
#include "bot/ingest/sync.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/core/secret.h"
#include "bot/core/settings.h"
#include "bot/ingest/ingest.h"
#include "bot/ingest/maildir_source.h"
#include "bot/ingest/sync-internal.h"
#include "bot/net/curl_common.h"
#include "bot/net/imap.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/conf.h"

static int
load_password(const struct settings *set, struct sync_imap *si)
{
	char *host = curl_url_host(si->server);
	const struct secret_keys k = {
		"imap", set->imap.password_file, set->imap.password_env,
		set->imap.password_command, set->imap.oauth2_token_command,
		set->imap.user, host, 0,	/* sync drops the url's userinfo */
	};
	enum secret_kind kind;
	int rc = secret_load(&k, &si->password, &kind);

	free(host);

	si->bearer = kind == SECRET_BEARER;
	si->conf.password = si->bearer ? NULL : si->password;
	si->conf.bearer = si->bearer ? si->password : NULL;
	return rc;	/* none: libcurl reads ~/.netrc */
}

/* Fill si from [imap]; the password goes to si->password. */
static int
imap_configure(const struct settings *set, struct sync_imap *si)
{
	char *path_folder = NULL;
	int rc;

	if ((rc = imap_url_split(set->imap.url, &si->server, &path_folder)) !=
	    LKB_OK)
		return rc;
	si->conf.url = si->server;
	si->conf.user = set->imap.user;
	if (!si->conf.user || !*si->conf.user) {
		free(path_folder);
		lkb_error("[imap] user is not set");
		return LKB_ERR_CONFIG;
	}
	memcpy(si->folders, set->imap.folders,
	       set->imap.nfolders * sizeof(si->folders[0]));
	si->nfolders = set->imap.nfolders;
	si->path_folder = path_folder;
	if (!si->nfolders)
		si->folders[si->nfolders++] = path_folder ? path_folder
							  : "INBOX";
	si->conf.cafile = set->imap.cafile;
	si->conf.starttls = set->imap.starttls;
	si->conf.insecure = set->imap.insecure;
	si->conf.timeout = set->imap.timeout;
	si->conf.deadline = set->imap.deadline;
	si->batch = (size_t)set->imap.batch;
	si->account = xasprintf("%.*s%s@%s",
				(int)(strstr(si->server, "://") + 3 -
				      si->server),
				si->server, si->conf.user,
				strstr(si->server, "://") + 3);
	si->after = set->imap.after;
	si->move_to = set->imap.move_to;
	return load_password(set, si);
}

static void
imap_unconfigure(struct sync_imap *si)
{
	if (si->password) {
		secret_free(si->password);
	}
	free(si->server);
	free(si->path_folder);
	free(si->account);
}

static int
imap_configured(const struct settings *set)
{
	return set->imap.url != NULL;
}

int
sync_imap_probe(const struct settings *set, struct strbuf *summary)
{
	struct sync_imap si;
	struct imap_session *s = NULL;
	struct imap_mailbox mb;
	int rc;

	strbuf_reset(summary);
	if (!imap_configured(set))
		return LKB_ERR_NOT_FOUND;
	memset(&si, 0, sizeof(si));
	if ((rc = imap_configure(set, &si)) == LKB_OK)
		rc = imap_session_open(&si.conf, &s);
	if (rc == LKB_OK && (imap_session_negotiated(s, summary) ||
			     strbuf_adds(summary, "; ")))
		rc = LKB_ERR_TOO_BIG;
	for (size_t i = 0; rc == LKB_OK && i < si.nfolders; i++) {
		rc = imap_session_select(s, si.folders[i], 1, &mb);
		if (rc == LKB_OK && strbuf_addf(summary, "%s%s %u",
						 i ? ", " : "", si.folders[i],
						 mb.exists))
			rc = LKB_ERR_TOO_BIG;
		else if (rc != LKB_OK) {
			strbuf_reset(summary);
			if (strbuf_addf(summary, "folder %s", si.folders[i]))
				rc = LKB_ERR_TOO_BIG;
		}
	}
	imap_session_free(s);
	imap_unconfigure(&si);
	return rc;
}

static int
maildir_configured(const struct settings *set)
{
	return set->maildir.path != NULL;
}

static int
sync_imap_all(const struct settings *set, struct store *st,
	      struct ingest *ig, const struct sync_opts *o)
{
	struct sync_imap si;
	int rc;

	memset(&si, 0, sizeof(si));
	si.st = st;
	si.ig = ig;
	si.dry_run = o->dry_run;
	si.quiet = o->quiet;
	rc = imap_configure(set, &si);
	if (rc == LKB_OK)
		rc = sync_imap_account(&si);
	imap_unconfigure(&si);
	return rc;
}

static int
sync_maildir(const struct settings *set, struct store *st, struct ingest *ig,
	     const struct sync_opts *o)
{
	struct ingest_stats before = *ingest_stats(ig), after;
	const char *path = set->maildir.path;
	uint64_t nread = 0;
	int rc;

	rc = maildir_source_sync(st, ig, path, &nread);
	after = *ingest_stats(ig);
	if (rc == LKB_OK && nread && !o->quiet)
		printf("sync: maildir %s: %llu read, %llu new, %llu duplicate\n",
		       path, (unsigned long long)nread,
		       (unsigned long long)(after.new_msgs - before.new_msgs),
		       (unsigned long long)(after.duplicate -
					    before.duplicate));
	return rc;
}

/* The sources sync runs, in this order. A new source: its sync function
 * (a file of its own), its keys in bot/core/settings.c, one row here. */
static const struct mail_source {
	const char *name;
	const char *key;	/* "[section] key" that turns it on */
	int (*configured)(const struct settings *set);
	int (*sync)(const struct settings *set, struct store *st,
		    struct ingest *ig, const struct sync_opts *o);
} sources[] = {
	{ "imap", "[imap] url", imap_configured, sync_imap_all },
	{ "maildir", "[maildir] path", maildir_configured, sync_maildir },
};

int
sync_sources(const struct settings *set, struct store *st,
	     const struct sync_opts *o)
{
	const struct config *cfg = set->cfg;
	struct ingest *ig = NULL;
	int rc = LKB_OK, rc2;

	for (size_t i = 0; i < LKB_ARRAY_SIZE(sources); i++) {
		if (!sources[i].configured(set))
			continue;
		if (!ig)
			ig = ingest_new(st);
		rc2 = sources[i].sync(set, st, ig, o);
		if (rc == LKB_OK)
			rc = rc2;
		/* a source that is down does not hold up the others; a
		 * configuration error stops the stage */
		if (rc2 == LKB_ERR_CONFIG)
			break;
	}
	if (!ig) {
		lkb_error("nothing to sync: set [imap] url or [maildir] path "
			  "in the configuration%s%s",
			  config_path(cfg) ? " " : "",
			  config_path(cfg) ? config_path(cfg) : "");
		return LKB_ERR_CONFIG;
	}
	ingest_free(ig);
	return rc;
}
