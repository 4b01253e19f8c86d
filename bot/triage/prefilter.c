/* prefilter.c - the literal pre-check before PCRE2 (see prefilter.h).
 *
 * The derivation walks the pattern source once, keeping the set of
 * states a match can be in after what it has read. A state is a place,
 * where the match is relative to words:
 *   FREE    not known (inside a word, or anything);
 *   OPEN    at a word start ("" read so far), or inside the first
 *           letters s of a word that started there, s growing;
 * and what the text must hold for the match to have come this way:
 * clauses, each a set of words one of which the text has. A word ends
 * (is added as a clause of one word) at the first thing that is not a
 * letter, or at PREFILTER_WORD letters. Two ways to one place merge into
 * one state whose clauses are those of the first or'ed with those of
 * the second. Whatever the walk does not know makes a state weaker
 * (fewer clauses, FREE), never stronger; at the end of a top-level
 * alternative, the clauses of its states or'ed together are what the
 * text must meet for it to match. */
#include "config.h"
#include "bot/triage/prefilter.h"

#include <stdlib.h>
#include <string.h>

#include "lib/compiler.h"
#include "lib/xalloc.h"

enum pf_kind { PF_FREE, PF_OPEN };

/* One of these words is in the text. */
struct pf_clause {
	unsigned char n;
	uint32_t keys[PREFILTER_MAX_OR];	/* sorted */
};

struct pf_state {
	unsigned char kind, len, nclauses;
	char s[PREFILTER_WORD];
	struct pf_clause c[PREFILTER_MAX_AND];	/* all of them hold */
};

#define PF_MAX_STATES 24	/* places followed; more are weakened */

struct pf_set {
	size_t n;
	struct pf_state st[PF_MAX_STATES];
};

/* What one atom of the pattern does to a state. */
enum pf_atom {
	PF_WORD,	/* a literal word letter */
	PF_NONWORD,	/* one character that is never a word letter */
	PF_ANY,		/* one character, maybe a word letter */
	PF_BOUNDARY,	/* \b */
	PF_START,	/* ^ */
	PF_ASSERT,	/* another assertion: \B $ \A \z \Z \G */
	PF_GROUP,	/* (...) */
};

#define PF_MAX_DEPTH 32	/* nested groups followed */

struct pf_parser {
	const char *cur, *end;
	int fail;
	unsigned depth;
};

static int
is_word(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* The key of the first len (1 to PREFILTER_WORD) letters of s: the
 * length, and the bit of their hash (FNV-1a of the folded letters). */
static uint32_t
word_key(const char *s, size_t len)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		h ^= c >= 'A' && c <= 'Z' ? c + 32u : c;
		h *= 16777619u;
	}
	h ^= h >> 16;
	return (uint32_t)len << 16 | (h % PREFILTER_NBITS);
}

/* Lower is better: few words, long ones. */
static unsigned
clause_cost(const struct pf_clause *c)
{
	unsigned cost = 0;

	for (size_t i = 0; i < c->n; i++)
		cost += PREFILTER_WORD + 1 - (c->keys[i] >> 16);
	return cost;
}

/* a implies b: every word of a is one of b */
static int
clause_implies(const struct pf_clause *a, const struct pf_clause *b)
{
	size_t j = 0;

	for (size_t i = 0; i < a->n; i++) {
		while (j < b->n && b->keys[j] < a->keys[i])
			j++;
		if (j == b->n || b->keys[j] != a->keys[i])
			return 0;
	}
	return 1;
}

/* Add clause c to st unless a clause there already implies it; a full
 * state drops its worst clause for a better one (fewer clauses: a
 * weaker state, still true). */
static void
state_add_clause(struct pf_state *st, const struct pf_clause *c)
{
	size_t worst = 0, k = 0;

	for (size_t i = 0; i < st->nclauses; i++)
		if (clause_implies(&st->c[i], c))
			return;
	for (size_t i = 0; i < st->nclauses; i++)	/* now implied by c */
		if (!clause_implies(c, &st->c[i]))
			st->c[k++] = st->c[i];
	st->nclauses = (unsigned char)k;
	if (st->nclauses < PREFILTER_MAX_AND) {
		st->c[st->nclauses++] = *c;
		return;
	}
	for (size_t i = 1; i < st->nclauses; i++)
		if (clause_cost(&st->c[i]) > clause_cost(&st->c[worst]))
			worst = i;
	if (clause_cost(c) < clause_cost(&st->c[worst]))
		st->c[worst] = *c;
}

