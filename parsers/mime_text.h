/* mime_text.h - text part post-processing: line ends, format=flowed,
 * HTML to plain text. Input is UTF-8 already. */
#ifndef LKB_PARSERS_MIME_TEXT_H
#define LKB_PARSERS_MIME_TEXT_H

#include <stddef.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"

/* In place from offset start: each CRLF becomes LF (a lone CR stays). */
void text_crlf_to_lf(struct strbuf *sb, size_t start);

/* RFC 3676 s4.2: joins flowed lines (ending in a space) with the next
 * line of the same quote depth; removes space-stuffing; with delsp the
 * trailing space of a flowed line is removed too (s4.5). "-- " is never
 * flowed. Quoted lines are written as ">" per level and one space.
 * Input and output use LF line ends. Appends to out; returns LKB_OK or
 * LKB_ERR_TOO_BIG. */
int text_unflow(struct strbuf *out, const char *p, size_t len, int delsp)
	LKB_WARN_UNUSED;

/* A plain-text rendering of HTML: tags removed (script, style and
 * comments with their content), block tags become line ends, entities
 * decoded, blank runs outside <pre> collapsed. Appends to out; returns
 * LKB_OK or LKB_ERR_TOO_BIG. */
int text_from_html(struct strbuf *out, const char *p, size_t len)
	LKB_WARN_UNUSED;

#endif
