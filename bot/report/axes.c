/* axes.c - struct compare_axes and series facts from a stored report. */
#include "config.h"
#include "bot/report/axes.h"

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bot/compare/series.h"
#include "bot/report/stored.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "state/store_report.h"

static const char *
jstr(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

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

/* Fill the axes from one JSON object of key -> string; named axes only
 * when still unset, parameters always (the caller uses one source). */
static void
take_object(struct report_axes *ra, const json_t *obj, int params_too)
{
	size_t n = json_object_size(obj), np = 0;
	const char *key;
	json_t *v;

	if (params_too) {
		ra->params = xcalloc(n ? n : 1, sizeof(*ra->params));
		ra->axes.params = ra->params;
	}
	json_object_foreach((json_t *)obj, key, v) {
		const char **slot = named_axis(&ra->axes, key);
		const char *s = json_string_value(v);

		if (slot) {
			if (!*slot && s && *s)
				*slot = s;
			continue;
		}
		if (!params_too)
			continue;
		ra->params[np].key = key;
		ra->params[np].value = s;
		ra->params[np].eq = 0;
		np++;
	}
	if (params_too)
		ra->axes.nparams = np;
}

static void
take_compared(struct report_axes *ra, const json_t *cmp)
{
	const json_t *list = json_object_get(cmp, "compared");
	size_t i, n = json_array_size(list);
	json_t *e;

	ra->compared = xcalloc(n ? n : 1, sizeof(*ra->compared));
	json_array_foreach(list, i, e) {
		const char *sha = jstr(e, "sha");

		if (!sha)
			continue;
		ra->compared[ra->ncompared].sha = sha;
		ra->compared[ra->ncompared].subject = jstr(e, "subject");
		ra->ncompared++;
	}
}

int
report_axes_from_json(const char *text, struct report_axes *out,
		      char **err_out)
{
	const json_t *cmp, *axes, *c;
	json_error_t jerr;
	json_t *root;

	memset(out, 0, sizeof(*out));
	*err_out = NULL;
	root = json_loads(text, 0, &jerr);
	if (!json_is_object(root)) {
		*err_out = xasprintf("stored report JSON unreadable: %s",
				     root ? "not an object" : jerr.text);
		json_decref(root);
		return LKB_ERR_PARSE;
	}
	out->json = root;
	out->report_id = json_integer_value(json_object_get(root, "id"));
	cmp = json_array_get(json_object_get(root, "comparisons"), 0);
	axes = json_object_get(cmp, "axes");
	if (json_object_size(axes))
		take_object(out, axes, 1);
	else
		take_object(out, json_object_get(root, "params"), 1);
	if (!out->axes.testcase)
		out->axes.testcase = jstr(root, "testcase");
	if (!out->axes.kconfig)
		out->axes.kconfig = jstr(root, "config");
	if (!out->axes.compiler)
		out->axes.compiler = jstr(root, "compiler");
	take_compared(out, cmp);
	c = json_object_get(root, "commit");
	out->commit.sha = jstr(c, "sha");
	out->commit.subject = jstr(c, "subject");
	out->subject = jstr(root, "subject");
	out->patch_subject = jstr(root, "patch_subject");
	out->url = jstr(root, "url");
	out->base = jstr(root, "base");
	out->headline = jstr(json_object_get(root, "headline"), "metric");
	return LKB_OK;
}

int
report_axes_load(struct store *st, int64_t id, struct report_axes *out,
		 char **err_out)
{
	char *json = NULL;
	int rc;

	memset(out, 0, sizeof(*out));
	*err_out = NULL;
	rc = report_stored_json(st, id, &json);
	if (rc < 0) {
		*err_out = xasprintf("cannot read report %lld", (long long)id);
		return rc;
	}
	if (!rc) {
		*err_out = xasprintf("no report %lld", (long long)id);
		return LKB_ERR_NOT_FOUND;
	}
	rc = report_axes_from_json(json, out, err_out);
	free(json);
	if (rc == LKB_OK)
		out->report_id = id;
	return rc;
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
	json_decref(ra->json);
	memset(ra, 0, sizeof(*ra));
}
