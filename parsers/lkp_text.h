/* lkp_text.h - lines, quote stripping and whitespace tokens for the LKP
 * report parser (doc/lkp-format.md sections 1.4 and 1.5).
 *
 * Everything here is cursor + end based and never needs a NUL terminator.
 * Parsing is whitespace-token based, never column based: scraped archive
 * text has its blank runs collapsed.
 */
#ifndef LKB_PARSERS_LKP_TEXT_H
#define LKB_PARSERS_LKP_TEXT_H

#include <stddef.h>
#include <string.h>

#include "lib/arena.h"
#include "lib/ascii.h"
#include "lib/compiler.h"

/* One line of text after quote stripping. */
struct lkp_line {
	const char *p;		/* content after the quote markers */
	size_t len;		/* without the line end and trailing blanks */
	unsigned depth;		/* number of '>' markers stripped */
	unsigned indent;	/* leading blanks and tabs of the content */
};

struct lkp_lines {
	struct lkp_line *v;	/* borrowed from the arena */
	size_t n;
};

/* A whitespace token (or any other borrowed run of bytes). */
struct lkp_tok {
	const char *p;
	size_t len;
};

/* Split len bytes of text into lines (LF ends a line; a CR before it is
 * dropped). With strip_quotes, each line loses ^([ \t]*>)+[ \t]? and
 * records the number of '>' as its depth. The line array lives in a;
 * the line contents point into text. */
void lkp_lines_split(struct arena *a, const char *text, size_t len,
		     int strip_quotes, struct lkp_lines *out);

/* Next whitespace-separated token of [*cur, end); blanks are SP, HT, CR,
 * FF, VT and U+00A0. Returns 1 and advances *cur past the token, or 0 at
 * the end. */
int lkp_tok_next(const char **cur, const char *end, struct lkp_tok *t);

/* Count the tokens of a run of bytes. */
size_t lkp_tok_count(const char *p, size_t len);

/* Skip leading and trailing blanks. */
struct lkp_tok lkp_trim(const char *p, size_t len);

/* 1 if [p, p+len) starts with the literal lit. */
static inline int
lkp_starts(const char *p, size_t len, const char *lit)
{
	size_t n = strlen(lit);

	return len >= n && memcmp(p, lit, n) == 0;
}

/* Same, ignoring ASCII case. */
static inline int
lkp_istarts(const char *p, size_t len, const char *lit)
{
	size_t n = strlen(lit);

	if (len < n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (LKB_TOLOWER(p[i]) != LKB_TOLOWER(lit[i]))
			return 0;
	return 1;
}
/* 1 if the literal occurs anywhere in [p, p+len); *at_out its offset. */
int lkp_find(const char *p, size_t len, const char *lit, size_t *at_out);

/* Match "key:" at the start of the (trimmed) line, allowing zero or more
 * blanks after the colon (glued "url:https://..." is seen). On a match
 * *val_out is the trimmed rest and 1 is returned. Case-sensitive. */
int lkp_line_key(const struct lkp_line *l, const char *key,
		 struct lkp_tok *val_out);

/* 1 if every byte is a lowercase hex digit and min <= len <= max. */
int lkp_is_hex(const char *p, size_t len, size_t min, size_t max);

/* 1 if the token is a stddev marker: U+00B1, or its mojibake forms
 * "Â±", "ą", U+FFFD, or a bare 0xB1 byte. *mlen_out is the marker's
 * byte length (the marker may be glued to the number that follows). */
int lkp_is_pm(const char *p, size_t len, size_t *mlen_out);

/* A number as printed by lkp: [+-]digits[.digits][e(+|-)digits], nan or
 * inf. */
enum lkp_num_kind {
	LKP_NUM_NONE,	/* absent: JSON null */
	LKP_NUM_INT,	/* printed without '.' or exponent */
	LKP_NUM_REAL,
	LKP_NUM_NAN	/* nan or inf: no JSON number exists */
};

struct lkp_num {
	double v;
	enum lkp_num_kind kind;
};

/* Parse exactly [p, p+len) as a number; 1 on success. */
int lkp_num_parse(const char *p, size_t len, struct lkp_num *out);

/* Parse problems of one report, kept for humans (struct lkp_report
 * warnings[]). At most LKB_MAX_REPORT_WARNINGS are kept. */
struct lkp_warnings {
	struct arena *a;
	const char **v;
	size_t n, alloc;
	size_t dropped;
};

void lkp_warn(struct lkp_warnings *w, const char *fmt, ...) LKB_PRINTF(2, 3);

/* Append one zeroed element of size bytes to the arena array *arr of *n
 * used and *alloc allocated elements (doubling; old arrays are left in
 * the arena). Returns the new element. */
void *lkp_push(struct arena *a, void *arr_inout, size_t *n, size_t *alloc,
	       size_t size);

/* Copy of [p, p+len) in the arena; NULL stays NULL. */
const char *lkp_dup(struct arena *a, const char *p, size_t len);
/* Copy with every whitespace run collapsed to one blank, trimmed. */
const char *lkp_dup_collapse(struct arena *a, const char *p, size_t len);

#endif
