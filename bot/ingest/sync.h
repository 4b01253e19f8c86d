/* sync.h - the sync stage: every configured source into the store.
 *
 * Sources are the rows of sources[] in sync.c, each a struct
 * mail_source of a file of its own (sync_NAME.c), on when its key is
 * set: [imap] (url, folders, user,
 * password_file | password_env | password_command | oauth2_token_command
 * | ~/.netrc, cafile, starttls, insecure,
 * timeout, batch, after = none|seen|move:FOLDER) and [maildir] path.
 * A source declares its own keys in its file (keys below, read with
 * settings_value()), except [imap]'s, still in bot/core/settings.c.
 * IMAP is read-only unless `after` asks otherwise; each batch of mail is
 * stored in one transaction with the folder's cursor (UIDVALIDITY,
 * highest UID), so a run that dies at any point is continued by the next
 * one, nothing lost and nothing stored twice.
 */
#ifndef LKB_BOT_INGEST_SYNC_H
#define LKB_BOT_INGEST_SYNC_H

#include <stdint.h>

#include "lib/compiler.h"

#include <stddef.h>
#include <time.h>

struct ingest;
struct settings;
struct settings_key;
struct store;
struct strbuf;

struct sync_opts {
	int dry_run;	/* change nothing on the server (no `after`) */
	int quiet;	/* no summary lines on stdout */
	time_t end;	/* the run's end (bot/core/run.h), 0: none: a
			 * source's own deadline is cut to what is left */
};

/* A mail source: one file, one row of sources[] in sync.c. */
struct mail_source {
	const char *name;	/* "imap": doctor's name for its line */
	const char *key;	/* "[imap] url": the key that turns it on */
	int (*configured)(const struct settings *set);
	/* For `lkpbot doctor`: try the source as sync would, storing and
	 * changing nothing. detail gets one line: what was found ("logged
	 * in to ...; INBOX 12"), or what failed and why. Returns as sync. */
	int (*probe)(const struct settings *set, struct strbuf *detail);
	/* Read what is new through ig into st; a summary line on stdout
	 * unless o->quiet. LKB_ERR_CONFIG for a configuration error (the
	 * stage stops), another error for a source that is down. */
	int (*sync)(const struct settings *set, struct store *st,
		    struct ingest *ig, const struct sync_opts *o);
	/* doctor's advice on a refused login, a refused certificate, a
	 * configuration error (NULL: "correct what the message names") and
	 * anything else */
	const char *fix_auth, *fix_tls, *fix_config, *fix_other;
	/* its keys (bot/core/settings.h rows, a row with section NULL
	 * last), read with settings_value(); NULL: none */
	const struct settings_key *keys;
};

/* The i-th source of the table, in sync's order, or NULL past the
 * last. */
const struct mail_source *sync_source_at(size_t i);

/* The i-th key the sources declare (their keys rows, in the order of
 * the table), or NULL past the last: what the caller loading the
 * configuration hands to settings_load_with(). */
const struct settings_key *sync_source_key_at(size_t i);

/* The keys that turn a source on, "[imap] url or [maildir] path", into
 * sb (reset first): the hint when none is set. */
void sync_source_keys(struct strbuf *sb);

/* Returns LKB_OK, LKB_ERR_CONFIG (nothing or something wrong configured),
 * LKB_ERR_AUTH, LKB_ERR_NET (retry later), a store error, ... with the
 * reason logged. */
int sync_sources(const struct settings *set, struct store *st,
		 const struct sync_opts *o) LKB_WARN_UNUSED;

#endif
