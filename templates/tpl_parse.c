/* tpl_parse.c - template tokenizer (an explicit state machine,
 * doc/style.md R24) feeding a tree builder. */
#include "config.h"
#include "templates/tpl_parse.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/arena.h"
#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"

struct tpl {
	char *name;
	char *src;		/* private copy; text nodes point into it */
	size_t len;
	struct arena arena;	/* nodes and names */
	struct tpl_node *head;
};

enum tok_state { TOK_TEXT, TOK_TAG, TOK_DONE, TOK__COUNT };
static const char *const tok_state_names[TOK__COUNT] = { "text", "tag",
							  "done" };
_Static_assert(LKB_ARRAY_SIZE(tok_state_names) == TOK__COUNT, "states");

static const char *const node_kind_names[TPL__COUNT] = {
	"text", "variable", "section", "inverted section", "partial",
};
_Static_assert(LKB_ARRAY_SIZE(node_kind_names) == TPL__COUNT, "kinds");

struct open_section {
	struct tpl_node *sec;
	struct tpl_node **tail;	/* the enclosing list's tail */
};

struct parser {
	struct tpl *t;
	struct strbuf *err;
	enum tok_state state;
	const char *p, *end;
	unsigned line;
	const char *line_start;	/* first byte of the current line */
	int tags_on_line;	/* tags seen on the current line so far */
	const char *text;	/* pending text, not yet a node */
	size_t text_len;
	unsigned text_line;
	struct tpl_node **tail;	/* where the next node goes */
	struct open_section stack[LKB_MAX_TEMPLATE_DEPTH];
	size_t depth;
};

int
tpl_error(struct strbuf *err, const char *file, unsigned line,
	  const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (err) {
		strbuf_reset(err);
		strbuf_addf(err, "%s:%u: %s", file, line, msg);
	} else {
		lkb_error("%s:%u: %s", file, line, msg);
	}
	return LKB_ERR_TEMPLATE;
}

const char *
tpl_node_kind_name(enum tpl_node_kind k)
{
	return (unsigned)k < TPL__COUNT ? node_kind_names[k] : "?";
}

static void
set_state(struct parser *ps, enum tok_state to)
{
	lkb_debug("template '%s' line %u: %s -> %s", ps->t->name, ps->line,
		  tok_state_names[ps->state], tok_state_names[to]);
	ps->state = to;
}

static struct tpl_node *
add_node(struct parser *ps, enum tpl_node_kind kind, const char *text,
	 size_t len, unsigned line)
{
	struct tpl_node *n = arena_alloc(&ps->t->arena, sizeof(*n));

	n->kind = kind;
	n->text = kind == TPL_TEXT ? text
				   : arena_memdup0(&ps->t->arena, text, len);
	n->len = len;
	n->line = line;
	*ps->tail = n;
	ps->tail = &n->next;
	return n;
}

static void
flush_text(struct parser *ps)
{
	if (ps->text_len)
		add_node(ps, TPL_TEXT, ps->text, ps->text_len, ps->text_line);
	ps->text = NULL;
	ps->text_len = 0;
}

/* Text up to the next "{{" becomes pending text. */
static int
tok_text(struct parser *ps)
{
	const char *q = ps->p;

	ps->text = q;
	ps->text_line = ps->line;
	while (q < ps->end && !(q[0] == '{' && q + 1 < ps->end && q[1] == '{')) {
		if (*q == '\0')
			return tpl_error(ps->err, ps->t->name, ps->line,
					 "NUL byte in template");
		if (*q == '\n') {
			ps->line++;
			ps->line_start = q + 1;
			ps->tags_on_line = 0;
		}
		q++;
	}
	ps->text_len = (size_t)(q - ps->p);
	if (q == ps->end) {
		ps->p = q;
		set_state(ps, TOK_DONE);
	} else {
		ps->p = q + 2;
		set_state(ps, TOK_TAG);
	}
	return LKB_OK;
}

static int
name_ok(const char *s, size_t n, int sigil)
{
	if (n == 1 && s[0] == '.')
		return sigil != '>';
	if (n == 0 || s[0] == '.' || s[n - 1] == '.')
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (LKB_ISALNUM(s[i]) || s[i] == '_' || s[i] == '-')
			continue;
		/* partial names become file names: no dots, no slashes */
		if (s[i] == '.' && sigil != '>' && s[i - 1] != '.')
			continue;
		return 0;
	}
	return 1;
}

