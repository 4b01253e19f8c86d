/* message.h - one parsed mail: the contract between parsers/ and the rest.
 *
 * message_parse() normalises a raw RFC 5322 message once (doc/style.md R26):
 * headers unfolded and RFC 2047-decoded to UTF-8 with whitespace runs
 * collapsed, addresses split, Message-ID/In-Reply-To/References without
 * angle brackets, Date as a time_t, the text body transfer-decoded,
 * converted to UTF-8, CRLF turned into LF, NUL bytes replaced by U+FFFD,
 * format=flowed joined, a bare 0xB1 byte turned into "±" whatever the
 * charset label says (doc/lkp-format.md section 1.3).
 *
 * All strings are UTF-8, NUL-terminated and owned by the message's arena:
 * they stay valid until message_free(m). libetpan types never appear here.
 */
#ifndef LKB_PARSERS_MESSAGE_H
#define LKB_PARSERS_MESSAGE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "lib/arena.h"
#include "lib/compiler.h"
#include "parsers/address.h"

/* One leaf part of the MIME tree that holds text. */
struct mime_part {
	const char *type;	/* lower case, e.g. "text/plain" */
	const char *charset;	/* lower case label as declared, or "" */
	const char *filename;	/* attachment name, or NULL */
	const char *text;	/* decoded UTF-8 text, LF line ends */
	size_t len;
	int is_attachment;	/* Content-Disposition: attachment or a name */
	struct mime_part *next;
};

/* One header field as written: name as in the mail, value unfolded
 * (CR/LF removed, ends trimmed) but not decoded. */
struct header_field {
	const char *name;
	const char *value;
};

/* How well decoding went; the worst problem wins. */
enum message_quality {
	MSG_OK,		/* decoded without problems */
	MSG_PARTIAL,	/* stored, but something could not be decoded */
	MSG_REJECTED,	/* not a mail we could parse at all */
	MSG__COUNT
};

struct message {
	struct arena arena;

	const char *message_id;	/* without <>, NULL when absent */
	const char *in_reply_to;	/* first id of In-Reply-To, or NULL */
	const char **references;	/* ids in header order, no <> */
	size_t nreferences;

	const char *subject;	/* decoded, unfolded, collapsed; "" if none */
	struct address from;	/* first From address; {"",""} if none */
	struct address *to;
	size_t nto;
	struct address *cc;
	size_t ncc;
	const char *reply_to;	/* address only, or NULL */
	time_t date;		/* seconds since the epoch, -1 if unknown */
	const char *date_raw;	/* the header as written, or NULL */

	/* Facts for loop avoidance (RFC 3834); NULL when absent. */
	const char *auto_submitted;
	const char *precedence;
	const char *list_id;
	const char *x_lkpbot;
	const char *return_path;
	/* A list's other marks: the first of List-Post, List-Unsubscribe,
	 * List-Subscribe, List-Help, List-Owner, List-Archive (RFC 2369),
	 * X-Mailing-List, Mailing-List; and X-Autoreply, else X-Autorespond
	 * (auto-responders older than RFC 3834). */
	const char *list_other;
	const char *x_autoreply;

	/* The main text: text/plain, else the first text/html stripped of
	 * tags. Every text part, the main one included, is also in parts. */
	const char *body;
	size_t body_len;
	/* The part body came from (one of parts), NULL when none: with no
	 * inline text part, body is an attachment's text (is_attachment),
	 * which is not what the sender wrote. */
	const struct mime_part *body_part;
	struct mime_part *parts;
	size_t nparts;

	enum message_quality quality;
	const char *problem;	/* why quality is not MSG_OK, or NULL */

	/* Every header field in mail order (at most LKB_MAX_HEADER_FIELDS);
	 * message_header() searches these. */
	const struct header_field *headers;
	size_t nheaders;
};

/* Parse len bytes of raw mail. On success *m_out is a new message (even
 * when quality is MSG_PARTIAL or MSG_REJECTED: look at quality/problem).
 * Returns LKB_OK, or LKB_ERR_TOO_BIG when len exceeds
 * LKB_MAX_MESSAGE_BYTES (then *m_out is NULL).
 * Caller frees with message_free(). */
int message_parse(const char *raw, size_t len, struct message **m_out)
	LKB_WARN_UNUSED;
/* MESSAGE_USED_FIELDS: hand libetpan only the header fields the typed
 * members above come from (and Content-*, and every line that starts no
 * clean field): the same message, quality and problem included, cheaper;
 * only headers differs (it lists just those fields). */
#define MESSAGE_USED_FIELDS 1u
/* MESSAGE_LIBETPAN_MIME: every MIME body through libetpan's tree (the
 * reference the faster paths for single-part and plain multipart mail
 * are tested against; the result is the same). */
#define MESSAGE_LIBETPAN_MIME 2u
/* MESSAGE_LIBETPAN_HEADER: every header block through libetpan's
 * mailimf (the reference the faster split of clean blocks is tested
 * against; the result, headers included, is the same). */
#define MESSAGE_LIBETPAN_HEADER 4u
int message_parse_flags(const char *raw, size_t len, unsigned flags,
			struct message **m_out) LKB_WARN_UNUSED;
void message_free(struct message *m);

/* Look up a raw (unfolded, undecoded) header by case-insensitive name;
 * the first occurrence. Borrowed from m. NULL when absent. */
const char *message_header(const struct message *m, const char *name);

#endif
