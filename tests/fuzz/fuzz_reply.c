/* fuzz_reply.c - libFuzzer target: reply anatomy, #lkp commands and the
 * act model's features and score on arbitrary bytes (doc/style.md R39).
 * The lead wires the seed replay. */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bot/triage/actmodel.h"
#include "lib/arena.h"
#include "lib/status.h"
#include "parsers/lkp_command.h"
#include "parsers/reply.h"
#include "parsers/rules_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A small model: what matters here is that any reply's features score. */
static const char model_text[] =
	"classes discussion acknowledges proposes-fix fix-applied "
	"asks-retest series-compare-request asks-more-data robot-confirms-fix "
	"robot-retest-result closes-not-a-bug\n"
	"bias\t1 0 0 0 0 0 0 0 0 0\n"
	"w=applied\t0 0 0 3 0 0 0 0 0 0\n";

/* The act model's features of r, and their score: finite, summing to 1. */
static void
weigh(const struct reply *r)
{
	static struct actmodel *m;
	struct actmodel_input in = { r, RULE_ROLE_OTHER, 0, "Re: x", NULL, 0 };
	struct strbuf sb = STRBUF_INIT;
	double p[ACT__COUNT], sum = 0;

	if (!m && actmodel_load_text(model_text, sizeof(model_text) - 1,
				     "fuzz", &m, NULL) != LKB_OK)
		__builtin_trap();
	if (actmodel_features(&in, &sb) != LKB_OK)
		__builtin_trap();
	if (sb.len && (memchr(sb.buf, '\n', sb.len) ||
		       memchr(sb.buf, '\t', sb.len)))
		__builtin_trap();	/* one line in the features file */
	(void)actmodel_score(m, sb.buf, p);
	for (size_t k = 0; k < ACT__COUNT; k++)
		sum += p[k];
	if (!(fabs(sum - 1) < 1e-6))
		__builtin_trap();
	strbuf_release(&sb);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena a = ARENA_INIT;
	struct reply *r = NULL;
	struct lkp_command_list cmds;
	struct lkp_command c;
	size_t n = 0, cur = 0;
	const struct reply_line *l;

	if (reply_parse(&a, (const char *)data, size, &r) == LKB_OK) {
		while (reply_authored_lines(r, &cur, &l))
			n += l->len;
		if (n > r->len || r->authored_len > r->len)
			__builtin_trap();	/* joins cannot outgrow the body */
		if (lkp_command_parse_reply(&a, r, &cmds) != LKB_OK ||
		    cmds.n > 6)
			__builtin_trap();
		weigh(r);
	}
	/* the whole input as one command line */
	(void)lkp_command_parse_line(&a, (const char *)data, size, &c);
	arena_release(&a);
	return 0;
}
