/* arena.h - bump allocator freed in one call (doc/style.md R15).
 *
 * Everything a parser builds for one mail lives in one arena; nothing in
 * it is freed alone. Allocation aborts on out-of-memory.
 */
#ifndef LKB_LIB_ARENA_H
#define LKB_LIB_ARENA_H

#include <stddef.h>

#include "compiler.h"

struct arena_block;

struct arena {
	struct arena_block *head;
	size_t total;	/* bytes handed out, for limits and stats */
};

#define ARENA_INIT { NULL, 0 }

void arena_init(struct arena *a);
/* Frees every block; the arena is empty and reusable afterwards. */
void arena_release(struct arena *a);

/* Zeroed, aligned for any type. Borrowed from a; valid until release. */
void *arena_alloc(struct arena *a, size_t n);
/* Array of nmemb zeroed elements; overflow-checked. */
void *arena_calloc(struct arena *a, size_t nmemb, size_t size);
/* NUL-terminated copies. Borrowed from a. */
char *arena_strdup(struct arena *a, const char *s);
char *arena_memdup0(struct arena *a, const void *p, size_t len);
char *arena_printf(struct arena *a, const char *fmt, ...) LKB_PRINTF(2, 3);
/* s[0..len) as one printable line of at most max bytes: control bytes
 * become '?', so nothing hostile text says can move a terminal's cursor
 * when it is printed. */
char *arena_printable(struct arena *a, const char *s, size_t len,
		      size_t max);
/* Grow an arena array: returns a new array of new_n elements holding the
 * first old_n elements of old. The old array is abandoned in the arena. */
void *arena_grow(struct arena *a, void *old, size_t old_n, size_t new_n,
		 size_t size);

#endif
