/* secret.h - the one reader of passwords and tokens. */
#ifndef LKB_BOT_CORE_SECRET_H
#define LKB_BOT_CORE_SECRET_H

#include "lib/compiler.h"

/* The first line of the file at path, without its line end, in
 * *secret_out (free with secret_free). At most LKB_MAX_SECRET_BYTES: a
 * longer first line, an empty one or an unreadable file is an error
 * (LKB_ERR_CONFIG, logged with what, which names the setting, e.g.
 * "[imap] password_file"). A file others may read or write is refused
 * (its group may read it: root:lkpbot 0640 is fine). Every
 * buffer that held the secret is wiped with explicit_bzero. */
int secret_read_file(const char *what, const char *path, char **secret_out)
	LKB_WARN_UNUSED;

/* The first line command prints, run as /bin/sh -c command (a command
 * line of the configuration file, as msmtp's passwordeval), with stdin
 * from /dev/null and stderr passed through. Its output is read once,
 * capped, and wiped. A command that fails, prints nothing, a line over
 * LKB_MAX_SECRET_BYTES or takes more than two minutes is LKB_ERR_CONFIG
 * (logged with what, the key's name). */
int secret_run_command(const char *what, const char *command,
		       char **secret_out) LKB_WARN_UNUSED;

/* Where a section's secret comes from (strings borrowed; NULL unset). */
struct secret_keys {
	const char *section;	/* "imap" or "smtp", for messages */
	const char *file, *env, *command, *oauth2_command;
	const char *user;	/* [section] user: with no source above,
				 * ~/.netrc must have it for host */
	const char *host;	/* the url's host */
	int url_password;	/* the url's userinfo holds a password */
};
enum secret_kind {
	SECRET_NONE,		/* nothing configured: ~/.netrc */
	SECRET_PASSWORD,
	SECRET_BEARER,		/* an OAuth2 access token */
};
/* Read the one secret k names into *secret_out (NULL for SECRET_NONE).
 * More than one source set is LKB_ERR_CONFIG; so is a user with none
 * set, no password in the url and no ~/.netrc entry for k->host (no
 * login without a password: an empty one would be sent). */
int secret_load(const struct secret_keys *k, char **secret_out,
		enum secret_kind *kind_out) LKB_WARN_UNUSED;

/* 1 if the ~/.netrc libcurl reads ($HOME, else the password database's
 * home) has a "machine host" entry (with "login user", or no login) or
 * a "default" entry, in its first 64 KiB. */
int secret_netrc_has(const char *host, const char *user);

/* Wipe and free a secret (NULL is fine). */
void secret_free(char *secret);

#endif
