/* lkp_command.c - parse `#lkp` commands (grammar in lkp_command.h). */
#include "config.h"
#include "parsers/lkp_command.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "parsers/git_trailers.h"
#include "parsers/reply-internal.h"

/* The verb table, indexed by enum lkp_verb, in `#lkp help` order. A
 * new verb is a row here (and its enum value); what it does is its
 * effect (bot/triage/lifecycle.c), a request kind for a request
 * (bot/triage/command.c). Aliases are misspellings people really
 * type. */
static const char *const help_aliases[] = { "hlep", NULL };
static const char *const status_aliases[] = {
	"satus", "stauts", "statsu", NULL,	/* letters swapped, dropped */
};
static const char *const compare_series_aliases[] = {
	"compareseries", "compare_series", "series", NULL,
};
static const char *const retest_aliases[] = { "re-test", "rerun", NULL };
static const char *const fixed_by_aliases[] = {
	"fixedby", "fixed_by", "fixed-in", NULL,	/* "fixed in <sha>" */
};
static const char *const fix_of_aliases[] = { "fixof", "fix_of", NULL };
static const char *const dup_of_aliases[] = {
	"dup", "dupof", "dup_of", "duplicate", "duplicate-of", "duplicate_of",
	NULL,
};
static const char *const reopen_aliases[] = { "re-open", NULL };

