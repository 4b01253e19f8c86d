/* compare.c - find results, compare, render; queue missing jobs. */
#include "config.h"
#include "bot/compare/compare.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/compare/format.h"
#include "bot/compare/matrix.h"
#include "bot/compare/results.h"
#include "bot/compare/stat_rules.h"
#include "bot/compare/stats.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/xalloc.h"

int
compare_find_missing(const char *root, const struct compare_axes *axes,
		     const struct compare_commit *commits, size_t n,
		     size_t **missing_out, size_t *nmissing_out, char **err_out)
{
	struct strbuf rt = STRBUF_INIT;
	size_t *v = xcalloc(n ? n : 1, sizeof(*v)), nm = 0;
	int rc = LKB_OK;

	*err_out = NULL;
	for (size_t i = 0; i < n; i++) {
		int r = compare_results_find(root, axes, commits[i].sha, &rt,
					 err_out);

		if (r < 0) {
			rc = r;
			break;
		}
		if (!r)
			v[nm++] = i;
	}
	strbuf_release(&rt);
	if (rc) {
		free(v);
		v = NULL;
		nm = 0;
	}
	*missing_out = v;
	*nmissing_out = nm;
	return rc;
}

static const char *
label_of(const struct compare_commit *c, size_t i, char *buf, size_t len)
{
	if (c->label)
		return c->label;
	if (!i)
		return "base";
	snprintf(buf, len, "#%zu", i);
	return buf;
}

static int
render(const struct compare_rules *r, const struct compare_axes *axes,
       const struct compare_table *t, const struct compare_fmt_commit *fc,
       const struct compare_opts *opts, struct strbuf *out)
{
	struct strbuf keys = STRBUF_INIT, values = STRBUF_INIT;
	int rc, any = 0;

	/* lkp prints nothing at all when no row qualifies */
	if (!t->nrows)
		return LKB_OK;
	rc = compare_axes_header(axes, &keys, &values);
	if (!rc)
		rc = compare_format_header(out, keys.buf, values.buf, fc, t->ncols);
	if (!rc)
		rc = compare_format_table(out, t);
	for (size_t i = 0; i < t->nrows && !rc && !opts->no_attribution; i++) {
		const struct compare_row *row = &t->rows[i];

		if (row->failure || !compare_is_kpi(row->name, axes->testcase,
					    opts->headline))
			continue;
		if (!any++)
			strbuf_adds(out, "Where the change comes from (each "
				    "step compares a column with the "
				    "one before it):\n\n");
		rc = compare_format_attribution(out, r, t, row, fc);
		if (!rc)
			strbuf_addch(out, '\n');
	}
	strbuf_release(&keys);
	strbuf_release(&values);
	return rc;
}

static int
missing_error(const struct compare_commit *commits, const size_t *miss,
	      size_t nm, size_t n, char **err_out)
{
	struct strbuf sb = STRBUF_INIT;
	char lb[32];

	strbuf_addf(&sb, "no results for %zu of %zu commits:", nm, n);
	for (size_t i = 0; i < nm; i++)
		strbuf_addf(&sb, " %.10s (%s)", commits[miss[i]].sha,
			    label_of(&commits[miss[i]], miss[i], lb,
				     sizeof(lb)));
	*err_out = strbuf_detach(&sb, NULL);
	return LKB_ERR_NOT_FOUND;
}

int
compare_run(const char *root, const struct compare_axes *axes,
	    const struct compare_commit *commits, size_t n,
	    const struct compare_opts *opts, struct strbuf *out,
	    char **err_out)
{
	static const struct compare_opts defaults;
	struct compare_rules *r = NULL;
	struct compare_dataset ds;
	struct compare_table t;
	struct compare_stats_opts so;
	struct compare_fmt_commit *fc = NULL;
	char **shas = NULL, (*lbs)[32] = NULL;
	size_t *miss = NULL, nm = 0;
	struct strbuf rt = STRBUF_INIT;
	int rc;

	*err_out = NULL;
	memset(&t, 0, sizeof(t));
	compare_dataset_init(&ds, n);
	if (!opts)
		opts = &defaults;
	if (n < 2 || n > LKB_MAX_TABLE_COLUMNS) {
		*err_out = xasprintf("a comparison takes 2 to %d commits, not %zu",
				     LKB_MAX_TABLE_COLUMNS, n);
		rc = LKB_ERR_USAGE;
		goto out;
	}
	if ((rc = compare_find_missing(root, axes, commits, n, &miss, &nm,
				       err_out)))
		goto out;
	if (nm) {
		rc = missing_error(commits, miss, nm, n, err_out);
		goto out;
	}
	if ((rc = compare_rules_new(axes->testcase, &r, err_out)))
		goto out;
	fc = xcalloc(n, sizeof(*fc));
	shas = xcalloc(n, sizeof(*shas));
	lbs = xcalloc(n, sizeof(*lbs));
	for (size_t i = 0; i < n; i++) {
		const char *slash;

		if ((rc = compare_results_find(root, axes, commits[i].sha, &rt,
					   err_out)) <= 0) {
			if (!rc)
				rc = missing_error(commits, &i, 1, n, err_out);
			goto out;
		}
		if ((rc = compare_results_load(rt.buf, &ds, i, err_out)))
			goto out;
		slash = strrchr(rt.buf, '/');
		shas[i] = xstrdup(slash ? slash + 1 : rt.buf);
		fc[i].sha = shas[i];
		fc[i].subject = commits[i].subject;
		fc[i].label = label_of(&commits[i], i, lbs[i], sizeof(lbs[i]));
		fc[i].full_sha = opts->full_shas;
	}
	so.repro_fixed = opts->repro_fixed;
	if ((rc = compare_stats_compare(r, &ds, &so, &t, err_out)))
		goto out;
	if ((rc = render(r, axes, &t, fc, opts, out)))
		*err_out = xstrdup("the comparison does not fit the output");
	else if (opts->fix && n == 3 &&
		 (rc = compare_fix_judge(&t, axes->testcase, opts->headline,
					 opts->fix)))
		*err_out = xstrdup("the verdict does not fit the output");
out:
	compare_table_release(&t);
	compare_dataset_release(&ds);
	compare_rules_free(r);
	for (size_t i = 0; shas && i < n; i++)
		free(shas[i]);
	free(shas);
	free(lbs);
	free(fc);
	free(miss);
	strbuf_release(&rt);
	return rc;
}

