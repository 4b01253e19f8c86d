/* lkp_command.c - parse `#lkp` commands (grammar in lkp_command.h). */
#include "config.h"
#include "parsers/lkp_command.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "parsers/reply-internal.h"

static const char *const verb_names[LKP_CMD__COUNT] = {
	"unknown", "help", "status", "close", "invalid", "fixed-by", "fix-of",
	"dup-of", "reopen", "compare-series", "compare", "retest", "too-many",
};
_Static_assert(LKB_ARRAY_SIZE(verb_names) == LKP_CMD__COUNT,
	       "verb_names out of step with enum lkp_verb");

/* Misspellings people really type, mapped to the verb they meant. */
static const struct {
	const char *alias;
	enum lkp_verb verb;
} aliases[] = {
	{ "fixedby", LKP_CMD_FIXED_BY },	/* hyphen dropped */
	{ "fixed_by", LKP_CMD_FIXED_BY },	/* underscore for hyphen */
	{ "fixed-in", LKP_CMD_FIXED_BY },	/* "fixed in <sha>" habit */
	{ "fixof", LKP_CMD_FIX_OF },
	{ "fix_of", LKP_CMD_FIX_OF },
	{ "dup", LKP_CMD_DUP_OF },		/* bugzilla habit */
	{ "dupof", LKP_CMD_DUP_OF },
	{ "dup_of", LKP_CMD_DUP_OF },
	{ "duplicate", LKP_CMD_DUP_OF },
	{ "duplicate-of", LKP_CMD_DUP_OF },
	{ "duplicate_of", LKP_CMD_DUP_OF },
	{ "re-open", LKP_CMD_REOPEN },
	{ "compareseries", LKP_CMD_COMPARE_SERIES },
	{ "compare_series", LKP_CMD_COMPARE_SERIES },
	{ "series", LKP_CMD_COMPARE_SERIES },
	{ "satus", LKP_CMD_STATUS },		/* transposed/dropped letters */
	{ "stauts", LKP_CMD_STATUS },
	{ "statsu", LKP_CMD_STATUS },
	{ "re-test", LKP_CMD_RETEST },
	{ "rerun", LKP_CMD_RETEST },
	{ "hlep", LKP_CMD_HELP },
};

const char *
lkp_verb_name(enum lkp_verb v)
{
	return (unsigned)v < LKP_CMD__COUNT ? verb_names[v] : "?";
}

int
lkp_verb_changes_state(enum lkp_verb v)
{
	return v == LKP_CMD_CLOSE || v == LKP_CMD_INVALID ||
	       v == LKP_CMD_FIXED_BY || v == LKP_CMD_FIX_OF ||
	       v == LKP_CMD_DUP_OF || v == LKP_CMD_REOPEN;
}

int
lkp_is_sha(const char *s, size_t len)
{
	if (len < 7 || len > 40)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!LKB_ISXDIGIT(s[i]))
			return 0;
	return 1;
}

/* A ref name safe to hand to git: no leading '-', no "..". */
static int
is_commitish(const char *s, size_t len)
{
	if (!len || len > 255 || s[0] == '-' || s[0] == '.' ||
	    s[len - 1] == '.')
		return 0;
	for (size_t i = 0; i < len; i++) {
		if (!(LKB_ISALNUM(s[i]) || strchr("._/+-", s[i]) != NULL) ||
		    !s[i])
			return 0;
		if (i && s[i] == '.' && s[i - 1] == '.')
			return 0;
	}
	return 1;
}

struct cursor {
	const char *p, *end;
};

/* Next blank-separated token, trailing ".,;:" dropped; 0 at the end. */
static int
next_token(struct cursor *c, const char **tok_out, size_t *len_out)
{
	const char *t;
	size_t n;

	while (c->p < c->end && LKB_ISSPACE(*c->p))
		c->p++;
	if (c->p >= c->end)
		return 0;
	t = c->p;
	while (c->p < c->end && !LKB_ISSPACE(*c->p))
		c->p++;
	n = (size_t)(c->p - t);
	while (n > 1 && strchr(".,;:", t[n - 1]))
		n--;
	*tok_out = t;
	*len_out = n;
	return 1;
}