static const struct lkp_verb_info verbs[LKP_CMD__COUNT] = {
	[LKP_CMD_UNKNOWN] = { .name = "unknown", .tier = LKP_TIER_ASK },
	[LKP_CMD_HELP] = {
		.name = "help", .aliases = help_aliases,
		.tier = LKP_TIER_ANYONE, .effect = LKP_DO_HELP,
		.synopsis = "help", .help = "this text",
	},
	[LKP_CMD_STATUS] = {
		.name = "status", .aliases = status_aliases,
		.tier = LKP_TIER_ANYONE, .effect = LKP_DO_STATUS,
		.synopsis = "status", .help = "state and history of the report",
	},
	[LKP_CMD_COMPARE] = {
		.name = "compare", .args = LKP_ARGS_SHAS,
		.tier = LKP_TIER_ASK, .effect = LKP_DO_REQUEST,
		.synopsis = "compare SHA SHA [SHA...]",
		.help = "compare lkp results of commits",
	},
	[LKP_CMD_COMPARE_SERIES] = {
		.name = "compare-series",
		.aliases = compare_series_aliases,
		.args = LKP_ARGS_RANGE,
		.tier = LKP_TIER_ASK, .effect = LKP_DO_REQUEST,
		.synopsis = "compare-series [BASE..HEAD]",
		.help = "compare a whole patch series",
	},
	[LKP_CMD_RETEST] = {
		.name = "retest", .aliases = retest_aliases,
		.args = LKP_ARGS_SHA_OPT,
		.tier = LKP_TIER_ASK, .effect = LKP_DO_REQUEST,
		.synopsis = "retest [SHA]", .help = "queue the test again",
	},
	[LKP_CMD_TEST] = {
		.name = "test", .args = LKP_ARGS_GIT_OPT,
		.tier = LKP_TIER_ASK, .effect = LKP_DO_REQUEST,
		.synopsis = "test [GIT-URL REF]",
		.help = "test this mail's patch, or REF of GIT-URL",
	},
	[LKP_CMD_CLOSE] = {
		.name = "close", .args = LKP_ARGS_TEXT,
		.tier = LKP_TIER_MAINTAINER, .effect = LKP_DO_CLOSE,
		.synopsis = "close [reason]",
		.help = "close the report (maintainers)",
		.cli = { "close", "lkpbot close [--reason R] REPORT [TEXT...]   "
			 "(R: fixed, fix-of-earlier-race, accepted-tradeoff, "
			 "not-reproducible, invalid, duplicate, superseded)",
			 "close a report (maintainers; twin of #lkp close)",
			 1, 60, 1 },
	},
	[LKP_CMD_INVALID] = {
		.name = "invalid", .args = LKP_ARGS_TEXT,
		.tier = LKP_TIER_MAINTAINER, .effect = LKP_DO_CLOSE,
		.reason = CR_INVALID,
		.synopsis = "invalid [why]",
		.help = "close as invalid (maintainers)",
		.cli = { "invalid", "lkpbot invalid REPORT [WHY...]",
			 "close a report as invalid (#lkp invalid)", 1, 60, 0 },
	},
	[LKP_CMD_FIXED_BY] = {
		.name = "fixed-by",
		.aliases = fixed_by_aliases,
		.args = LKP_ARGS_SHA,
		.tier = LKP_TIER_MAINTAINER, .effect = LKP_DO_CLOSE,
		.reason = CR_FIXED,
		.synopsis = "fixed-by SHA", .help = "the fix is SHA (maintainers)",
		.cli = { "fixed-by", "lkpbot fixed-by REPORT SHA",
			 "close a report as fixed by a commit (#lkp fixed-by)",
			 2, 2, 0 },
	},
	[LKP_CMD_FIX_OF] = {
		.name = "fix-of", .aliases = fix_of_aliases,
		.args = LKP_ARGS_SHA,
		.tier = LKP_TIER_MAINTAINER, .effect = LKP_DO_CLOSE,
		.reason = CR_FIX_OF_EARLIER_RACE,
		.synopsis = "fix-of SHA",
		.help = "the reported commit fixes SHA",
		.cli = { "fix-of", "lkpbot fix-of REPORT SHA",
			 "close: the commit fixes an earlier bug (#lkp fix-of)",
			 2, 2, 0 },
	},
	[LKP_CMD_DUP_OF] = {
		.name = "dup-of",
		.aliases = dup_of_aliases,
		.args = LKP_ARGS_TARGET,
		.tier = LKP_TIER_MAINTAINER, .effect = LKP_DO_DUP,
		.reason = CR_DUPLICATE,
		.synopsis = "dup-of REPORT", .help = "duplicate of another report",
		.cli = { "dup", "lkpbot dup REPORT OTHER",
			 "mark a report a duplicate of another (#lkp dup-of)",
			 2, 2, 0 },
	},
	[LKP_CMD_REOPEN] = {
		.name = "reopen", .aliases = reopen_aliases,
		.tier = LKP_TIER_MAINTAINER, .effect = LKP_DO_REOPEN,
		.synopsis = "reopen", .help = "open the report again",
		.cli = { "reopen", "lkpbot reopen REPORT",
			 "open a closed report again (#lkp reopen)", 1, 1, 0 },
	},
	[LKP_CMD_ACCEPT] = {
		.name = "accept", .args = LKP_ARGS_EVENT,
		.tier = LKP_TIER_MAINTAINER, .effect = LKP_DO_REVIEW,
		.synopsis = "accept EVENT",
		.help = "apply an event lkpbot was unsure of",
	},
	[LKP_CMD_REJECT] = {
		.name = "reject", .args = LKP_ARGS_EVENT,
		.tier = LKP_TIER_MAINTAINER, .effect = LKP_DO_REVIEW,
		.synopsis = "reject EVENT",
		.help = "such an event changes nothing",
	},
	[LKP_CMD_TOO_MANY] = { .name = "too-many", .tier = LKP_TIER_ASK },
};

const struct lkp_verb_info *
lkp_verb_info(enum lkp_verb v)
{
	return &verbs[(unsigned)v < LKP_CMD__COUNT ? v : LKP_CMD_UNKNOWN];
}

enum lkp_verb
lkp_verb_by_cli(const char *name)
{
	for (int i = 0; i < LKP_CMD__COUNT; i++)
		if (verbs[i].cli.name && !strcmp(verbs[i].cli.name, name))
			return (enum lkp_verb)i;
	return LKP_CMD_UNKNOWN;
}

const char *
lkp_verb_name(enum lkp_verb v)
{
	return (unsigned)v < LKP_CMD__COUNT ? verbs[v].name : "?";
}

int
lkp_verb_changes_state(enum lkp_verb v)
{
	return lkp_verb_info(v)->tier == LKP_TIER_MAINTAINER;
}

