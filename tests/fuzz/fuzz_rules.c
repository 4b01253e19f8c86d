/* fuzz_rules.c - libFuzzer target for the rules file (doc/style.md R39): the
 * parser (parsers/rules_file.c) on the input, then, when it parses,
 * compile it (bot/triage/rules.c) and apply it to a fixed reply. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bot/triage/rules.h"
#include "lib/arena.h"
#include "lib/log.h"
#include "lib/status.h"
#include "parsers/reply.h"
#include "parsers/rules_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char reply_body[] =
	"On Fri, Feb 18, 2022 at 02:38:12PM +0800, kernel test robot wrote:\n"
	"> FYI, we noticed a -62.6% regression of stress-ng.remap due to\n"
	"> commit 237b445401 (\"mm/munlock: rmap call mlock_vma_page()\")\n"
	"\n"
	"Thanks. This is actually a fix to the race introduced by commit\n"
	"eef983ffeae7a1cdde8c3338155ae2dd74b8621b, we will close this report.\n"
	"I cannot reproduce it here; it has 15% variation run to run.\n"
	"A patch is coming:\n"
	"\n"
	"diff --git a/mm/rmap.c b/mm/rmap.c\n"
	"--- a/mm/rmap.c\n"
	"+++ b/mm/rmap.c\n"
	"@@ -1,2 +1,2 @@\n"
	"-old\n"
	"+new\n"
	"\n"
	"-- \n"
	"Hugh\n";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena a = ARENA_INIT;
	struct rule_file *rf = NULL;
	struct rules *rs = NULL;
	struct reply *r = NULL;
	struct rule_events ev = { NULL, 0 };
	struct rule_author au = { "Oliver Sang", "oliver.sang@intel.com" };
	const char *perr = NULL;
	char *err = NULL;

	log_set_level(LOG_LVL_QUIET);
	if (rules_file_parse(&a, (const char *)data, size, "fuzz.rules", &rf,
			     &perr) != LKB_OK) {
		if (!perr || !strchr(perr, ':'))
			__builtin_trap();	/* errors name file:line */
		goto out;
	}
	if (rules_load_text((const char *)data, size, "fuzz.rules", &rs,
			    &err) != LKB_OK)
		goto out;
	if (reply_parse(&a, reply_body, sizeof(reply_body) - 1, &r) !=
	    LKB_OK)
		__builtin_trap();
	if (rules_apply(rs, r, &au, &a, &ev) != LKB_OK)
		__builtin_trap();
	for (size_t i = 0; i < ev.n; i++)
		if (!ev.ev[i].rule || !ev.ev[i].evidence)
			__builtin_trap();
	(void)rules_author_is_lkp(rs, &au, r);
out:
	free(err);
	rules_free(rs);
	arena_release(&a);
	return 0;
}
