/* test_rules.c - rules files (parser errors with file:line), the PCRE2
 * wrapper, and the rules engine: authored text only, blocks, require,
 * unless, forbid, captures, evidence-also, from-lkp, in patch. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/settings.h"
#include "bot/triage/match.h"
#include "bot/triage/prefilter.h"
#include "bot/triage/rules.h"
#include "lib/arena.h"
#include "lib/compiler.h"
#include "lib/status.h"
#include "parsers/lkp_report.h"
#include "parsers/reply.h"
#include "parsers/rules_file.h"
#include "tests/unit/check_main.h"

static const struct {
	const char *text;
	const char *error;	/* expected "rules:LINE: ..." prefix */
} bad_files[] = {
	{ "match /x/\n", "rules:1: directive outside a rule" },
	{ "rule a\n\tmatch /x/\n", "rules:1: rule has no event" },
	{ "rule a\n\tevent ack\n", "rules:1: rule has no match pattern" },
	{ "rule a\n\tevent nonsense\n", "rules:2: unknown event 'nonsense'" },
	/* command events come from #lkp lines, not rules */
	{ "rule a\n\tevent command\n", "rules:2: unknown event 'command'" },
	{ "rule a\n\tevent ack\n\tmatch x\n", "rules:3: pattern must be" },
	{ "rule a\n\tevent ack\n\tmatch /x\n", "rules:3: pattern has no closing" },
	{ "rule a\n\tevent ack\n\tmatch //\n", "rules:3: empty pattern" },
	{ "rule a\n\tevent ack\n\tmatch /x/q\n", "rules:3: unknown pattern flag 'q'" },
	{ "rule a\n\tevent ack\n\tmatch /x/\n\treason fixed\n",
	  "rules:1: reason is only for events close and dispute" },
	{ "rule a\n\tevent close\n\tmatch /x/\n\treason later\n",
	  "rules:4: unknown close reason 'later'" },
	{ "rule a\n\tevent ack\n\tmatch /x/\nrule a\n", "rules:4: duplicate rule name" },
	{ "rule bad name\n", "rules:1: bad rule name" },
	{ "rule a\n\tevent ack\n\tmatch /x/\n\tcapture sha 1\n",
	  "rules:4: capture must be written" },
	{ "rule a\n\tevent ack\n\tmatch /x/\n\tcapture sha = x\n",
	  "rules:4: capture group must be a number" },
	{ "rule a\n\tevent ack\n\tmatch /x/\n\tin quoted\n",
	  "rules:4: 'in' takes authored or patch" },
	{ "rule a\n\tevent ack\n\tmatch /x/\n\tfrom-lkp yes\n",
	  "rules:4: from-lkp takes no value" },
	{ "rule a\n\tevent ack\n\tmatch /x/\n\twhen /y/\n",
	  "rules:4: unknown directive 'when'" },
	{ "lkp-domain\n", "rules:1: missing value" },
	{ "rule a\n\tevent ack\n\tmatch /x/\n\tfrom lkp, chair\n",
	  "rules:4: 'from' takes lkp, maintainer, patch-author, bot or other "
	  "'chair'" },
	{ "rule a\n\tevent ack\n\tmatch /x/\n\tnot-from\n",
	  "rules:4: 'from' takes lkp, maintainer, patch-author, bot or other" },
	{ "rule a\n\tevent ack\n\tmatch /x/\n\tif answers-me\n",
	  "rules:4: 'if' takes patch, answers-robot or answers-retest "
	  "'answers-me'" },
	{ "rule a\n\tevent fix-merged\n\tmatch /x/\n",
	  "rules:2: unknown event 'fix-merged'" },
};

START_TEST(rules_file_errors)
{
	struct arena a = ARENA_INIT;
	struct rule_file *rf = NULL;
	const char *err = NULL;
	const char *t = bad_files[_i].text;

	ck_assert_int_eq(rules_file_parse(&a, t, strlen(t), "rules", &rf, &err),
			 LKB_ERR_PARSE);
	ck_assert_ptr_null(rf);
	ck_assert_msg(err && !strncmp(err, bad_files[_i].error,
				      strlen(bad_files[_i].error)),
		      "row %d: got '%s'", _i, err ? err : "(null)");
	arena_release(&a);
}
END_TEST

