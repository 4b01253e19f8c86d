/* rules.h - natural-language rules applied to a parsed reply.
 *
 * Rules (parsers/rules_file.h, lkpbot-rules(5)) are compiled once at
 * load. rules_apply() runs them in file order over the AUTHORED text of
 * a reply (or its inline patches for `in patch` rules), never over quoted
 * text, signatures or noise. Text is searched block by block, a block
 * being a run of consecutive authored lines joined with '\n', so a
 * sentence wrapped over two lines still matches (use \s+ between words).
 * Each event type is produced at most once per mail: the first rule in
 * file order that fires wins, so specific rules go before general ones.
 */
#ifndef LKB_BOT_TRIAGE_RULES_H
#define LKB_BOT_TRIAGE_RULES_H

#include <stddef.h>

#include "lib/arena.h"
#include "lib/compiler.h"
#include "parsers/lkp_command.h"
#include "parsers/reply.h"

struct rules;

struct rule_author {
	const char *name;	/* display name, or NULL */
	const char *addr;	/* local@domain, or NULL */
};

/* What the caller knows of a reply's place, for the rules' patch-author
 * role and `if` conditions (0/NULL: unknown). */
struct rule_place {
	const char *patch_author;	/* the report's addressee */
	unsigned context;		/* enum rule_context bits */
};

struct rule_value {
	const char *name;	/* capture name, e.g. "sha" */
	const char *value;
};

struct rule_event {
	enum reply_event_type type;
	const char *rule;	/* rule name; "#lkp" for commands */
	const char *evidence;	/* the matched line(s), trimmed */
	size_t line;		/* index in reply->lines of the first one */
	const char **extra;	/* evidence-also lines */
	size_t nextra;
	struct rule_value *values;
	size_t nvalues;
	enum close_reason reason;	/* close events; CR_NONE otherwise */
	double confidence;	/* 0..1: the rule's `confidence` line */
	const struct lkp_command *cmd;	/* command events only */
};

struct rule_events {
	struct rule_event *ev;
	size_t n;
};

/* Load and compile a rules file. On failure returns LKB_ERR_PARSE (or
 * LKB_ERR_IO, LKB_ERR_TOO_BIG) and *err_out ("FILE:LINE: ...", caller
 * frees with free()). Caller frees *rules_out with rules_free(). */
int rules_load_file(const char *path, struct rules **rules_out,
		    char **err_out) LKB_WARN_UNUSED;
int rules_load_text(const char *text, size_t len, const char *name,
		    struct rules **rules_out, char **err_out) LKB_WARN_UNUSED;
void rules_free(struct rules *rs);

/* Number of rules loaded. */
size_t rules_count(const struct rules *rs);

/* The LKP team by address ([bot] lkp_team: "a@b" or "@domain"); the
 * strings are borrowed and must outlive rs. Until it is set nobody is. */
void rules_set_lkp_team(struct rules *rs, const char *const *team,
			size_t n);

struct settings;
/* The LKP team, the bots and the maintainers of [bot] (borrowed: set
 * must outlive rs). */
void rules_set_people(struct rules *rs, const struct settings *set);

/* Known bots by address ([bot] bots); borrowed like the LKP team. An
 * entry a@b also matches a+tag@b (patchwork-bot+netdevbpf@kernel.org). */
void rules_set_bots(struct rules *rs, const char *const *bots, size_t n);
struct actmodel;
/* The reply-act model that weighs what the rules found (borrowed: it must
 * outlive rs; NULL: the rules alone decide). */
void rules_set_act_model(struct rules *rs, const struct actmodel *m);
const struct actmodel *rules_act_model(const struct rules *rs);
/* 1 when addr is one of the bots. */
int rules_addr_is_bot(const struct rules *rs, const char *addr);

/* Is the author in the LKP team? Decided by the ADDRESS alone, never by
 * a display name (anyone can write one); the rules file's lkp-name and
 * lkp-domain lines no longer count. When au has no address, the address
 * of r's From header is used. */
int rules_author_is_lkp(const struct rules *rs, const struct rule_author *au,
			const struct reply *r);

/* The enum rule_role bits of the author (lkp by address, maintainer,
 * bot, patch-author; other when none of them). */
unsigned rules_author_roles(const struct rules *rs,
			    const struct rule_author *au,
			    const struct rule_place *pl, const struct reply *r);

/* What of a reply's place the rules can use for an author of roles
 * (enum rule_role bits found without the place): the enum rule_context
 * bits some rule open to such an author tests, and RULE_CTX_PATCH_AUTHOR
 * when some rule tests the patch-author (or other) role. Finding the
 * place costs store reads and, for answers-retest, the parent's rules:
 * the caller finds only what this names. */
#define RULE_CTX_PATCH_AUTHOR (1u << 8)
unsigned rules_place_wanted(const struct rules *rs, unsigned roles);

/* Apply the rules to r. Events are appended to *out (allocated in a).
 * Returns LKB_OK; a pattern that fails on this mail (a limit hit) is
 * logged and counted as no match. */
int rules_apply(struct rules *rs, const struct reply *r,
		const struct rule_author *au, struct arena *a,
		struct rule_events *out) LKB_WARN_UNUSED;
/* The same, knowing the reply's place (pl may be NULL). */
int rules_apply_at(struct rules *rs, const struct reply *r,
		   const struct rule_author *au, const struct rule_place *pl,
		   struct arena *a, struct rule_events *out) LKB_WARN_UNUSED;

struct lkp_report;
/* An LKP retest reply judged by its numbers (doc/reply-acts.md): in the
 * first comparison of q with a row named metric (the report's headline
 * metric) and 3 or more columns (base, culprit, ..., fix or series tip:
 * the last), how much of the regression the last column recovers,
 * (fix - culprit) / (base - culprit): at least 85 % fix-confirmed, at
 * least 25 % fix-partial, less fix-no-effect; but when the last column
 * differs from the culprit's by less than their printed stddevs
 * (report/noise.h: within noise) it claims nothing: data-provided, the
 * figures as evidence. Returns 1 and the event
 * (rule "table", the numbers as evidence, allocated in a), or 0 when
 * there is no such row or base and culprit do not differ. */
int rules_table_verdict(const struct lkp_report *q, const char *metric,
			struct arena *a, struct rule_event *ev_out);

/* Append one EV_COMMAND event per command of list to *out. */
void rules_command_events(const struct lkp_command_list *list,
			  struct arena *a, struct rule_events *out);

#endif