/* Is the tag between ps->line_start..open and close..end alone on its
 * line? Then it swallows the line: returns where the next line starts. */
static const char *
standalone_end(struct parser *ps, const char *open, const char *close)
{
	const char *q;

	if (ps->tags_on_line)
		return NULL;
	for (q = ps->line_start; q < open; q++)
		if (!LKB_ISBLANK(*q))
			return NULL;
	for (q = close; q < ps->end && LKB_ISBLANK(*q); q++)
		;
	if (q < ps->end && *q == '\r' && q + 1 < ps->end && q[1] == '\n')
		q++;
	if (q == ps->end)
		return q;
	return *q == '\n' ? q + 1 : NULL;
}

static int
emit_tag(struct parser *ps, int sigil, const char *name, size_t n,
	 unsigned line)
{
	struct open_section *os;
	struct tpl_node *sec;

	flush_text(ps);
	switch (sigil) {
	case 0:
		add_node(ps, TPL_VAR, name, n, line);
		return LKB_OK;
	case '>':
		add_node(ps, TPL_PARTIAL, name, n, line);
		return LKB_OK;
	case '!':
		return LKB_OK;
	case '#':
	case '^':
		if (ps->depth == LKB_MAX_TEMPLATE_DEPTH)
			return tpl_error(ps->err, ps->t->name, line,
					 "sections nested deeper than "
					 "LKB_MAX_TEMPLATE_DEPTH (%d)",
					 LKB_MAX_TEMPLATE_DEPTH);
		sec = add_node(ps, sigil == '#' ? TPL_SECTION : TPL_INVERTED,
			       name, n, line);
		os = &ps->stack[ps->depth++];
		os->sec = sec;
		os->tail = ps->tail;
		ps->tail = &sec->child;
		return LKB_OK;
	default: /* '/' */
		if (!ps->depth)
			return tpl_error(ps->err, ps->t->name, line,
					 "'{{/%.*s}}' closes no section",
					 (int)n, name);
		os = &ps->stack[ps->depth - 1];
		if (strlen(os->sec->text) != n || memcmp(os->sec->text, name, n))
			return tpl_error(ps->err, ps->t->name, line,
					 "'{{/%.*s}}' closes '%s' opened on "
					 "line %u", (int)n, name, os->sec->text,
					 os->sec->line);
		ps->tail = os->tail;
		ps->depth--;
		return LKB_OK;
	}
}

/* After "{{": one tag up to "}}". */
static int
tok_tag(struct parser *ps)
{
	const char *open = ps->p - 2, *q = ps->p, *name, *close, *next;
	unsigned line = ps->line;
	int sigil = 0;
	size_t n;

	if (q < ps->end && *q && strchr("{&=", *q))
		return tpl_error(ps->err, ps->t->name, line,
				 "unsupported tag '{{%c' (only {{name}}, "
				 "{{#, {{^, {{/, {{> and {{! exist)", *q);
	if (q < ps->end && *q && strchr("#^/>!", *q))
		sigil = *q++;
	if (sigil == '!') {
		for (; q + 1 < ps->end && !(q[0] == '}' && q[1] == '}'); q++)
			if (*q == '\n')
				ps->line++;
		if (q + 1 >= ps->end)
			return tpl_error(ps->err, ps->t->name, line,
					 "comment is not closed with '}}'");
		name = q;
		n = 0;
	} else {
		while (q < ps->end && LKB_ISBLANK(*q))
			q++;
		name = q;
		while (q < ps->end && (LKB_ISALNUM(*q) || *q == '_' ||
				       *q == '-' || *q == '.'))
			q++;
		n = (size_t)(q - name);
		while (q < ps->end && LKB_ISBLANK(*q))
			q++;
		if (q + 1 >= ps->end || q[0] != '}' || q[1] != '}')
			return tpl_error(ps->err, ps->t->name, line,
					 "malformed tag: expected a name and "
					 "'}}' on the same line");
		if (!name_ok(name, n, sigil))
			return tpl_error(ps->err, ps->t->name, line,
					 "bad name '%.*s' in tag", (int)n,
					 name);
	}
	close = q + 2;
	next = sigil ? standalone_end(ps, open, close) : NULL;
	if (next) {
		/* drop the blanks before the tag and the line end after it */
		if (ps->text && ps->line_start >= ps->text)
			ps->text_len = (size_t)(ps->line_start - ps->text);
		if (next > close && next[-1] == '\n') {
			ps->line++;
			ps->line_start = next;
		}
	} else {
		next = close;
		ps->tags_on_line++;
	}
	ps->p = next;
	if (emit_tag(ps, sigil, name, n, line) != LKB_OK)
		return LKB_ERR_TEMPLATE;
	set_state(ps, ps->p == ps->end ? TOK_DONE : TOK_TEXT);
	return LKB_OK;
}

