/* maildir_source.h - a local Maildir (filled by mbsync, getmail, lei...)
 * as a mail source: each run reads only the files not read before.
 *
 * A file is known by its unique name (the part before ':'), so moving
 * from new/ to cur/ and gaining flags does not make it new again. When
 * neither new/ nor cur/ changed (their mtimes, recorded at the last
 * complete scan) the run costs two stat() calls and one lookup.
 * tmp/ is never read.
 */
#ifndef LKB_BOT_INGEST_MAILDIR_SOURCE_H
#define LKB_BOT_INGEST_MAILDIR_SOURCE_H

#include <stdint.h>

#include "lib/compiler.h"

struct ingest;
struct store;

/* Read the new files of the Maildir at path through ig into st, one
 * transaction per LKB_BATCH_MESSAGES files together with their names.
 * *read_out counts files read. LKB_ERR_CONFIG when path is no Maildir,
 * a store error otherwise; unreadable files are skipped with a warning
 * (and retried next run). */
int maildir_source_sync(struct store *st, struct ingest *ig,
			const char *path, uint64_t *read_out)
	LKB_WARN_UNUSED;

#endif
