/* strbuf.h - growable byte buffer (doc/style.md R12).
 *
 * Invariants: buf is never NULL, buf[len] == '\0', alloc is private.
 * STRBUF_INIT is valid without an init call. A capped buffer refuses to
 * grow past its cap: the append returns LKB_ERR_TOO_BIG and leaves the
 * buffer as it was. Uncapped buffers abort on out-of-memory (R14), so
 * their appends cannot fail.
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
	char *buf;
};

extern char strbuf_empty[];
#define STRBUF_INIT { 0, 0, 0, strbuf_empty }

void strbuf_init(struct strbuf *sb, size_t hint);
void strbuf_init_capped(struct strbuf *sb, size_t cap);
void strbuf_release(struct strbuf *sb);
/* Caller frees the result with free(); sb is reset to empty. */
char *strbuf_detach(struct strbuf *sb, size_t *len_out);
void strbuf_reset(struct strbuf *sb);
void strbuf_setlen(struct strbuf *sb, size_t len);

int strbuf_grow(struct strbuf *sb, size_t extra) LKB_WARN_UNUSED;
int strbuf_add(struct strbuf *sb, const void *p, size_t n) LKB_WARN_UNUSED;
int strbuf_adds(struct strbuf *sb, const char *s) LKB_WARN_UNUSED;
int strbuf_addch(struct strbuf *sb, int c) LKB_WARN_UNUSED;
int strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	LKB_PRINTF(2, 3) LKB_WARN_UNUSED;
int strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
	LKB_WARN_UNUSED;

/* Remove trailing whitespace. */
void strbuf_rtrim(struct strbuf *sb);

#endif
