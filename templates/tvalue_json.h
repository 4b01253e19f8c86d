/* tvalue_json.h - template data from JSON (jansson).
 *
 * Objects become maps (key order kept), arrays lists, strings strings,
 * integers and reals their decimal text, true/false booleans, null null.
 * Strings holding NUL, and nesting deeper than LKB_MAX_TEMPLATE_DEPTH,
 * are refused.
 */
#ifndef LKB_TEMPLATES_TVALUE_JSON_H
#define LKB_TEMPLATES_TVALUE_JSON_H

#include <stddef.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"

struct tvalue;

/* Parse len bytes of JSON text; name is used in error messages (set in
 * err when not NULL, else logged). Caller frees *v_out with tvalue_free().
 * Returns LKB_OK or LKB_ERR_PARSE. */
int tvalue_from_json(const char *name, const char *text, size_t len,
		     struct tvalue **v_out, struct strbuf *err)
	LKB_WARN_UNUSED;
/* Read a JSON file (at most LKB_MAX_RENDER_BYTES).
 * Caller frees *v_out with tvalue_free(). */
int tvalue_load_json(const char *path, struct tvalue **v_out,
		     struct strbuf *err) LKB_WARN_UNUSED;

#endif
