/* results_find.c - locate a commit's result root in an lkp tree. */
#include "config.h"
#include "bot/compare/results.h"
#include "bot/compare/results-internal.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/xalloc.h"

static int
is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static int
is_hex_prefix(const char *s)
{
	size_t n = 0;

	for (; s[n]; n++)
		if (!LKB_ISDIGIT((unsigned char)s[n]) &&
		    (s[n] < 'a' || s[n] > 'f'))
			return 0;
	return n >= 7 && n < 40;
}

/* dir/<commit>, or the one entry of dir that commit is a prefix of.
 * Returns 1 found (path in out), 0 none, <0 ambiguous. */
static int
commit_dir(const char *dir, const char *commit, struct strbuf *out,
	   char **err_out)
{
	DIR *d;
	struct dirent *e;
	size_t len = strlen(commit), hits = 0;
	int rc = 0;

	strbuf_reset(out);
	strbuf_addf(out, "%s/%s", dir, commit);
	if (is_dir(out->buf))
		return 1;
	if (!is_hex_prefix(commit) || !(d = opendir(dir)))
		return 0;
	while ((e = readdir(d))) {
		if (strncmp(e->d_name, commit, len))
			continue;
		if (hits++) {
			*err_out = xasprintf("commit '%s' is ambiguous in '%s'",
					     commit, dir);
			rc = LKB_ERR_USAGE;
			break;
		}
		strbuf_reset(out);
		strbuf_addf(out, "%s/%s", dir, e->d_name);
		rc = is_dir(out->buf);
	}
	closedir(d);
	return rc;
}

/* Whether some run of rt has a job.yaml matching the axes. */
static int
runs_match(const char *rt, const struct compare_axes *ax)
{
	DIR *d = opendir(rt);
	struct dirent *e;
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	char *err = NULL;
	int found = 0;

	if (!d)
		return 0;
	while (!found && (e = readdir(d))) {
		if (!LKB_ISDIGIT((unsigned char)e->d_name[0]))
			continue;
		strbuf_reset(&path);
		strbuf_reset(&text);
		strbuf_addf(&path, "%s/%s/job.yaml", rt, e->d_name);
		if (compare_results_read_file(path.buf, LKB_MAX_JOB_YAML_BYTES, &text,
				      &err)) {
			FREE_AND_NULL(err);
			continue;
		}
		found = compare_axes_match_job(ax, text.buf, text.len);
	}
	closedir(d);
	strbuf_release(&path);
	strbuf_release(&text);
	return found;
}

/* The fallback: every path_params directory of the testcase whose
 * commit runs were made with the axes' parameters. */
static int
find_by_jobs(const char *root, const struct compare_axes *ax, const char *commit,
	     struct strbuf *rt_out, char **err_out)
{
	struct strbuf tdir = STRBUF_INIT, dir = STRBUF_INIT, rt = STRBUF_INIT;
	DIR *d;
	struct dirent *e;
	size_t scanned = 0, hits = 0;
	int rc = 0, r;

	strbuf_addf(&tdir, "%s/%s", root, ax->testcase);
	if (!(d = opendir(tdir.buf))) {
		strbuf_release(&tdir);
		return 0;
	}
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if (++scanned > LKB_MAX_RESULT_DIRS) {
			*err_out = xasprintf("'%s' has more than %d parameter "
					     "directories (LKB_MAX_RESULT_DIRS)",
					     tdir.buf, LKB_MAX_RESULT_DIRS);
			rc = LKB_ERR_TOO_BIG;
			break;
		}
		strbuf_reset(&dir);
		strbuf_addf(&dir, "%s/%s/%s/%s/%s/%s", tdir.buf, e->d_name,
			    ax->tbox_group, ax->rootfs, ax->kconfig,
			    ax->compiler);
		r = commit_dir(dir.buf, commit, &rt, err_out);
		if (r < 0) {
			rc = r;
			break;
		}
		if (!r || !runs_match(rt.buf, ax))
			continue;
		if (hits++) {
			*err_out = xasprintf("results of '%s' are ambiguous: "
					     "'%s' and '%s' both match the "
					     "parameters", commit, rt_out->buf,
					     rt.buf);
			rc = LKB_ERR_USAGE;
			break;
		}
		strbuf_reset(rt_out);
		strbuf_add(rt_out, rt.buf, rt.len);
		rc = 1;
	}
	closedir(d);
	strbuf_release(&tdir);
	strbuf_release(&dir);
	strbuf_release(&rt);
	return rc;
}

int
compare_results_find(const char *root, const struct compare_axes *ax,
		 const char *commit, struct strbuf *rt_out, char **err_out)
{
	struct strbuf pp = STRBUF_INIT, dir = STRBUF_INIT;
	const char *what;
	int rc;

	*err_out = NULL;
	strbuf_reset(rt_out);
	if (compare_axes_check(ax, &what)) {
		*err_out = xasprintf("bad axis '%s' for a result path", what);
		return LKB_ERR_USAGE;
	}
	if (!commit || !*commit || strchr(commit, '/') || commit[0] == '.') {
		*err_out = xasprintf("bad commit '%s'", commit ? commit : "");
		return LKB_ERR_USAGE;
	}
	if ((rc = compare_axes_path_params(ax, &pp))) {
		*err_out = xstrdup("result path too long");
		goto out;
	}
	strbuf_addf(&dir, "%s/%s/%s/%s/%s/%s/%s", root, ax->testcase, pp.buf,
		    ax->tbox_group, ax->rootfs, ax->kconfig, ax->compiler);
	rc = commit_dir(dir.buf, commit, rt_out, err_out);
	if (rc == 0)
		rc = find_by_jobs(root, ax, commit, rt_out, err_out);
out:
	strbuf_release(&pp);
	strbuf_release(&dir);
	return rc;
}
