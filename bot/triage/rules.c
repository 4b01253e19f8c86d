/* rules.c - compile rules files and apply them to replies (rules.h). */
#include "config.h"
#include "bot/triage/rules.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/settings.h"
#include "bot/triage/lifecycle.h"
#include "bot/triage/match.h"
#include "bot/triage/rules-internal.h"
#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/rules_file.h"

static unsigned
pattern_flags(unsigned f)
{
	return ((f & RULE_PAT_CASELESS) ? MATCH_CASELESS : 0) |
	       ((f & RULE_PAT_EXTENDED) ? MATCH_EXTENDED : 0) |
	       ((f & RULE_PAT_DOTALL) ? MATCH_DOTALL : 0) |
	       ((f & RULE_PAT_MULTILINE) ? MATCH_MULTILINE : 0);
}

static int
compile_list(struct rules *rs, const struct rule_pattern *pats, size_t n,
	     struct match_pattern ***out, char **err_out)
{
	char *err = NULL;

	*out = arena_calloc(&rs->arena, n ? n : 1, sizeof(**out));
	for (size_t i = 0; i < n; i++) {
		if (match_compile(pats[i].text, pats[i].len,
				  pattern_flags(pats[i].flags), &(*out)[i],
				  &err) != LKB_OK) {
			*err_out = xasprintf("%s:%u: %s", rs->rf->name,
					     pats[i].line, err);
			free(err);
			return LKB_ERR_PARSE;
		}
		rs->all = xreallocarray(rs->all, rs->nall + 1, sizeof(*rs->all));
		rs->all[rs->nall++] = (*out)[i];
	}
	return LKB_OK;
}

int
rules_load_text(const char *text, size_t len, const char *name,
		struct rules **rules_out, char **err_out)
{
	struct rules *rs = xcalloc(1, sizeof(*rs));
	const char *perr = NULL;
	int rc;

	*rules_out = NULL;
	*err_out = NULL;
	arena_init(&rs->arena);
	rc = rules_file_parse(&rs->arena, text, len, name, &rs->rf, &perr);
	if (rc != LKB_OK) {
		*err_out = xstrdup(perr ? perr : "cannot parse rules");
		goto out;
	}
	rs->cr = arena_calloc(&rs->arena, rs->rf->nrules + 1, sizeof(*rs->cr));
	for (size_t i = 0; i < rs->rf->nrules && rc == LKB_OK; i++) {
		const struct rule_spec *s = &rs->rf->rules[i];
		struct compiled_rule *c = &rs->cr[i];

		c->spec = s;
		if ((rc = compile_list(rs, s->match, s->nmatch, &c->match,
				       err_out)) ||
		    (rc = compile_list(rs, s->require, s->nrequire, &c->require,
				       err_out)) ||
		    (rc = compile_list(rs, s->unless, s->nunless, &c->unless,
				       err_out)) ||
		    (rc = compile_list(rs, s->forbid, s->nforbid, &c->forbid,
				       err_out)) ||
		    (rc = compile_list(rs, s->evidence, s->nevidence,
				       &c->evidence, err_out)))
			break;
	}
out:
	if (rc == LKB_OK)
		*rules_out = rs;
	else
		rules_free(rs);
	return rc;
}

int
rules_load_file(const char *path, struct rules **rules_out, char **err_out)
{
	struct strbuf sb;
	char chunk[8192];
	FILE *f;
	size_t n;
	int rc = LKB_OK;

	*rules_out = NULL;
	*err_out = NULL;
	strbuf_init_capped(&sb, LKB_MAX_RULES_FILE_BYTES + 1);
	f = fopen(path, "rb");
	if (!f) {
		*err_out = xasprintf("cannot open rules file '%s': %s", path,
				     strerror(errno));
		rc = LKB_ERR_IO;
		goto out;
	}
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		strbuf_add(&sb, chunk, n);
		if (strbuf_status(&sb) != LKB_OK) {
			*err_out = xasprintf("%s: rules file larger than %u "
					     "bytes", path,
					     LKB_MAX_RULES_FILE_BYTES);
			rc = LKB_ERR_TOO_BIG;
			goto out;
		}
	}
	if (ferror(f)) {
		*err_out = xasprintf("cannot read rules file '%s'", path);
		rc = LKB_ERR_IO;
		goto out;
	}
	rc = rules_load_text(sb.buf, sb.len, path, rules_out, err_out);
out:
	if (f)
		fclose(f);
	strbuf_release(&sb);
	return rc;
}

void
rules_free(struct rules *rs)
{
	if (!rs)
		return;
	for (size_t i = 0; i < rs->nall; i++)
		match_free(rs->all[i]);
	free(rs->all);
	arena_release(&rs->arena);
	free(rs);
}

size_t
rules_count(const struct rules *rs)
{
	return rs->rf->nrules;
}

void
rules_set_lkp_team(struct rules *rs, const char *const *team, size_t n)
{
	rs->lkp_team = team;
	rs->nlkp_team = n;
}

void
rules_set_people(struct rules *rs, const struct settings *set)
{
	rules_set_lkp_team(rs, set->bot.lkp_team, set->bot.nlkp_team);
	rules_set_bots(rs, set->bot.bots, set->bot.nbots);
	rs->maintainers = set->bot.maintainers;
	rs->nmaintainers = set->bot.nmaintainers;
}

void
rules_set_act_model(struct rules *rs, const struct actmodel *m)
{
	rs->model = m;
}

const struct actmodel *
rules_act_model(const struct rules *rs)
{
	return rs->model;
}

void
rules_set_bots(struct rules *rs, const char *const *bots, size_t n)
{
	rs->bots = bots;
	rs->nbots = n;
}

int
rules_addr_is_bot(const struct rules *rs, const char *addr)
{
	const char *plus, *at;
	char buf[256];

	if (!addr || !rs->nbots)
		return 0;
	if (auth_in_list(addr, rs->bots, rs->nbots))
		return 1;
	/* patchwork-bot+netdevbpf@kernel.org: the tag dropped */
	plus = strchr(addr, '+');
	at = strchr(addr, '@');
	if (!plus || !at || plus > at)
		return 0;
	if (snprintf(buf, sizeof(buf), "%.*s%s", (int)(plus - addr), addr,
		     at) >= (int)sizeof(buf))
		return 0;
	return auth_in_list(buf, rs->bots, rs->nbots);
}

int
rules_author_is_lkp(const struct rules *rs, const struct rule_author *au,
		    const struct reply *r)
{
	const char *addr = au ? au->addr : NULL;
	char buf[256] = "";

	if ((!addr || !*addr) && r && r->header_from) {
		/* "Name <addr>" or "addr" */
		const char *lt = strchr(r->header_from, '<');

		snprintf(buf, sizeof(buf), "%s", lt ? lt + 1 : r->header_from);
		buf[strcspn(buf, ">")] = '\0';
		addr = strchr(buf, '@') ? buf : NULL;
	}
	return addr && auth_in_list(addr, rs->lkp_team, rs->nlkp_team);
}

