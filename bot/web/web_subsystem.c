/* web_subsystem.c - the subsystem a report or a file path names
 * (web-internal.h). */
#include "config.h"

#include <string.h>

#include "bot/web/web-internal.h"
#include "lib/compiler.h"
#include "lib/xalloc.h"

/* 1 when tag is a patch tag's text ("PATCH v2 1/3", "RFC",
 * "v3,PATCH 2/3"), no subsystem. */
static int
patch_tag(const char *tag)
{
	return strstr(tag, "PATCH") || strstr(tag, "RFC") ||
	       (tag[0] == 'v' && tag[1] >= '0' && tag[1] <= '9');
}

/* A name of up to 40 bytes of [A-Za-z0-9_./-] at s, n bytes. */
static int
name_ok(const char *s, size_t n)
{
	if (!n || n > 40)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_./-", s[i]))
			return 0;
	return 1;
}


/* The path-like word at p ([A-Za-z0-9_./+-]), its length. */
static size_t
path_len(const char *p)
{
	return strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		      "0123456789_./+-");
}

/* The subsystem of one path of n bytes at p, or NULL. */
static char *
one_path(const char *p, size_t n)
{
	static const char *const under[] = { "fs", "drivers", "net", "sound",
					     "arch", "security", "kernel" };
	const char *slash = memchr(p, '/', n), *ext, *c1;
	size_t n0;

	ext = n > 2 ? p + n - 2 : p;
	if (!slash || slash == p ||
	    (strncmp(ext, ".c", 2) && strncmp(ext, ".h", 2) &&
	     strncmp(ext, ".S", 2) && (n < 3 || strncmp(p + n - 3, ".rs", 3))))
		return NULL;
	n0 = (size_t)(slash - p);
	if ((n0 == 7 && !memcmp(p, "include", 7)) ||
	    (n0 == 5 && !memcmp(p, "tools", 5)))
		return NULL;
	for (size_t i = 0; i < LKB_ARRAY_SIZE(under); i++) {
		if (strlen(under[i]) != n0 || memcmp(p, under[i], n0))
			continue;
		c1 = slash + 1;
		slash = memchr(c1, '/', n - (size_t)(c1 - p));
		/* a file right under fs/ names no subsystem */
		return slash && name_ok(c1, (size_t)(slash - c1))
		       ? xmemdup0(c1, (size_t)(slash - c1)) : NULL;
	}
	return name_ok(p, n0) ? xmemdup0(p, n0) : NULL;
}

char *
web_path_subsystem(const char *text)
{
	const char *p = text;
	char *s;

	while (p && *p) {
		size_t n = path_len(p);

		if (n && (p == text || strchr(" \t\n[(<'\"", p[-1])) &&
		    (s = one_path(p, n)))
			return s;
		p += n ? n : 1;
	}
	return NULL;
}

char *
web_subsystem(const char *prefix, const char *subject, const char *tree,
	      const char **from)
{
	const char *p;
	char *s;
	size_t n;

	*from = "tag";
	if (prefix) {
		p = prefix + strspn(prefix, "[ ");
		n = strcspn(p, ",] ");
		if (!patch_tag(p) && name_ok(p, n))
			return xmemdup0(p, n);
	}
	*from = "patch";
	if (subject && (p = strstr(subject, "PATCH")) &&
	    (p = strchr(p, ']'))) {
		p += 1 + strspn(p + 1, " ");
		n = strcspn(p, ":");
		if (p[n] == ':' && name_ok(p, n))
			return xmemdup0(p, n);
	}
	*from = "file";
	if (subject && (s = web_path_subsystem(subject)))
		return s;
	*from = tree ? "tree" : NULL;
	return tree ? xstrdup(tree) : NULL;
}
