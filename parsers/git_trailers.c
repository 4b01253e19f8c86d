/* git_trailers.c - Closes:, Link:, Fixes: and reverts in a commit
 * message (see git_trailers.h). */
#include "config.h"
#include "parsers/git_trailers.h"

#include <string.h>

#include "lib/arena.h"
#include "lib/ascii.h"
#include "lib/compiler.h"
#include "lib/limits.h"

static const char *const kind_names[GREF__COUNT] = {
	"closes", "link", "fixes", "revert",
};
_Static_assert(LKB_ARRAY_SIZE(kind_names) == GREF__COUNT,
	       "kind_names out of step with enum git_ref_kind");

const char *
git_ref_kind_name(enum git_ref_kind k)
{
	return (unsigned)k < GREF__COUNT ? kind_names[k] : "?";
}

int
git_is_hex(const char *s, size_t len, size_t min, size_t max)
{
	if (len < min || len > max)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!LKB_ISXDIGIT(s[i]))
			return 0;
	return 1;
}

/* Does [*cur, end) start with word (any case)? Advances past it if so. */
static int
skip_word(const char **cur, const char *end, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(end - *cur) < n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (LKB_TOLOWER((*cur)[i]) != LKB_TOLOWER(word[i]))
			return 0;
	*cur += n;
	return 1;
}

static void
skip_blanks(const char **cur, const char *end)
{
	while (*cur < end && LKB_ISBLANK(**cur))
		(*cur)++;
}

static int
hexval(char c)
{
	if (LKB_ISDIGIT(c))
		return c - '0';
	return LKB_TOLOWER(c) - 'a' + 10;
}

/* The Message-ID in a URL's path segment [p, end): percent-decoded,
 * without <>, printable ASCII with an '@'; NULL when it is none. */
static const char *
msgid_of(struct arena *a, const char *p, const char *end)
{
	char buf[LKB_MAX_MSGID_BYTES + 3];
	size_t n = 0, at = 0;
	const char *s = buf;

	for (; p < end; p++) {
		char c = *p;

		if (n >= sizeof(buf))
			return NULL;
		if (c == '%') {
			if (end - p < 3 || !LKB_ISXDIGIT(p[1]) ||
			    !LKB_ISXDIGIT(p[2]))
				return NULL;
			c = (char)(hexval(p[1]) * 16 + hexval(p[2]));
			p += 2;
		}
		buf[n++] = c;
	}
	if (n >= 2 && buf[0] == '<' && buf[n - 1] == '>') {
		s++;
		n -= 2;
	}
	if (n < 3 || n > LKB_MAX_MSGID_BYTES)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		if (LKB_UC(s[i]) <= ' ' || LKB_UC(s[i]) >= 0x7f ||
		    s[i] == '<' || s[i] == '>')
			return NULL;
		at += s[i] == '@';
	}
	if (at != 1 || s[0] == '@' || s[n - 1] == '@')
		return NULL;
	return arena_memdup0(a, s, n);
}

/* A lore URL [p, end) -> its Message-ID, or NULL. */
static const char *
lore_msgid(struct arena *a, const char *p, const char *end)
{
	const char *seg;
	int url;

	if (end - p >= 2 && *p == '<' && end[-1] == '>') {
		p++;
		end--;
	}
	url = skip_word(&p, end, "https://") || skip_word(&p, end, "http://");
	if (!url && !memchr(p, '/', (size_t)(end - p)))
		return msgid_of(a, p, end);	/* a bare Message-ID */
	if (skip_word(&p, end, "lore.kernel.org/")) {
		/* the list (oe-lkp, lkml, all, r, ...): one segment */
		while (p < end && *p != '/')
			p++;
		if (p == end)
			return NULL;
		p++;
	} else if (!skip_word(&p, end, "lkml.kernel.org/r/") &&
		   !skip_word(&p, end, "patch.msgid.link/")) {
		return NULL;
	}
	seg = p;
	while (p < end && *p != '/' && *p != '#' && *p != '?')
		p++;
	return msgid_of(a, seg, p);
}

