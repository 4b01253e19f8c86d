/* tpl_parse.h - template text to a node tree.
 *
 * The language is a small subset of mustache:
 *   {{name}}  {{a.b}}  {{.}}      the value of a variable (a string)
 *   {{#name}}...{{/name}}         a section: once per list item, once for
 *                                 another truthy value, not at all if false
 *   {{^name}}...{{/name}}         inverted section: only when name is false
 *   {{>partial}}                  another template, rendered in place
 *   {{! comment }}                nothing
 * A section, inverted, closing, partial or comment tag alone on its line
 * takes the whole line with it ("standalone" tags), so templates can put
 * control tags on lines of their own. Anything else in braces (triple
 * mustache, {{&x}}, {{=<% %>=}}) is an error naming file and line.
 */
#ifndef LKB_TEMPLATES_TPL_PARSE_H
#define LKB_TEMPLATES_TPL_PARSE_H

#include <stddef.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"

enum tpl_node_kind {
	TPL_TEXT,
	TPL_VAR,
	TPL_SECTION,
	TPL_INVERTED,
	TPL_PARTIAL,
	TPL__COUNT
};

struct tpl_node {
	enum tpl_node_kind kind;
	const char *text;	/* TPL_TEXT: bytes; others: the name (NUL-ended) */
	size_t len;
	unsigned line;		/* where the tag (or text) starts */
	struct tpl_node *child;	/* body of a (inverted) section */
	struct tpl_node *next;
};

struct tpl;

/* Parse len bytes of template text; name (a file name) is used in error
 * messages. On failure returns LKB_ERR_TEMPLATE (or LKB_ERR_TOO_BIG) and,
 * when err is not NULL, sets it to "NAME:LINE: what went wrong"; with a
 * NULL err the message is logged. Caller frees *tpl_out with tpl_free(). */
int tpl_parse(const char *name, const char *src, size_t len,
	      struct tpl **tpl_out, struct strbuf *err) LKB_WARN_UNUSED;
/* Read and parse a file; LKB_ERR_NOT_FOUND when it does not exist.
 * Caller frees *tpl_out with tpl_free(). */
int tpl_load_file(const char *path, struct tpl **tpl_out, struct strbuf *err)
	LKB_WARN_UNUSED;
/* NULL is a no-op. */
void tpl_free(struct tpl *t);

/* The first node; borrowed from t (valid until tpl_free). NULL if empty. */
const struct tpl_node *tpl_nodes(const struct tpl *t);
/* The name given to tpl_parse; borrowed from t. */
const char *tpl_name(const struct tpl *t);
const char *tpl_node_kind_name(enum tpl_node_kind k);

/* Report a template error: fills err (when not NULL) with
 * "FILE:LINE: message", else logs it. Returns LKB_ERR_TEMPLATE. */
int tpl_error(struct strbuf *err, const char *file, unsigned line,
	      const char *fmt, ...) LKB_PRINTF(4, 5);

#endif
