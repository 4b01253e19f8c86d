/* msgid.h - Message-ID, In-Reply-To and References (RFC 5322 s3.6.4). */
#ifndef LKB_PARSERS_MSGID_H
#define LKB_PARSERS_MSGID_H

#include <stddef.h>

#include "lib/arena.h"

/* Extracts the ids of an unfolded header value, in order, without the
 * angle brackets. Lenient: text outside <...> (comments, phrases like
 * "Your message of ...") is skipped; whitespace inside <...> is dropped;
 * an unclosed "<" ends at the next blank; when the value has no "<" at
 * all, each blank/comma-separated token holding an "@" is an id. When
 * there are more than max ids, the first and the last max - 1 are kept
 * (the root and the nearest parents matter for threading).
 * *ids_out is an array borrowed from a (NULL when none); returns the
 * count. *dropped_out (may be NULL) gets how many ids were dropped. */
size_t msgid_parse_list(struct arena *a, const char *p, size_t len,
			size_t max, const char ***ids_out, size_t *dropped_out);

/* The first id of the value, or NULL. Borrowed from a. */
const char *msgid_parse_first(struct arena *a, const char *p, size_t len);

#endif