START_TEST(rules_file_good)
{
	static const char text[] =
		"# comment\n"
		"lkp-domain @intel.com\n"
		"lkp-name Oliver Sang\n"
		"\n"
		"rule close-race\n"
		"  event close\n"
		"  reason fix-of-earlier-race\n"
		"  from-lkp\n"
		"  match /we will close/i\n"
		"  match /a/b/c/xs\n"	/* the last '/' ends the pattern */
		"  require /by commit (?<sha>[0-9a-f]{7,40})/\n"
		"  unless /not/\n"
		"  forbid /never/\n"
		"  evidence-also /=0x/m\n"
		"  capture whole = 0\n"
		"rule patchy\n"
		"  event fix-proposed\n"
		"  not-from-lkp\n"
		"  in patch\n"
		"  match /^diff/m\n";
	struct arena a = ARENA_INIT;
	struct rule_file *rf;
	const char *err = NULL;
	const struct rule_spec *r;

	ck_assert_int_eq(rules_file_parse(&a, text, strlen(text), "f", &rf, &err),
			 LKB_OK);
	ck_assert_uint_eq(rf->nrules, 2);
	ck_assert_uint_eq(rf->nlkp_domains, 1);
	ck_assert_str_eq(rf->lkp_domains[0], "intel.com");
	ck_assert_str_eq(rf->lkp_names[0], "Oliver Sang");
	r = &rf->rules[0];
	ck_assert_str_eq(r->name, "close-race");
	ck_assert_uint_eq(r->line, 5);
	ck_assert_int_eq(r->event, EV_CLOSE);
	ck_assert_int_eq(r->reason, CR_FIX_OF_EARLIER_RACE);
	ck_assert_int_eq(r->from_lkp, 1);
	ck_assert_uint_eq(r->nmatch, 2);
	ck_assert_str_eq(r->match[0].text, "we will close");
	ck_assert_uint_eq(r->match[0].flags, RULE_PAT_CASELESS);
	ck_assert_str_eq(r->match[1].text, "a/b/c");
	ck_assert_uint_eq(r->match[1].flags,
			  RULE_PAT_EXTENDED | RULE_PAT_DOTALL);
	ck_assert_uint_eq(r->match[1].line, 10);
	ck_assert_uint_eq(r->nrequire + r->nunless + r->nforbid + r->nevidence,
			  4);
	ck_assert_str_eq(r->captures[0].name, "whole");
	ck_assert_uint_eq(r->captures[0].group, 0);
	ck_assert_int_eq(rf->rules[1].scope, RULE_SCOPE_PATCH);
	ck_assert_int_eq(rf->rules[1].from_lkp, -1);
	arena_release(&a);
}
END_TEST

START_TEST(match_wrapper)
{
	struct match_pattern *p = NULL;
	char *err = NULL;
	size_t so, eo;
	/* invalid UTF-8 in the subject must not make matching fail */
	static const char subj[] = "x\xff\xfe fix-of abc1234 y";

	ck_assert_int_eq(match_compile("fix-of (?<sha>[0-9a-f]+)", 24,
				       MATCH_CASELESS, &p, &err), LKB_OK);
	ck_assert_int_eq(match_exec(p, subj, sizeof(subj) - 1, 0, &err), 1);
	ck_assert(match_group(p, 1, &so, &eo));
	ck_assert_uint_eq(eo - so, 7);
	ck_assert_int_eq(memcmp(subj + so, "abc1234", 7), 0);
	ck_assert_uint_eq(match_name_count(p), 1);
	{
		unsigned g = 0;

		ck_assert_str_eq(match_name_at(p, 0, &g), "sha");
		ck_assert_uint_eq(g, 1);
	}
	ck_assert_int_eq(match_exec(p, "nothing", 7, 0, &err), 0);
	ck_assert(!match_group(p, 0, &so, &eo));	/* no match, no group */
	ck_assert_int_eq(match_exec(p, "FIX-OF ABC", 10, 0, &err), 1);
	match_free(p);
	/* a compile error names the offset */
	ck_assert_int_eq(match_compile("a(b", 3, 0, &p, &err), LKB_ERR_PARSE);
	ck_assert_ptr_null(p);
	ck_assert_ptr_nonnull(strstr(err, "offset 3"));
	free(err);
	/* catastrophic backtracking hits the match limit: an error */
	ck_assert_int_eq(match_compile("(a+)+$", 6, 0, &p, &err), LKB_OK);
	{
		char s[64];

		memset(s, 'a', 40);
		s[40] = 'b';
		ck_assert_int_eq(match_exec(p, s, 41, 0, &err), LKB_ERR);
		ck_assert_ptr_nonnull(err);
		free(err);
	}
	match_free(p);
	match_free(NULL);
}
END_TEST

static struct rules *
load_rules(const char *text)
{
	struct rules *rs = NULL;
	char *err = NULL;

	ck_assert_msg(rules_load_text(text, strlen(text), "t", &rs, &err) ==
			      LKB_OK,
		      "%s", err ? err : "");
	return rs;
}

