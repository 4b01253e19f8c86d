/* conf.c - INI configuration with inih. */
#include "config.h"
#include "parsers/conf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <ini.h>

#include "lib/arena.h"
#include "lib/ascii.h"
#include "lib/compiler.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"

struct config_entry {
	char *section, *key, *value;
	int line;		/* where the file set it; 0: config_set */
};

struct config_section {
	char *name;
	int line;
};

struct config {
	struct config_entry *e;
	size_t n, alloc;
	char *path;
	const char *cur_name;	/* file being parsed, for messages */
	struct config_section *sec;	/* each [section] line */
	size_t nsec, sec_alloc;
	/* the text being parsed and the line the reader handed inih last */
	const char *in, *in_start, *in_end;
	int in_line, in_next;
	int errors;
	struct arena lists;	/* copies made by config_get_list */
	size_t last;		/* the entry the parser set last, + 1 */
};

struct config *
config_new(void)
{
	struct config *cfg = xcalloc(1, sizeof(*cfg));

	arena_init(&cfg->lists);
	return cfg;
}

void
config_free(struct config *cfg)
{
	if (!cfg)
		return;
	for (size_t i = 0; i < cfg->n; i++) {
		free(cfg->e[i].section);
		free(cfg->e[i].key);
		free(cfg->e[i].value);
	}
	free(cfg->e);
	for (size_t i = 0; i < cfg->nsec; i++)
		free(cfg->sec[i].name);
	free(cfg->sec);
	free(cfg->path);
	arena_release(&cfg->lists);
	free(cfg);
}

void
config_set(struct config *cfg, const char *section, const char *key,
	   const char *value)
{
	for (size_t i = 0; i < cfg->n; i++) {
		if (!strcmp(cfg->e[i].section, section) &&
		    !strcmp(cfg->e[i].key, key)) {
			free(cfg->e[i].value);
			cfg->e[i].value = xstrdup(value);
			return;
		}
	}
	ALLOC_GROW(cfg->e, cfg->n + 1, cfg->alloc);
	cfg->e[cfg->n].section = xstrdup(section);
	cfg->e[cfg->n].key = xstrdup(key);
	cfg->e[cfg->n].value = xstrdup(value);
	cfg->e[cfg->n].line = 0;
	cfg->n++;
}

/* A [section] line at p (a line's start) is noted with its line: inih
 * hands the handler no empty section, and a misspelt one must be found
 * too. */
static void
note_section(struct config *cfg, const char *p)
{
	const char *end;

	while (p < cfg->in_end && LKB_ISBLANK(*p))
		p++;
	if (p >= cfg->in_end || *p != '[')
		return;
	end = memchr(p, ']', (size_t)(cfg->in_end - p));
	if (!end || memchr(p, '\n', (size_t)(end - p)))
		return;
	ALLOC_GROW(cfg->sec, cfg->nsec + 1, cfg->sec_alloc);
	cfg->sec[cfg->nsec].name = xmemdup0(p + 1, (size_t)(end - p - 1));
	cfg->sec[cfg->nsec++].line = cfg->in_next;
}

/* inih's reader over the text being parsed: the next line (at most
 * num - 1 bytes of it; the rest comes as the next piece), counting lines
 * so that the handler knows where it is. */
static char *
read_piece(char *str, int num, void *stream)
{
	struct config *cfg = stream;
	char *out = str;

	if (cfg->in >= cfg->in_end || num < 2)
		return NULL;
	if (cfg->in == cfg->in_start || cfg->in[-1] == '\n')
		note_section(cfg, cfg->in);
	cfg->in_line = cfg->in_next;
	while (num > 1 && cfg->in < cfg->in_end) {
		char c = *cfg->in++;

		*out++ = c;
		num--;
		if (c == '\n') {
			cfg->in_next++;
			break;
		}
	}
	*out = '\0';
	return str;
}

static int
on_ini_entry(void *user, const char *section, const char *name,
	     const char *value)
{
	struct config *cfg = user;

	if (!name) { /* a bare [section] line */
		cfg->last = 0;
		return 1;
	}
	if (!*section) {
		lkb_error("%s: key '%s' outside any [section]",
			  cfg->cur_name, name);
		cfg->errors++;
		return 1;
	}
	if (!value)
		value = "";
	/* inih hands each indented line that goes on with a value as the
	 * same key again (a line is at most 200 bytes): the lines are one
	 * value, joined with a space, so a long list can be written */
	if (cfg->last && !strcmp(cfg->e[cfg->last - 1].section, section) &&
	    !strcmp(cfg->e[cfg->last - 1].key, name)) {
		struct config_entry *e = &cfg->e[cfg->last - 1];
		char *joined = *e->value ? xasprintf("%s %s", e->value, value)
					 : xstrdup(value);

		free(e->value);
		e->value = joined;
		return 1;
	}
	config_set(cfg, section, name, value);
	for (size_t i = 0; i < cfg->n; i++)
		if (!strcmp(cfg->e[i].section, section) &&
		    !strcmp(cfg->e[i].key, name)) {
			cfg->last = i + 1;
			cfg->e[i].line = cfg->in_line;
		}
	return 1;
}

