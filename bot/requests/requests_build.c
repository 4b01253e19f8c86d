/* requests_build.c - a requested commit whose kernel did not build: its
 * result root holds the builder's log instead of runs
 * (bot/compare/build_error.h). */
#include "config.h"
#include "bot/requests/requests-internal.h"

#include <stdlib.h>

#include "bot/compare/build_error.h"
#include "bot/compare/results.h"
#include "lib/status.h"
#include "lib/xalloc.h"

int
requests_build_failure(const struct request_env *e,
		       const struct report_axes *ra,
		       const struct request_plan *p, size_t *col_out,
		       struct strbuf *lines_out, char **err_out)
{
	struct strbuf rt = STRBUF_INIT;
	int rc = 0;

	*err_out = NULL;
	for (size_t i = 0; i < p->n && rc == 0; i++) {
		rc = compare_results_find(e->root, &ra->axes, p->c[i].sha, &rt,
					  err_out);
		if (rc <= 0)
			continue;	/* not there yet, or an error */
		rc = compare_build_error(rt.buf, lines_out, err_out);
		if (rc == 1)
			*col_out = i;
	}
	if (rc < 0 && !*err_out)
		*err_out = xstrdup("cannot read the result tree");
	strbuf_release(&rt);
	return rc;
}