/* Apply rules to body; returns the events (in a). */
static struct rule_events
run(struct rules *rs, struct arena *a, const char *body, const char *addr)
{
	struct reply *r;
	struct rule_events ev = { 0 };
	struct rule_author au = { NULL, addr };

	ck_assert_int_eq(reply_parse(a, body, strlen(body), &r), LKB_OK);
	ck_assert_int_eq(rules_apply(rs, r, &au, a, &ev), LKB_OK);
	return ev;
}

START_TEST(rules_quoted_never_fires)
{
	struct rules *rs = load_rules(
		"rule c\n event close\n match /we will close this report/i\n");
	struct arena a = ARENA_INIT;
	struct rule_events ev;

	/* the same sentence quoted, at depth 1 and 2, and in a signature */
	ev = run(rs, &a, "> We will close this report.\n"
			 ">> We will close this report.\nok\n-- \n"
			 "We will close this report.\n", NULL);
	ck_assert_uint_eq(ev.n, 0);
	/* and authored: it fires, with the line as evidence */
	ev = run(rs, &a, "> hi\n  We will close this report.  \n", NULL);
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_int_eq(ev.ev[0].type, EV_CLOSE);
	ck_assert_str_eq(ev.ev[0].rule, "c");
	ck_assert_str_eq(ev.ev[0].evidence, "We will close this report.");
	ck_assert_uint_eq(ev.ev[0].line, 1);
	rules_free(rs);
	arena_release(&a);
}
END_TEST

START_TEST(rules_blocks_and_values)
{
	struct rules *rs = load_rules(
		"rule race\n event close\n reason fix-of-earlier-race\n"
		" match /close\\s+this\\s+report/i\n"
		" require /introduced\\s+by\\s+commit\\s+(?<sha>[0-9a-f]{7,40})/\n"
		" evidence-also /=0x[0-9a-f]+/\n"
		" capture word = 0\n");
	struct arena a = ARENA_INIT;
	struct rule_events ev;

	/* the sentence wraps: evidence is both lines, joined */
	ev = run(rs, &a, "The race was introduced by\ncommit 0123abcd.\n\n"
			 "a=0x10 b=0x20\n\nWe will close\nthis report.\n", NULL);
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_str_eq(ev.ev[0].evidence, "We will close this report.");
	ck_assert_int_eq(ev.ev[0].reason, CR_FIX_OF_EARLIER_RACE);
	ck_assert_uint_eq(ev.ev[0].nvalues, 2);
	ck_assert_str_eq(ev.ev[0].values[0].name, "word");
	ck_assert_str_eq(ev.ev[0].values[0].value, "close\nthis report");
	ck_assert_str_eq(ev.ev[0].values[1].name, "sha");
	ck_assert_str_eq(ev.ev[0].values[1].value, "0123abcd");
	ck_assert_uint_eq(ev.ev[0].nextra, 1);
	ck_assert_str_eq(ev.ev[0].extra[0], "a=0x10 b=0x20");
	/* the require is missing: no event */
	ev = run(rs, &a, "We will close this report.\n", NULL);
	ck_assert_uint_eq(ev.n, 0);
	/* the require only quoted: no event either */
	ev = run(rs, &a, "> introduced by commit 0123abcd\n"
			 "We will close this report.\n", NULL);
	ck_assert_uint_eq(ev.n, 0);
	rules_free(rs);
	arena_release(&a);
}
END_TEST

/* Which patterns may be searched in the whole text before the blocks. */
START_TEST(match_locality)
{
	static const struct {
		const char *re;
		unsigned flags;
		int local;
	} v[] = {
		{ "\\bwe\\s+will\\s+close\\b", MATCH_CASELESS, 1 },
		{ "compare[^.?!]{0,80}?against", 0, 1 },
		{ "fix-of (?<sha>[0-9a-f]+)", 0, 1 },
		{ "(?:a|b)(?'n'c)(?P<m>d)", 0, 1 },
		{ "[$^]x[^$]", 0, 1 },
		{ "^Tested-by:\\s*x$", MATCH_MULTILINE, 1 },
		{ "^Tested-by", 0, 0 },
		{ "done$", 0, 0 },
		{ "foo(?=bar)", 0, 0 },
		{ "foo(?!\\s+bar)", 0, 0 },
		{ "(?<=a)b", 0, 0 },
		{ "(?<!a)b", 0, 0 },
		{ "\\Afoo", 0, 0 },
		{ "foo\\z", 0, 0 },
		{ "foo\\Z", 0, 0 },
		{ "\\Gfoo", 0, 0 },
		{ "(*UTF)foo", 0, 0 },
		{ "(?m)^foo", 0, 0 },
		{ "foo # bar", MATCH_EXTENDED, 0 },
	};

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		struct match_pattern *p = NULL;
		char *err = NULL;

		ck_assert_int_eq(match_compile(v[i].re, strlen(v[i].re),
					       v[i].flags, &p, &err), LKB_OK);
		ck_assert_msg(match_is_local(p) == v[i].local, "%s: %d",
			      v[i].re, match_is_local(p));
		match_free(p);
	}
}
END_TEST

