/* axes.c - path_params, axis header, job files (doc/lkp-format.md 6). */
#include "config.h"
#include "bot/compare/axes.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/ascii.h"
#include "lib/status.h"
#include "lib/xalloc.h"

static int
cmp_param(const void *a, const void *b)
{
	const struct compare_param *const *x = a, *const *y = b;

	return strcmp((*x)->key, (*y)->key);
}

static const struct compare_param **
sorted_params(const struct compare_axes *ax)
{
	const struct compare_param **v = xcalloc(ax->nparams + 1, sizeof(*v));

	for (size_t i = 0; i < ax->nparams; i++)
		v[i] = &ax->params[i];
	/* Ruby sort_by is not stable either; equal keys are a caller bug */
	if (ax->nparams > 1)
		qsort(v, ax->nparams, sizeof(*v), cmp_param);
	return v;
}

/* Append s cut to max characters (UTF-8 sequences count as one), each
 * character outside [-a-zA-Z0-9+=:.%] replaced by one '_'. */
static int
add_path_value(struct strbuf *sb, const char *s, size_t max)
{
	size_t chars = 0;

	while (*s && chars < max) {
		unsigned char c = (unsigned char)*s;

		if (c >= 0x80) {
			s++;
			while ((*s & 0xc0) == 0x80)
				s++;
			strbuf_addch(sb, '_');
		} else {
			s++;
			strbuf_addch(sb, LKB_ISALNUM(c) || strchr("-+=:.%", c)
					 ? c : '_');
		}
		chars++;
	}
	return LKB_OK;
}

int
compare_axes_path_params(const struct compare_axes *ax, struct strbuf *out)
{
	const struct compare_param **v = sorted_params(ax);
	size_t start = out->len;
	int rc = LKB_OK;

	for (size_t i = 0; i < ax->nparams && rc == LKB_OK; i++) {
		const struct compare_param *p = v[i];
		int has = p->value && *p->value;

		if (!p->eq && !p->value)
			continue;
		if (out->len > start)
			strbuf_addch(out, '-');
		if (p->eq && has) {
			/* "#{k}=#{v[0..30]}": the key is not cut */
			rc |= add_path_value(out, p->key, (size_t)-1);
			strbuf_addch(out, '=');
			rc |= add_path_value(out, p->value, 31);
		} else if (p->eq) {
			rc |= add_path_value(out, p->key, (size_t)-1);
		} else {
			rc |= add_path_value(out, p->value, 31);
		}
	}
	if (rc == LKB_OK && out->len == start)
		strbuf_adds(out, "defaults");
	free(v);
	return rc;
}

