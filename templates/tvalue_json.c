/* tvalue_json.c - convert jansson values into template values. */
#include "config.h"
#include "templates/tvalue_json.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "templates/tvalue.h"

static int
fail(struct strbuf *err, const char *name, int line, const char *what)
{
	if (err) {
		strbuf_reset(err);
		strbuf_addf(err, "%s:%d: %s", name, line, what);
	} else {
		lkb_error("%s:%d: %s", name, line, what);
	}
	return LKB_ERR_PARSE;
}

static struct tvalue *
convert(json_t *j, unsigned depth)
{
	struct tvalue *v = NULL, *item;
	const char *key;
	json_t *x;
	size_t i;
	char num[64];

	if (depth > LKB_MAX_TEMPLATE_DEPTH)
		return NULL;
	switch (json_typeof(j)) {
	case JSON_OBJECT:
		v = tvalue_new_map();
		json_object_foreach(j, key, x) {
			if (!(item = convert(x, depth + 1)))
				goto bad;
			tvalue_map_set(v, key, item);
		}
		return v;
	case JSON_ARRAY:
		v = tvalue_new_list();
		json_array_foreach(j, i, x) {
			if (!(item = convert(x, depth + 1)))
				goto bad;
			tvalue_list_push(v, item);
		}
		return v;
	case JSON_STRING:
		if (memchr(json_string_value(j), '\0', json_string_length(j)))
			return NULL;
		return tvalue_new_stringn(json_string_value(j),
					  json_string_length(j));
	case JSON_INTEGER:
		snprintf(num, sizeof(num), "%" JSON_INTEGER_FORMAT,
			 json_integer_value(j));
		return tvalue_new_string(num);
	case JSON_REAL:
		snprintf(num, sizeof(num), "%.15g", json_real_value(j));
		return tvalue_new_string(num);
	case JSON_TRUE:
		return tvalue_new_bool(1);
	case JSON_FALSE:
		return tvalue_new_bool(0);
	case JSON_NULL:
		return tvalue_new_null();
	}
	return NULL;
bad:
	tvalue_free(v);
	return NULL;
}

int
tvalue_from_json(const char *name, const char *text, size_t len,
		 struct tvalue **v_out, struct strbuf *err)
{
	json_error_t jerr;
	json_t *j;

	*v_out = NULL;
	/* JSON_ALLOW_NUL lets us see a \u0000 and refuse it ourselves */
	j = json_loadb(text, len, JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL,
		       &jerr);
	if (!j)
		return fail(err, name, jerr.line, jerr.text);
	*v_out = convert(j, 0);
	json_decref(j);
	if (!*v_out)
		return fail(err, name, 0, "JSON nested deeper than "
			    "LKB_MAX_TEMPLATE_DEPTH or a string holds NUL");
	return LKB_OK;
}

int
tvalue_load_json(const char *path, struct tvalue **v_out, struct strbuf *err)
{
	struct strbuf sb;
	char chunk[8192];
	size_t n;
	FILE *f = fopen(path, "rb");
	int rc;

	*v_out = NULL;
	if (!f) {
		fail(err, path, 0, strerror(errno));
		return LKB_ERR_IO;
	}
	strbuf_init_capped(&sb, LKB_MAX_RENDER_BYTES);
	rc = LKB_OK;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		strbuf_add(&sb, chunk, n);
		if ((rc = strbuf_status(&sb)) != LKB_OK)
			break;
	}
	if (rc != LKB_OK)
		fail(err, path, 0, "file is bigger than LKB_MAX_RENDER_BYTES");
	else if (ferror(f) && fail(err, path, 0, "read error"))
		rc = LKB_ERR_IO;
	else
		rc = tvalue_from_json(path, sb.buf, sb.len, v_out, err);
	fclose(f);
	strbuf_release(&sb);
	return rc;
}