/* The literal pre-check (prefilter.h) skips a pattern only when its
 * leading words are missing from the text, and PCRE2 must then find no
 * match either; texts with the characters a caseless 'k' or 's' also
 * matches, and patterns it does not follow, get no pre-check. */
START_TEST(match_literal_precheck)
{
	static const struct {
		const char *re;
		unsigned flags;
		const char *text;
		int may;	/* what the pre-check must say */
	} v[] = {
		{ "\\bwe(?:'ll|\\s+will)\\s+close\\b", MATCH_CASELESS,
		  "WE WILL CLOSE it", 1 },
		{ "\\bwe(?:'ll|\\s+will)\\s+close\\b", MATCH_CASELESS,
		  "nothing to see", 0 },
		{ "\\bfix(?:es)?\\s+for", MATCH_CASELESS, "a prefix for", 0 },
		{ "\\bfix(?:es)?\\s+for", MATCH_CASELESS, "x\nFixes for", 1 },
		{ "\\b(?:can|could)\\s+you", MATCH_CASELESS, "you can", 1 },
		{ "\\b(?:can|could)\\s+you", MATCH_CASELESS, "would you", 0 },
		{ "^\\s*(?:(?:yep|yes|ok),?\\s+)?done[,.!]+",
		  MATCH_CASELESS | MATCH_MULTILINE, "x\n  Done.", 1 },
		{ "^\\s*(?:(?:yep|yes|ok),?\\s+)?done[,.!]+",
		  MATCH_CASELESS | MATCH_MULTILINE, "x\n  finished.", 0 },
		{ "\\bre-?test\\b", MATCH_CASELESS, "please re-test", 1 },
		{ "^Tested-by:", MATCH_MULTILINE, "Reviewed-by: x", 0 },
		{ "\\bI\\s+have", MATCH_CASELESS, "so i have", 1 },
		/* each top-level alternative on its own */
		{ "\\bplease\\s+stop\\b|\\bgood\\s+catch\\b", MATCH_CASELESS,
		  "please catch it", 0 },
		{ "\\bplease\\s+stop\\b|\\bgood\\s+catch\\b", MATCH_CASELESS,
		  "a Good catch", 1 },
		/* U+212A KELVIN SIGN and U+017F LONG S, never word letters */
		{ "\\bkernel\\b", MATCH_CASELESS, "a\xe2\x84\xaa" "ernel", 1 },
		{ "\\bsorry", MATCH_CASELESS, "x\xc5\xbforry", 1 },
		/* after a non-word character a word starts: "t" */
		{ "n't\\b", 0, "nothing", 0 },
		{ "n't\\b", 0, "don't", 1 },
		/* no pre-check: nothing ties the match to a word start */
		{ "[-+]\\d+%", 0, "nothing", 1 },
		{ "(?i)\\bfoo", 0, "bar", 1 },
		{ "\\bfoo # x", MATCH_EXTENDED, "bar", 1 },
		{ "(?:\\bfoo|\\d)", 0, "bar", 1 },
	};

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		struct match_pattern *p = NULL;
		struct prefilter_words w;
		char *err = NULL;
		int may, rc;

		ck_assert_int_eq(match_compile(v[i].re, strlen(v[i].re),
					       v[i].flags, &p, &err), LKB_OK);
		prefilter_words_build(&w, v[i].text, strlen(v[i].text));
		may = prefilter_may_match(match_prefilter(p), &w);
		rc = match_exec(p, v[i].text, strlen(v[i].text), 0, &err);
		ck_assert_msg(may == v[i].may, "%s on '%s': %d", v[i].re,
			      v[i].text, may);
		ck_assert_msg(may || rc == 0, "%s on '%s': skipped a match",
			      v[i].re, v[i].text);
		match_free(p);
	}
}
END_TEST

/* The whole-text prefilter changes nothing: a match in the third block
 * is found, and a lookahead that the next block would defeat in the
 * joined text still fires in its own block. */
START_TEST(rules_prefilter_exact)
{
	struct rules *rs = load_rules(
		"rule a\n event ack\n match /thanks\\s+for\\s+the\\s+report/i\n"
		"rule b\n event dispute\n match /\\bbogus(?!\\s+bisect)/\n");
	struct arena a = ARENA_INIT;
	struct rule_events ev;

	ev = run(rs, &a, "Hi,\n> quoted 1\nsecond block\n> quoted 2\n"
			 "Thanks for the\nreport!\n", NULL);
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_str_eq(ev.ev[0].evidence, "Thanks for the report!");
	ev = run(rs, &a, "this is bogus\n> quoted\nbisect went fine\n", NULL);
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_int_eq(ev.ev[0].type, EV_DISPUTE);
	ev = run(rs, &a, "nothing here\n> thanks for the report\nat all\n",
		 NULL);
	ck_assert_uint_eq(ev.n, 0);
	rules_free(rs);
	arena_release(&a);
}
END_TEST

