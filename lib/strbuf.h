/* strbuf.h - growable byte buffer (doc/style.md R12).
 *
 * Invariants: buf is never NULL, buf[len] == '\0', alloc is private.
 * STRBUF_INIT is valid without an init call. Uncapped buffers abort on
 * out-of-memory (R14), so their appends cannot fail. A capped buffer
 * (strbuf_init_capped) refuses an append that would pass its cap: it
 * takes nothing and remembers it (overflow, sticky until reset or
 * release), and takes nothing from any later append either, so it never
 * holds a truncated middle. Its owner asks strbuf_status() once, after
 * the appends.
 */
#ifndef LKB_LIB_STRBUF_H
#define LKB_LIB_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

#include "compiler.h"

struct strbuf {
	size_t len;
	size_t alloc;	/* private */
	size_t cap;	/* 0 = no cap */
	int overflow;	/* an append passed cap; see strbuf_status() */
	char *buf;
};

extern char strbuf_empty[];
#define STRBUF_INIT { 0, 0, 0, 0, strbuf_empty }

void strbuf_init(struct strbuf *sb, size_t hint);
void strbuf_init_capped(struct strbuf *sb, size_t cap);
void strbuf_release(struct strbuf *sb);
/* Caller frees the result with free(); sb is reset to empty. */
char *strbuf_detach(struct strbuf *sb, size_t *len_out);
void strbuf_reset(struct strbuf *sb);
void strbuf_setlen(struct strbuf *sb, size_t len);

/* LKB_ERR_TOO_BIG once an append passed the cap (since the last init,
 * reset or release), else LKB_OK. Always LKB_OK for an uncapped buffer. */
int strbuf_status(const struct strbuf *sb) LKB_WARN_UNUSED;

/* The appends return nothing: each takes all of its bytes, or on a
 * capped buffer that would pass its cap (or has) none of them. grow
 * makes room for extra more bytes, counted against the cap likewise. */
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *p, size_t n);
void strbuf_adds(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	LKB_PRINTF(2, 3);
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);

/* Remove trailing whitespace. */
void strbuf_rtrim(struct strbuf *sb);

#endif
