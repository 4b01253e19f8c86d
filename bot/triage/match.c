/* match.c - PCRE2 behind a small API (see match.h). */
#include "config.h"
#include "bot/triage/match.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/triage/prefilter.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"

struct match_pattern {
	pcre2_code *code;
	pcre2_match_data *md;
	pcre2_match_context *mctx;
	pcre2_jit_stack *jit_stack;
	int jit;	/* JIT-compiled: pcre2_jit_match() */
	int local;	/* see match_is_local() */
	int matched;		/* the last match_exec returned 1 */
	struct prefilter *pf;	/* NULL: no literal pre-check */
	uint32_t name_count, name_entry;
	PCRE2_SPTR name_table;
};

static char *
pcre2_message(int code, const char *what, size_t offset, int with_offset)
{
	PCRE2_UCHAR buf[256];

	if (pcre2_get_error_message(code, buf, sizeof(buf)) < 0)
		snprintf((char *)buf, sizeof(buf), "pcre2 error %d", code);
	if (with_offset)
		return xasprintf("%s at offset %zu: %s", what, offset,
				 (const char *)buf);
	return xasprintf("%s: %s", what, (const char *)buf);
}

int
match_jit_available(void)
{
	uint32_t jit = 0;

	return pcre2_config(PCRE2_CONFIG_JIT, &jit) >= 0 && jit;
}

/* The pattern source holds nothing whose meaning depends on text
 * outside the match: see match_is_local(). */
static int
source_is_local(const char *s, size_t len, unsigned flags)
{
	int in_class = 0;

	for (size_t i = 0; i < len; i++) {
		char c = s[i];

		if (c == '\\') {
			if (++i < len && !in_class &&
			    strchr("AzZGQ", s[i]) != NULL)
				return 0;	/* anchors; \Q...\E: give up */
			continue;
		}
		if (in_class) {
			if (c == ']' && !(in_class == 1 && s[i - 1] == '['))
				in_class = 0;
			else
				in_class++;
			continue;
		}
		if (c == '[') {
			in_class = 1;
			if (i + 1 < len && s[i + 1] == '^')
				i++;
			continue;
		}
		if (c == '(' && i + 1 < len && (s[i + 1] == '*' ||
		    (s[i + 1] == '?' && i + 2 < len && s[i + 2] != ':' &&
		     s[i + 2] != '<' && s[i + 2] != '\'' && s[i + 2] != 'P')))
			return 0;	/* verbs, lookaheads, inline options */
		if (c == '(' && i + 3 < len && s[i + 1] == '?' &&
		    s[i + 2] == '<' && (s[i + 3] == '=' || s[i + 3] == '!'))
			return 0;	/* lookbehinds */
		if ((c == '^' || c == '$') && !(flags & MATCH_MULTILINE))
			return 0;
	}
	return 1;
}

int
match_is_local(const struct match_pattern *p)
{
	return p->local;
}

const struct prefilter *
match_prefilter(const struct match_pattern *p)
{
	return p->pf;
}

int
match_compile(const char *pattern, size_t len, unsigned flags,
	      struct match_pattern **pat_out, char **err_out)
{
	uint32_t opts = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;
	struct match_pattern *p = NULL;
	PCRE2_SIZE erroff = 0;
	int errcode = 0, rc = LKB_OK;

