/* address.h - From/To/Cc/Reply-To lists (RFC 5322 s3.4). */
#ifndef LKB_PARSERS_ADDRESS_H
#define LKB_PARSERS_ADDRESS_H

#include <stddef.h>

#include "lib/arena.h"

struct address {
	const char *name;	/* display name, decoded; "" if none */
	const char *addr;	/* local@domain as written; "" if none */
};

/* Splits an unfolded, undecoded address-list value into addresses:
 * commas inside quotes, comments and <> do not split; groups
 * ("name: a, b;") give their members; "Name <addr>" and
 * "addr (Name)" both give a display name, which is unquoted and
 * RFC 2047-decoded. Lenient: unbalanced quotes or brackets end at the
 * end of the value, an obsolete route "<@a,@b:x@y>" is dropped, elements
 * with neither name nor address are skipped. At most max addresses are
 * kept. *list_out is borrowed from a (NULL when none); returns the count. */
size_t address_parse_list(struct arena *a, const char *p, size_t len,
			  size_t max, struct address **list_out);

#endif