const char *
git_lore_msgid(struct arena *a, const char *p, size_t len)
{
	return lore_msgid(a, p, p + len);
}

/* A sha of min..max hex digits at [p, end), ended by the line, a blank,
 * '(' or one of stop; lower case in the arena, or NULL. */
static const char *
sha_at(struct arena *a, const char *p, const char *end, size_t min,
       size_t max, const char *stop)
{
	const char *s = p;
	char *out;
	size_t n;

	while (p < end && LKB_ISXDIGIT(*p))
		p++;
	n = (size_t)(p - s);
	if (!git_is_hex(s, n, min, max))
		return NULL;
	if (p < end && !LKB_ISBLANK(*p) && *p != '(' && !strchr(stop, *p))
		return NULL;
	out = arena_memdup0(a, s, n);
	for (size_t i = 0; i < n; i++)
		out[i] = (char)LKB_TOLOWER(out[i]);
	return out;
}

/* One line [p, end): the ref it holds, 1; else 0. */
static int
scan_line(struct arena *a, const char *p, const char *end,
	  struct git_ref *ref)
{
	const char *line = p, *v, *ve;

	ref->value = NULL;
	if (skip_word(&p, end, "closes:"))
		ref->kind = GREF_CLOSES;
	else if (skip_word(&p, end, "link:"))
		ref->kind = GREF_LINK;
	else if (skip_word(&p, end, "fixes:"))
		ref->kind = GREF_FIXES;
	else if (skip_word(&p, end, "this reverts commit "))
		ref->kind = GREF_REVERT;
	else
		return 0;
	skip_blanks(&p, end);
	switch (ref->kind) {
	case GREF_CLOSES:
	case GREF_LINK:
		v = p;
		while (p < end && !LKB_ISBLANK(*p))
			p++;
		ve = p;
		skip_blanks(&p, end);
		if (p == end)	/* one URL, nothing after it */
			ref->value = lore_msgid(a, v, ve);
		break;
	case GREF_FIXES:
		ref->value = sha_at(a, p, end, 12, 40, "");
		break;
	default:
		ref->value = sha_at(a, p, end, 40, 40, ".,");
		break;
	}
	if (!ref->value)
		return 0;
	ref->line = arena_memdup0(a, line, (size_t)(end - line));
	return 1;
}

size_t
git_trailers_scan(struct arena *a, const char *msg, size_t len,
		  struct git_ref *refs, size_t max)
{
	const char *p = msg, *end = msg ? msg + len : NULL, *eol, *le;
	struct git_ref ref;
	size_t n = 0;

	while (p && p < end) {
		eol = memchr(p, '\n', (size_t)(end - p));
		le = eol ? eol : end;
		if (le > p && le[-1] == '\r')
			le--;
		if (scan_line(a, p, le, &ref)) {
			if (n < max)
				refs[n] = ref;
			n++;
		}
		p = eol ? eol + 1 : end;
	}
	return n;
}

/* Does [p, end) hold word, any case? */
static int
has_ci(const char *p, const char *end, const char *word)
{
	for (; p < end; p++) {
		const char *q = p;

		if (skip_word(&q, end, word))
			return 1;
	}
	return 0;
}

int
git_trailers_robot(const char *msg, size_t len)
{
	const char *p = msg, *end = msg ? msg + len : NULL, *eol, *q;

	while (p && p < end) {
		eol = memchr(p, '\n', (size_t)(end - p));
		q = p;
		if (skip_word(&q, eol ? eol : end, "reported-by:") &&
		    (has_ci(q, eol ? eol : end, "kernel test robot") ||
		     has_ci(q, eol ? eol : end, "lkp@intel.com")))
			return 1;
		p = eol ? eol + 1 : end;
	}
	return 0;
}
