/* site.h - the output directory of `lkpbot web`: pages written only
 * when their bytes changed, each through a temporary file renamed into
 * place, so a web server never serves half a page. */
#ifndef LKB_BOT_WEB_SITE_H
#define LKB_BOT_WEB_SITE_H

#include <stddef.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"

struct site {
	const char *dir;	/* borrowed */
	size_t written, unchanged;
};

/* Create dir if it is missing. */
int site_open(struct site *s, const char *dir) LKB_WARN_UNUSED;

/* Make dir/name hold exactly len bytes of buf: left alone (counted
 * unchanged) when it does already, else written to a temporary file in
 * dir and renamed over it (counted written). name is a plain file name
 * the site made (no '/'). */
int site_put(struct site *s, const char *name, const char *buf, size_t len)
	LKB_WARN_UNUSED;

/* A stable file name for a filter page: "PREFIX-VALUE.html" with VALUE
 * as it is when it holds only [a-z0-9._-] (at most 60 bytes, not
 * starting with '.'), else its safe characters, '~' and a 64-bit
 * FNV-1a hash of the whole value: a hashed name never equals a plain
 * one, so different values do not share a page. */
int site_slug(struct strbuf *sb, const char *prefix, const char *value)
	LKB_WARN_UNUSED;

#endif
