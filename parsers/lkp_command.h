/* lkp_command.h - the `#lkp` command language (doc/design.md section 4).
 *
 *   #lkp VERB [ARGUMENTS]     e.g. "#lkp fixed-by <sha>", "#lkp status"
 *
 * The verbs and their arguments are the rows of the verb table in
 * lkp_command.c (documented in lkpbot(1), MAIL COMMANDS).
 *
 * A command starts an AUTHORED line (after optional blanks): never a
 * quoted line, a signature or an inline patch. "#lkp" is matched without
 * regard to case and may be written "#lkp:"; the verb may end in ':'.
 * Common misspellings of verbs are accepted through a small alias table
 * and reported in `alias`. A <sha> is 7 to 40 hex digits; a compare-series
 * end is a sha or a ref name ([A-Za-z0-9._/+-], not starting with '-').
 * Syntax errors give a record with `error` set, never a failure.
 * Every verb is one row of the verb table in lkp_command.c: name,
 * aliases, argument syntax, tier, effect, its `#lkp help` line and its
 * command-line twin; the help mail and the CLI twins are made from it.
 * At most LKB_MAX_COMMANDS commands are honoured per mail; when there are
 * more, one extra record with verb LKP_CMD_TOO_MANY carries the error.
 */
#ifndef LKB_PARSERS_LKP_COMMAND_H
#define LKB_PARSERS_LKP_COMMAND_H

#include <stddef.h>

#include "lib/arena.h"
#include "lib/compiler.h"
#include "parsers/reply.h"

/* The verbs, in the order `#lkp help` lists them. Each has its row in
 * the verb table of lkp_command.c (struct lkp_verb_info). */
enum lkp_verb {
	LKP_CMD_UNKNOWN,	/* not a verb we know: see error */
	LKP_CMD_HELP,
	LKP_CMD_STATUS,
	LKP_CMD_COMPARE,
	LKP_CMD_COMPARE_SERIES,
	LKP_CMD_RETEST,
	LKP_CMD_TEST,		/* the mail's patch on the culprit */
	LKP_CMD_CLOSE,
	LKP_CMD_INVALID,
	LKP_CMD_FIXED_BY,
	LKP_CMD_FIX_OF,
	LKP_CMD_DUP_OF,
	LKP_CMD_REOPEN,
	LKP_CMD_ACCEPT,		/* an event of the review queue */
	LKP_CMD_REJECT,
	LKP_CMD_TOO_MANY,	/* synthetic: more than LKB_MAX_COMMANDS */
	LKP_CMD__COUNT
};

/* What follows the verb. */
enum lkp_verb_args {
	LKP_ARGS_NONE,		/* nothing (anything written is ignored) */
	LKP_ARGS_TEXT,		/* free text, kept in arg */
	LKP_ARGS_SHA,		/* one commit sha */
	LKP_ARGS_SHA_OPT,	/* at most one commit sha */
	LKP_ARGS_SHAS,		/* two to LKB_MAX_COMPARE_COMMITS shas */
	LKP_ARGS_RANGE,		/* [<base>..<head>] */
	LKP_ARGS_TARGET,	/* a report id or a message-id */
	LKP_ARGS_EVENT,		/* an event number (lkpbot review) */
	LKP_ARGS_GIT_OPT,	/* [<git-url> <branch-or-sha>]: a first
				 * word without "://" is ignored */
	LKP_ARGS__COUNT
};

/* Who may give the verb (the tiers of bot/triage/lifecycle.h). */
enum lkp_verb_tier {
	LKP_TIER_ANYONE,	/* help, status */
	LKP_TIER_ASK,		/* the report's recipients, the LKP team */
	LKP_TIER_MAINTAINER,	/* changes the report's state */
	LKP_TIER__COUNT
};

