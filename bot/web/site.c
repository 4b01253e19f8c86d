/* site.c - writing pages only when they change (site.h). */
#include "config.h"
#include "bot/web/site.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"

int
site_open(struct site *s, const char *dir)
{
	struct stat sb;

	s->dir = dir;
	s->written = s->unchanged = 0;
	if ((mkdir(dir, 0755) == 0 || (errno == EEXIST && stat(dir, &sb) == 0 &&
				       S_ISDIR(sb.st_mode))) &&
	    access(dir, W_OK | X_OK) == 0)
		return LKB_OK;
	if (errno == EACCES || errno == EPERM || errno == EROFS ||
	    errno == ENOENT || errno == ENOTDIR || errno == EEXIST) {
		/* no retry helps: the configuration or the unit must change */
		lkb_error("cannot write in the site directory '%s': %s; [web] "
			  "dir must be a directory the user lkpbot runs as may "
			  "write in, and that its unit lets it write "
			  "(lkpbot doctor --unit FILE checks both)", dir,
			  errno == EEXIST ? "not a directory" : strerror(errno));
		return LKB_ERR_CONFIG;
	}
	lkb_error_errno("cannot create the site directory '%s'", dir);
	return LKB_ERR_IO;
}

/* 1 when path holds exactly buf[0..len), 0 when not (or missing). */
static int
same_bytes(const char *path, const char *buf, size_t len)
{
	char chunk[65536];
	size_t off = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC), same = 1;
	struct stat st;

	if (fd < 0)
		return 0;
	if (fstat(fd, &st) != 0 || (uintmax_t)st.st_size != (uintmax_t)len)
		same = 0;
	while (same) {
		ssize_t n = read(fd, chunk, sizeof(chunk));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			same = n == 0 && off == len;
			break;
		}
		if ((size_t)n > len - off ||
		    memcmp(chunk, buf + off, (size_t)n))
			same = 0;
		off += (size_t)n;
	}
	close(fd);
	return same;
}

static int
write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

int
site_put(struct site *s, const char *name, const char *buf, size_t len)
{
	char *path = xasprintf("%s/%s", s->dir, name);
	char *tmp = xasprintf("%s/.%s.XXXXXX", s->dir, name);
	int fd = -1, rc = LKB_OK;

	if (same_bytes(path, buf, len)) {
		s->unchanged++;
		goto out;
	}
	if ((fd = mkstemp(tmp)) < 0) {
		lkb_error_errno("cannot create a file in '%s'", s->dir);
		rc = LKB_ERR_IO;
		goto out;
	}
	/* no fsync: a page lost in a crash differs from what the next run
	 * makes of the store, so that run writes it again */
	if (write_all(fd, buf, len) || fchmod(fd, 0644) || close(fd)) {
		fd = -1;
		lkb_error_errno("cannot write '%s'", tmp);
		unlink(tmp);
		rc = LKB_ERR_IO;
		goto out;
	}
	fd = -1;
	if (rename(tmp, path)) {
		lkb_error_errno("cannot rename '%s' to '%s'", tmp, path);
		unlink(tmp);
		rc = LKB_ERR_IO;
		goto out;
	}
	s->written++;
out:
	if (fd >= 0)
		close(fd);
	free(path);
	free(tmp);
	return rc;
}

static int
safe_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
	       c == '_' || c == '-';
}

int
site_slug(struct strbuf *sb, const char *prefix, const char *value)
{
	size_t len = strlen(value), i;
	uint64_t h = 14695981039346656037u;
	int plain = len && len <= 60 && value[0] != '.';

	strbuf_addf(sb, "%s-", prefix);
	for (i = 0; i < len; i++) {
		h = (h ^ (unsigned char)value[i]) * 1099511628211u;
		plain &= safe_char((unsigned char)value[i]);
	}
	for (i = 0; i < len && i < 60; i++) {
		int c = (unsigned char)value[i];

		if (c >= 'A' && c <= 'Z')
			c += 'a' - 'A';
		if (!safe_char(c) || (!i && c == '.'))
			c = '_';
		strbuf_addch(sb, c);
	}
	/* '~' is no safe character: a hashed name never equals a plain
	 * one ("Linux" and "linux-94f302bd" once shared a page) */
	if (!plain)
		strbuf_addf(sb, "~%016llx", (unsigned long long)h);
	strbuf_adds(sb, ".html");
	return LKB_OK;
}