static const char *
rest_text(struct arena *a, struct cursor *c)
{
	const char *p = c->p, *e = c->end;

	while (p < e && LKB_ISSPACE(*p))
		p++;
	while (e > p && LKB_ISSPACE(e[-1]))
		e--;
	return e > p ? arena_memdup0(a, p, (size_t)(e - p)) : NULL;
}

static char *
lower_dup(struct arena *a, const char *s, size_t n)
{
	char *d = arena_memdup0(a, s, n);

	for (size_t i = 0; i < n; i++)
		d[i] = (char)LKB_TOLOWER(d[i]);
	return d;
}

static enum lkp_verb
find_verb(const char *v, size_t n, int *alias_out)
{
	*alias_out = 0;
	for (int i = LKP_CMD_HELP; i < LKP_CMD_TOO_MANY; i++)
		if (strlen(verb_names[i]) == n && rl_prefix_ci(v, n, verb_names[i]))
			return (enum lkp_verb)i;
	for (size_t i = 0; i < LKB_ARRAY_SIZE(aliases); i++)
		if (strlen(aliases[i].alias) == n &&
		    rl_prefix_ci(v, n, aliases[i].alias)) {
			*alias_out = 1;
			return aliases[i].verb;
		}
	return LKP_CMD_UNKNOWN;
}

/* The first word of a close reason, mapped to a close reason. */
static enum close_reason
reason_of(const char *arg, const char **err_out)
{
	static const struct {
		const char *word;
		enum close_reason reason;
	} words[] = {
		{ "fixed", CR_FIXED },
		{ "fix-of-earlier-race", CR_FIX_OF_EARLIER_RACE },
		{ "accepted-tradeoff", CR_ACCEPTED_TRADEOFF },
		{ "tradeoff", CR_ACCEPTED_TRADEOFF },
		{ "wontfix", CR_ACCEPTED_TRADEOFF },
		{ "not-reproducible", CR_NOT_REPRODUCIBLE },
		{ "unreproducible", CR_NOT_REPRODUCIBLE },
		{ "cannot-reproduce", CR_NOT_REPRODUCIBLE },
		{ "invalid", CR_INVALID },
		{ "superseded", CR_SUPERSEDED },
		{ "obsolete", CR_SUPERSEDED },
	};
	size_t n = 0;

	*err_out = NULL;
	if (!arg)
		return CR_ACCEPTED_TRADEOFF;
	while (arg[n] && !LKB_ISSPACE(arg[n]))
		n++;
	while (n > 1 && strchr(".,;:", arg[n - 1]))
		n--;
	if (rl_prefix_ci(arg, n, "dup")) {
		*err_out = "to close a duplicate, write '#lkp dup-of "
			   "<report-id|message-id>'";
		return CR_DUPLICATE;
	}
	for (size_t i = 0; i < LKB_ARRAY_SIZE(words); i++)
		if (strlen(words[i].word) == n && rl_prefix_ci(arg, n, words[i].word))
			return words[i].reason;
	return CR_ACCEPTED_TRADEOFF;
}

static void
parse_sha_arg(struct arena *a, struct lkp_command *c, struct cursor *cur,
	      int required)
{
	const char *t;
	size_t n;

	if (!next_token(cur, &t, &n)) {
		if (required)
			c->error = arena_printf(a, "%s needs a commit sha "
					       "(7 to 40 hex digits)",
					       verb_names[c->verb]);
		return;
	}
	if (!lkp_is_sha(t, n)) {
		c->error = arena_printf(a, "'%.*s' is not a commit sha (7 to 40 "
					   "hex digits)", (int)(n > 60 ? 60 : n), t);
		return;
	}
	c->shas = arena_calloc(a, 1, sizeof(*c->shas));
	c->shas[0] = lower_dup(a, t, n);
	c->nshas = 1;
}

