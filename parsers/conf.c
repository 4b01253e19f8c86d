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
};

struct config {
	struct config_entry *e;
	size_t n, alloc;
	char *path;
	const char *cur_name;	/* file being parsed, for messages */
	int errors;
	struct arena lists;	/* copies made by config_get_list */
	size_t last;		/* the entry the parser set last, + 1 */
};

/* Known keys (lkpbot.conf(5), doc/design.md section 7); anything else
 * draws a warning. */
static const char *const known_keys[] = {
	"imap.url", "imap.folders", "imap.user", "imap.password_file",
	"imap.password_env", "imap.after", "imap.cafile", "imap.starttls",
	"imap.insecure", "imap.timeout", "imap.batch", "imap.password_command",
	"imap.oauth2_token_command", "imap.deadline",
	"maildir.path",
	"smtp.url", "smtp.user", "smtp.password_file", "smtp.password_env",
	"smtp.from", "smtp.envelope_from", "smtp.dry_run_dir", "smtp.cafile",
	"smtp.starttls", "smtp.insecure", "smtp.timeout", "smtp.password_command",
	"smtp.oauth2_token_command", "smtp.resend_uncertain_after",
	"smtp.deadline",
	"bot.address", "bot.maintainers", "bot.cc_policy", "bot.max_per_hour",
	"bot.max_per_thread", "bot.digest_to", "bot.threads", "bot.lkp_team",
	"bot.max_outsider_per_hour", "bot.max_per_sender", "bot.verify_senders",
	"bot.dkim_key_file", "bot.run_deadline", "bot.bots",
	"results.root", "results.queue", "results.expire_days",
	"requests.per_asker", "requests.per_report",
	"requests.jobs_per_asker", "requests.jobs_per_report",
	"requests.jobs_per_day", "requests.deadline",
	"git.repo", "git.timeout", "git.watch", "git.window",
	"rules.file",
	"rules.act_model",
	"triage.auto_confidence",
	"triage.model_floor",
	"templates.dir",
	"db.path",
	"web.dir", "web.url",
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
	free(cfg->path);
	arena_release(&cfg->lists);
	free(cfg);
}

static int
is_known(const char *section, const char *key)
{
	size_t sl = strlen(section);

	for (size_t i = 0; i < LKB_ARRAY_SIZE(known_keys); i++) {
		const char *k = known_keys[i];

		if (!strncmp(k, section, sl) && k[sl] == '.' &&
		    !strcmp(k + sl + 1, key))
			return 1;
	}
	return 0;
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
	cfg->n++;
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
	if (!is_known(section, name))
		lkb_warn("%s: unknown key '%s' in [%s]", cfg->cur_name, name,
			 section);
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
		    !strcmp(cfg->e[i].key, name))
			cfg->last = i + 1;
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
	line = ini_parse_string(copy, on_ini_entry, cfg);
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
		if (strbuf_add(&sb, tmp, n) != LKB_OK) {
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

long
config_get_long(const struct config *cfg, const char *section,
		const char *key, long def)
{
	const char *v = config_get(cfg, section, key);
	char *end;
	long n;

	if (!v || !*v)
		return def;
	errno = 0;
	n = strtol(v, &end, 10);
	if (errno || *end || n < 0) {
		lkb_error("%s: [%s] %s = '%s' is not a non-negative number",
			  cfg->path ? cfg->path : "config", section, key, v);
		return -1;
	}
	return n;
}

int
config_get_bool(const struct config *cfg, const char *section,
		const char *key, int def)
{
	static const char *const yes[] = { "yes", "true", "on", "1" };
	static const char *const no[] = { "no", "false", "off", "0" };
	const char *v = config_get(cfg, section, key);

	if (!v || !*v)
		return def;
	for (size_t i = 0; i < LKB_ARRAY_SIZE(yes); i++) {
		if (!strcasecmp(v, yes[i]))
			return 1;
		if (!strcasecmp(v, no[i]))
			return 0;
	}
	lkb_error("%s: [%s] %s = '%s': expected yes or no",
		  cfg->path ? cfg->path : "config", section, key, v);
	return -1;
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
