/* results.c - matrix.json / stats.json into a dataset (lkp:lib/matrix.rb). */
#include "config.h"
#include "bot/compare/results.h"
#include "bot/compare/results-internal.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "lib/limits.h"
#include "lib/status.h"
#include "lib/xalloc.h"

static int
ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !strcmp(s + a - b, suffix);
}

static int
too_big(const char *path, size_t cap, char **err_out)
{
	*err_out = xasprintf("'%s' is larger than %zu bytes "
			     "(LKB_MAX_MATRIX_BYTES)", path, cap);
	return LKB_ERR_TOO_BIG;
}

static int
read_gz(const char *path, size_t cap, struct strbuf *out, char **err_out)
{
	gzFile gz = gzopen(path, "rb");
	char buf[65536];
	const char *msg;
	int n, rc = LKB_OK, zerr;

	if (!gz) {
		*err_out = xasprintf("cannot open '%s': %s", path,
				     strerror(errno));
		return LKB_ERR_IO;
	}
	while ((n = gzread(gz, buf, sizeof(buf))) > 0) {
		if (out->len + (size_t)n > cap) {
			rc = too_big(path, cap, err_out);
			goto out;
		}
		strbuf_add(out, buf, (size_t)n);
	}
	msg = gzerror(gz, &zerr);
	if (n < 0 || zerr != Z_OK) {
		/* Z_BUF_ERROR here means a truncated stream */
		*err_out = xasprintf("cannot decompress '%s': %s", path,
				     *msg ? msg : "truncated");
		rc = LKB_ERR_PARSE;
	}
out:
	gzclose(gz);
	return rc;
}

int
compare_results_read_file(const char *path, size_t cap, struct strbuf *out,
		  char **err_out)
{
	FILE *f;
	char buf[65536];
	struct stat st;
	size_t n;
	int rc = LKB_OK;

	if (ends_with(path, ".gz"))
		return read_gz(path, cap, out, err_out);
	if (!(f = fopen(path, "rb"))) {
		*err_out = xasprintf("cannot open '%s': %s", path,
				     strerror(errno));
		return LKB_ERR_IO;
	}
	if (!stat(path, &st) && st.st_size > 0 &&
	    (size_t)st.st_size <= cap)
		strbuf_grow(out, (size_t)st.st_size + 1);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		if (out->len + n > cap) {
			rc = too_big(path, cap, err_out);
			goto out;
		}
		strbuf_add(out, buf, n);
	}
	if (ferror(f)) {
		*err_out = xasprintf("cannot read '%s'", path);
		rc = LKB_ERR_IO;
	}
out:
	fclose(f);
	return rc;
}

/* An upper bound of the values in JSON text, counted without building
 * anything: each value after the first in a container needs a comma,
 * each container an opening bracket. */
static size_t
json_value_bound(const char *p, size_t len)
{
	const char *end = p + len;
	size_t n = 1;

	for (; p < end; p++) {
		if (*p == '"') {
			for (p++; p < end && *p != '"'; p++)
				if (*p == '\\')
					p++;
			continue;
		}
		n += *p == ',' || *p == '[' || *p == '{';
	}
	return n;
}

/* Refuse text with more than LKB_MAX_MATRIX_VALUES values before a
 * parser builds them. */
static int
check_values(const char *what, const char *text, size_t len, char **err_out)
{
	if (json_value_bound(text, len) <= LKB_MAX_MATRIX_VALUES)
		return LKB_OK;
	*err_out = xasprintf("'%s' holds more than %u values "
			     "(LKB_MAX_MATRIX_VALUES)", what,
			     LKB_MAX_MATRIX_VALUES);
	return LKB_ERR_TOO_BIG;
}

static json_t *
parse_json(const char *what, const char *text, size_t len, char **err_out)
{
	json_error_t jerr;
	json_t *j;

	if (check_values(what, text, len, err_out) != LKB_OK)
		return NULL;
	j = json_loadb(text, len, 0, &jerr);

	if (!j) {
		*err_out = xasprintf("cannot parse '%s': line %d: %s", what,
				     jerr.line, jerr.text);
		return NULL;
	}
	if (!json_is_object(j)) {
		*err_out = xasprintf("'%s' is not a JSON object", what);
		json_decref(j);
		return NULL;
	}
	return j;
}

