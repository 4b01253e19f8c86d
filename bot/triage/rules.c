/* rules.c - compile rules files and apply them to replies (rules.h). */
#include "config.h"
#include "bot/triage/rules.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		if (strbuf_add(&sb, chunk, n) != LKB_OK) {
			*err_out = xasprintf("%s: rules file larger than %u "
					     "bytes", path,
					     LKB_MAX_RULES_FILE_BYTES);
			rc = LKB_ERR_TOO_BIG;
			goto out;
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

/* Same words, in any order, ignoring case and punctuation:
 * "Yin, Fengwei" is "Yin Fengwei". */
static int
same_name(const char *a, const char *b)
{
	char wa[8][32], wb[8][32];
	size_t na = 0, nb = 0;
	const char *s[2] = { a, b };

	for (int k = 0; k < 2; k++) {
		char (*w)[32] = k ? wb : wa;
		size_t *nw = k ? &nb : &na;

		for (const char *p = s[k]; *p;) {
			size_t l = 0;

			while (*p && !LKB_ISALPHA(*p) && !(*p & 0x80))
				p++;
			if (!*p)
				break;
			if (*nw == 8)
				return 0;
			while (*p && (LKB_ISALPHA(*p) || (*p & 0x80))) {
				if (l < 31)
					w[*nw][l++] = (char)LKB_TOLOWER(*p);
				p++;
			}
			w[(*nw)++][l] = '\0';
		}
	}
	if (!na || na != nb)
		return 0;
	for (size_t i = 0; i < na; i++) {
		size_t j;

		for (j = 0; j < nb; j++)
			if (!strcmp(wa[i], wb[j]))
				break;
		if (j == nb)
			return 0;
	}
	return 1;
}

static int
domain_matches(const char *addr, const char *domain)
{
	const char *at = strrchr(addr, '@');
	size_t dl = strlen(domain), hl;

	if (!at || !dl)
		return 0;
	at++;
	hl = strlen(at);
	while (hl && (at[hl - 1] == '>' || LKB_ISSPACE(at[hl - 1])))
		hl--;
	if (hl < dl)
		return 0;
	for (size_t i = 0; i < dl; i++)
		if (LKB_TOLOWER(at[hl - dl + i]) != LKB_TOLOWER(domain[i]))
			return 0;
	return hl == dl || at[hl - dl - 1] == '.';
}

int
rules_author_is_lkp(const struct rules *rs, const struct rule_author *au,
		    const struct reply *r)
{
	const char *name = au ? au->name : NULL, *addr = au ? au->addr : NULL;
	char buf[256] = "";

	if ((!name || !*name) && (!addr || !*addr) && r) {
		name = r->scraped_author;
		if (r->header_from) {
			/* "Name <addr>", "addr" or "Name" */
			const char *lt = strchr(r->header_from, '<');

			snprintf(buf, sizeof(buf), "%.*s",
				 lt ? (int)(lt - r->header_from) : 255,
				 r->header_from);
			addr = lt ? lt + 1 : strchr(buf, '@') ? buf : NULL;
			if (!name)
				name = buf;
		}
	}
	for (size_t i = 0; addr && i < rs->rf->nlkp_domains; i++)
		if (domain_matches(addr, rs->rf->lkp_domains[i]))
			return 1;
	for (size_t i = 0; name && i < rs->rf->nlkp_names; i++)
		if (same_name(name, rs->rf->lkp_names[i]))
			return 1;
	return 0;
}