/* The word s of an OPEN state is complete: it is in the text; the
 * state is then inside a word (FREE). */
static void
state_end_word(struct pf_state *st)
{
	struct pf_clause c = { 1, { 0 } };

	c.keys[0] = word_key(st->s, st->len);
	state_add_clause(st, &c);
	st->len = 0;
	st->kind = PF_FREE;
}

static int
state_same_place(const struct pf_state *a, const struct pf_state *b)
{
	return a->kind == b->kind && a->len == b->len &&
	       !memcmp(a->s, b->s, a->len);
}

/* a ∪ b into out; 0 when too many words */
static int
clause_or(const struct pf_clause *a, const struct pf_clause *b,
	  struct pf_clause *out)
{
	size_t i = 0, j = 0;

	out->n = 0;
	while (i < a->n || j < b->n) {
		uint32_t k;

		if (j == b->n || (i < a->n && a->keys[i] < b->keys[j]))
			k = a->keys[i++];
		else if (i == a->n || b->keys[j] < a->keys[i])
			k = b->keys[j++];
		else {
			k = a->keys[i++];
			j++;
		}
		if (out->n == PREFILTER_MAX_OR)
			return 0;
		out->keys[out->n++] = k;
	}
	return 1;
}

/* Into a, a state true whenever a or b is: each clause of a or'ed with
 * each clause of b. */
static void
state_merge(struct pf_state *a, const struct pf_state *b)
{
	struct pf_state m = *a;

	m.nclauses = 0;
	for (size_t i = 0; i < a->nclauses; i++)
		for (size_t j = 0; j < b->nclauses; j++) {
			struct pf_clause c;

			if (clause_or(&a->c[i], &b->c[j], &c))
				state_add_clause(&m, &c);
		}
	*a = m;
}

/* Where a state at st's place is nowhere else, the state weakened to
 * FREE (its word ended). */
static void
state_free(struct pf_state *st)
{
	if (st->kind == PF_OPEN && st->len > 0)
		state_end_word(st);
	st->kind = PF_FREE;
}

static int
set_merge_same_place(struct pf_set *set, const struct pf_state *st)
{
	for (size_t i = 0; i < set->n; i++)
		if (state_same_place(&set->st[i], st)) {
			state_merge(&set->st[i], st);
			return 1;
		}
	return 0;
}

static void
set_add(struct pf_set *set, const struct pf_state *in)
{
	struct pf_state st = *in;

	if (set_merge_same_place(set, &st))
		return;
	if (set->n < PF_MAX_STATES) {
		set->st[set->n++] = st;
		return;
	}
	/* too many places: this one is followed no further */
	state_free(&st);
	if (set_merge_same_place(set, &st))
		return;
	state_free(&set->st[0]);
	state_merge(&set->st[0], &st);
}

static void
set_union(struct pf_set *into, const struct pf_set *from)
{
	for (size_t i = 0; i < from->n; i++)
		set_add(into, &from->st[i]);
}