/* Rows of a pasted table are machine output: rules do not read them. */
START_TEST(rules_skip_pasted_tables)
{
	struct rules *rs = load_rules(
		"rule r\n event dispute\n match /mknod\\.ops\\b/\n");
	struct arena a = ARENA_INIT;
	struct rule_events ev;

	ev = run(rs, &a, "Retest:\n   %stddev     %change         %stddev\n"
			 "     47979           +80.6%      86655        "
			 "stress-ng.mknod.ops\n", NULL);
	ck_assert_uint_eq(ev.n, 0);
	ev = run(rs, &a, "Retest:\n   %stddev     %change         %stddev\n"
			 "     47979           +80.6%      86655        "
			 "stress-ng.mknod.ops\nso mknod.ops is back\n", NULL);
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_str_eq(ev.ev[0].evidence, "so mknod.ops is back");
	rules_free(rs);
	arena_release(&a);
}
END_TEST

START_TEST(rules_unless_forbid_lkp_patch)
{
	struct rules *rs = load_rules(
		"lkp-domain intel.com\n"
		"lkp-name Yin Fengwei\n"
		"rule fixed\n event fix-confirmed\n from-lkp\n"
		" match /regression is recovered/\n unless /not/\n"
		"rule partial\n event fix-partial\n from-lkp\n"
		" match /partly/\n forbid /no effect/\n"
		"rule patch\n event fix-proposed\n not-from-lkp\n in patch\n"
		" match /^Reported-by: kernel test robot/m\n"
		"rule first\n event ack\n match /thanks/i\n"
		"rule second\n event ack\n match /thanks/i\n");
	static const char *const team[] = { "@intel.com" };
	struct arena a = ARENA_INIT;
	struct rule_events ev;

	/* the LKP team is [bot] lkp_team's addresses, not the rules file's
	 * lkp-domain (audit F4) */
	ev = run(rs, &a, "the regression is recovered\n", "x@linux.intel.com");
	ck_assert_uint_eq(ev.n, 0);
	rules_set_lkp_team(rs, team, 1);

	ev = run(rs, &a, "the regression is recovered\n", "x@linux.intel.com");
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_int_eq(ev.ev[0].type, EV_FIX_CONFIRMED);
	/* not an LKP author */
	ev = run(rs, &a, "the regression is recovered\n", "x@example.org");
	ck_assert_uint_eq(ev.n, 0);
	/* a look-alike domain is not intel.com */
	ev = run(rs, &a, "the regression is recovered\n", "x@notintel.com");
	ck_assert_uint_eq(ev.n, 0);
	/* unless in the same block */
	ev = run(rs, &a, "the regression is recovered? not\n", "x@intel.com");
	ck_assert_uint_eq(ev.n, 0);
	/* ... but not in another block */
	ev = run(rs, &a, "the regression is recovered\n\nnot\n", "x@intel.com");
	ck_assert_uint_eq(ev.n, 1);
	/* forbid anywhere */
	ev = run(rs, &a, "partly\n\nno effect\n", "x@intel.com");
	ck_assert_uint_eq(ev.n, 0);
	ev = run(rs, &a, "partly\n", "x@intel.com");
	ck_assert_uint_eq(ev.n, 1);
	/* in patch: the tag in a patch fires, the same line authored not */
	ev = run(rs, &a, "Reported-by: kernel test robot <lkp@intel.com>\n",
		 "dev@example.org");
	ck_assert_uint_eq(ev.n, 0);
	ev = run(rs, &a, "fix:\n\nReported-by: kernel test robot <lkp@intel.com>\n"
			 "Signed-off-by: D <dev@example.org>\n---\n"
			 "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n",
		 "dev@example.org");
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_int_eq(ev.ev[0].type, EV_FIX_PROPOSED);
	ck_assert_str_eq(ev.ev[0].evidence,
			 "Reported-by: kernel test robot <lkp@intel.com>");
	/* one event per type: the first rule in file order wins */
	ev = run(rs, &a, "Thanks!\n", "dev@example.org");
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_str_eq(ev.ev[0].rule, "first");
	rules_free(rs);
	arena_release(&a);
}
END_TEST

/* Who wrote it and where it stands: `from`, `not-from`, `if`, `if-not`;
 * an ack beside a stronger act is dropped. */
