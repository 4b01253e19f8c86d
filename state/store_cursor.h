/* store_cursor.h - where each mail source stopped (sync cursors).
 *
 * IMAP: per account and folder, the UIDVALIDITY and the highest UID whose
 * mail is committed. Maildir: the unique names (the part before ':') of
 * the files already read, and the directory mtimes of the last scan, so
 * an unchanged Maildir costs two stat() calls. Cursor updates belong in
 * the same transaction as the mail they cover (R35).
 */
#ifndef LKB_STATE_STORE_CURSOR_H
#define LKB_STATE_STORE_CURSOR_H

#include <stddef.h>
#include <stdint.h>

#include "lib/compiler.h"

struct store;

struct store_cursor {
	int64_t uidvalidity;
	int64_t last_uid;
};

/* 1 and *out when the folder has a cursor, 0 when not. */
int store_cursor_get(struct store *st, const char *account,
		     const char *folder, struct store_cursor *out)
	LKB_WARN_UNUSED;
int store_cursor_set(struct store *st, const char *account,
		     const char *folder, int64_t uidvalidity,
		     int64_t last_uid) LKB_WARN_UNUSED;

/* 1 if name (a Maildir unique name) of dir was read before, 0 if not. */
int store_maildir_seen(struct store *st, const char *dir, const char *name)
	LKB_WARN_UNUSED;
int store_maildir_mark(struct store *st, const char *dir, const char *name)
	LKB_WARN_UNUSED;

/* The stamp ("<new mtime>/<cur mtime>" or any text the caller chose) of
 * the last complete scan of dir. 1 and *stamp_out (caller frees with
 * free()) when there is one, 0 when not. */
int store_maildir_stamp_get(struct store *st, const char *dir,
			    char **stamp_out) LKB_WARN_UNUSED;
int store_maildir_stamp_set(struct store *st, const char *dir,
			    const char *stamp) LKB_WARN_UNUSED;

#endif
