/* sync.h - the sync stage: every configured source into the store.
 *
* Sources are the rows of sources[] in sync.c, each on when its key is
 * set: [imap] (url, folders, user,
 * password_file | password_env | password_command | oauth2_token_command
 * | ~/.netrc, cafile, starttls, insecure,
 * timeout, batch, after = none|seen|move:FOLDER) and [maildir] path.
 * IMAP is read-only unless `after` asks otherwise; each batch of mail is
 * stored in one transaction with the folder's cursor (UIDVALIDITY,
 * highest UID), so a run that dies at any point is continued by the next
 * one, nothing lost and nothing stored twice.
 */
#ifndef LKB_BOT_INGEST_SYNC_H
#define LKB_BOT_INGEST_SYNC_H

#include <stdint.h>

#include "lib/compiler.h"

struct settings;
struct store;
struct strbuf;

struct sync_opts {
	int dry_run;	/* change nothing on the server (no `after`) */
	int quiet;	/* no summary lines on stdout */
};

/* Returns LKB_OK, LKB_ERR_CONFIG (nothing or something wrong configured),
 * LKB_ERR_AUTH, LKB_ERR_NET (retry later), a store error, ... with the
 * reason logged. */
int sync_sources(const struct settings *set, struct store *st,
		 const struct sync_opts *o) LKB_WARN_UNUSED;

/* For `lkpbot doctor`: log in to [imap] as sync would and EXAMINE each
 * folder, storing and changing nothing. summary gets what the login
 * negotiated and the messages per folder ("TLS, AUTH PLAIN; INBOX 12,
 * lkml 3"), or which folder failed. Returns as
 * sync_sources; LKB_ERR_NOT_FOUND when [imap] url is not set. */
int sync_imap_probe(const struct settings *set, struct strbuf *summary)
	LKB_WARN_UNUSED;

#endif
