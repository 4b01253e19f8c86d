/* mime_scan.h - byte scans of a MIME body that mime.c's fast paths
 * rest on: where libetpan's multipart parser would find delimiter
 * lines, and how many container levels a text quotes. No libetpan
 * here: bytes in, offsets out. */
#ifndef LKB_PARSERS_MIME_SCAN_H
#define LKB_PARSERS_MIME_SCAN_H

#include <stddef.h>

/* What a line starting "--boundary" is (mime_scan_dash_kind). */
enum mime_dash {
	MIME_DASH_OPEN,		/* a delimiter: a part follows */
	MIME_DASH_CLOSE,	/* the close delimiter */
	MIME_DASH_ODD,		/* neither: more than blanks follow */
	MIME_DASH__COUNT
};

/* Lines "Content-Type: multipart/..." or "message/..." in p: each is
 * one level libetpan may recurse into. */
size_t mime_scan_containers(const char *p, size_t len);

/* The offset of the next line at or after from (of n bytes) starting
 * with needle (nl bytes: "--" and the boundary), or n. */
size_t mime_scan_dash_line(const char *p, size_t n, size_t from,
			   const char *needle, size_t nl);

/* What the line at off starting with a needle of nl bytes is (enum
 * mime_dash); *next is where the line after it starts (n at the end). */
int mime_scan_dash_kind(const char *p, size_t n, size_t off, size_t nl,
			size_t *next);

/* Does libetpan's preamble scan stop at the delimiter line at off, the
 * first line of body starting with "--boundary"? 1 when it surely does. */
int mime_scan_preamble(const char *body, size_t off);

/* Is the line at p (n bytes on) only blanks and a CR? */
int mime_scan_blank_line(const char *p, size_t n);

#endif
