/* span.h - a borrowed run of bytes (pointer plus length; may hold NUL). */
#ifndef LKB_LIB_SPAN_H
#define LKB_LIB_SPAN_H

#include <stddef.h>
#include <string.h>

#include "ascii.h"

struct lkb_span {
	const char *p;
	size_t len;
};

static inline int
span_eq(struct lkb_span s, const char *lit)
{
	size_t n = strlen(lit);

	return s.len == n && memcmp(s.p, lit, n) == 0;
}

static inline int
span_ieq(struct lkb_span s, const char *lit)
{
	size_t n = strlen(lit);

	if (s.len != n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (LKB_TOLOWER(s.p[i]) != LKB_TOLOWER(lit[i]))
			return 0;
	return 1;
}

static inline int
span_startswith(struct lkb_span s, const char *lit)
{
	size_t n = strlen(lit);

	return s.len >= n && memcmp(s.p, lit, n) == 0;
}

#endif
