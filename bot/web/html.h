/* html.h - HTML text for the static site: the one escaping function and
 * the page frame every page shares.
 *
 * Everything that comes from mail (subjects, names, bodies, evidence,
 * Message-IDs) reaches a page only through html_esc(): the same
 * encoding is safe in element text and in a double- or single-quoted
 * attribute value (& < > " ' become references), invalid UTF-8,
 * control characters other than TAB and LF, and the noncharacters
 * U+FFFE and U+FFFF (every character XML 1.0 forbids, so the feed
 * stays well-formed) become U+FFFD, so no mail
 * can open an element, an attribute or a comment, nor make the page
 * invalid.
 */
#ifndef LKB_BOT_WEB_HTML_H
#define LKB_BOT_WEB_HTML_H

#include <stddef.h>
#include <stdint.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"

/* Append len bytes of s, escaped (header comment). NULL s appends
 * nothing. */
int html_esc(struct strbuf *sb, const char *s, size_t len) LKB_WARN_UNUSED;
/* The same for a NUL-terminated string (NULL: nothing). */
int html_escs(struct strbuf *sb, const char *s) LKB_WARN_UNUSED;
/* When s is not NULL: pre, s escaped, post (markup, as they are). */
int html_around(struct strbuf *sb, const char *pre, const char *s,
		const char *post) LKB_WARN_UNUSED;

/* "2024-01-02 10:00 UTC", or "-" for t < 0. */
int html_date(struct strbuf *sb, int64_t t) LKB_WARN_UNUSED;

/* The page's start: doctype, head with title (escaped), the style
 * sheet, and the site's navigation; then <main>. */
int html_begin(struct strbuf *sb, const char *title) LKB_WARN_UNUSED;
/* </main>, the footer, </body></html>. */
int html_end(struct strbuf *sb) LKB_WARN_UNUSED;

/* The style sheet (style.css): phone widths and print included. */
extern const char html_css[];

#endif
