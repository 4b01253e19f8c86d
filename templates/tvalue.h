/* tvalue.h - the data a template renders: a small tree of values.
 *
 * A value is null, a boolean, a string, a list of values or a map from
 * names to values. Callers build the tree (or convert JSON with
 * tvalue_json.h) and hand the root to render_template(). A container owns
 * what is put into it: tvalue_free(root) frees the whole tree.
 */
#ifndef LKB_TEMPLATES_TVALUE_H
#define LKB_TEMPLATES_TVALUE_H

#include <stddef.h>

#include "lib/compiler.h"

enum tvalue_kind {
	TV_NULL,
	TV_BOOL,
	TV_STRING,
	TV_LIST,
	TV_MAP,
	TV__COUNT
};

struct tvalue;

/* Constructors. Each returns a new value; caller frees with tvalue_free()
 * unless it is handed to a list or map, which then owns it. */
struct tvalue *tvalue_new_null(void);
struct tvalue *tvalue_new_bool(int b);
/* The string is copied (len bytes, may not contain NUL). */
struct tvalue *tvalue_new_string(const char *s);
struct tvalue *tvalue_new_stringn(const char *s, size_t len);
struct tvalue *tvalue_new_list(void);
struct tvalue *tvalue_new_map(void);
/* NULL is a no-op. */
void tvalue_free(struct tvalue *v);

/* Append v to list (takes ownership of v). */
void tvalue_list_push(struct tvalue *list, struct tvalue *v);
/* Set key in map to v (takes ownership; replaces and frees an old value). */
void tvalue_map_set(struct tvalue *map, const char *key, struct tvalue *v);
/* Shorthands for tvalue_map_set(map, key, tvalue_new_string(s)). */
void tvalue_map_set_str(struct tvalue *map, const char *key, const char *s);

enum tvalue_kind tvalue_kind(const struct tvalue *v);
const char *tvalue_kind_name(enum tvalue_kind k);
/* TV_BOOL: 0 or 1; other kinds: 0. */
int tvalue_bool(const struct tvalue *v);
/* TV_STRING: the text, borrowed from v; other kinds: NULL. */
const char *tvalue_str(const struct tvalue *v, size_t *len_out);
/* TV_LIST and TV_MAP: number of items; others: 0. */
size_t tvalue_len(const struct tvalue *v);
/* Item i of a list, borrowed; NULL when out of range or not a list. */
const struct tvalue *tvalue_list_at(const struct tvalue *v, size_t i);
/* Value for key, borrowed; NULL when absent or v is not a map. */
const struct tvalue *tvalue_map_get(const struct tvalue *v, const char *key);
/* Key i of a map (insertion order), borrowed; NULL when out of range. */
const char *tvalue_map_key(const struct tvalue *v, size_t i);
/* Mustache truthiness: null, false, "" and [] are false. */
int tvalue_truthy(const struct tvalue *v);

#endif
