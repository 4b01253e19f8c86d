/* xalloc.c - allocation wrappers that abort on failure. */
#include "config.h"
#include "xalloc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

LKB_NORETURN static void
oom(size_t n)
{
	fprintf(stderr, "lkpbot: out of memory allocating %zu bytes\n", n);
	abort();
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		oom(n);
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		oom(lkb_st_mult(nmemb, size));
	return p;
}

void *
xreallocarray(void *p, size_t nmemb, size_t size)
{
	size_t n = lkb_st_mult(nmemb, size);
	void *q = realloc(p, n ? n : 1);

	if (!q)
		oom(n);
	return q;
}

char *
xstrdup(const char *s)
{
	return xmemdup0(s, strlen(s));
}

char *
xmemdup0(const void *p, size_t len)
{
	char *s = xmalloc(lkb_st_add(len, 1));

	if (len)
		memcpy(s, p, len);
	s[len] = '\0';
	return s;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	int n;
	char *s;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		oom(0);
	s = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

void
lkb_st_overflow(char op, size_t a, size_t b)
{
	fprintf(stderr, "lkpbot: size overflow: %zu %c %zu\n", a, op, b);
	abort();
}
