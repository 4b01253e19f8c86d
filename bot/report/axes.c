/* axes.c - struct compare_axes and series facts from a stored report. */
#include "config.h"
#include "bot/report/axes.h"

#include <stdlib.h>
#include <string.h>

#include "bot/compare/series.h"
#include "bot/report/stored.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "parsers/lkp_report.h"
#include "state/store_report.h"

/* s when it says something, else NULL (as an empty JSON string was). */
static const char *
nz(const char *s)
{
	return s && *s ? s : NULL;
}

/* Slot of a named axis, or NULL for a test parameter. */
static const char **
named_axis(struct compare_axes *ax, const char *key)
{
	if (!strcmp(key, "testcase"))
		return &ax->testcase;
	if (!strcmp(key, "tbox_group"))
		return &ax->tbox_group;
	if (!strcmp(key, "rootfs"))
		return &ax->rootfs;
	if (!strcmp(key, "kconfig"))
		return &ax->kconfig;
	if (!strcmp(key, "compiler"))
		return &ax->compiler;
	return NULL;
}

/* Named axes from kv when still unset, every other key a parameter; one
 * pair per key (report_kv_unique). */
static void
take_pairs(struct report_axes *ra, const struct lkp_kv *kv, size_t n)
{
	struct lkp_kv *u = xcalloc(n ? n : 1, sizeof(*u));
	size_t nu = report_kv_unique(kv, n, u), np = 0;

	ra->params = xcalloc(nu ? nu : 1, sizeof(*ra->params));
	ra->axes.params = ra->params;
	for (size_t i = 0; i < nu; i++) {
		const char **slot = named_axis(&ra->axes, u[i].key);

		if (slot) {
			if (!*slot)
				*slot = nz(u[i].value);
			continue;
		}
		ra->params[np].key = u[i].key;
		ra->params[np].value = u[i].value;
		ra->params[np].eq = 0;
		np++;
	}
	ra->axes.nparams = np;
	free(u);
}

static void
take_compared(struct report_axes *ra, const struct lkp_comparison *c)
{
	size_t n = c ? c->ncompared : 0;

	ra->compared = xcalloc(n ? n : 1, sizeof(*ra->compared));
	for (size_t i = 0; i < n; i++) {
		const char *sha = nz(c->compared[i].sha);

		if (!sha)
			continue;
		ra->compared[ra->ncompared].sha = sha;
		ra->compared[ra->ncompared].subject = nz(c->compared[i].subject);
		ra->ncompared++;
	}
}

void
report_axes_from_report(const struct lkp_report *r, struct report_axes *out)
{
	const struct lkp_comparison *cmp = r->ncomparisons ? &r->comparisons[0]
							   : NULL;
	size_t named = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; cmp && i < cmp->naxes; i++)
		named += cmp->axes[i].key != NULL;
	if (named)
		take_pairs(out, cmp->axes, cmp->naxes);
	else
		take_pairs(out, r->params, r->nparams);
	if (!out->axes.testcase)
		out->axes.testcase = nz(r->testcase);
	if (!out->axes.kconfig)
		out->axes.kconfig = nz(r->config);
	if (!out->axes.compiler)
		out->axes.compiler = nz(r->compiler);
	take_compared(out, cmp);
	out->commit.sha = nz(r->commit_sha);
	out->commit.subject = nz(r->commit_subject);
	out->subject = nz(r->subject);
	out->patch_subject = nz(r->patch_subject);
	out->url = nz(r->url);
	out->base = nz(r->base);
	out->headline = nz(r->headline_metric);
}

int
report_axes_load(struct store *st, int64_t id, struct report_axes *out,
		 char **err_out)
{
	struct stored_report sr;
	int rc;

	memset(out, 0, sizeof(*out));
	*err_out = NULL;
	rc = report_stored_load(st, id, &sr);
	if (rc < 0) {
		report_stored_release(&sr);
		*err_out = xasprintf("cannot read report %lld", (long long)id);
		return rc;
	}
	if (!rc) {
		report_stored_release(&sr);
		*err_out = xasprintf("no report %lld", (long long)id);
		return LKB_ERR_NOT_FOUND;
	}
	report_axes_from_report(sr.r, out);
	out->src = sr;
	out->report_id = id;
	return LKB_OK;
}

int
report_axes_check(const struct report_axes *ra, char **err_out)
{
	static const char *const names[] = { "testcase", "tbox_group",
					     "rootfs", "kconfig", "compiler" };
	const char *vals[5];
	const char *what = NULL;

	vals[0] = ra->axes.testcase;
	vals[1] = ra->axes.tbox_group;
	vals[2] = ra->axes.rootfs;
	vals[3] = ra->axes.kconfig;
	vals[4] = ra->axes.compiler;
	for (size_t i = 0; i < 5; i++) {
		if (!vals[i]) {
			*err_out = xasprintf("the report names no %s (it has "
					     "no usable axis header)",
					     names[i]);
			return -1;
		}
	}
	if (compare_axes_check(&ra->axes, &what)) {
		*err_out = xasprintf("the report's %s is not a usable result "
				     "path component", what ? what : "axes");
		return -1;
	}
	return 0;
}

const char *
report_axes_series_subject(const struct report_axes *ra)
{
	unsigned k, m;

	if (ra->commit.subject &&
	    compare_series_parse_subject(ra->commit.subject, &k, &m) == 1)
		return ra->commit.subject;
	if (ra->patch_subject &&
	    compare_series_parse_subject(ra->patch_subject, &k, &m) == 1)
		return ra->patch_subject;
	return NULL;
}

void
report_axes_release(struct report_axes *ra)
{
	free(ra->params);
	free(ra->compared);
	report_stored_release(&ra->src);
	memset(ra, 0, sizeof(*ra));
}
