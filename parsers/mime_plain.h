/* mime_plain.h - a mail's MIME fields read by hand when they are plain.
 *
 * Most list mail is one text part: "MIME-Version: 1.0", a Content-Type
 * "text/plain; charset=..." and a Content-Transfer-Encoding word. For
 * fields of that plain shape mime_plain_read() says what libetpan's
 * mailmime_fields_parse() would (mime.c reads its fields that way for
 * everything else); any field it is not sure of makes it give up.
 */
#ifndef LKB_PARSERS_MIME_PLAIN_H
#define LKB_PARSERS_MIME_PLAIN_H

#include <stddef.h>

/* A Content-Transfer-Encoding as the word that names it. */
enum mime_plain_enc {
	MIME_PLAIN_NONE,	/* no such field */
	MIME_PLAIN_7BIT,
	MIME_PLAIN_8BIT,
	MIME_PLAIN_BINARY,
	MIME_PLAIN_QP,
	MIME_PLAIN_BASE64,
	MIME_PLAIN__COUNT
};

/* Bytes borrowed from the fields given to mime_plain_read(); p is NULL
 * when absent. */
struct mime_plain_str {
	const char *p;
	size_t len;
};

struct mime_plain {
	/* the subtype of a Content-Type "text/<subtype>" as written;
	 * p NULL: no Content-Type (text/plain) */
	struct mime_plain_str subtype;
	/* the first parameter of each name, its value unquoted */
	struct mime_plain_str charset, format, delsp, name;
	enum mime_plain_enc enc;
};

/* mh (mhlen bytes) is the mail's MIME fields as message.c writes them,
 * one "Name: value\n" line each. Returns 1 when they are plain: at most
 * one Content-Type, "text/" with token parameters (RFC 2045 s5.1, a
 * value a token or a quoted token, one optional space after each ";");
 * at most one Content-Transfer-Encoding, one of the five words; every
 * Content-Disposition "inline"; at least one of those or a MIME-Version
 * libetpan reads; any other field one libetpan's reading of which
 * cannot matter. Then *out is what a part of these fields is, and
 * libetpan would read them the same. Returns 0 otherwise. */
int mime_plain_read(const char *mh, size_t mhlen, struct mime_plain *out);

#endif
