/* git_trailers.h - what a commit message says about LKP reports.
 *
 * A commit message is hostile text (anyone can write one). The scanner
 * looks only at lines that start with a trailer key (any case) or with
 * git revert's sentence, and hands out values already checked:
 *   Closes: URL / Link: URL  a lore URL of a message, in any form LKP
 *       and b4 write (https://lore.kernel.org/LIST/ID[/...],
 *       /r/ID, /all/ID/, lkml.kernel.org/r/ID, patch.msgid.link/ID;
 *       angle brackets, percent-encoding and a trailing slash allowed),
 *       or a bare Message-ID (with or without <>, no '/'): the
 *       Message-ID, decoded, without <>; it must hold one '@'
 *   Fixes: SHA (12..40 hex digits, then a blank, '(' or the line's end)
 *   This reverts commit SHA (40 hex digits)
 * Shas come out lower case. Nothing else of the message is trusted.
 */
#ifndef LKB_PARSERS_GIT_TRAILERS_H
#define LKB_PARSERS_GIT_TRAILERS_H

#include <stddef.h>

#include "lib/compiler.h"

struct arena;

enum git_ref_kind {
	GREF_CLOSES,	/* Closes: <lore URL> */
	GREF_LINK,	/* Link: <lore URL> */
	GREF_FIXES,	/* Fixes: <sha> */
	GREF_REVERT,	/* This reverts commit <sha>. */
	GREF__COUNT
};

struct git_ref {
	enum git_ref_kind kind;
	const char *value;	/* Message-ID or lower-case sha; in the arena */
	const char *line;	/* the whole line, in the arena */
};

/* Scan msg[0..len) (need not be NUL-terminated). Up to max refs go into
 * refs (borrowed from a); returns how many were found (may exceed max:
 * the rest are dropped, LKB_MAX_GIT_REFS). */
size_t git_trailers_scan(struct arena *a, const char *msg, size_t len,
			 struct git_ref *refs, size_t max);

/* 1 when msg[0..len) has a Reported-by: line (at a line's start, any
 * case) naming the kernel test robot ("kernel test robot" or
 * lkp@intel.com): a Fixes: in such a commit is about a robot report. */
int git_trailers_robot(const char *msg, size_t len);

/* The Message-ID a lore URL names, in any form the scanner takes for
 * Closes:/Link: (above), decoded, in a; NULL when p[0..len) is none.
 * Also for links in what a reply's author wrote. */
const char *git_lore_msgid(struct arena *a, const char *p, size_t len);

/* Static names ("closes", "link", "fixes", "revert"); never NULL. */
const char *git_ref_kind_name(enum git_ref_kind k);

/* 1 when s[0..len) is min..max hex digits. */
int git_is_hex(const char *s, size_t len, size_t min, size_t max);

#endif