static void
parse_compare(struct arena *a, struct lkp_command *c, struct cursor *cur)
{
	const char *t;
	size_t n;

	c->shas = arena_calloc(a, LKB_MAX_COMPARE_COMMITS, sizeof(*c->shas));
	while (next_token(cur, &t, &n)) {
		if (!lkp_is_sha(t, n)) {
			c->error = arena_printf(a, "'%.*s' is not a commit sha "
						   "(7 to 40 hex digits)",
						   (int)(n > 60 ? 60 : n), t);
			return;
		}
		if (c->nshas == LKB_MAX_COMPARE_COMMITS) {
			c->error = arena_printf(a, "compare takes at most %d "
						   "commits", LKB_MAX_COMPARE_COMMITS);
			return;
		}
		c->shas[c->nshas++] = lower_dup(a, t, n);
	}
	if (c->nshas < 2)
		c->error = "compare needs at least two commit shas";
}

static void
parse_series(struct arena *a, struct lkp_command *c, struct cursor *cur)
{
	const char *t, *dots;
	size_t n, bn;

	if (!next_token(cur, &t, &n))
		return;		/* the report's own series */
	dots = NULL;
	for (size_t i = 0; i + 1 < n && !dots; i++)
		if (t[i] == '.' && t[i + 1] == '.')
			dots = t + i;
	if (!dots || dots == t ||
	    !is_commitish(t, (bn = (size_t)(dots - t))) ||
	    !is_commitish(dots + 2, n - bn - 2)) {
		c->error = arena_printf(a, "'%.*s' is not a <base>..<head> range",
					(int)(n > 60 ? 60 : n), t);
		return;
	}
	c->base = arena_memdup0(a, t, bn);
	c->head = arena_memdup0(a, dots + 2, n - bn - 2);
}

static void
parse_target(struct arena *a, struct lkp_command *c, struct cursor *cur)
{
	const char *t, *s;
	size_t n, i;

	if (!next_token(cur, &t, &n)) {
		c->error = "dup-of needs a report id or a message-id";
		return;
	}
	if (rl_prefix_ci(t, n, "http://") || rl_prefix_ci(t, n, "https://")) {
		while (n && t[n - 1] == '/')
			n--;
		s = t + n;
		while (s > t && s[-1] != '/')
			s--;
		n -= (size_t)(s - t);
		t = s;
	}
	if (n && t[0] == '#') {
		t++;
		n--;
	}
	if (n >= 2 && t[0] == '<' && t[n - 1] == '>') {
		t++;
		n -= 2;
	}
	for (i = 0; i < n && LKB_ISDIGIT(t[i]); i++)
		;
	if (!n || n > 998 || (i != n && !memchr(t, '@', n)) ||
	    memchr(t, '<', n) || memchr(t, '>', n)) {
		c->error = arena_printf(a, "'%.*s' is neither a report id nor a "
					   "message-id", (int)(n > 60 ? 60 : n), t);
		return;
	}
	c->target = arena_memdup0(a, t, n);
}

static void
parse_args(struct arena *a, struct lkp_command *c, struct cursor *cur)
{
	const char *err;

	switch (c->verb) {
	case LKP_CMD_CLOSE:
		c->arg = rest_text(a, cur);
		c->reason = reason_of(c->arg, &err);
		c->error = err;
		break;
	case LKP_CMD_INVALID:
		c->arg = rest_text(a, cur);
		c->reason = CR_INVALID;
		break;
	case LKP_CMD_FIXED_BY:
	case LKP_CMD_FIX_OF:
		parse_sha_arg(a, c, cur, 1);
		c->reason = c->verb == LKP_CMD_FIXED_BY ? CR_FIXED :
							  CR_FIX_OF_EARLIER_RACE;
		break;
	case LKP_CMD_RETEST:
		parse_sha_arg(a, c, cur, 0);
		break;
	case LKP_CMD_COMPARE:
		parse_compare(a, c, cur);
		break;
	case LKP_CMD_COMPARE_SERIES:
		parse_series(a, c, cur);
		break;
	case LKP_CMD_DUP_OF:
		parse_target(a, c, cur);
		c->reason = CR_DUPLICATE;
		break;
	default:
		break;		/* help, status, reopen take no arguments */
	}
}

