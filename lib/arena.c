/* arena.c - bump allocator with a linked list of blocks. */
#include "config.h"
#include "arena.h"

#include <stdalign.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

#define ARENA_BLOCK 16384
#define ARENA_ALIGN alignof(max_align_t)

struct arena_block {
	struct arena_block *next;
	size_t used, size;
	alignas(max_align_t) unsigned char data[];
};

void
arena_init(struct arena *a)
{
	a->head = NULL;
	a->total = 0;
}

void
arena_release(struct arena *a)
{
	struct arena_block *b = a->head, *next;

	while (b) {
		next = b->next;
		free(b);
		b = next;
	}
	arena_init(a);
}

/* n bytes, aligned, not zeroed: for copies that fill them */
static void *
arena_take(struct arena *a, size_t n)
{
	struct arena_block *b = a->head;
	size_t want = lkb_st_add(n, ARENA_ALIGN - 1) & ~(ARENA_ALIGN - 1);
	void *p;

	if (!want)
		want = ARENA_ALIGN;
	if (!b || b->size - b->used < want) {
		size_t sz = want > ARENA_BLOCK / 4 ? want : ARENA_BLOCK;

		b = xmalloc(lkb_st_add(sizeof(*b), sz));
		b->used = 0;
		b->size = sz;
		if (a->head && want > ARENA_BLOCK / 4) {
			/* big block: keep the current head for small ones */
			b->next = a->head->next;
			a->head->next = b;
		} else {
			b->next = a->head;
			a->head = b;
		}
	}
	p = b->data + b->used;
	b->used += want;
	a->total = lkb_st_add(a->total, want);
	return p;
}

void *
arena_alloc(struct arena *a, size_t n)
{
	void *p = arena_take(a, n);

	memset(p, 0, n);
	return p;
}

void *
arena_calloc(struct arena *a, size_t nmemb, size_t size)
{
	return arena_alloc(a, lkb_st_mult(nmemb, size));
}

char *
arena_memdup0(struct arena *a, const void *p, size_t len)
{
	char *s = arena_take(a, lkb_st_add(len, 1));

	if (len)
		memcpy(s, p, len);
	s[len] = '\0';
	return s;
}

char *
arena_printable(struct arena *a, const char *s, size_t len, size_t max)
{
	char *out;

	if (len > max)
		len = max;
	out = arena_memdup0(a, s, len);
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)out[i] < ' ' || out[i] == 0x7f)
			out[i] = '?';
	return out;
}

char *
arena_strdup(struct arena *a, const char *s)
{
	return arena_memdup0(a, s, strlen(s));
}

char *
arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list ap;
	int n;
	char *s;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return arena_strdup(a, "");
	s = arena_take(a, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

void *
arena_grow(struct arena *a, void *old, size_t old_n, size_t new_n, size_t size)
{
	void *p = arena_calloc(a, new_n, size);

	if (old && old_n)
		memcpy(p, old, lkb_st_mult(old_n < new_n ? old_n : new_n, size));
	return p;
}