static int
bad_component(const char *s)
{
	if (!s || !*s || !strcmp(s, ".") || !strcmp(s, ".."))
		return 1;
	for (; *s; s++)
		if (*s == '/' || (unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

int
compare_axes_check(const struct compare_axes *ax, const char **what_out)
{
	const char *const names[] = { "testcase", "tbox_group", "rootfs",
				      "kconfig", "compiler" };
	const char *const vals[] = { ax->testcase, ax->tbox_group, ax->rootfs,
				     ax->kconfig, ax->compiler };

	for (size_t i = 0; i < 5; i++) {
		if (bad_component(vals[i])) {
			*what_out = names[i];
			return -1;
		}
	}
	for (size_t i = 0; i < ax->nparams; i++) {
		const char *v = ax->params[i].value;

		if (bad_component(ax->params[i].key) ||
		    (v && strpbrk(v, "\n\r"))) {
			*what_out = ax->params[i].key ? ax->params[i].key : "param";
			return -1;
		}
	}
	return 0;
}

struct kv {
	const char *k, *v;
};

static int
cmp_kv(const void *a, const void *b)
{
	return strcmp(((const struct kv *)a)->k, ((const struct kv *)b)->k);
}

int
compare_axes_header(const struct compare_axes *ax, struct strbuf *keys,
		struct strbuf *values)
{
	struct kv *v = xcalloc(ax->nparams + 5, sizeof(*v));
	size_t n = 0;

	v[n++] = (struct kv){ "compiler", ax->compiler };
	v[n++] = (struct kv){ "kconfig", ax->kconfig };
	v[n++] = (struct kv){ "rootfs", ax->rootfs };
	v[n++] = (struct kv){ "tbox_group", ax->tbox_group };
	v[n++] = (struct kv){ "testcase", ax->testcase };
	for (size_t i = 0; i < ax->nparams; i++)
		v[n++] = (struct kv){ ax->params[i].key,
				      ax->params[i].value ? ax->params[i].value : "" };
	if (n > 1)
		qsort(v, n, sizeof(*v), cmp_kv);
	for (size_t i = 0; i < n; i++) {
		strbuf_addf(keys, "%s%s", i ? "/" : "", v[i].k);
		strbuf_addf(values, "%s%s", i ? "/" : "",
			    v[i].v ? v[i].v : "");
	}
	free(v);
	return LKB_OK;
}

/* A plain YAML scalar we can write unquoted. */
static int
yaml_plain(const char *s)
{
	/* YAML 1.1 (Ruby's Psych) reads these as booleans or null */
	static const char *const words[] = {
		"y", "n", "yes", "no", "on", "off", "true", "false", "null",
	};

	/* a leading digit, sign or dot may read as a number ("010" is 8,
	 * "1.10" is 1.1): quoted, the value stays the text lkp puts in its
	 * result path */
	if (!LKB_ISALPHA((unsigned char)*s) && *s != '/')
		return 0;
	for (const char *p = s; *p; p++)
		if (!LKB_ISALNUM((unsigned char)*p) && !strchr("._/+-", *p))
			return 0;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (!strcasecmp(s, words[i]))
			return 0;
	return 1;
}

static int
add_yaml_kv(struct strbuf *sb, const char *k, const char *v)
{
	strbuf_addf(sb, "%s: ", k);
	if (yaml_plain(v)) {
		strbuf_addf(sb, "%s\n", v);
		return LKB_OK;
	}
	strbuf_addch(sb, '\'');
	for (; *v; v++) {
		if (*v == '\'')
			strbuf_adds(sb, "''");
		else
			strbuf_addch(sb, *v);
	}
	strbuf_adds(sb, "'\n");
	return LKB_OK;
}

int
compare_axes_job_yaml(const struct compare_axes *ax, const char *commit,
		  struct strbuf *out)
{
	const struct compare_param **v;
	const char *what;
	int rc = LKB_OK;

	if (compare_axes_check(ax, &what) || bad_component(commit))
		return LKB_ERR_USAGE;
	v = sorted_params(ax);
	strbuf_adds(out, "# lkp job requested by lkpbot: results of "
			 "this job are missing for a comparison\n");
	rc |= add_yaml_kv(out, "testcase", ax->testcase);
	/* lkp takes a key as a parameter only as an option of a program
	 * the job names (Job#each_param): the testcase's program */
	if (ax->nparams)
		strbuf_addf(out, "%s:\n", ax->testcase);
	for (size_t i = 0; i < ax->nparams; i++) {
		strbuf_adds(out, "  ");
		rc |= add_yaml_kv(out, v[i]->key, v[i]->value ? v[i]->value : "");
	}
	rc |= add_yaml_kv(out, "tbox_group", ax->tbox_group);
	rc |= add_yaml_kv(out, "rootfs", ax->rootfs);
	rc |= add_yaml_kv(out, "kconfig", ax->kconfig);
	rc |= add_yaml_kv(out, "compiler", ax->compiler);
	rc |= add_yaml_kv(out, "commit", commit);
	free(v);
	return rc ? LKB_ERR_TOO_BIG : LKB_OK;
}

/* Does the text hold a line "<indent>key: value" (value optionally
 * quoted)? A key seen with another value answers 0 unless a later line
 * matches. */
static int
yaml_has(const char *y, size_t len, const char *key, const char *want)
{
	const char *p = y, *end = y + len;
	size_t kl = strlen(key), wl = want ? strlen(want) : 0;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *q = p, *v, *ve;

		if (!eol)
			eol = end;
		while (q < eol && (*q == ' ' || *q == '\t' || *q == '-'))
			q++;
		if ((size_t)(eol - q) > kl && !memcmp(q, key, kl) && q[kl] == ':') {
			v = q + kl + 1;
			while (v < eol && *v == ' ')
				v++;
			ve = eol;
			while (ve > v && (ve[-1] == ' ' || ve[-1] == '\r'))
				ve--;
			if (ve - v >= 2 && (*v == '\'' || *v == '"') &&
			    ve[-1] == *v) {
				v++;
				ve--;
			}
			if ((size_t)(ve - v) == wl && (!wl || !memcmp(v, want, wl)))
				return 1;
		}
		p = eol + 1;
	}
	return 0;
}

int
compare_axes_match_job(const struct compare_axes *ax, const char *yaml, size_t len)
{
	for (size_t i = 0; i < ax->nparams; i++)
		if (!yaml_has(yaml, len, ax->params[i].key,
			      ax->params[i].value ? ax->params[i].value : ""))
			return 0;
	if (!yaml_has(yaml, len, "testcase", ax->testcase))
		return 0;
	return 1;
}