int
lkp_command_parse_line(struct arena *a, const char *line, size_t len,
		       struct lkp_command *cmd_out)
{
	struct cursor cur = { line, line + len };
	const char *v, *start;
	size_t vn;
	int alias;

	while (cur.p < cur.end && LKB_ISBLANK(*cur.p))
		cur.p++;
	start = cur.p;
	if (!rl_prefix_ci(cur.p, (size_t)(cur.end - cur.p), "#lkp"))
		return 0;
	cur.p += 4;
	if (cur.p < cur.end && *cur.p == ':')
		cur.p++;
	else if (cur.p < cur.end && !LKB_ISSPACE(*cur.p))
		return 0;	/* "#lkpfoo" is not ours */
	memset(cmd_out, 0, sizeof(*cmd_out));
	while (cur.end > start && LKB_ISSPACE(cur.end[-1]))
		cur.end--;
	if ((size_t)(cur.end - start) > LKB_MAX_COMMAND_BYTES) {
		cmd_out->text = arena_memdup0(a, start, LKB_MAX_COMMAND_BYTES);
		cmd_out->error = arena_printf(a, "command longer than %d bytes",
					      LKB_MAX_COMMAND_BYTES);
		return 1;
	}
	cmd_out->text = arena_memdup0(a, start, (size_t)(cur.end - start));
	if (!next_token(&cur, &v, &vn)) {
		cmd_out->error = "no command after #lkp (try '#lkp help')";
		return 1;
	}
	cmd_out->verb = find_verb(v, vn, &alias);
	if (cmd_out->verb == LKP_CMD_UNKNOWN) {
		cmd_out->error = arena_printf(a, "unknown command '%.*s' "
					      "(try '#lkp help')",
					      (int)(vn > 60 ? 60 : vn), v);
		return 1;
	}
	if (alias)
		cmd_out->alias = arena_memdup0(a, v, vn);
	parse_args(a, cmd_out, &cur);
	return 1;
}

int
lkp_command_parse_reply(struct arena *a, const struct reply *r,
			struct lkp_command_list *list_out)
{
	size_t cursor = 0, n;
	const struct reply_line *l;
	struct lkp_command c, *extra;
	const char *p;

	memset(list_out, 0, sizeof(*list_out));
	list_out->cmds = arena_calloc(a, LKB_MAX_COMMANDS + 1,
				      sizeof(*list_out->cmds));
	while (reply_authored_lines(r, &cursor, &l)) {
		p = reply_line_text(r, cursor - 1, &n);
		while (n && LKB_ISBLANK(*p)) {
			p++;
			n--;
		}
		if (!n || *p != '#')
			continue;
		if (list_out->n == LKB_MAX_COMMANDS) {
			/* only count: parsing the rest would waste memory */
			if (rl_prefix_ci(p, n, "#lkp") &&
			    (n == 4 || p[4] == ':' || LKB_ISSPACE(p[4]))) {
				if (list_out->seen++ == LKB_MAX_COMMANDS)
					list_out->cmds[LKB_MAX_COMMANDS].line =
						cursor - 1;
			}
			continue;
		}
		if (!lkp_command_parse_line(a, p, n, &c))
			continue;
		c.line = cursor - 1;
		list_out->cmds[list_out->n++] = c;
		list_out->seen++;
	}
	if (list_out->seen > LKB_MAX_COMMANDS) {
		extra = &list_out->cmds[list_out->n++];
		extra->verb = LKP_CMD_TOO_MANY;
		extra->error = arena_printf(a, "too many commands: %zu in one "
					    "mail, only the first %d are carried "
					    "out", list_out->seen, LKB_MAX_COMMANDS);
	}
	return LKB_OK;
}
