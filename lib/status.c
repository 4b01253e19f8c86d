/* status.c - names for enum lkb_status. */
#include "config.h"
#include "status.h"

static const char *const names[] = {
	"ok",
	"failure",
	"out of memory",
	"input/output error",
	"parse error",
	"limit exceeded",
	"protocol error",
	"TLS error",
	"authentication failed",
	"database error",
	"database busy",
	"database schema is newer than this program",
	"template error",
	"usage error",
	"configuration error",
	"network error",
	"not found",
};

_Static_assert(sizeof(names) / sizeof(names[0]) == -LKB_ERR__LAST,
	       "every lkb_status needs a name");

const char *
lkb_status_str(int rc)
{
	if (rc > 0)
		rc = 0;
	if (rc <= LKB_ERR__LAST)
		return "unknown error";
	return names[-rc];
}