/* The dataset id of a stat name, refusing names that would break the
 * table (control bytes, absurd length) or overflow the stat limit. */
static int
stat_key(const char *what, const char *name, struct compare_dataset *ds,
	 size_t *key_out, char **err_out)
{
	size_t len = strlen(name);

	for (size_t i = 0; i < len; i++) {
		if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f) {
			*err_out = xasprintf("'%s': stat name with a control "
					     "character", what);
			return LKB_ERR_PARSE;
		}
	}
	if (!len || len > LKB_MAX_STAT_NAME) {
		*err_out = xasprintf("'%s': stat name of %zu bytes", what, len);
		return LKB_ERR_PARSE;
	}
	*key_out = compare_dataset_key(ds, name, len);
	if (*key_out == COMPARE_KEY_NONE) {
		*err_out = xasprintf("'%s': more than %d stats "
				     "(LKB_MAX_MATRIX_STATS)", what,
				     LKB_MAX_MATRIX_STATS);
		return LKB_ERR_TOO_BIG;
	}
	return LKB_OK;
}

/* One sample: numbers count, strings make the stat text (skipped);
 * null, booleans, arrays and objects are corrupt input. */
static int
sample_value(const char *what, const char *name, json_t *v, double *out,
	     int *text)
{
	(void)what;
	(void)name;
	if (json_is_integer(v)) {
		*out = (double)json_integer_value(v);
		return LKB_OK;
	}
	if (json_is_real(v)) {
		*out = json_real_value(v);
		return LKB_OK;
	}
	if (json_is_string(v)) {
		*text = 1;
		return LKB_OK;
	}
	return LKB_ERR_PARSE;
}

static size_t
matrix_runs(json_t *j, int *bad)
{
	json_t *src = json_object_get(j, "stats_source"), *v;
	const char *k;
	size_t n = 0;

	*bad = 0;
	if (src) {
		if (!json_is_array(src))
			*bad = 1;
		return json_array_size(src);
	}
	json_object_foreach(j, k, v)
		if (json_is_array(v) && json_array_size(v) > n)
			n = json_array_size(v);
	return n;
}

int
compare_results_parse_matrix(const char *what, const char *text, size_t len,
		     struct compare_dataset *ds, size_t col, char **err_out)
{
	json_t *j = parse_json(what, text, len, err_out), *v;
	const char *name;
	size_t nruns, key;
	int bad, rc = LKB_OK;

	if (!j)
		return LKB_ERR_PARSE;
	nruns = matrix_runs(j, &bad);
	if (bad || !nruns || nruns > LKB_MAX_RESULT_RUNS) {
		*err_out = bad ? xasprintf("'%s': stats_source is not a list", what)
			       : xasprintf("'%s': %zu runs (need 1..%d)", what,
					   nruns, LKB_MAX_RESULT_RUNS);
		rc = LKB_ERR_PARSE;
		goto out;
	}
	compare_dataset_set_runs(ds, col, nruns);
	json_object_foreach(j, name, v) {
		double *s = NULL;
		int is_text = 0;
		size_t i;
		json_t *e;

		if (!strcmp(name, "stats_source"))
			continue;
		if (!json_is_array(v) || json_array_size(v) > nruns) {
			*err_out = xasprintf("'%s': stat '%.200s' is not a list "
					     "of at most %zu runs", what, name,
					     nruns);
			rc = LKB_ERR_PARSE;
			goto out;
		}
		if ((rc = stat_key(what, name, ds, &key, err_out)))
			goto out;
		json_array_foreach(v, i, e) {
			double x = 0;

			if (sample_value(what, name, e, &x, &is_text)) {
				*err_out = xasprintf("'%s': stat '%.200s' run %zu "
						     "is not a number", what,
						     name, i);
				rc = LKB_ERR_PARSE;
				goto out;
			}
			if (is_text)
				break;
			if (!s)
				s = compare_dataset_samples(ds, col, key);
			s[i] = x;
			if (json_is_real(e))
				compare_dataset_set_real(ds, col, key, i);
		}
		if (is_text)
			compare_dataset_mark_text(ds, col, key);
		else if (!s)
			(void)compare_dataset_samples(ds, col, key);
	}
out:
	json_decref(j);
	return rc;
}