/* What the verb does (bot/triage/lifecycle.c, bot/triage/decide.c). */
enum lkp_verb_effect {
	LKP_DO_ERROR,		/* unknown, too many: an error answer */
	LKP_DO_HELP,		/* answered with the verb list */
	LKP_DO_STATUS,		/* answered with state and history */
	LKP_DO_REQUEST,		/* a request for the requests stage */
	LKP_DO_CLOSE,		/* closed with the row's (or arg's) reason */
	LKP_DO_DUP,		/* closed as a duplicate of target */
	LKP_DO_REOPEN,		/* a closed report opened again */
	LKP_DO_REVIEW,		/* an event of the review queue decided */
	LKP_DO__COUNT
};

/* A verb's twin on the command line, `lkpbot NAME REPORT [ARGS]`
 * (bot/cmd/state.c); name NULL when it has none. */
struct lkp_verb_cli {
	const char *name;	/* "dup" */
	const char *usage;	/* the usage line */
	const char *summary;	/* its line in `lkpbot help` */
	int min_args, max_args;	/* operands, REPORT included */
	int reason_opt;		/* takes --reason R, written first */
};

/* One row of the verb table: everything about a verb but its effect's
 * code. */
struct lkp_verb_info {
	const char *name;		/* "fixed-by" */
	const char *const *aliases;	/* misspellings; NULL-terminated */
	enum lkp_verb_args args;
	enum lkp_verb_tier tier;
	enum lkp_verb_effect effect;
	enum close_reason reason;	/* LKP_DO_CLOSE: CR_NONE = named by
					 * the text's first word */
	const char *synopsis;		/* `#lkp help`: "fixed-by SHA" */
	const char *help;		/* `#lkp help`: what it does */
	struct lkp_verb_cli cli;
};

struct lkp_command {
	enum lkp_verb verb;
	size_t line;		/* index into reply->lines; 0 for one line */
	const char *text;	/* the command line as written, trimmed */
	const char *alias;	/* the verb as written when it was an alias */
	const char *arg;	/* close reason text / invalid why, or NULL */
	enum close_reason reason; /* close: reason named by arg's first word
				   * (CR_ACCEPTED_TRADEOFF when none) */
	const char **shas;	/* fixed-by, fix-of, retest, compare */
	size_t nshas;
	const char *base;	/* compare-series range, NULL when absent */
	const char *head;
	const char *target;	/* dup-of: report id or message id (no <>);
				 * accept, reject: the event number */
	const char *url;	/* test: the git URL (https://, git://,
				 * file://), NULL when absent */
	const char *ref;	/* test: the branch, tag or sha at url */
	const char *error;	/* syntax error, NULL when well-formed */
};

struct lkp_command_list {
	struct lkp_command *cmds;	/* honoured ones, plus TOO_MANY */
	size_t n;
	size_t seen;			/* command lines in the mail */
};

/* Parse one line. Returns 1 and fills *cmd_out (allocated in a) when the
 * line is a command (well-formed or not), 0 when it is not a command. */
int lkp_command_parse_line(struct arena *a, const char *line, size_t len,
			   struct lkp_command *cmd_out);

/* Every command in the authored lines of r. *list_out lives in a.
 * Returns LKB_OK. */
int lkp_command_parse_reply(struct arena *a, const struct reply *r,
			    struct lkp_command_list *list_out) LKB_WARN_UNUSED;

/* The verb's row; never NULL (an out-of-range verb gets UNKNOWN's). */
const struct lkp_verb_info *lkp_verb_info(enum lkp_verb v);
/* The verb whose command-line twin is name; LKP_CMD_UNKNOWN if none. */
enum lkp_verb lkp_verb_by_cli(const char *name);
/* Static verb name ("fixed-by"); never NULL. */
const char *lkp_verb_name(enum lkp_verb v);
/* Does the verb change a report's state (maintainers only)? */
int lkp_verb_changes_state(enum lkp_verb v);
/* Is s (len bytes) a sha: 7 to 40 hex digits? */
int lkp_is_sha(const char *s, size_t len);

#endif
