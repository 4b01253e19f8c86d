/* escape.h - encoders for each context of an outgoing mail.
 *
 * Mail-derived text (subjects, names, quoted bodies) goes through these
 * before it is put into a message, so nothing it holds can start a new
 * header line: header text never contains a CR or LF except in the
 * "\r\n " folds we write ourselves.
 */
#ifndef LKB_TEMPLATES_ESCAPE_H
#define LKB_TEMPLATES_ESCAPE_H

#include <stddef.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"

/* Unstructured header text (e.g. a Subject), appended to out where col
 * bytes of the line are already used (e.g. 9 after "Subject: ").
 * Printable ASCII is folded at spaces to keep lines near 78 columns.
 * Text with non-ASCII bytes, any control character (CR, LF, NUL, ESC,
 * DEL...), "=?" or a word too long to fold is written as RFC 2047
 * encoded-words (UTF-8, Q), each at most 75 bytes, one per line; invalid
 * UTF-8 becomes U+FFFD first. Returns LKB_OK or the strbuf's error. */
int escape_header_text(struct strbuf *out, size_t col, const char *s,
		       size_t len) LKB_WARN_UNUSED;

/* A display name (RFC 5322 phrase): atoms as they are, other printable
 * ASCII as a quoted-string, anything else as encoded-words. */
int escape_header_phrase(struct strbuf *out, const char *s, size_t len)
	LKB_WARN_UNUSED;

/* 1 if addr is an addr-spec we are willing to write: local@domain in
 * printable ASCII without spaces, quotes, brackets, commas or controls,
 * at most 254 bytes. Anything else is refused, never repaired. */
int escape_addr_ok(const char *addr);
/* 1 if id (without <>) is a msg-id we are willing to write: 1 to
 * LKB_MAX_MSGID_BYTES bytes of printable ASCII, no spaces, no '<' '>'. */
int escape_msgid_ok(const char *id);

/* How escape_body() encoded the body. */
enum body_encoding { BODY_7BIT, BODY_8BIT, BODY_QP, BODY__COUNT };
/* The Content-Transfer-Encoding value for e. */
const char *escape_body_encoding_name(enum body_encoding e);

/* A text/plain body: invalid UTF-8 and control characters other than
 * TAB and FF become U+FFFD, bare CRs are dropped, the text ends in a
 * line break, and lines end in CRLF. When some line is longer than
 * LKB_MAX_MAIL_LINE bytes the body is quoted-printable encoded (lines
 * of at most 76), else it is 7bit or 8bit. */
int escape_body(struct strbuf *out, const char *s, size_t len,
		enum body_encoding *enc_out) LKB_WARN_UNUSED;

/* Quote text for a reply: each line gets "> " ("" lines get ">", lines
 * already quoted get ">" so depth reads ">>"). LF line ends. */
int escape_quote(struct strbuf *out, const char *s, size_t len)
	LKB_WARN_UNUSED;

/* Length of the valid UTF-8 sequence at p (at most n bytes), 0 if it is
 * not one (overlong, surrogate, above U+10FFFF, truncated). */
size_t escape_utf8_len(const char *p, size_t n);

#endif
