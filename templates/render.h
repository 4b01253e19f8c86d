/* render.h - render a parsed template with a value tree into a strbuf.
 *
 * Variables are looked up through a stack of scopes (struct render_scope):
 * the root value, then one scope per section entered. A name is looked up
 * from the innermost scope outwards; "a.b" looks up "a" that way and then
 * "b" inside it; "." is the innermost value. An unknown variable, or one
 * that is not a string, is an error naming the template file and line --
 * never an empty string. Output is capped at LKB_MAX_RENDER_BYTES (or the
 * strbuf's own smaller cap): going over is LKB_ERR_TOO_BIG.
 */
#ifndef LKB_TEMPLATES_RENDER_H
#define LKB_TEMPLATES_RENDER_H

#include "lib/compiler.h"
#include "lib/strbuf.h"

struct tpl;
struct tpl_set;
struct tvalue;

struct render_scope {
	const struct tvalue *v;
	const struct render_scope *up;	/* NULL at the root */
};

/* The lookup interface: 1 and *v_out (borrowed) when name resolves in
 * scope, 0 when it does not. */
int render_lookup(const struct render_scope *scope, const char *name,
		  const struct tvalue **v_out);

/* Append the rendering of t with data as root scope to out. Partials are
 * found in set (NULL: any partial is an error). On error returns
 * LKB_ERR_TEMPLATE / LKB_ERR_TOO_BIG / LKB_ERR_NOT_FOUND and fills err
 * (or logs, if err is NULL) with "FILE:LINE: what"; out then holds a
 * partial result the caller should discard. */
int render_template(const struct tpl *t, const struct tvalue *data,
		    struct tpl_set *set, struct strbuf *out,
		    struct strbuf *err) LKB_WARN_UNUSED;

/* The same for the template called name in set. */
int render_named(struct tpl_set *set, const char *name,
		 const struct tvalue *data, struct strbuf *out,
		 struct strbuf *err) LKB_WARN_UNUSED;

#endif
