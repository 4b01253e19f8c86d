/* build_error.c - a build failure in a result tree (build_error.h). */
#include "config.h"
#include "bot/compare/build_error.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bot/compare/results-internal.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/xalloc.h"

/* Does the n bytes at line say a build step failed? */
static int
is_error_line(const char *line, size_t n)
{
	static const char *const marks[] = { ": error:", ": fatal error:",
					     "undefined reference to",
					     "ERROR: " };
	const char *star;

	for (size_t i = 0; i < LKB_ARRAY_SIZE(marks); i++)
		if (memmem(line, n, marks[i], strlen(marks[i])))
			return 1;
	/* make: "make[2]: *** [Makefile:2: mm/x.o] Error 1" */
	star = memmem(line, n, "*** [", 5);
	return star && memmem(star, n - (size_t)(star - line), "] Error ", 8);
}

/* One line of the log into sb (reset first): control characters and
 * the terminal's colour sequences (gcc -fdiagnostics-color) dropped,
 * tabs made blanks, cut to the width. */
static int
clean_line(struct strbuf *sb, const char *line, size_t n)
{
	strbuf_reset(sb);
	for (size_t i = 0; i < n && sb->len < LKB_MAX_BUILD_ERROR_WIDTH; i++) {
		unsigned char c = (unsigned char)line[i];

		if (c == 0x1b && i + 1 < n && line[i + 1] == '[') {
			/* ESC [ parameters, then one final byte @..~ */
			for (i += 2; i < n &&
			     (line[i] < 0x40 || line[i] > 0x7e); i++)
				;
			continue;
		}
		if (c == '\t')
			c = ' ';
		if (c >= 0x20 && c != 0x7f)
			strbuf_addch(sb, (char)c);
	}
	return LKB_OK;
}

/* The next line of [*p, end): its start and length; *p moves past it. */
static const char *
next_line(const char **p, const char *end, size_t *n)
{
	const char *s = *p, *nl = memchr(s, '\n', (size_t)(end - s));

	*n = nl ? (size_t)(nl - s) : (size_t)(end - s);
	*p = nl ? nl + 1 : end;
	return s;
}

/* The error lines of log (or its last lines when none says error). */
static int
pick_lines(const char *log, size_t len, struct strbuf *out)
{
	const char *end = log + len, *p, *s;
	struct strbuf ln = STRBUF_INIT;
	size_t n = 0, k, last = 0, first;
	size_t ends[LKB_MAX_BUILD_ERROR_LINES];
	int rc = LKB_OK;

	for (p = log; p < end && n < LKB_MAX_BUILD_ERROR_LINES && !rc;) {
		s = next_line(&p, end, &k);
		if ((rc = clean_line(&ln, s, k)) ||
		    !is_error_line(ln.buf, ln.len))
			continue;
		strbuf_add(out, ln.buf, ln.len);
		strbuf_addch(out, '\n');
		n++;
	}
	if (n || rc)
		goto out;
	/* none: the last non-empty lines, in order (a ring of offsets) */
	for (p = log; p < end;) {
		s = next_line(&p, end, &k);
		if (k)
			ends[last++ % LKB_MAX_BUILD_ERROR_LINES] =
				(size_t)(s - log);
	}
	first = last < LKB_MAX_BUILD_ERROR_LINES
		? 0 : last - LKB_MAX_BUILD_ERROR_LINES;
	for (size_t i = first; i < last && !rc; i++) {
		p = log + ends[i % LKB_MAX_BUILD_ERROR_LINES];
		s = next_line(&p, end, &k);
		if (!(rc = clean_line(&ln, s, k)) && ln.len) {
			strbuf_add(out, ln.buf, ln.len);
			strbuf_addch(out, '\n');
		}
	}
out:
	strbuf_release(&ln);
	return rc;
}

int
compare_build_error(const char *rt, struct strbuf *lines_out,
		    char **err_out)
{
	struct strbuf log = STRBUF_INIT;
	struct stat st;
	char *path = xasprintf("%s/%s", rt, COMPARE_BUILD_ERROR_FILE);
	int rc;

	*err_out = NULL;
	strbuf_reset(lines_out);
	if (lstat(path, &st)) {
		rc = errno == ENOENT || errno == ENOTDIR ? 0 : LKB_ERR_IO;
		if (rc)
			*err_out = xasprintf("cannot read '%s': %s", path,
					     strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		*err_out = xasprintf("'%s' is not a regular file", path);
		rc = LKB_ERR_PARSE;
		goto out;
	}
	rc = compare_results_read_file(path, LKB_MAX_BUILD_LOG_BYTES, &log,
				       err_out);
	if (rc == LKB_OK)
		rc = pick_lines(log.buf, log.len, lines_out);
	if (rc == LKB_OK && !lines_out->len)
		strbuf_adds(lines_out, "(the build log is empty)\n");
	if (rc == LKB_OK)
		rc = 1;
out:
	strbuf_release(&log);
	free(path);
	return rc;
}