START_TEST(rules_roles_and_place)
{
	struct rules *rs = load_rules(
		"rule own\n event fix-applied\n from patch-author, maintainer\n"
		" match /^fixed\\.$/im\n"
		"rule nobody\n event dispute\n from other\n match /bogus/\n"
		"rule notbot\n event ack\n not-from bot lkp\n match /thanks/i\n"
		"rule data\n event data-provided\n from lkp\n"
		" if answers-retest\n match /\\S/\n"
		"rule robot\n event cannot-reproduce\n if answers-robot\n"
		" if-not patch\n match /cannot reproduce/\n"
		"rule withpatch\n event retest-request\n if patch\n"
		" match /please test/\n");
	static const char *const team[] = { "lkp@intel.com" };
	struct settings set;
	struct arena a = ARENA_INIT;
	struct reply *r;
	struct rule_events ev = { 0 };
	struct rule_author au = { NULL, "dev@example.org" };
	struct rule_place pl = { "dev@example.org", 0 };
	static const char patch[] =
		"please test\n\ndiff --git a/f b/f\n--- a/f\n+++ b/f\n"
		"@@ -1 +1 @@\n-a\n+b\n";

	memset(&set, 0, sizeof(set));
	set.bot.lkp_team[0] = team[0];
	set.bot.nlkp_team = 1;
	set.bot.maintainers[0] = "@maint.example";
	set.bot.nmaintainers = 1;
	set.bot.bots[0] = "patchwork-bot@kernel.org";
	set.bot.nbots = 1;
	rules_set_people(rs, &set);
	/* the report's addressee: patch-author */
	ck_assert_int_eq(reply_parse(&a, "fixed.\n", 7, &r), LKB_OK);
	ck_assert_int_eq(rules_apply_at(rs, r, &au, &pl, &a, &ev), LKB_OK);
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_int_eq(ev.ev[0].type, EV_FIX_APPLIED);
	ck_assert_uint_eq(rules_author_roles(rs, &au, &pl, r),
			  RULE_ROLE_PATCH_AUTHOR);
	/* without the place nobody is the patch's author */
	ev = run(rs, &a, "fixed.\n", "dev@example.org");
	ck_assert_uint_eq(ev.n, 0);
	ev = run(rs, &a, "fixed.\n", "boss@maint.example");
	ck_assert_uint_eq(ev.n, 1);
	/* other: none of the roles */
	ev = run(rs, &a, "bogus\n", "dev@example.org");
	ck_assert_uint_eq(ev.n, 1);
	ev = run(rs, &a, "bogus\n", "boss@maint.example");
	ck_assert_uint_eq(ev.n, 0);
	/* not-from bot: patchwork-bot+tag is the bot */
	ev = run(rs, &a, "thanks\n", "patchwork-bot+netdevbpf@kernel.org");
	ck_assert_uint_eq(ev.n, 0);
	ev = run(rs, &a, "thanks\n", "lkp@intel.com");
	ck_assert_uint_eq(ev.n, 0);
	ev = run(rs, &a, "thanks\n", "patchwork-bot@kernel.org.evil");
	ck_assert_uint_eq(ev.n, 1);
	/* if answers-retest: only where the caller says so */
	ev = run(rs, &a, "the numbers\n", "lkp@intel.com");
	ck_assert_uint_eq(ev.n, 0);
	au.addr = "lkp@intel.com";
	pl.context = RULE_CTX_ANSWERS_RETEST;
	ev.n = 0;
	ck_assert_int_eq(reply_parse(&a, "the numbers\n", 12, &r), LKB_OK);
	ck_assert_int_eq(rules_apply_at(rs, r, &au, &pl, &a, &ev), LKB_OK);
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_int_eq(ev.ev[0].type, EV_DATA_PROVIDED);
	/* if answers-robot, if-not patch; if patch from the text itself */
	au.addr = "dev@example.org";
	pl.context = RULE_CTX_ANSWERS_ROBOT;
	ev.n = 0;
	ck_assert_int_eq(reply_parse(&a, "cannot reproduce\n", 17, &r), LKB_OK);
	ck_assert_int_eq(rules_apply_at(rs, r, &au, &pl, &a, &ev), LKB_OK);
	ck_assert_uint_eq(ev.n, 1);
	ev = run(rs, &a, "cannot reproduce\n", "dev@example.org");
	ck_assert_uint_eq(ev.n, 0);
	ev = run(rs, &a, "please test\n", "dev@example.org");
	ck_assert_uint_eq(ev.n, 0);
	ev = run(rs, &a, patch, "dev@example.org");
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_int_eq(ev.ev[0].type, EV_RETEST_REQUEST);
	/* what of the place is worth finding, by the author's roles */
	ck_assert_uint_eq(rules_place_wanted(rs, RULE_ROLE_LKP),
			  RULE_CTX_PATCH_AUTHOR | RULE_CTX_ANSWERS_RETEST |
				  RULE_CTX_ANSWERS_ROBOT | RULE_CTX_PATCH);
	ck_assert_uint_eq(rules_place_wanted(rs, RULE_ROLE_BOT),
			  RULE_CTX_PATCH_AUTHOR | RULE_CTX_ANSWERS_ROBOT |
				  RULE_CTX_PATCH);
	rules_free(rs);
	rs = load_rules("rule d\n event data-provided\n from lkp\n"
			" if answers-retest\n match /x/\n"
			"rule a\n event ack\n match /thanks/\n");
	/* the default rules' shape: only the LKP team's replies need their
	 * parent read */
	ck_assert_uint_eq(rules_place_wanted(rs, RULE_ROLE_LKP),
			  RULE_CTX_ANSWERS_RETEST);
	ck_assert_uint_eq(rules_place_wanted(rs, RULE_ROLE_MAINTAINER), 0);
	rules_free(rs);
	rs = load_rules("rule first\n event ack\n match /thanks/i\n"
			"rule withpatch\n event retest-request\n if patch\n"
			" match /please test/\n");
	/* an ack beside a retest request is dropped */
	ev = run(rs, &a, "thanks\n\nplease test\n\ndiff --git a/f b/f\n"
			 "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n",
		 "dev@example.org");
	ck_assert_uint_eq(ev.n, 1);
	ck_assert_int_eq(ev.ev[0].type, EV_RETEST_REQUEST);
	rules_free(rs);
	arena_release(&a);
}
END_TEST

