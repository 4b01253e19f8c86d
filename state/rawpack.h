/* rawpack.h - the raw bytes of kept mail, in an append-only file beside
 * the database ("<db>.raw"), each message referenced by offset and
 * length from its messages row.
 *
 * Mail is written once (SQLite's WAL would write every byte twice: to
 * the log, then to the database). Bytes are appended only inside a
 * write transaction (so by one writer at a time), made durable before
 * the transaction that references them commits, and cut off again when
 * it rolls back: a committed row never points past what is on disk.
 * A crash between the append and the commit leaves unreferenced bytes
 * at the end, which the next append writes after. */
#ifndef LKB_STATE_RAWPACK_H
#define LKB_STATE_RAWPACK_H

#include <stddef.h>
#include <stdint.h>

#include "lib/compiler.h"

struct rawpack;

/* The pack of database dbpath; opened on first use (created on the
 * first append when writable). Caller frees with rawpack_close(). */
struct rawpack *rawpack_new(const char *dbpath, int writable);
void rawpack_close(struct rawpack *rp);

/* Append len bytes; their offset in *off_out. LKB_OK or LKB_ERR_IO. */
int rawpack_append(struct rawpack *rp, const void *p, size_t len,
		   uint64_t *off_out) LKB_WARN_UNUSED;
/* Before the commit: make what was appended durable. */
int rawpack_sync(struct rawpack *rp) LKB_WARN_UNUSED;
/* After a rollback: drop what was appended since the last sync. */
void rawpack_discard(struct rawpack *rp);

/* Read len bytes at off into a new NUL-terminated buffer (free() it).
 * LKB_ERR_IO when the pack is missing or shorter than off + len. */
int rawpack_read(struct rawpack *rp, uint64_t off, size_t len,
		 char **out) LKB_WARN_UNUSED;
/* The checksum kept beside each record (CRC-32, zlib's). */
uint32_t rawpack_sum(const void *p, size_t len);
/* The pack's size in bytes (0 when there is none yet), or LKB_ERR_IO. */
int rawpack_size(struct rawpack *rp, uint64_t *size_out) LKB_WARN_UNUSED;

#endif
