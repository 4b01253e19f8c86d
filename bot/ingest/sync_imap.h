/* sync_imap.h - the keys of [imap], typed. sync_imap.c declares them
 * as rows of its mail source (bot/ingest/sync.h), the loader checks
 * them (bot/core/settings.h), and sync_imap_settings() reads them into
 * one struct for the source and for the tests. */
#ifndef LKB_BOT_INGEST_SYNC_IMAP_H
#define LKB_BOT_INGEST_SYNC_IMAP_H

#include <stddef.h>

struct settings;

/* [imap] after: what becomes of a message once it is stored */
enum imap_after { AFTER_NONE, AFTER_SEEN, AFTER_MOVE, AFTER__COUNT };

struct imap_settings {
	const char *url, *user, *password_file, *password_env, *cafile;
	const char *password_command, *oauth2_token_command;
	enum imap_after after;	/* none | seen | move:FOLDER */
	const char *move_to;	/* the FOLDER of move:FOLDER */
	const char *const *folders;	/* at most LKB_MAX_IMAP_FOLDERS */
	size_t nfolders;
	int starttls;		/* 1, 0, or -1 unset: the adapter's
				 * default (STARTTLS unless loopback) */
	int insecure;
	long timeout;		/* seconds, 1..86400, default 60 */
	long deadline;		/* seconds per sync, default 1800 */
	long batch;		/* 1..LKB_MAX_IMAP_BATCH */
};

/* The [imap] keys of set (loaded with the sources' keys: a bug
 * otherwise) into is; the strings are borrowed from set's config. */
void sync_imap_settings(const struct settings *set,
			struct imap_settings *is);

#endif
