/* rawpack.c - append-only file of raw mail beside the database.
 * Appended bytes are synced before the commit that points at them; so
 * that sync finds most of them on their way already, writeback is
 * started (sync_file_range, a hint where there is one) every KICK_BYTES
 * appended. */
#include "config.h"
#include "state/rawpack.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <zlib.h>

#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"

#define KICK_BYTES (2u * 1024 * 1024)

struct rawpack {
	char *path;
	int fd;			/* -1 until first use */
	int writable;
	int pending;		/* appended since the last sync */
	uint64_t mark;		/* size at the first pending append */
	uint64_t unkicked;	/* appended from here on, writeback not
				 * started */
};

struct rawpack *
rawpack_new(const char *dbpath, int writable)
{
	struct rawpack *rp = xcalloc(1, sizeof(*rp));

	rp->path = xasprintf("%s.raw", dbpath);
	rp->fd = -1;
	rp->writable = writable;
	return rp;
}

void
rawpack_close(struct rawpack *rp)
{
	if (!rp)
		return;
	if (rp->fd >= 0)
		close(rp->fd);
	free(rp->path);
	free(rp);
}

/* 1 open, 0 no pack (reading), negative on error. */
static int
pack_open(struct rawpack *rp, int create)
{
	int flags = rp->writable ? O_RDWR : O_RDONLY;

	if (rp->fd >= 0)
		return 1;
	if (create)
		flags |= O_CREAT;
	rp->fd = open(rp->path, flags | O_CLOEXEC, 0644);
	if (rp->fd >= 0)
		return 1;
	if (errno == ENOENT && !create)
		return 0;
	lkb_error("%s: cannot open: %s", rp->path, strerror(errno));
	return LKB_ERR_IO;
}

static int
pack_end(struct rawpack *rp, uint64_t *end)
{
	struct stat sb;

	if (fstat(rp->fd, &sb) != 0) {
		lkb_error("%s: %s", rp->path, strerror(errno));
		return LKB_ERR_IO;
	}
	*end = (uint64_t)sb.st_size;
	return LKB_OK;
}

/* Start writeback of what was appended up to end, once it is enough. */
static void
kick(struct rawpack *rp, uint64_t end)
{
	if (end - rp->unkicked < KICK_BYTES)
		return;
#ifdef SYNC_FILE_RANGE_WRITE
	(void)sync_file_range(rp->fd, (off_t)rp->unkicked,
			      (off_t)(end - rp->unkicked),
			      SYNC_FILE_RANGE_WRITE);
#endif
	rp->unkicked = end;
}

int
rawpack_append(struct rawpack *rp, const void *p, size_t len,
	       uint64_t *off_out)
{
	const char *b = p;
	uint64_t end;
	size_t done = 0;
	ssize_t n;
	int rc;

	if (!rp->writable)
		LKB_BUG("append to a read-only raw pack");
	if ((rc = pack_open(rp, 1)) < 0)
		return rc;
	/* the end, not a remembered offset: a crashed writer may have
	 * left bytes, and we are the only writer now */
	if ((rc = pack_end(rp, &end)) != LKB_OK)
		return rc;
	if (!rp->pending) {
		rp->mark = end;
		rp->pending = 1;
	}
	if (rp->unkicked > end)	/* cut back since */
		rp->unkicked = end;
	while (done < len) {
		n = pwrite(rp->fd, b + done, len - done, (off_t)(end + done));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			lkb_error("%s: cannot write: %s", rp->path,
				  n < 0 ? strerror(errno) : "no space");
			return LKB_ERR_IO;
		}
		done += (size_t)n;
	}
	*off_out = end;
	kick(rp, end + len);
	return LKB_OK;
}

int
rawpack_sync(struct rawpack *rp)
{
	if (!rp->pending)
		return LKB_OK;
	if (fdatasync(rp->fd) != 0) {
		lkb_error("%s: cannot sync: %s", rp->path, strerror(errno));
		return LKB_ERR_IO;
	}
	rp->pending = 0;
	return LKB_OK;
}

void
rawpack_discard(struct rawpack *rp)
{
	if (!rp->pending)
		return;
	/* nothing committed points past the mark */
	if (ftruncate(rp->fd, (off_t)rp->mark) != 0)
		lkb_warn("%s: cannot cut back to %llu bytes: %s", rp->path,
			 (unsigned long long)rp->mark, strerror(errno));
	rp->pending = 0;
}

int
rawpack_size(struct rawpack *rp, uint64_t *size_out)
{
	int rc = pack_open(rp, 0);

	*size_out = 0;
	if (rc <= 0)
		return rc;
	return pack_end(rp, size_out);
}

int
rawpack_read(struct rawpack *rp, uint64_t off, size_t len, char **out)
{
	size_t done = 0;
	ssize_t n;
	char *buf;
	int rc;

	*out = NULL;
	if ((rc = pack_open(rp, 0)) <= 0) {
		if (rc == 0)
			lkb_error("%s: missing (%zu bytes at %llu wanted)",
				  rp->path, len, (unsigned long long)off);
		return LKB_ERR_IO;
	}
	buf = xmalloc(len + 1);
	while (done < len) {
		n = pread(rp->fd, buf + done, len - done, (off_t)(off + done));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			/* a pack cut short: what db check reports */
			lkb_error("%s: %zu bytes at %llu wanted: %s", rp->path,
				  len, (unsigned long long)off,
				  n < 0 ? strerror(errno) : "the file ends before");
			free(buf);
			return LKB_ERR_IO;
		}
		done += (size_t)n;
	}
	buf[len] = '\0';
	*out = buf;
	return LKB_OK;
}

uint32_t
rawpack_sum(const void *p, size_t len)
{
	uLong c = crc32(0L, Z_NULL, 0);

	/* crc32_z takes a size_t; crc32 an unsigned int */
	return (uint32_t)crc32_z(c, (const Bytef *)p, len);
}