/* An LKP retest table judged by the headline metric's row. */
static const char retest_head[] =
	"hi,\n\nwe applied the patch, the results:\n\n"
	"=========================================================================================\n"
	"compiler/kconfig/rootfs/tbox_group/test/testcase:\n"
	"  gcc-11/x86_64-rhel-8.3/debian-11.1-x86_64-20220510.cgz/lkp-csl-2sp7/page_test/aim7\n\n"
	"commit:\n  32678f1513f7b6b0\n  a1b2c3d4e5f60718\n  0f1e2d3c4b5a6978\n\n"
	"32678f1513f7b6b0 a1b2c3d4e5f60718 0f1e2d3c4b5a6978\n"
	"---------------- --------------------------- ---------------------------\n"
	"         %stddev     %change         %stddev     %change         %stddev\n"
	"             \\          |                \\          |                \\  \n";
static const char retest_tail[] =
	"      1000            +1.0%       1010            +0.0%       1000        aim7.time.other\n";

static int
verdict_of(const char *fix_change, const char *fix_value, const char *metric,
	   struct rule_event *ev, struct arena *a)
{
	char text[2048];
	struct lkp_report *q = NULL;

	snprintf(text, sizeof(text),
		 "%s    464232            -5.6%%     438315            %s     "
		 "%s        aim7.jobs-per-min\n%s",
		 retest_head, fix_change, fix_value, retest_tail);
	ck_assert_int_eq(lkp_report_parse_text(a, text, strlen(text),
					       LKP_TEXT_NO_HEADERS, &q), 1);
	ck_assert_ptr_nonnull(q);
	return rules_table_verdict(q, metric, a, ev);
}

START_TEST(rules_table_verdicts)
{
	struct arena a = ARENA_INIT;
	struct rule_event ev;

	ck_assert_int_eq(verdict_of("+0.2%", "465190", "aim7.jobs-per-min",
				    &ev, &a), 1);
	ck_assert_int_eq(ev.type, EV_FIX_CONFIRMED);
	ck_assert_str_eq(ev.rule, "table");
	ck_assert_str_eq(ev.evidence,
			 "aim7.jobs-per-min: base 464232, culprit 438315, fix "
			 "465190: the fix recovers it (104 % of the change)");
	/* half of the loss back: partial */
	ck_assert_int_eq(verdict_of("-2.8%", "451270", "aim7.jobs-per-min",
				    &ev, &a), 1);
	ck_assert_int_eq(ev.type, EV_FIX_PARTIAL);
	/* as bad as the culprit: no effect */
	ck_assert_int_eq(verdict_of("-5.5%", "438700", "aim7.jobs-per-min",
				    &ev, &a), 1);
	ck_assert_int_eq(ev.type, EV_FIX_NO_EFFECT);
	/* the fix's column varies by more than it moved: within noise,
	 * the LKP team's data, no fix claimed. By hand: 465190 - 438315 =
	 * 26875 against sqrt(2 % of 438315 ^ 2 + 10 % of 465190 ^ 2) = 47338
	 * (0.57) and 9 % of 465190 = 41867 (0.64) */
	ck_assert_int_eq(verdict_of("+0.2%", "465190 \xc2\xb1  9%",
				    "aim7.jobs-per-min", &ev, &a), 1);
	ck_assert_int_eq(ev.type, EV_DATA_PROVIDED);
	ck_assert_str_eq(ev.evidence,
			 "aim7.jobs-per-min: culprit 438315, fix 465190: the "
			 "fix's change is within noise: +6.1%, stddev <=2% -> "
			 "\xc2\xb1" "9%, change 0.57 to 0.64 x the stddev: "
			 "no verdict");
	/* another row, or no row of the headline metric: no verdict */
	ck_assert_int_eq(verdict_of("+0.2%", "465190", "aim7.time.other", &ev,
				    &a), 0);
	ck_assert_int_eq(verdict_of("+0.2%", "465190", "will-it-scale.ops",
				    &ev, &a), 0);
	ck_assert_int_eq(verdict_of("+0.2%", "465190", NULL, &ev, &a), 0);
	arena_release(&a);
}
END_TEST

