/* rules-internal.h - the compiled rules shared by rules.c (loading) and
 * rules_apply.c (matching); private to bot/. */
#ifndef LKB_BOT_TRIAGE_RULES_INTERNAL_H
#define LKB_BOT_TRIAGE_RULES_INTERNAL_H

#include "bot/triage/match.h"
#include "lib/arena.h"
#include "parsers/rules_file.h"

/* The compiled twin of one struct rule_spec. */
struct compiled_rule {
	const struct rule_spec *spec;
	struct match_pattern **match, **require, **unless, **forbid, **evidence;
};

struct rules {
	struct arena arena;	/* the parsed rule_file */
	struct rule_file *rf;
	struct compiled_rule *cr;
	struct match_pattern **all;	/* every compiled pattern, to free */
	size_t nall;
	const char *const *lkp_team;	/* borrowed: rules_set_lkp_team() */
	size_t nlkp_team;
	const char *const *bots;	/* borrowed: rules_set_bots() */
	size_t nbots;
	const char *const *maintainers;	/* borrowed: rules_set_people() */
	size_t nmaintainers;
	const struct actmodel *model;	/* borrowed: rules_set_act_model() */
};

#endif
