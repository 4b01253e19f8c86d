/* rules_file.h - the natural-language rules file (lkpbot-rules(5)).
 *
 * Line oriented; '#' starts a comment line; leading blanks are ignored.
 *
 *   lkp-domain intel.com        authors at this domain (or a subdomain)
 *                               count as LKP people (repeatable)
 *   lkp-name Yin Fengwei        so does this display name, for scraped
 *                               mail without an address (repeatable)
 *
 *   rule NAME                   starts a rule; NAME is [A-Za-z0-9_.-]+
 *     event TYPE                required: ack, fix-proposed, ... (the
 *                               vocabulary of reply.h, except command)
 *     match /PCRE2/FLAGS        required, repeatable: the rule fires when
 *                               any of them matches one block of text
 *     require /PCRE2/FLAGS      must also match somewhere in the scope
 *     unless /PCRE2/FLAGS       must not match in the block that matched
 *     forbid /PCRE2/FLAGS       must not match anywhere in the scope
 *     evidence-also /PCRE2/FLAGS  every other line of the scope matching
 *                               it is kept as extra evidence
 *     capture NAME = N          keep group N of the match as NAME
 *                               (named groups (?<NAME>...) of match and
 *                               require patterns are kept anyway)
 *     reason REASON             close reason (event close only)
 *     confidence LEVEL          how sure the rule is: high (default),
 *                               medium, low or a number 0..1; events
 *                               below [triage] auto_confidence wait in
 *                               the review queue instead of changing
 *                               the report's state
 *     from-lkp | not-from-lkp   only for / never for LKP authors
 *     from ROLE...              only for authors of one of these roles:
 *                               lkp, maintainer, patch-author, bot, other
 *     not-from ROLE...          never for authors of any of them
 *     if CONTEXT...             only where all of these hold: patch (the
 *                               reply carries a patch, inline or
 *                               attached), answers-robot (its parent is
 *                               the robot's mail), answers-retest (its
 *                               parent asks for a retest)
 *     if-not CONTEXT...         only where none of them holds
 *     in authored | patch       what is searched (default: authored)
 *
 * A pattern is everything between the first and the last '/' of the
 * value (so '/' needs no escape); FLAGS are i (caseless), x (extended),
 * s (dot matches newline), m (^ and $ at line ends). Patterns stay
 * uncompiled here; bot/triage/rules.c compiles them. Errors name file:line.
 */
#ifndef LKB_PARSERS_RULES_FILE_H
#define LKB_PARSERS_RULES_FILE_H

#include <stddef.h>

#include "lib/arena.h"
#include "lib/compiler.h"
#include "parsers/reply.h"

enum rule_pattern_flag {
	RULE_PAT_CASELESS = 1u << 0,
	RULE_PAT_EXTENDED = 1u << 1,
	RULE_PAT_DOTALL = 1u << 2,
	RULE_PAT_MULTILINE = 1u << 3,
};

struct rule_pattern {
	const char *text;	/* NUL-terminated, without the slashes */
	size_t len;
	unsigned flags;		/* enum rule_pattern_flag bits */
	unsigned line;		/* line number in the file */
};

struct rule_capture {
	const char *name;
	unsigned group;
};

enum rule_scope { RULE_SCOPE_AUTHORED, RULE_SCOPE_PATCH, RULE_SCOPE__COUNT };

/* Who wrote a reply (`from`, `not-from`): bits. */
enum rule_role {
	RULE_ROLE_LKP = 1u << 0,	/* [bot] lkp_team */
	RULE_ROLE_MAINTAINER = 1u << 1,	/* [bot] maintainers */
	RULE_ROLE_PATCH_AUTHOR = 1u << 2,	/* the report's addressee */
	RULE_ROLE_BOT = 1u << 3,	/* [bot] bots */
	RULE_ROLE_OTHER = 1u << 4,	/* none of the above */
};

/* Where a reply stands (`if`, `if-not`): bits. */
enum rule_context {
	RULE_CTX_PATCH = 1u << 0,		/* carries a patch */
	RULE_CTX_ANSWERS_ROBOT = 1u << 1,	/* parent: the robot's mail */
	RULE_CTX_ANSWERS_RETEST = 1u << 2,	/* parent asks for a retest */
};

/* Static names of the role and context bits ("patch-author"), or NULL
 * past the last; bit i names 1u << i. */
const char *rule_role_name(unsigned i);
const char *rule_context_name(unsigned i);

struct rule_spec {
	const char *name;
	unsigned line;
	enum reply_event_type event;
	enum close_reason reason;	/* CR_NONE unless given */
	double confidence;		/* 0..1; REPLY_CONF_HIGH unless given */
	int from_lkp;			/* 1 only LKP, -1 never LKP, 0 any */
	unsigned from_roles;		/* enum rule_role bits; 0: anyone */
	unsigned not_from_roles;	/* enum rule_role bits */
	unsigned if_ctx, if_not_ctx;	/* enum rule_context bits */
	enum rule_scope scope;
	struct rule_pattern *match, *require, *unless, *forbid, *evidence;
	size_t nmatch, nrequire, nunless, nforbid, nevidence;
	struct rule_capture *captures;
	size_t ncaptures;
};

struct rule_file {
	const char *name;		/* as given to rules_file_parse */
	struct rule_spec *rules;
	size_t nrules;
	const char **lkp_domains;
	size_t nlkp_domains;
	const char **lkp_names;
	size_t nlkp_names;
};

/* Parse a rules file held in text (len bytes; name is used in errors).
 * On success *rf_out lives in a. On failure returns LKB_ERR_PARSE (or
 * LKB_ERR_TOO_BIG) and *err_out, allocated in a, reads
 * "NAME:LINE: what is wrong". */
int rules_file_parse(struct arena *a, const char *text, size_t len,
		     const char *name, struct rule_file **rf_out,
		     const char **err_out) LKB_WARN_UNUSED;

#endif