/* One run's stats.json into run index run of column col. */
static int
parse_stats(const char *what, const char *text, size_t len,
	    struct compare_dataset *ds, size_t col, size_t run, char **err_out)
{
	json_t *j = parse_json(what, text, len, err_out), *v;
	const char *name;
	size_t key;
	int rc = LKB_OK;

	if (!j)
		return LKB_ERR_PARSE;
	json_object_foreach(j, name, v) {
		double x = 0;
		int text_stat = 0;

		if ((rc = stat_key(what, name, ds, &key, err_out)))
			goto out;
		if (sample_value(what, name, v, &x, &text_stat)) {
			*err_out = xasprintf("'%s': stat '%.200s' is not a "
					     "number", what, name);
			rc = LKB_ERR_PARSE;
			goto out;
		}
		if (text_stat)
			compare_dataset_mark_text(ds, col, key);
		else
			compare_dataset_samples(ds, col, key)[run] = x;
		if (json_is_real(v))
			compare_dataset_set_real(ds, col, key, run);
	}
out:
	json_decref(j);
	return rc;
}

static int
is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* "<dir>/<name>" or "<dir>/<name>.gz", whichever exists; 0 if none. */
static int
pick_file(const char *dir, const char *name, struct strbuf *out)
{
	strbuf_reset(out);
	strbuf_addf(out, "%s/%s", dir, name);
	if (is_file(out->buf))
		return 1;
	strbuf_adds(out, ".gz");
	return is_file(out->buf);
}

static int
cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

/* Run directories (0..99 as lkp names them) holding a stats.json. */
static size_t
list_runs(const char *rt, size_t *runs)
{
	DIR *d = opendir(rt);
	struct dirent *e;
	struct strbuf path = STRBUF_INIT, dir = STRBUF_INIT;
	size_t n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)) && n < LKB_MAX_RESULT_RUNS) {
		char *end;
		unsigned long v;

		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		v = strtoul(e->d_name, &end, 10);
		if (*end || v >= LKB_MAX_RESULT_RUNS)
			continue;
		strbuf_reset(&dir);
		strbuf_addf(&dir, "%s/%s", rt, e->d_name);
		if (pick_file(dir.buf, "stats.json", &path))
			runs[n++] = v;
	}
	closedir(d);
	strbuf_release(&path);
	strbuf_release(&dir);
	if (n > 1)
		qsort(runs, n, sizeof(*runs), cmp_size);
	return n;
}

int
compare_results_load(const char *rt, struct compare_dataset *ds, size_t col,
		 char **err_out)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	size_t runs[LKB_MAX_RESULT_RUNS], n;
	int rc = LKB_OK;

	*err_out = NULL;
	if (pick_file(rt, "matrix.json", &path)) {
		if (!(rc = compare_results_read_file(path.buf, LKB_MAX_MATRIX_BYTES,
						 &text, err_out)) &&
		    !(rc = check_values(path.buf, text.buf, text.len,
					err_out)) &&
		    !compare_results_matrix_fast(text.buf, text.len, ds, col))
			rc = compare_results_parse_matrix(path.buf, text.buf, text.len,
						      ds, col, err_out);
		goto out;
	}
	n = list_runs(rt, runs);
	if (!n) {
		*err_out = xasprintf("'%s' holds neither matrix.json nor runs "
				     "with stats.json", rt);
		rc = LKB_ERR_NOT_FOUND;
		goto out;
	}
	compare_dataset_set_runs(ds, col, n);
	for (size_t i = 0; i < n && rc == LKB_OK; i++) {
		struct strbuf dir = STRBUF_INIT;

		strbuf_reset(&text);
		strbuf_addf(&dir, "%s/%zu", rt, runs[i]);
		if (!pick_file(dir.buf, "stats.json", &path))
			rc = LKB_ERR_IO;
		else if (!(rc = compare_results_read_file(path.buf,
						  LKB_MAX_MATRIX_BYTES, &text,
						  err_out)))
			rc = parse_stats(path.buf, text.buf, text.len, ds, col,
					 i, err_out);
		if (rc == LKB_ERR_IO && !*err_out)
			*err_out = xasprintf("cannot read the stats of '%s'",
					     dir.buf);
		strbuf_release(&dir);
	}
out:
	strbuf_release(&path);
	strbuf_release(&text);
	return rc;
}
