/* render.c - walk a template's nodes against a value tree. */
#include "config.h"
#include "templates/render.h"

#include <string.h>

#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "templates/tpl_parse.h"
#include "templates/tpl_set.h"
#include "templates/tvalue.h"

struct renderer {
	struct tpl_set *set;
	struct strbuf *out;
	struct strbuf *err;
	size_t start_len;	/* out->len when rendering began */
};

/* Look segment [s, s+n) up in one map value. */
static const struct tvalue *
map_get_n(const struct tvalue *v, const char *s, size_t n)
{
	char key[128];

	if (tvalue_kind(v) != TV_MAP || n >= sizeof(key))
		return NULL;
	memcpy(key, s, n);
	key[n] = '\0';
	return tvalue_map_get(v, key);
}

int
render_lookup(const struct render_scope *scope, const char *name,
	      const struct tvalue **v_out)
{
	const struct tvalue *v = NULL;
	const char *dot = strchr(name, '.');
	size_t n = dot ? (size_t)(dot - name) : strlen(name);

	*v_out = NULL;
	if (!scope)
		return 0;
	if (!strcmp(name, ".")) {
		*v_out = scope->v;
		return 1;
	}
	for (; scope && !v; scope = scope->up)
		v = map_get_n(scope->v, name, n);
	while (v && dot) {
		name = dot + 1;
		dot = strchr(name, '.');
		n = dot ? (size_t)(dot - name) : strlen(name);
		v = map_get_n(v, name, n);
	}
	*v_out = v;
	return v != NULL;
}

static int render_nodes(struct renderer *r, const struct tpl *t,
			const struct tpl_node *n,
			const struct render_scope *scope, unsigned depth);

static int
emit(struct renderer *r, const struct tpl *t, unsigned line, const char *p,
     size_t len)
{
	if (r->out->len - r->start_len + len <= LKB_MAX_RENDER_BYTES)
		strbuf_add(r->out, p, len);
	if (r->out->len - r->start_len + len > LKB_MAX_RENDER_BYTES ||
	    strbuf_status(r->out) != LKB_OK) {
		tpl_error(r->err, tpl_name(t), line, "output is bigger than "
			  "LKB_MAX_RENDER_BYTES (%u) or the buffer's cap",
			  LKB_MAX_RENDER_BYTES);
		return LKB_ERR_TOO_BIG;
	}
	return LKB_OK;
}

static int
render_var(struct renderer *r, const struct tpl *t, const struct tpl_node *n,
	   const struct render_scope *scope)
{
	const struct tvalue *v;
	const char *s;
	size_t len;

	if (!render_lookup(scope, n->text, &v))
		return tpl_error(r->err, tpl_name(t), n->line,
				 "unknown variable '%s'", n->text);
	s = tvalue_str(v, &len);
	if (!s)
		return tpl_error(r->err, tpl_name(t), n->line,
				 "variable '%s' is a %s, not a string",
				 n->text, tvalue_kind_name(tvalue_kind(v)));
	return emit(r, t, n->line, s, len);
}

static int
render_section(struct renderer *r, const struct tpl *t,
	       const struct tpl_node *n, const struct render_scope *scope,
	       unsigned depth)
{
	struct render_scope inner;
	const struct tvalue *v;
	int rc = LKB_OK, truthy;

	if (!render_lookup(scope, n->text, &v))
		return tpl_error(r->err, tpl_name(t), n->line,
				 "unknown variable '%s' in %s", n->text,
				 tpl_node_kind_name(n->kind));
	truthy = tvalue_truthy(v);
	if (n->kind == TPL_INVERTED)
		return truthy ? LKB_OK
			      : render_nodes(r, t, n->child, scope, depth + 1);
	if (!truthy)
		return LKB_OK;
	inner.up = scope;
	if (tvalue_kind(v) != TV_LIST) {
		/* a truthy non-list: once, with the value as innermost scope
		 * (booleans add nothing to look up, which is fine) */
		inner.v = v;
		return render_nodes(r, t, n->child, &inner, depth + 1);
	}
	for (size_t i = 0; i < tvalue_len(v) && rc == LKB_OK; i++) {
		inner.v = tvalue_list_at(v, i);
		rc = render_nodes(r, t, n->child, &inner, depth + 1);
	}
	return rc;
}

static int
render_partial(struct renderer *r, const struct tpl *t,
	       const struct tpl_node *n, const struct render_scope *scope,
	       unsigned depth)
{
	const struct tpl *p;
	struct strbuf inner_err = STRBUF_INIT;
	int rc;

	if (!r->set)
		return tpl_error(r->err, tpl_name(t), n->line,
				 "partial '%s' but no template directory",
				 n->text);
	rc = tpl_set_get(r->set, n->text, &p, &inner_err);
	if (rc != LKB_OK) {
		tpl_error(r->err, tpl_name(t), n->line, "partial '%s': %s",
			  n->text, inner_err.buf);
		strbuf_release(&inner_err);
		return rc == LKB_ERR_TOO_BIG ? rc : LKB_ERR_TEMPLATE;
	}
	strbuf_release(&inner_err);
	return render_nodes(r, p, tpl_nodes(p), scope, depth + 1);
}

static int
render_nodes(struct renderer *r, const struct tpl *t, const struct tpl_node *n,
	     const struct render_scope *scope, unsigned depth)
{
	int rc = LKB_OK;

	if (depth > LKB_MAX_TEMPLATE_DEPTH)
		return tpl_error(r->err, tpl_name(t), n ? n->line : 0,
				 "sections and partials nested deeper than "
				 "LKB_MAX_TEMPLATE_DEPTH (%d)",
				 LKB_MAX_TEMPLATE_DEPTH);
	for (; n && rc == LKB_OK; n = n->next) {
		switch (n->kind) {
		case TPL_TEXT:
			rc = emit(r, t, n->line, n->text, n->len);
			break;
		case TPL_VAR:
			rc = render_var(r, t, n, scope);
			break;
		case TPL_SECTION:
		case TPL_INVERTED:
			rc = render_section(r, t, n, scope, depth);
			break;
		case TPL_PARTIAL:
			rc = render_partial(r, t, n, scope, depth);
			break;
		default:
			LKB_BUG("bad template node kind");
		}
	}
	return rc;
}

int
render_template(const struct tpl *t, const struct tvalue *data,
		struct tpl_set *set, struct strbuf *out, struct strbuf *err)
{
	struct renderer r = { set, out, err, out->len };
	struct render_scope root = { data, NULL };

	return render_nodes(&r, t, tpl_nodes(t), &root, 0);
}

int
render_named(struct tpl_set *set, const char *name, const struct tvalue *data,
	     struct strbuf *out, struct strbuf *err)
{
	const struct tpl *t;
	int rc = tpl_set_get(set, name, &t, err);

	if (rc != LKB_OK)
		return rc;
	return render_template(t, data, set, out, err);
}