static uint32_t
fnv1a32(const char *s, size_t n)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 16777619u;
	}
	return h;
}

/* Write text to dir/name unless it exists: 1 written, 0 existed. */
static int
write_once(const char *dir, const char *name, const struct strbuf *text,
	   char **err_out)
{
	char *final = xasprintf("%s/%s", dir, name);
	char *tmp = xasprintf("%s/.%s.%ld.tmp", dir, name, (long)getpid());
	int fd = -1, rc = 1;

	if (!access(final, F_OK)) {
		rc = 0;
		goto out;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, text->buf, text->len) != (ssize_t)text->len ||
	    fsync(fd) || close(fd)) {
		*err_out = xasprintf("cannot write '%s': %s", tmp,
				     strerror(errno));
		if (fd >= 0)
			close(fd);
		rc = LKB_ERR_IO;
		unlink(tmp);
		goto out;
	}
	if (link(tmp, final)) {
		if (errno == EEXIST) {
			rc = 0;
		} else {
			*err_out = xasprintf("cannot create '%s': %s", final,
					     strerror(errno));
			rc = LKB_ERR_IO;
		}
	}
	unlink(tmp);
out:
	free(final);
	free(tmp);
	return rc;
}

int
compare_write_jobs(const char *queue_dir, const struct compare_axes *axes,
		   const char *const *commits, size_t n, size_t *written_out,
		   char **err_out)
{
	struct strbuf text = STRBUF_INIT;
	int rc = LKB_OK;

	*err_out = NULL;
	*written_out = 0;
	if (mkdir(queue_dir, 0755) && errno != EEXIST) {
		*err_out = xasprintf("cannot create the queue '%s': %s",
				     queue_dir, strerror(errno));
		return LKB_ERR_IO;
	}
	for (size_t i = 0; i < n && rc >= 0; i++) {
		char *name;

		strbuf_reset(&text);
		if (compare_axes_job_yaml(axes, commits[i], &text)) {
			*err_out = xasprintf("cannot write a job for commit '%s': "
					     "bad axes or commit", commits[i]);
			rc = LKB_ERR_USAGE;
			break;
		}
		name = xasprintf("%s-%.12s-%08x.yaml", axes->testcase,
				 commits[i], (unsigned)fnv1a32(text.buf,
							       text.len));
		rc = write_once(queue_dir, name, &text, err_out);
		free(name);
		if (rc > 0)
			(*written_out)++;
	}
	strbuf_release(&text);
	return rc < 0 ? rc : LKB_OK;
}

void
compare_list_from_series(struct compare_list *l, const struct compare_series *s)
{
	l->n = s->total + 1;
	l->c = xcalloc(l->n, sizeof(*l->c));
	l->labels = xcalloc(l->n, sizeof(*l->labels));
	l->labels[0] = xstrdup("base");
	l->c[0].sha = s->base;
	l->c[0].subject = s->base_subject;
	l->c[0].label = l->labels[0];
	for (size_t i = 1; i < l->n; i++) {
		l->labels[i] = xasprintf("%02zu/%02zu", i, s->total);
		l->c[i].sha = s->patches[i - 1].sha;
		l->c[i].subject = s->patches[i - 1].subject;
		l->c[i].label = l->labels[i];
	}
}

void
compare_list_release(struct compare_list *l)
{
	for (size_t i = 0; l->labels && i < l->n; i++)
		free(l->labels[i]);
	free(l->labels);
	free(l->c);
	memset(l, 0, sizeof(*l));
}