/* One state through an atom other than a group. */
static struct pf_state
step(struct pf_state st, enum pf_atom a, unsigned char c)
{
	if (st.kind == PF_OPEN && st.len > 0 && a != PF_WORD)
		state_end_word(&st);	/* the word s... is there */
	switch (a) {
	case PF_WORD:
		if (st.kind == PF_FREE)
			return st;
		st.s[st.len++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
		if (st.len == sizeof(st.s))
			state_end_word(&st);
		return st;
	case PF_NONWORD:
	case PF_BOUNDARY:
	case PF_START:
		/* a word letter next starts a word (after \b or ^ one
		 * cannot follow a word letter: no match, nothing to say) */
		st.kind = PF_OPEN;
		return st;
	case PF_ANY:
	case PF_ASSERT:
	case PF_GROUP:
		break;
	}
	st.kind = PF_FREE;
	return st;
}

/* Repeating what gave set: the states are no longer followed letter by
 * letter. Non-word characters and assertions repeat to the same place. */
static void
set_weaken(struct pf_set *set, enum pf_atom a)
{
	for (size_t i = 0; i < set->n; i++) {
		struct pf_state *st = &set->st[i];

		if (st->kind != PF_OPEN)
			continue;
		if (st->len > 0)
			state_end_word(st);
		else if (a == PF_GROUP)
			st->kind = PF_FREE;
	}
}

/* The states only: a set is large, most of it unused. */
static void
set_copy(struct pf_set *to, const struct pf_set *from)
{
	to->n = from->n;
	memcpy(to->st, from->st, from->n * sizeof(*from->st));
}

static void parse_alt(struct pf_parser *ps, const struct pf_set *in,
		      struct pf_set *out);

/* Skip a character class; PF_NONWORD when every member is an ASCII
 * character outside the word letters (no ranges, not negated). */
static enum pf_atom
parse_class(struct pf_parser *ps)
{
	const char *start;
	int nonword = 1;

	if (ps->cur < ps->end && *ps->cur == '^') {
		nonword = 0;
		ps->cur++;
	}
	start = ps->cur;
	while (ps->cur < ps->end && (*ps->cur != ']' || ps->cur == start)) {
		unsigned char c = (unsigned char)*ps->cur++;

		if (c == '\\') {
			if (ps->cur == ps->end) {
				ps->fail = 1;
				return PF_ANY;
			}
			c = (unsigned char)*ps->cur++;
			if (c == 'Q' || c == 'E')
				ps->fail = 1;
			if (!strchr("stnr", c) && (is_word(c) || c >= 0x80))
				nonword = 0;
			continue;
		}
		if (c == '[' && ps->cur < ps->end && *ps->cur == ':') {
			nonword = 0;	/* [:alpha:] */
			while (ps->cur + 1 < ps->end &&
			       !(ps->cur[0] == ':' && ps->cur[1] == ']'))
				ps->cur++;
			if (ps->cur + 1 >= ps->end) {
				ps->fail = 1;
				return PF_ANY;
			}
			ps->cur += 2;
			continue;
		}
		if (is_word(c) || c >= 0x80 ||
		    (c == '-' && ps->cur - 1 != start && ps->cur < ps->end &&
		     *ps->cur != ']'))
			nonword = 0;	/* a letter, or a range */
	}
	if (ps->cur >= ps->end) {
		ps->fail = 1;
		return PF_ANY;
	}
	ps->cur++;	/* ] */
	return nonword ? PF_NONWORD : PF_ANY;
}

/* An escape after the backslash. */
static enum pf_atom
parse_escape(struct pf_parser *ps, unsigned char *c_out)
{
	unsigned char c;

	if (ps->cur >= ps->end) {
		ps->fail = 1;
		return PF_ANY;
	}
	c = (unsigned char)*ps->cur++;
	*c_out = c;
	if (c < 0x80 && !is_word(c))
		return PF_NONWORD;	/* an escaped punctuation character */
	switch (c) {
	case 'b':
		return PF_BOUNDARY;
	case 'B': case 'A': case 'z': case 'Z': case 'G':
		return PF_ASSERT;
	case 's': case 't': case 'n': case 'r':
		return PF_NONWORD;
	case 'S': case 'd': case 'D': case 'w': case 'W':
		return PF_ANY;
	default:
		ps->fail = 1;	/* \x \p \Q \K \g backreferences ... */
		return PF_ANY;
	}
}

/* The group after its '(': plain, (?:...) or named. */
static void
parse_group(struct pf_parser *ps, const struct pf_set *in, struct pf_set *out)
{
	const char *e = ps->end;

	if (ps->cur < e && *ps->cur == '*') {
		ps->fail = 1;	/* (*VERB) */
		return;
	}
	if (ps->cur < e && *ps->cur == '?') {
		ps->cur++;
		if (ps->cur < e && *ps->cur == ':') {
			ps->cur++;
		} else if (ps->cur + 1 < e && (*ps->cur == '<' ||
			   (*ps->cur == 'P' && ps->cur[1] == '<')) &&
			   ps->cur[1] != '=' && ps->cur[1] != '!') {
			while (ps->cur < e && *ps->cur != '>')
				ps->cur++;
			if (ps->cur == e) {
				ps->fail = 1;
				return;
			}
			ps->cur++;
		} else {
			ps->fail = 1;	/* lookaround, options, atomic ... */
			return;
		}
	}
	if (++ps->depth > PF_MAX_DEPTH) {
		ps->fail = 1;
		return;
	}
	parse_alt(ps, in, out);
	ps->depth--;
	if (ps->cur >= e || *ps->cur != ')') {
		ps->fail = 1;
		return;
	}
	ps->cur++;
}

/* A quantifier at the cursor, if any: 1 and its bounds (max 0: no
 * limit). */
static int
parse_quantifier(struct pf_parser *ps, unsigned long *min_out,
		 unsigned long *max_out)
{
	const char *p = ps->cur;
	unsigned long min = 0, max = 0;

	if (p >= ps->end || !strchr("?*+{", *p))
		return 0;
	if (*p == '?' || *p == '*' || *p == '+') {
		*min_out = *p == '+';
		*max_out = *p == '?';
		p++;
	} else {
		int digits = 0;

		for (p++; p < ps->end && *p >= '0' && *p <= '9'; p++, digits++)
			min = min * 10 + (unsigned long)(*p - '0');
		max = min;
		if (p < ps->end && *p == ',') {
			max = 0;
			for (p++; p < ps->end && *p >= '0' && *p <= '9'; p++)
				max = max * 10 + (unsigned long)(*p - '0');
		}
		if (!digits || min > 1000 || p >= ps->end || *p != '}') {
			ps->fail = 1;	/* a literal '{': not followed */
			return 0;
		}
		p++;
		*min_out = min;
		*max_out = max;
	}
	if (p < ps->end && (*p == '?' || *p == '+'))
		p++;	/* lazy, possessive: the same texts match */
	ps->cur = p;
	return 1;
}

/* One atom and its quantifier: set goes through it. */
static void
parse_item(struct pf_parser *ps, struct pf_set *set)
{
	struct pf_set once;
	unsigned char c = (unsigned char)*ps->cur++;
	enum pf_atom a;
	unsigned long min = 1, max = 1;

	once.n = 0;
	switch (c) {
	case '(':
		a = PF_GROUP;
		parse_group(ps, set, &once);
		break;
	case '[':
		a = parse_class(ps);
		break;
	case '\\':
		a = parse_escape(ps, &c);
		break;
	case '.':
		a = PF_ANY;
		break;
	case '^':
		a = PF_START;
		break;
	case '$':
		a = PF_ASSERT;
		break;
	case '*': case '+': case '?': case '{':
		ps->fail = 1;	/* a quantifier with nothing before it */
		return;
	default:
		a = is_word(c) ? PF_WORD : c < 0x80 ? PF_NONWORD : PF_ANY;
		/* a UTF-8 character is one atom */
		while (c >= 0x80 && ps->cur < ps->end &&
		       ((unsigned char)*ps->cur & 0xc0) == 0x80)
			ps->cur++;
		break;
	}
	if (ps->fail)
		return;
	if (a != PF_GROUP)
		for (size_t i = 0; i < set->n; i++) {
			struct pf_state st = step(set->st[i], a, c);

			set_add(&once, &st);
		}
	if (parse_quantifier(ps, &min, &max) && max != 1)
		set_weaken(&once, a);
	if (min == 0)
		set_union(&once, set);
	set_copy(set, &once);
}

static void
parse_alt(struct pf_parser *ps, const struct pf_set *in, struct pf_set *out)
{
	out->n = 0;
	for (;;) {
		struct pf_set branch;

		set_copy(&branch, in);
		while (!ps->fail && ps->cur < ps->end && *ps->cur != '|' &&
		       *ps->cur != ')')
			parse_item(ps, &branch);
		set_union(out, &branch);
		if (ps->fail || ps->cur >= ps->end || *ps->cur != '|')
			return;
		ps->cur++;
	}
}

/* The requirement of the top-level alternative at ps->cur, read up to
 * its end; 0 when there is none. */
static int
parse_branch(struct pf_parser *ps, struct pf_set *set, struct pf_state *out)
{
	set->n = 1;	/* FREE, no word */
	memset(&set->st[0], 0, sizeof(set->st[0]));
	while (!ps->fail && ps->cur < ps->end && *ps->cur != '|' &&
	       *ps->cur != ')')
		parse_item(ps, set);
	if (ps->fail || (ps->cur < ps->end && *ps->cur == ')'))
		return 0;	/* not followed, or an unbalanced ')' */
	for (size_t i = 0; i < set->n; i++)
		if (set->st[i].kind == PF_OPEN && set->st[i].len > 0)
			state_end_word(&set->st[i]);
	*out = set->st[0];
	for (size_t i = 1; i < set->n; i++)
		state_merge(out, &set->st[i]);
	return out->nclauses > 0;
}

struct prefilter *
prefilter_compile(const char *pattern, size_t len)
{
	struct pf_parser ps = { pattern, pattern + len, 0, 0 };
	struct pf_set *set = xcalloc(1, sizeof(*set));
	struct pf_state *ways = xcalloc(PREFILTER_MAX_BRANCHES, sizeof(*ways));
	struct prefilter *pf = NULL;
	size_t n = 0;

	for (;;) {
		struct pf_state way;

		if (!parse_branch(&ps, set, &way))
			goto out;
		if (n < PREFILTER_MAX_BRANCHES) {
			ways[n++] = way;
		} else {
			state_merge(&ways[n - 1], &way);
			if (ways[n - 1].nclauses == 0)
				goto out;
		}
		if (ps.cur == ps.end)
			break;
		ps.cur++;	/* | */
	}
	pf = xcalloc(1, sizeof(*pf) + n * sizeof(pf->b[0]));
	pf->nbranches = n;
	for (size_t k = 0; k < n; k++) {
		pf->b[k].nclauses = ways[k].nclauses;
		for (size_t i = 0; i < ways[k].nclauses; i++) {
			pf->b[k].c[i].n = ways[k].c[i].n;
			memcpy(pf->b[k].c[i].keys, ways[k].c[i].keys,
			       sizeof(pf->b[k].c[i].keys));
		}
	}
out:
	free(set);
	free(ways);
	return pf;
}

void
prefilter_words_build(struct prefilter_words *w, const char *text,
		      size_t len)
{
	const unsigned char *t = (const unsigned char *)text;

	w->all = 0;
	memset(w->bits, 0, sizeof(w->bits));
	for (size_t i = 0; i < len; i++) {
		/* U+017F and U+212A match 's' and 'k' caselessly */
		if ((t[i] == 0xc5 && i + 1 < len && t[i + 1] == 0xbf) ||
		    (t[i] == 0xe2 && i + 2 < len && t[i + 1] == 0x84 &&
		     t[i + 2] == 0xaa)) {
			w->all = 1;
			return;
		}
		if (!is_word(t[i]) || (i > 0 && is_word(t[i - 1])))
			continue;
		for (size_t n = 1; n <= PREFILTER_WORD && i + n <= len &&
				   is_word(t[i + n - 1]); n++) {
			uint32_t b = word_key(text + i, n) & (PREFILTER_NBITS - 1);

			w->bits[b / 8] |= (unsigned char)(1u << (b % 8));
		}
	}
}

static int
has_key(const struct prefilter_words *w, uint32_t k)
{
	k &= PREFILTER_NBITS - 1;
	return (w->bits[k / 8] >> (k % 8)) & 1;
}

static int
branch_met(const struct prefilter_branch *b, const struct prefilter_words *w)
{
	for (size_t i = 0; i < b->nclauses; i++) {
		size_t j = 0;

		while (j < b->c[i].n && !has_key(w, b->c[i].keys[j]))
			j++;
		if (j == b->c[i].n)
			return 0;	/* none of its words */
	}
	return 1;
}

int
prefilter_may_match(const struct prefilter *pf,
		    const struct prefilter_words *w)
{
	if (!pf || !w || w->all)
		return 1;
	for (size_t i = 0; i < pf->nbranches; i++)
		if (branch_met(&pf->b[i], w))
			return 1;
	return 0;
}
