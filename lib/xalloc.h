/* xalloc.h - allocation that aborts on failure, checked size math (R14). */
#ifndef LKB_LIB_XALLOC_H
#define LKB_LIB_XALLOC_H

#include <stddef.h>
#include <stdint.h>

#include "compiler.h"

/* All of these abort with "out of memory allocating N bytes" on failure. */
void *xmalloc(size_t n) LKB_MALLOC;
void *xcalloc(size_t nmemb, size_t size) LKB_MALLOC;
void *xreallocarray(void *p, size_t nmemb, size_t size);
/* Caller frees with free(). */
char *xstrdup(const char *s) LKB_MALLOC;
/* Copies len bytes and adds a NUL. Caller frees with free(). */
char *xmemdup0(const void *p, size_t len) LKB_MALLOC;
/* Caller frees with free(). */
char *xasprintf(const char *fmt, ...) LKB_PRINTF(1, 2) LKB_MALLOC;

/* Reports a + b or a * b (op '+' or '*') as a size overflow, aborts. */
LKB_NORETURN void lkb_st_overflow(char op, size_t a, size_t b);

/* a + b and a * b for sizes; abort on overflow. Inline: every arena
 * allocation checks its size. */
static inline size_t
lkb_st_add(size_t a, size_t b)
{
	if (a > SIZE_MAX - b)
		lkb_st_overflow('+', a, b);
	return a + b;
}

static inline size_t
lkb_st_mult(size_t a, size_t b)
{
	if (b && a > SIZE_MAX / b)
		lkb_st_overflow('*', a, b);
	return a * b;
}

/* Grow array p (of nmemb used, *alloc allocated) so that it holds n. */
#define ALLOC_GROW(p, n, alloc)                                              \
	do {                                                                 \
		if ((size_t)(n) > (alloc)) {                                 \
			size_t lkb_na_ = (alloc) < 8 ? 8 : (alloc);          \
			while (lkb_na_ < (size_t)(n))                        \
				lkb_na_ = lkb_st_mult(lkb_na_, 2);           \
			(p) = xreallocarray((p), lkb_na_, sizeof(*(p)));     \
			(alloc) = lkb_na_;                                   \
		}                                                            \
	} while (0)

#define FREE_AND_NULL(p)                                                     \
	do {                                                                 \
		free(p);                                                     \
		(p) = NULL;                                                  \
	} while (0)

#endif
