/* fuzz_reply.c - libFuzzer target: reply anatomy and #lkp commands on
 * arbitrary bytes (doc/style.md R39). The lead wires the seed replay. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "lib/arena.h"
#include "lib/status.h"
#include "parsers/lkp_command.h"
#include "parsers/reply.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
	}
	/* the whole input as one command line */
	(void)lkp_command_parse_line(&a, (const char *)data, size, &c);
	arena_release(&a);
	return 0;
}