	*pat_out = NULL;
	*err_out = NULL;
	if (flags & MATCH_CASELESS)
		opts |= PCRE2_CASELESS;
	if (flags & MATCH_EXTENDED)
		opts |= PCRE2_EXTENDED;
	if (flags & MATCH_DOTALL)
		opts |= PCRE2_DOTALL;
	if (flags & MATCH_MULTILINE)
		opts |= PCRE2_MULTILINE;
	p = xcalloc(1, sizeof(*p));
	p->code = pcre2_compile((PCRE2_SPTR)pattern, len, opts, &errcode,
				&erroff, NULL);
	if (!p->code) {
		*err_out = pcre2_message(errcode, "cannot compile pattern",
					 erroff, 1);
		rc = LKB_ERR_PARSE;
		goto out;
	}
	/* JIT is an optimisation: the interpreter is the fallback */
	if (match_jit_available() &&
	    pcre2_jit_compile(p->code, PCRE2_JIT_COMPLETE) == 0) {
		p->jit = 1;
		p->jit_stack = pcre2_jit_stack_create(32 * 1024, 1024 * 1024,
						      NULL);
	}
	p->md = pcre2_match_data_create_from_pattern(p->code, NULL);
	p->mctx = pcre2_match_context_create(NULL);
	if (!p->md || !p->mctx)
		LKB_BUG("pcre2 out of memory");
	p->local = !(flags & MATCH_EXTENDED) &&
		   source_is_local(pattern, len, flags);
	if (!(flags & MATCH_EXTENDED))
		p->pf = prefilter_compile(pattern, len);
	pcre2_set_match_limit(p->mctx, LKB_PCRE2_MATCH_LIMIT);
	pcre2_set_depth_limit(p->mctx, LKB_PCRE2_DEPTH_LIMIT);
	if (p->jit_stack)
		pcre2_jit_stack_assign(p->mctx, NULL, p->jit_stack);
	pcre2_pattern_info(p->code, PCRE2_INFO_NAMECOUNT, &p->name_count);
	pcre2_pattern_info(p->code, PCRE2_INFO_NAMEENTRYSIZE, &p->name_entry);
	pcre2_pattern_info(p->code, PCRE2_INFO_NAMETABLE, &p->name_table);
out:
	if (rc == LKB_OK)
		*pat_out = p;
	else
		match_free(p);
	return rc;
}

void
match_free(struct match_pattern *p)
{
	if (!p)
		return;
	pcre2_match_data_free(p->md);
	pcre2_match_context_free(p->mctx);
	pcre2_jit_stack_free(p->jit_stack);
	pcre2_code_free(p->code);
	free(p->pf);
	free(p);
}

int
match_exec(struct match_pattern *p, const char *subject, size_t len,
	   size_t start, char **err_out)
{
	int rc;

	*err_out = NULL;
	p->matched = 0;
	if (start > len)
		return 0;
	/* the JIT's own entry skips pcre2_match's checks of the options
	 * and the subject; PCRE2_MATCH_INVALID_UTF code needs no UTF check */
	if (p->jit)
		rc = pcre2_jit_match(p->code,
				     (PCRE2_SPTR)(subject ? subject : ""), len,
				     start, 0, p->md, p->mctx);
	else
		rc = pcre2_match(p->code, (PCRE2_SPTR)(subject ? subject : ""),
				 len, start, 0, p->md, p->mctx);
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	if (rc < 0) {
		*err_out = pcre2_message(rc, "match failed", 0, 0);
		return LKB_ERR;
	}
	p->matched = 1;
	return 1;
}

int
match_group(const struct match_pattern *p, unsigned n, size_t *so_out,
	    size_t *eo_out)
{
	PCRE2_SIZE *ov;

	if (!p->matched || n >= pcre2_get_ovector_count(p->md))
		return 0;
	ov = pcre2_get_ovector_pointer(p->md);
	if (ov[2 * n] == PCRE2_UNSET || ov[2 * n + 1] < ov[2 * n])
		return 0;	/* unset, or \K games */
	*so_out = ov[2 * n];
	*eo_out = ov[2 * n + 1];
	return 1;
}

size_t
match_name_count(const struct match_pattern *p)
{
	return p->name_count;
}

const char *
match_name_at(const struct match_pattern *p, size_t i, unsigned *group_out)
{
	PCRE2_SPTR e;

	if (i >= p->name_count)
		return NULL;
	e = p->name_table + i * p->name_entry;
	*group_out = ((unsigned)e[0] << 8) | e[1];
	return (const char *)(e + 2);
}
