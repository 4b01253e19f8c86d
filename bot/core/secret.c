/* secret.c - read a password file: capped, wiped, one place. */
#include "config.h"
#include "bot/core/secret.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"

int
secret_read_file(const char *what, const char *path, char **secret_out)
{
	/* room for the longest allowed line, its line end and one byte
	 * more, to tell a line that is too long */
	char buf[LKB_MAX_SECRET_BYTES + 3];
	struct stat sb;
	size_t len = 0, line;
	ssize_t n;
	int fd, rc = LKB_ERR_CONFIG;

	*secret_out = NULL;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		lkb_error_errno("%s: cannot open '%s'", what, path);
		return LKB_ERR_CONFIG;
	}
	if (fstat(fd, &sb) == 0 && (sb.st_mode & 077))
		lkb_warn("%s '%s' is readable by others (chmod 600 it)", what,
			 path);
	while (len < sizeof(buf) - 1 &&
	       (n = read(fd, buf + len, sizeof(buf) - 1 - len)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			lkb_error_errno("%s: cannot read '%s'", what, path);
			goto out;
		}
		len += (size_t)n;
	}
	for (line = 0; line < len && buf[line] != '\n' && buf[line] != '\r';
	     line++)
		;
	if (memchr(buf, '\0', line)) {
		lkb_error("%s '%s': a NUL byte in the first line", what, path);
		goto out;
	}
	if (line > LKB_MAX_SECRET_BYTES) {
		lkb_error("%s '%s': the first line is longer than "
			  "LKB_MAX_SECRET_BYTES (%d)", what, path,
			  LKB_MAX_SECRET_BYTES);
		goto out;
	}
	if (line == 0) {
		lkb_error("%s '%s' is empty", what, path);
		goto out;
	}
	*secret_out = xmemdup0(buf, line);
	rc = LKB_OK;
out:
	explicit_bzero(buf, sizeof(buf));
	close(fd);
	return rc;
}

void
secret_free(char *secret)
{
	if (secret) {
		explicit_bzero(secret, strlen(secret));
		free(secret);
	}
}