START_TEST(rules_author_fallbacks)
{
	struct rules *rs = load_rules("lkp-domain intel.com\n"
				      "lkp-name Yin Fengwei\n");
	static const char *const team[] = { "feng.tang@intel.com",
					    "@lkp.example" };
	struct arena a = ARENA_INIT;
	struct reply *r;
	struct rule_author au = { "Yin, Fengwei", NULL };
	static const char scraped[] = "Re: x\nFrom: Yin Fengwei\nDate: y\n\nHi\n";
	static const char scraped_addr[] =
		"Re: x\nFrom: Feng Tang <feng.tang@intel.com>\nDate: y\n\nHi\n";

	rules_set_lkp_team(rs, team, LKB_ARRAY_SIZE(team));
	/* a display name is no proof: anyone can write one (audit F4) */
	ck_assert(!rules_author_is_lkp(rs, &au, NULL));
	au.addr = "eve@evil.example";
	au.name = "Oliver Sang";
	ck_assert(!rules_author_is_lkp(rs, &au, NULL));
	/* nor is the rules file's lkp-domain: only [bot] lkp_team */
	au.addr = "yin@intel.com";
	ck_assert(!rules_author_is_lkp(rs, &au, NULL));
	au.name = NULL;
	au.addr = "<Feng.Tang@INTEL.COM>";
	ck_assert(rules_author_is_lkp(rs, &au, NULL));
	au.addr = "x@sub.lkp.example";
	ck_assert(rules_author_is_lkp(rs, &au, NULL));
	/* no author given: the scraped From: of the page, by address */
	ck_assert_int_eq(reply_parse(&a, scraped, strlen(scraped), &r), LKB_OK);
	ck_assert(!rules_author_is_lkp(rs, NULL, r));
	ck_assert_int_eq(reply_parse(&a, scraped_addr, strlen(scraped_addr),
				     &r), LKB_OK);
	ck_assert(rules_author_is_lkp(rs, NULL, r));
	rules_free(rs);
	arena_release(&a);
}
END_TEST

START_TEST(rules_compile_error_names_line)
{
	struct rules *rs = NULL;
	char *err = NULL;
	static const char t[] = "rule a\n event ack\n\n match /ok/\n match /(x/\n";

	ck_assert_int_eq(rules_load_text(t, strlen(t), "my.rules", &rs, &err),
			 LKB_ERR_PARSE);
	ck_assert_ptr_null(rs);
	ck_assert_ptr_nonnull(strstr(err, "my.rules:5: cannot compile pattern"));
	free(err);
	ck_assert_int_eq(rules_load_file("/nonexistent/x.rules", &rs, &err),
			 LKB_ERR_IO);
	free(err);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("rules");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, rules_file_errors, 0,
			    (int)LKB_ARRAY_SIZE(bad_files));
	tcase_add_test(tc, rules_file_good);
	tcase_add_test(tc, match_wrapper);
	tcase_add_test(tc, rules_quoted_never_fires);
	tcase_add_test(tc, rules_blocks_and_values);
	tcase_add_test(tc, match_locality);
	tcase_add_test(tc, rules_prefilter_exact);
	tcase_add_test(tc, match_literal_precheck);
	tcase_add_test(tc, rules_skip_pasted_tables);
	tcase_add_test(tc, rules_unless_forbid_lkp_patch);
	tcase_add_test(tc, rules_author_fallbacks);
	tcase_add_test(tc, rules_roles_and_place);
	tcase_add_test(tc, rules_table_verdicts);
	tcase_add_test(tc, rules_compile_error_names_line);
	suite_add_tcase(s, tc);
	return s;
}
