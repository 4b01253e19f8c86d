/* reply-internal.h - helpers shared by reply.c, reply_patch.c and
 * reply_scrape.c; never included outside parsers/ (doc/style.md R5). */
#ifndef LKB_PARSERS_REPLY_INTERNAL_H
#define LKB_PARSERS_REPLY_INTERNAL_H

#include <stddef.h>
#include <string.h>

#include "lib/arena.h"
#include "lib/ascii.h"
#include "parsers/reply.h"

/* Content of line i after its quote prefix, trailing blanks dropped. */
static inline const char *
rl_text(const struct reply *r, size_t i, size_t *len_out)
{
	const struct reply_line *l = &r->lines[i];
	const char *p = r->body + l->text_off;
	size_t n = l->len - (l->text_off - l->off);

	while (n && (LKB_ISSPACE(p[n - 1])))
		n--;
	*len_out = n;
	return p;
}

/* Like rl_text, with leading blanks dropped too. */
static inline const char *
rl_trim(const struct reply *r, size_t i, size_t *len_out)
{
	size_t n;
	const char *p = rl_text(r, i, &n);

	while (n && LKB_ISBLANK(*p)) {
		p++;
		n--;
	}
	*len_out = n;
	return p;
}

static inline int
rl_prefix(const char *p, size_t n, const char *lit)
{
	size_t m = strlen(lit);

	return n >= m && memcmp(p, lit, m) == 0;
}

static inline int
rl_prefix_ci(const char *p, size_t n, const char *lit)
{
	size_t m = strlen(lit);

	if (n < m)
		return 0;
	for (size_t i = 0; i < m; i++)
		if (LKB_TOLOWER(p[i]) != LKB_TOLOWER(lit[i]))
			return 0;
	return 1;
}

static inline int
rl_suffix_ci(const char *p, size_t n, const char *lit)
{
	size_t m = strlen(lit);

	return n >= m && rl_prefix_ci(p + n - m, m, lit);
}

/* Is every byte of [p, p+n) one of the (non-NUL) bytes of set? */
static inline int
rl_all_in(const char *p, size_t n, const char *set)
{
	for (size_t i = 0; i < n; i++)
		if (!p[i] || !strchr(set, p[i]))
			return 0;
	return 1;
}

/* Does [p, p+n) contain lit (case-insensitive)? */
static inline int
reply_contains_ci(const char *p, size_t n, const char *lit)
{
	size_t m = strlen(lit);

	if (!m)
		return 1;
	for (size_t i = 0; i + m <= n; i++)
		if (LKB_TOLOWER(p[i]) == LKB_TOLOWER(lit[0]) &&
		    rl_prefix_ci(p + i, n - i, lit))
			return 1;
	return 0;
}

/* reply_patch.c: mark inline patches at depth 0, collect subjects. */
void reply_mark_patches(struct reply *r, struct arena *a);
/* A line shaped like a diffstat entry (" fs/x.c | 3 +-"). */
int reply_is_diffstat(const char *p, size_t n);

/* reply_scrape.c: scraped-page furniture and unmarked quoted reports. */
void reply_mark_scrape(struct reply *r, struct arena *a);
void reply_mark_unmarked_quotes(struct reply *r);
/* A line shaped like LKP report text (headline, tables, plots...). */
int reply_is_report_line(const char *p, size_t n);

#endif
