/* secret.h - the one reader of password files. */
#ifndef LKB_BOT_CORE_SECRET_H
#define LKB_BOT_CORE_SECRET_H

#include "lib/compiler.h"

/* The first line of the file at path, without its line end, in
 * *secret_out (free with secret_free). At most LKB_MAX_SECRET_BYTES: a
 * longer first line, an empty one or an unreadable file is an error
 * (LKB_ERR_CONFIG, logged with what, which names the setting, e.g.
 * "[imap] password_file"). Warns when others may read the file. Every
 * buffer that held the secret is wiped with explicit_bzero. */
int secret_read_file(const char *what, const char *path, char **secret_out)
	LKB_WARN_UNUSED;
/* Wipe and free a secret (NULL is fine). */
void secret_free(char *secret);

#endif
