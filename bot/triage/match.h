/* match.h - the PCRE2 wrapper; PCRE2 appears nowhere else (doc/style.md R27).
 *
 * A pattern is compiled once, with an explicit length and
 * PCRE2_UTF | PCRE2_MATCH_INVALID_UTF (so no subject can make a match
 * fail for bad UTF-8), JIT-compiled when the library can, and gets its
 * own match data and a match context with match and depth limits
 * (LKB_PCRE2_MATCH_LIMIT, LKB_PCRE2_DEPTH_LIMIT) so a crafted mail
 * cannot hang the bot. A pattern is not thread-safe: one user at a time.
 */
#ifndef LKB_BOT_TRIAGE_MATCH_H
#define LKB_BOT_TRIAGE_MATCH_H

#include <stddef.h>

#include "lib/compiler.h"

struct match_pattern;
struct prefilter;

enum match_flag {
	MATCH_CASELESS = 1u << 0,
	MATCH_EXTENDED = 1u << 1,
	MATCH_DOTALL = 1u << 2,
	MATCH_MULTILINE = 1u << 3,
};

/* Compile len bytes of pattern. On failure returns LKB_ERR_PARSE and
 * *err_out (caller frees with free()) says what and at which offset.
 * Caller frees *pat_out with match_free(). */
int match_compile(const char *pattern, size_t len, unsigned flags,
		  struct match_pattern **pat_out, char **err_out)
	LKB_WARN_UNUSED;
void match_free(struct match_pattern *pat);

/* Search subject[start, len). Returns 1 on a match (then the groups can
 * be read with match_group), 0 for no match, or LKB_ERR with *err_out
 * (caller frees with free()) for any other outcome (limits hit...). */
int match_exec(struct match_pattern *pat, const char *subject, size_t len,
	       size_t start, char **err_out) LKB_WARN_UNUSED;

/* Group n (0 = whole match) of the last successful match_exec: 1 and the
 * offsets when it took part, 0 when it did not or does not exist. */
int match_group(const struct match_pattern *pat, unsigned n, size_t *so_out,
		size_t *eo_out);

/* Named groups of the pattern: the count, and name/number of the i-th.
 * The name is borrowed from pat. */
size_t match_name_count(const struct match_pattern *pat);
const char *match_name_at(const struct match_pattern *pat, size_t i,
			  unsigned *group_out);

/* Is every match of the pattern decided by the text it spans (plus a
 * character either side for \b)? Then a text without a match cannot
 * contain a line block with one. Conservative: lookarounds, \A \z \Z
 * \G, verbs, inline options, and ^ $ outside multiline mode say no. */
int match_is_local(const struct match_pattern *pat);
/* The literal pre-check of the pattern (prefilter.h), NULL when it has
 * none. Borrowed from pat. */
const struct prefilter *match_prefilter(const struct match_pattern *pat);
/* Does the library JIT-compile patterns? (for `rules check`) */
int match_jit_available(void);

#endif
