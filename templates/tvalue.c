/* tvalue.c - the value tree templates render. */
#include "config.h"
#include "templates/tvalue.h"

#include <stdlib.h>
#include <string.h>

#include "lib/log.h"
#include "lib/xalloc.h"

struct tvalue_entry {
	char *key;	/* NULL in lists */
	struct tvalue *v;
};

struct tvalue {
	enum tvalue_kind kind;
	int b;
	char *s;
	size_t slen;
	struct tvalue_entry *items;
	size_t n, alloc;
};

static const char *const kind_names[TV__COUNT] = {
	"null", "boolean", "string", "list", "map",
};
_Static_assert(LKB_ARRAY_SIZE(kind_names) == TV__COUNT, "kind names");

static struct tvalue *
new_kind(enum tvalue_kind k)
{
	struct tvalue *v = xcalloc(1, sizeof(*v));

	v->kind = k;
	return v;
}

struct tvalue *
tvalue_new_null(void)
{
	return new_kind(TV_NULL);
}

struct tvalue *
tvalue_new_bool(int b)
{
	struct tvalue *v = new_kind(TV_BOOL);

	v->b = !!b;
	return v;
}

struct tvalue *
tvalue_new_stringn(const char *s, size_t len)
{
	struct tvalue *v = new_kind(TV_STRING);

	v->s = xmemdup0(s, len);
	v->slen = len;
	return v;
}

struct tvalue *
tvalue_new_string(const char *s)
{
	return tvalue_new_stringn(s, strlen(s));
}

struct tvalue *
tvalue_new_list(void)
{
	return new_kind(TV_LIST);
}

struct tvalue *
tvalue_new_map(void)
{
	return new_kind(TV_MAP);
}

void
tvalue_free(struct tvalue *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->n; i++) {
		free(v->items[i].key);
		tvalue_free(v->items[i].v);
	}
	free(v->items);
	free(v->s);
	free(v);
}

void
tvalue_list_push(struct tvalue *list, struct tvalue *v)
{
	if (list->kind != TV_LIST)
		LKB_BUG("tvalue_list_push on a non-list");
	ALLOC_GROW(list->items, list->n + 1, list->alloc);
	list->items[list->n].key = NULL;
	list->items[list->n].v = v;
	list->n++;
}

void
tvalue_map_set(struct tvalue *map, const char *key, struct tvalue *v)
{
	if (map->kind != TV_MAP)
		LKB_BUG("tvalue_map_set on a non-map");
	for (size_t i = 0; i < map->n; i++) {
		if (!strcmp(map->items[i].key, key)) {
			tvalue_free(map->items[i].v);
			map->items[i].v = v;
			return;
		}
	}
	ALLOC_GROW(map->items, map->n + 1, map->alloc);
	map->items[map->n].key = xstrdup(key);
	map->items[map->n].v = v;
	map->n++;
}

void
tvalue_map_set_str(struct tvalue *map, const char *key, const char *s)
{
	tvalue_map_set(map, key, tvalue_new_string(s));
}

enum tvalue_kind
tvalue_kind(const struct tvalue *v)
{
	return v->kind;
}

const char *
tvalue_kind_name(enum tvalue_kind k)
{
	return (unsigned)k < TV__COUNT ? kind_names[k] : "?";
}

int
tvalue_bool(const struct tvalue *v)
{
	return v->kind == TV_BOOL ? v->b : 0;
}

const char *
tvalue_str(const struct tvalue *v, size_t *len_out)
{
	if (v->kind != TV_STRING)
		return NULL;
	if (len_out)
		*len_out = v->slen;
	return v->s;
}

size_t
tvalue_len(const struct tvalue *v)
{
	return v->kind == TV_LIST || v->kind == TV_MAP ? v->n : 0;
}

const struct tvalue *
tvalue_list_at(const struct tvalue *v, size_t i)
{
	if (v->kind != TV_LIST || i >= v->n)
		return NULL;
	return v->items[i].v;
}

const struct tvalue *
tvalue_map_get(const struct tvalue *v, const char *key)
{
	if (v->kind != TV_MAP)
		return NULL;
	for (size_t i = 0; i < v->n; i++)
		if (!strcmp(v->items[i].key, key))
			return v->items[i].v;
	return NULL;
}

const char *
tvalue_map_key(const struct tvalue *v, size_t i)
{
	if (v->kind != TV_MAP || i >= v->n)
		return NULL;
	return v->items[i].key;
}

int
tvalue_truthy(const struct tvalue *v)
{
	switch (v->kind) {
	case TV_NULL:
		return 0;
	case TV_BOOL:
		return v->b;
	case TV_STRING:
		return v->slen > 0;
	case TV_LIST:
		return v->n > 0;
	case TV_MAP:
		return 1;
	default:
		LKB_BUG("bad tvalue kind");
	}
}
