/* message-internal.h - what message.c calls of mime.c: the MIME tree of
 * one mail to text parts (libetpan inside).
 *
 * Walks the tree with depth and part limits, transfer-decodes each text
 * leaf once, converts it to UTF-8 (charset.h), turns CRLF into LF, joins
 * format=flowed, and picks the main body: the first inline text/plain,
 * else the first text/html stripped of markup, else the first text part.
 */
#ifndef LKB_PARSERS_MESSAGE_INTERNAL_H
#define LKB_PARSERS_MESSAGE_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>

#include "parsers/message.h"

/* Note a decoding problem on m: the worst quality wins, and the first
 * problem of that quality is kept. why must outlive m (a literal or a
 * string in m's arena). */
void mime_note(struct message *m, enum message_quality q, const char *why);

/* Fills m->parts, m->nparts, m->body, m->body_len, and notes problems.
 * mhdr (mhlen bytes) holds the mail's MIME header fields as clean
 * "Name: value\n" lines (Content-*, MIME-Version); body is everything
 * after the header block. All results live in m->arena. flags:
 * message_parse_flags()'s (MESSAGE_LIBETPAN_MIME). */
void mime_extract(struct message *m, const char *mhdr, size_t mhlen,
		  const char *body, size_t blen, unsigned flags);

/* How many mails took the multipart fast path (for the tests). */
extern atomic_size_t mime_multipart_fast;
/* Content-Type values read without libetpan's decoding detour */
extern atomic_size_t mime_ct_fast;
/* mails whose MIME fields were read by hand (mime_plain.h) */
extern atomic_size_t mime_plain_fast;
/* header blocks cut without libetpan (message.c; tests count them) */
extern atomic_size_t message_header_fast;

#endif