int
lkp_is_sha(const char *s, size_t len)
{
	return git_is_hex(s, len, 7, 40);
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
		if (strlen(verbs[i].name) == n && rl_prefix_ci(v, n, verbs[i].name))
			return (enum lkp_verb)i;
	for (int i = LKP_CMD_HELP; i < LKP_CMD_TOO_MANY; i++)
		for (size_t j = 0; verbs[i].aliases && verbs[i].aliases[j]; j++)
			if (strlen(verbs[i].aliases[j]) == n &&
			    rl_prefix_ci(v, n, verbs[i].aliases[j])) {
				*alias_out = 1;
				return (enum lkp_verb)i;
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
					       verbs[c->verb].name);
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

/* accept, reject: one event number as `lkpbot review` shows it. */
static void
parse_event(struct arena *a, struct lkp_command *c, struct cursor *cur)
{
	const char *t;
	size_t n, i;

	if (!next_token(cur, &t, &n)) {
		c->error = arena_printf(a, "%s needs the event's number "
					"(lkpbot review lists them)",
					lkp_verb_name(c->verb));
		return;
	}
	if (n && t[0] == '#') {
		t++;
		n--;
	}
	for (i = 0; i < n && LKB_ISDIGIT(t[i]); i++)
		;
	if (!n || i != n || n > 18 || t[0] == '0') {
		c->error = arena_printf(a, "'%.*s' is no event number (lkpbot "
					"review lists them)",
					(int)(n > 40 ? 40 : n), t);
		return;
	}
	c->target = arena_memdup0(a, t, n);
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

/* A git URL lkpbot may hand to git fetch after "--": a scheme it may
 * allow ([git] fetch_schemes checks which), then only URL characters;
 * never an option, a quote, a blank or "ext::"-style transport. */
static int
is_git_url(const char *s, size_t n)
{
	static const char *const schemes[] = { "https://", "git://",
					       "file://" };
	int ok = 0;

	for (size_t i = 0; i < LKB_ARRAY_SIZE(schemes); i++)
		ok |= n > strlen(schemes[i]) && rl_prefix_ci(s, n, schemes[i]);
	if (!ok || n > LKB_MAX_GIT_URL)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!LKB_ISALNUM(s[i]) && !strchr("-._~:/@%+=", s[i]))
			return 0;
	return 1;
}

/* test [<git-url> <branch-or-sha>]: a first word that is no URL (the
 * mail's own words after the verb) leaves the mail's patch to test. */
static void
parse_git(struct arena *a, struct lkp_command *c, struct cursor *cur)
{
	const char *t, *r;
	size_t n, rn;

	if (!next_token(cur, &t, &n) || !memmem(t, n, "://", 3))
		return;
	if (!is_git_url(t, n)) {
		c->error = arena_printf(a, "'%.*s' is not a git URL lkpbot "
					"fetches (https:// or git://, no "
					"blanks or quotes)",
					(int)(n > 60 ? 60 : n), t);
		return;
	}
	if (!next_token(cur, &r, &rn) || !is_commitish(r, rn)) {
		c->error = "test <git-url> needs a branch, tag or commit sha "
			   "after the URL";
		return;
	}
	c->url = arena_memdup0(a, t, n);
	c->ref = arena_memdup0(a, r, rn);
}

static void
parse_args(struct arena *a, struct lkp_command *c, struct cursor *cur)
{
	const struct lkp_verb_info *vi = lkp_verb_info(c->verb);
	const char *err = NULL;

	c->reason = vi->reason;
	switch (vi->args) {
	case LKP_ARGS_TEXT:
		c->arg = rest_text(a, cur);
		if (vi->reason == CR_NONE)
			c->reason = reason_of(c->arg, &err);
		c->error = err;
		break;
	case LKP_ARGS_SHA:
	case LKP_ARGS_SHA_OPT:
		parse_sha_arg(a, c, cur, vi->args == LKP_ARGS_SHA);
		break;
	case LKP_ARGS_SHAS:
		parse_compare(a, c, cur);
		break;
	case LKP_ARGS_RANGE:
		parse_series(a, c, cur);
		break;
	case LKP_ARGS_TARGET:
		parse_target(a, c, cur);
		break;
	case LKP_ARGS_EVENT:
		parse_event(a, c, cur);
		break;
	case LKP_ARGS_GIT_OPT:
		parse_git(a, c, cur);
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