int
config_parse_buffer(struct config *cfg, const char *name, const char *buf,
		    size_t len)
{
	char *copy = xmemdup0(buf, len);
	int line;

	if (memchr(buf, '\0', len)) {
		free(copy);
		return lkb_error("%s: NUL byte in configuration", name),
		       LKB_ERR_CONFIG;
	}
	cfg->cur_name = name;
	cfg->errors = 0;
	cfg->last = 0;
	cfg->in = cfg->in_start = copy;
	cfg->in_end = copy + len;
	cfg->in_line = cfg->in_next = 1;
	line = ini_parse_stream(read_piece, cfg, on_ini_entry, cfg);
	cfg->in = cfg->in_start = cfg->in_end = NULL;
	free(copy);
	if (line > 0) {
		lkb_error("%s:%d: malformed line (expected [section] or "
			  "key = value)", name, line);
		return LKB_ERR_CONFIG;
	}
	if (line < 0 || cfg->errors)
		return LKB_ERR_CONFIG;
	return LKB_OK;
}

int
config_load_file(struct config *cfg, const char *path)
{
	FILE *f = fopen(path, "r");
	struct strbuf sb = STRBUF_INIT;
	char tmp[8192];
	size_t n;
	int rc = LKB_OK;

	if (!f) {
		if (errno == ENOENT)
			return LKB_ERR_NOT_FOUND;
		lkb_error_errno("cannot open configuration '%s'", path);
		return LKB_ERR_CONFIG;
	}
	strbuf_init_capped(&sb, 1024 * 1024);
	while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0) {
		strbuf_add(&sb, tmp, n);
		if (strbuf_status(&sb) != LKB_OK) {
			lkb_error("configuration '%s' is larger than 1 MiB",
				  path);
			rc = LKB_ERR_CONFIG;
			goto out;
		}
	}
	if (ferror(f)) {
		lkb_error_errno("cannot read configuration '%s'", path);
		rc = LKB_ERR_CONFIG;
		goto out;
	}
	rc = config_parse_buffer(cfg, path, sb.buf, sb.len);
	if (rc == LKB_OK) {
		free(cfg->path);
		cfg->path = xstrdup(path);
	}
out:
	fclose(f);
	strbuf_release(&sb);
	return rc;
}

const char *
config_get(const struct config *cfg, const char *section, const char *key)
{
	for (size_t i = 0; i < cfg->n; i++)
		if (!strcmp(cfg->e[i].section, section) &&
		    !strcmp(cfg->e[i].key, key))
			return cfg->e[i].value;
	return NULL;
}

int
config_parse_long(const char *v, long *out)
{
	char *end;
	long n;

	if (!*v || LKB_ISSPACE(*v))
		return -1;
	errno = 0;
	n = strtol(v, &end, 10);
	if (errno || *end || n < 0)
		return -1;
	*out = n;
	return 0;
}

long
config_get_long(const struct config *cfg, const char *section,
		const char *key, long def)
{
	const char *v = config_get(cfg, section, key);
	long n;

	if (!v || !*v)
		return def;
	if (config_parse_long(v, &n) < 0) {
		lkb_error("%s: [%s] %s = '%s' is not a non-negative number",
			  cfg->path ? cfg->path : "config", section, key, v);
		return -1;
	}
	return n;
}

int
config_parse_bool(const char *v)
{
	static const char *const yes[] = { "yes", "true", "on", "1" };
	static const char *const no[] = { "no", "false", "off", "0" };

	for (size_t i = 0; i < LKB_ARRAY_SIZE(yes); i++) {
		if (!strcasecmp(v, yes[i]))
			return 1;
		if (!strcasecmp(v, no[i]))
			return 0;
	}
	return -1;
}

int
config_get_bool(const struct config *cfg, const char *section,
		const char *key, int def)
{
	const char *v = config_get(cfg, section, key);
	int b;

	if (!v || !*v)
		return def;
	if ((b = config_parse_bool(v)) < 0)
		lkb_error("%s: [%s] %s = '%s': expected yes or no",
			  cfg->path ? cfg->path : "config", section, key, v);
	return b;
}

size_t
config_get_list(struct config *cfg, const char *section, const char *key,
		const char **items_out, size_t max)
{
	const char *v = config_get(cfg, section, key);
	char *copy, *p;
	size_t n = 0;

	if (!v)
		return 0;
	copy = arena_strdup(&cfg->lists, v);
	p = copy;
	while (*p) {
		char *start;

		while (*p == ',' || LKB_ISSPACE(*p))
			p++;
		if (!*p)
			break;
		start = p;
		while (*p && *p != ',' && !LKB_ISSPACE(*p))
			p++;
		if (*p)
			*p++ = '\0';
		if (n < max)
			items_out[n] = start;
		n++;
	}
	return n;
}

const char *
config_path(const struct config *cfg)
{
	return cfg->path;
}

int
config_line(const struct config *cfg, const char *section, const char *key)
{
	for (size_t i = 0; i < cfg->n; i++)
		if (!strcmp(cfg->e[i].section, section) &&
		    !strcmp(cfg->e[i].key, key))
			return cfg->e[i].line;
	return 0;
}

int
config_entry_at(const struct config *cfg, size_t i, const char **section,
		const char **key, int *line)
{
	if (i >= cfg->n)
		return 0;
	*section = cfg->e[i].section;
	*key = cfg->e[i].key;
	*line = cfg->e[i].line;
	return 1;
}

int
config_section_at(const struct config *cfg, size_t i, const char **name,
		  int *line)
{
	if (i >= cfg->nsec)
		return 0;
	*name = cfg->sec[i].name;
	*line = cfg->sec[i].line;
	return 1;
}
