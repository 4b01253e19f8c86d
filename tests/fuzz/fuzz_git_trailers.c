/* fuzz_git_trailers.c - libFuzzer target for what a commit message says
 * about reports (parsers/git_trailers.c; doc/style.md R39). The whole
 * input is one message; every value found must be what the header
 * promises: a Message-ID with one '@' and no blank, or a hex sha. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lib/arena.h"
#include "lib/ascii.h"
#include "lib/limits.h"
#include "parsers/git_trailers.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena a = ARENA_INIT;
	struct git_ref refs[LKB_MAX_GIT_REFS];
	size_t n = git_trailers_scan(&a, (const char *)data, size, refs,
				     LKB_MAX_GIT_REFS);

	if (n > LKB_MAX_GIT_REFS)
		n = LKB_MAX_GIT_REFS;
	for (size_t i = 0; i < n; i++) {
		const char *v = refs[i].value;
		size_t len = strlen(v);

		if (refs[i].kind == GREF_CLOSES || refs[i].kind == GREF_LINK) {
			if (!strchr(v, '@') || strchr(v, ' ') ||
			    len > LKB_MAX_MSGID_BYTES)
				__builtin_trap();
		} else if (!git_is_hex(v, len, 12, 40)) {
			__builtin_trap();
		}
	}
	arena_release(&a);
	return 0;
}
