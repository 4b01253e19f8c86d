/* mime_scan.c - byte scans of a MIME body (mime_scan.h). */
#include "config.h"
#include "mime_scan.h"

#include <string.h>
#include <strings.h>

#include "lib/ascii.h"

/* Lines "Content-Type: multipart/..." or "message/..." in p: each is
 * one level libetpan may recurse into. */
size_t
mime_scan_containers(const char *p, size_t len)
{
	static const char ct[] = "content-type";
	size_t n = 0, i = 0, k;
	const char *nl;

	while (i < len) {
		for (k = 0; k < 12 && i + k < len &&
			    LKB_TOLOWER(p[i + k]) == LKB_UC(ct[k]);
		     k++)
			;
		if (k == 12) {
			i += 12;
			while (i < len && (LKB_ISSPACE(p[i]) || p[i] == ':'))
				i++;
			if ((len - i >= 9 && strncasecmp(p + i, "multipart", 9) == 0) ||
			    (len - i >= 7 && strncasecmp(p + i, "message", 7) == 0))
				n++;
		}
		nl = memchr(p + i, '\n', len - i);
		if (!nl)
			break;
		i = (size_t)(nl - p) + 1;
	}
	return n;
}

/* The next line at or after from starting with needle ("--" boundary);
 * its offset, or n. */
size_t
mime_scan_dash_line(const char *p, size_t n, size_t from,
		    const char *needle, size_t nl)
{
	const char *q;

	while (from < n && (q = memmem(p + from, n - from, needle, nl))) {
		size_t off = (size_t)(q - p);

		if (off == 0 || p[off - 1] == '\n')
			return off;
		from = off + 1;
	}
	return n;
}

/* What the dash line at off is; *next is where the line after it
 * starts (n at the end). */
int
mime_scan_dash_kind(const char *p, size_t n, size_t off, size_t nl,
		    size_t *next)
{
	size_t i = off + nl;
	int close = 0;

	if (n - i >= 2 && p[i] == '-' && p[i + 1] == '-') {
		close = 1;
		i += 2;
	}
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	if (i < n && p[i] == '\r' && n - i >= 2 && p[i + 1] == '\n')
		i++;
	if (i < n && p[i] == '\n') {
		*next = i + 1;
		return close ? MIME_DASH_CLOSE : MIME_DASH_OPEN;
	}
	*next = n;
	return close && i == n ? MIME_DASH_CLOSE : MIME_DASH_ODD;
}

/* Does libetpan's preamble scan (mailmime_preamble_parse) stop at the
 * delimiter line at off, the first line of the body starting with
 * "--boundary"? It looks for "--" at each line start, and also one byte
 * after it (after a line end and one byte other than '-' it is at a
 * line start again), and it misses the line start after a line that
 * is one '-' (after a line end, '-' and LF it is mid-line): when the
 * preamble holds no "--" and does not end in such a line, yes. */
int
mime_scan_preamble(const char *body, size_t off)
{
	if (memmem(body, off, "--", 2))
		return 0;
	return !(off >= 3 && body[off - 2] == '-' &&
		 (body[off - 3] == '\n' || body[off - 3] == '\r'));
}

/* A line of only blanks (and a CR) at p? */
int
mime_scan_blank_line(const char *p, size_t n)
{
	size_t i = 0;

	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	if (i < n && p[i] == '\r')
		i++;
	return i < n && p[i] == '\n';
}
