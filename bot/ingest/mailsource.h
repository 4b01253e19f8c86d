/* mailsource.h - read mail from a Maildir, an mbox, one file or stdin.
 *
 * Streams: one message is in memory at a time, however big the mailbox.
 * The kind is detected: "-" is stdin; a directory with cur/ or new/ is a
 * Maildir (tmp/ is never read); a file whose first line starts with
 * "From " is an mbox (mboxrd: ">From " lines lose one '>'); anything else
 * is one RFC 822 message.
 */
#ifndef LKB_BOT_INGEST_MAILSOURCE_H
#define LKB_BOT_INGEST_MAILSOURCE_H

#include <stddef.h>

#include "lib/compiler.h"

enum mailsource_kind { MS_MAILDIR, MS_MBOX, MS_FILE, MS_STDIN, MS__COUNT };

/* Set on a message cut at LKB_MAX_MESSAGE_BYTES: raw holds the head. */
#define MAILSOURCE_TRUNCATED 0x1
/* Set on an mbox message with a line over LKB_MAX_LINE_BYTES: raw holds
 * its head up to that line's first LKB_MAX_LINE_BYTES. */
#define MAILSOURCE_LONG_LINE 0x2

/* Set on a file sync's walk passes over for good (a symbolic link, a
 * FIFO, a directory...), after a warning: raw is NULL, len 0. */
#define MAILSOURCE_SKIPPED 0x4

/* Called once per message; raw is borrowed for the call only, unless
 * own is not NULL: *own is then the heap buffer raw is in (raw[len] is
 * '\0'), which the callback may keep by setting *own to NULL (and free
 * later with free()). source names its origin ("maildir:PATH",
 * "mbox:PATH:OFFSET", "file:PATH", "stdin"). A non-zero return stops
 * the walk and is returned. */
typedef int mailsource_fn(const char *raw, size_t len, const char *source,
			  int flags, char **own, void *arg);

/* Walk every message under path. Returns LKB_OK, the callback's non-zero
 * value, or LKB_ERR_IO (logged, naming the file). */
int mailsource_read(const char *path, mailsource_fn *fn, void *arg)
	LKB_WARN_UNUSED;

/* What mailsource_read would take path for; LKB_ERR_IO if unreadable. */
int mailsource_detect(const char *path, enum mailsource_kind *kind_out)
	LKB_WARN_UNUSED;

const char *mailsource_kind_name(enum mailsource_kind k);

/* How mailsource_walk_maildir walks. By default import's way: links
 * are followed (a folder of links, as mairix makes), what is no regular
 * file is passed over in silence, a file that cannot be read is an
 * error. MAILDIR_SYNC, for the [maildir] source: no link is followed (it
 * could name any file this user may read), no FIFO waited on, such
 * entries handed over as MAILSOURCE_SKIPPED; a file that cannot be read
 * now is passed over with a warning (read next run). want (may be NULL)
 * says whether to read an entry by its name: 1, 0, or <0 (an error that
 * stops the walk); arg is its argument. */
#define MAILDIR_SYNC 0x1
struct maildir_walk {
	int mode;
	int (*want)(const char *name, void *arg);
	void *arg;
};

/* Every entry of the Maildir folder dir/sub ("cur" or "new"), in name
 * order, each file read whole up to LKB_MAX_MESSAGE_BYTES (then its
 * head, MAILSOURCE_TRUNCATED) and handed to fn with the source
 * "maildir:DIR/SUB/NAME". A missing folder is nothing to read for
 * import, LKB_ERR_IO for sync. Returns as mailsource_read. */
int mailsource_walk_maildir(const char *dir, const char *sub,
			    const struct maildir_walk *w, mailsource_fn *fn,
			    void *arg) LKB_WARN_UNUSED;

/* The advice that ends every warning about mail over a limit (import,
 * the Maildir source, IMAP's mail not fetched). */
#define MAILSOURCE_LIMIT_FIX \
	"nothing to do unless it matters (the limit is in lib/limits.h)"

/* The one policy for mail over a limit, of import and sync alike: NULL
 * when the message came whole (flags 0), else why it is stored as
 * rejected (its head kept), after a warning naming source, the limit
 * and the fix. */
const char *mailsource_problem(const char *source, int flags);

#endif