static int
tok_done(struct parser *ps)
{
	flush_text(ps);
	if (ps->depth)
		return tpl_error(ps->err, ps->t->name,
				 ps->stack[ps->depth - 1].sec->line,
				 "section '%s' is never closed",
				 ps->stack[ps->depth - 1].sec->text);
	return LKB_OK;
}

int
tpl_parse(const char *name, const char *src, size_t len, struct tpl **tpl_out,
	  struct strbuf *err)
{
	struct parser ps;
	struct tpl *t;
	int rc = LKB_OK;

	*tpl_out = NULL;
	if (len > LKB_MAX_TEMPLATE_BYTES) {
		tpl_error(err, name, 0, "template is bigger than "
			  "LKB_MAX_TEMPLATE_BYTES (%u)", LKB_MAX_TEMPLATE_BYTES);
		return LKB_ERR_TOO_BIG;
	}
	t = xcalloc(1, sizeof(*t));
	t->name = xstrdup(name);
	t->src = xmemdup0(len ? src : "", len);
	t->len = len;
	arena_init(&t->arena);
	memset(&ps, 0, sizeof(ps));
	ps.t = t;
	ps.err = err;
	ps.state = TOK_TEXT;
	ps.p = ps.line_start = t->src;
	ps.end = t->src + len;
	ps.line = 1;
	ps.tail = &t->head;
	while (rc == LKB_OK) {
		switch (ps.state) {
		case TOK_TEXT:
			rc = tok_text(&ps);
			break;
		case TOK_TAG:
			rc = tok_tag(&ps);
			break;
		case TOK_DONE:
			rc = tok_done(&ps);
			goto out;
		default:
			LKB_BUG("bad tokenizer state");
		}
	}
out:
	if (rc != LKB_OK) {
		tpl_free(t);
		return rc;
	}
	*tpl_out = t;
	return LKB_OK;
}

int
tpl_load_file(const char *path, struct tpl **tpl_out, struct strbuf *err)
{
	struct strbuf sb;
	char chunk[8192];
	FILE *f;
	size_t n;
	int rc = LKB_OK;

	*tpl_out = NULL;
	f = fopen(path, "rb");
	if (!f) {
		if (errno == ENOENT)
			return LKB_ERR_NOT_FOUND;
		tpl_error(err, path, 0, "cannot open template: %s",
			  strerror(errno));
		return LKB_ERR_IO;
	}
	/* one byte over the limit is enough to tell */
	strbuf_init_capped(&sb, LKB_MAX_TEMPLATE_BYTES + 1);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		strbuf_add(&sb, chunk, n);
		if (strbuf_status(&sb) != LKB_OK) {
			rc = LKB_ERR_TOO_BIG;
			tpl_error(err, path, 0, "template is bigger than "
				  "LKB_MAX_TEMPLATE_BYTES (%u)",
				  LKB_MAX_TEMPLATE_BYTES);
			goto out;
		}
	}
	if (ferror(f)) {
		rc = LKB_ERR_IO;
		tpl_error(err, path, 0, "cannot read template: %s",
			  strerror(errno));
		goto out;
	}
	rc = tpl_parse(path, sb.buf, sb.len, tpl_out, err);
out:
	fclose(f);
	strbuf_release(&sb);
	return rc;
}

void
tpl_free(struct tpl *t)
{
	if (!t)
		return;
	arena_release(&t->arena);
	free(t->src);
	free(t->name);
	free(t);
}

const struct tpl_node *
tpl_nodes(const struct tpl *t)
{
	return t->head;
}

const char *
tpl_name(const struct tpl *t)
{
	return t->name;
}
