/* prefilter.h - a literal pre-check that tells, before PCRE2 runs, that
 * a pattern cannot match a text.
 *
 * From a pattern's source, prefilter_compile() derives words every
 * match holds: "\b(?:can|could)\s+you" needs a word that begins "can"
 * or "could", and one that begins "you" (up to PREFILTER_WORD letters,
 * ASCII case folded), for each top-level alternative of the pattern. A text's index (prefilter_words_build) holds
 * the first one to PREFILTER_WORD letters of each of its words, so
 * prefilter_may_match() is a few bit tests per pattern.
 *
 * Exact in the only direction that matters: 0 only when PCRE2 cannot
 * match. A word starts where an ASCII [A-Za-z0-9_] follows any other
 * byte (PCRE2's \w and \b without PCRE2_UCP); the derivation gives up
 * (no pre-check) on anything it does not follow (lookarounds, inline
 * options, backreferences, \Q, unusual escapes; extended mode is the
 * caller's to leave out); and a text with the two characters a caseless
 * ASCII letter also matches (U+017F long s, U+212A Kelvin sign) gets no
 * pre-check at all.
 */
#ifndef LKB_BOT_TRIAGE_PREFILTER_H
#define LKB_BOT_TRIAGE_PREFILTER_H

#include <stddef.h>
#include <stdint.h>

/* a word is known by its first one to PREFILTER_WORD letters, hashed
 * to one of PREFILTER_NBITS bits (a collision only runs PCRE2) */
#define PREFILTER_WORD 6
#define PREFILTER_NBITS 65536u

/* A requirement: at most PREFILTER_MAX_AND clauses, each of at most
 * PREFILTER_MAX_OR words (else less is required: still true) */
#define PREFILTER_MAX_AND 4
#define PREFILTER_MAX_OR 16
/* top-level alternatives kept apart; the others merge into the last */
#define PREFILTER_MAX_BRANCHES 32

/* One way to match: for each clause, the text has a word that begins
 * with one of its words (each word is its key in the index). */
struct prefilter_branch {
	size_t nclauses;
	struct {
		size_t n;
		uint32_t keys[PREFILTER_MAX_OR];	/* length << 16 | bit */
	} c[PREFILTER_MAX_AND];
};

/* A pattern's requirement: the text meets one of its branches (one
 * for each top-level alternative of the pattern). */
struct prefilter {
	size_t nbranches;
	struct prefilter_branch b[];
};

/* A text's index: the word beginnings it holds. */
struct prefilter_words {
	int all;	/* no index: every pattern may match */
	unsigned char bits[PREFILTER_NBITS / 8];
};

/* The requirement of a pattern (PCRE2 syntax, UTF, not extended mode:
 * spaces and '#' are literal), or NULL when none can be derived. Caller
 * frees with free(). */
struct prefilter *prefilter_compile(const char *pattern, size_t len);

/* Index text[0, len). Any text searched with the index must start at a
 * line start of it (or at its start) and end at a line end. */
void prefilter_words_build(struct prefilter_words *w, const char *text,
			   size_t len);

/* 0 when no match of a pattern with requirement pf (NULL: none) can be
 * in the text indexed by w (NULL: unknown); otherwise 1. */
int prefilter_may_match(const struct prefilter *pf,
			const struct prefilter_words *w);

#endif
