/* sync-internal.h - shared by bot/ingest/sync.c and sync_imap.c (R5). */
#ifndef LKB_BOT_INGEST_SYNC_INTERNAL_H
#define LKB_BOT_INGEST_SYNC_INTERNAL_H

#include <stddef.h>

#include "bot/core/settings.h"
#include "bot/net/imap.h"
#include "lib/compiler.h"
#include "lib/limits.h"

struct ingest;
struct store;

/* One configured IMAP account. */
struct sync_imap {
	struct store *st;
	struct ingest *ig;
	struct imap_conf conf;
	char *server;		/* imap[s]://host:port/ */
	char *account;		/* imap[s]://user@host:port/ (cursor key) */
	char *password;		/* or NULL: ~/.netrc */
	int bearer;		/* password is an OAuth2 token */
	char *path_folder;	/* folder named in the url, or NULL */
	const char *folders[LKB_MAX_IMAP_FOLDERS + 1];
	size_t nfolders;
	size_t batch;		/* UIDs per UID FETCH */
	enum imap_after after;	/* [imap] after */
	const char *move_to;
	int dry_run, quiet;
};

/* Log in (conf holds the secret) and sync every folder. */
int sync_imap_account(struct sync_imap *si) LKB_WARN_UNUSED;

#endif
