/* strbuf.c - growable byte buffer with an optional cap. */
#include "config.h"
#include "strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "log.h"
#include "status.h"
#include "xalloc.h"

char strbuf_empty[1];

void
strbuf_init(struct strbuf *sb, size_t hint)
{
	sb->len = 0;
	sb->alloc = 0;
	sb->cap = 0;
	sb->overflow = 0;
	sb->buf = strbuf_empty;
	if (hint) {
		sb->buf = xmalloc(lkb_st_add(hint, 1));
		sb->alloc = hint + 1;
		sb->buf[0] = '\0';
	}
}

void
strbuf_init_capped(struct strbuf *sb, size_t cap)
{
	strbuf_init(sb, 0);
	sb->cap = cap;
}

void
strbuf_release(struct strbuf *sb)
{
	size_t cap = sb->cap;

	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb, 0);
	sb->cap = cap;
}

char *
strbuf_detach(struct strbuf *sb, size_t *len_out)
{
	char *p;

	if (len_out)
		*len_out = sb->len;
	if (!sb->alloc)
		p = xstrdup("");
	else
		p = sb->buf;
	sb->len = 0;
	sb->alloc = 0;
	sb->overflow = 0;
	sb->buf = strbuf_empty;
	return p;
}

void
strbuf_reset(struct strbuf *sb)
{
	strbuf_setlen(sb, 0);
	sb->overflow = 0;
}

void
strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (len > sb->len)
		LKB_BUG("strbuf_setlen beyond length");
	sb->len = len;
	if (sb->alloc)
		sb->buf[len] = '\0';
}

int
strbuf_status(const struct strbuf *sb)
{
	return sb->overflow ? LKB_ERR_TOO_BIG : LKB_OK;
}

/* Room for extra more bytes: 1, or 0 when a capped buffer cannot have
 * it (overflow set). */
static int
grow(struct strbuf *sb, size_t extra)
{
	size_t need = lkb_st_add(lkb_st_add(sb->len, extra), 1);
	size_t na;
	char *nb;

	if (sb->overflow)
		return 0;
	if (sb->cap && need - 1 > sb->cap) {
		sb->overflow = 1;
		return 0;
	}
	if (need <= sb->alloc)
		return 1;
	na = sb->alloc < 64 ? 64 : sb->alloc;
	while (na < need)
		na = lkb_st_mult(na, 2);
	if (sb->cap && na > sb->cap + 1)
		na = sb->cap + 1 > need ? sb->cap + 1 : need;
	nb = xreallocarray(sb->alloc ? sb->buf : NULL, na, 1);
	if (!sb->alloc)
		nb[0] = '\0';
	sb->buf = nb;
	sb->alloc = na;
	return 1;
}

void
strbuf_grow(struct strbuf *sb, size_t extra)
{
	grow(sb, extra);
}

void
strbuf_add(struct strbuf *sb, const void *p, size_t n)
{
	if (!grow(sb, n))
		return;
	if (n)
		memcpy(sb->buf + sb->len, p, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void
strbuf_adds(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void
strbuf_addch(struct strbuf *sb, int c)
{
	char ch = (char)c;

	strbuf_add(sb, &ch, 1);
}

void
strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)	/* no format of ours fails: R22 has them checked */
		LKB_BUG("vsnprintf failed in strbuf_vaddf");
	if (!grow(sb, (size_t)n))
		return;
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void
strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void
strbuf_rtrim(struct strbuf *sb)
{
	while (sb->len && LKB_ISSPACE(sb->buf[sb->len - 1]))
		sb->len--;
	if (sb->alloc)
		sb->buf[sb->len] = '\0';
}
