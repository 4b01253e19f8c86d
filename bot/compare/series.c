/* series.c - base, patches and end of a series (doc/lkp-format.md 7). */
#include "config.h"
#include "bot/compare/series.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/compare/git.h"
#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"

/* Digits at p (at most 5): value and length, 0 length when none. */
static size_t
scan_num(const char *p, const char *end, unsigned *v)
{
	size_t n = 0;

	*v = 0;
	while (p + n < end && n < 5 && LKB_ISDIGIT((unsigned char)p[n]))
		*v = *v * 10 + (unsigned)(p[n++] - '0');
	return p + n < end && LKB_ISDIGIT((unsigned char)p[n]) ? 0 : n;
}

int
compare_series_parse_subject(const char *subject, unsigned *k_out,
			 unsigned *m_out)
{
	const char *p = subject;

	while ((p = strchr(p, '['))) {
		const char *end = strchr(p, ']'), *q, *patch;
		unsigned k, m;
		size_t nk, nm;

		if (!end)
			return 0;
		patch = strstr(p, "PATCH");
		/* "<blank><k>/<m>]" closes the bracket */
		q = end;
		while (q > p && LKB_ISDIGIT((unsigned char)q[-1]))
			q--;
		if (patch && patch < end && q > p + 1 && q[-1] == '/') {
			const char *s = q - 1;

			while (s > p && LKB_ISDIGIT((unsigned char)s[-1]))
				s--;
			nk = scan_num(s, q - 1, &k);
			nm = scan_num(q, end, &m);
			if (nk && nm && s > patch + 5 &&
			    (s[-1] == ' ' || s[-1] == '\t') && k >= 1 && k <= m) {
				*k_out = k;
				*m_out = m;
				return 1;
			}
		}
		p = end + 1;
	}
	return 0;
}

char *
compare_series_url_branch(const char *url)
{
	const char *p = strstr(url, "/commits/");
	size_t n;

	if (!p)
		return NULL;
	p += strlen("/commits/");
	n = strcspn(p, " \t\r\n");
	while (n && p[n - 1] == '/')
		n--;
	return n ? xmemdup0(p, n) : NULL;
}

static int LKB_PRINTF(2, 3)
fail(char **err_out, const char *fmt, ...)
{
	va_list ap;
	struct strbuf sb = STRBUF_INIT;

	va_start(ap, fmt);
	strbuf_adds(&sb, "cannot resolve the series: ");
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	free(*err_out);
	*err_out = strbuf_detach(&sb, NULL);
	return LKB_ERR;
}

/* git with the failure turned into a series error. */
static int
git(const char *repo, const char *const *args, struct strbuf *out,
    char **err_out)
{
	char *e = NULL;
	int rc;

	strbuf_reset(out);
	rc = compare_git_run(repo, args, out, &e);
	if (rc)
		fail(err_out, "%s", e ? e : "git failed");
	free(e);
	return rc;
}

/* Full sha of rev, or a series error. */
static int
rev_parse(const char *repo, const char *rev, char sha[41], char **err_out)
{
	struct strbuf out = STRBUF_INIT, arg = STRBUF_INIT;
	const char *args[] = { "rev-parse", "--verify", "--quiet", NULL, NULL };
	int rc;

	if (!compare_git_rev_ok(rev))
		return fail(err_out, "'%s' is not a revision", rev);
	strbuf_addf(&arg, "%s^{commit}", rev);
	args[3] = arg.buf;
	rc = git(repo, args, &out, err_out);
	strbuf_rtrim(&out);
	if (!rc && out.len != 40)
		rc = fail(err_out, "'%s' is not a commit", rev);
	if (!rc)
		memcpy(sha, out.buf, 41);
	if (rc && !strstr(*err_out, rev)) {
		char *e = *err_out;

		*err_out = xasprintf("%s ('%s')", e, rev);
		free(e);
	}
	strbuf_release(&out);
	strbuf_release(&arg);
	return rc;
}

static char *
commit_subject(const char *repo, const char *sha, char **err_out)
{
	struct strbuf out = STRBUF_INIT;
	const char *args[] = { "log", "-1", "--format=%s", sha, NULL };

	if (git(repo, args, &out, err_out)) {
		strbuf_release(&out);
		return NULL;
	}
	strbuf_rtrim(&out);
	return strbuf_detach(&out, NULL);
}

/* The base when "base:" names no sha: the k-th first parent. */
static int
walk_base(const char *repo, const char *tested, unsigned k, char base[41],
	  char **err_out)
{
	struct strbuf out = STRBUF_INIT, arg = STRBUF_INIT;
	const char *args[] = { "rev-list", "--first-parent", NULL, tested,
			       NULL };
	const char *p;
	unsigned i = 0;
	int rc = LKB_OK;

	strbuf_addf(&arg, "--max-count=%u", k + 1);
	args[2] = arg.buf;
	if ((rc = git(repo, args, &out, err_out)))
		goto out;
	for (p = out.buf; *p && i < k; i++)
		p = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p);
	if (strlen(p) < 40 || (p[40] != '\n' && p[40]))
		rc = fail(err_out, "patch %02u has fewer than %u first parents",
			  k, k);
	else {
		memcpy(base, p, 40);
		base[40] = '\0';
	}
out:
	strbuf_release(&out);
	strbuf_release(&arg);
	return rc;
}

/* "base:" forms: "<url> <sha40>", bare "<sha40>", or a branch name. */
static const char *
base_sha(const char *base)
{
	const char *p;
	size_t n;

	if (!base)
		return NULL;
	n = strlen(base);
	while (n && (base[n - 1] == ' ' || base[n - 1] == '\n'))
		n--;
	if (n < 40)
		return NULL;
	p = base + n - 40;
	for (size_t i = 0; i < 40; i++)
		if (!LKB_ISDIGIT((unsigned char)p[i]) &&
		    (p[i] < 'a' || p[i] > 'f'))
			return NULL;
	if (p > base && p[-1] != ' ' && p[-1] != '\t')
		return NULL;
	return p;
}

static int
resolve_tip(const char *repo, const char *tip, char sha[41], char **err_out)
{
	char *branch = compare_series_url_branch(tip);
	const char *cands[3];
	char *lr = NULL, *rr = NULL;
	int rc = LKB_ERR;

	if (!branch)
		return rev_parse(repo, tip, sha, err_out);
	lr = xasprintf("linux-review/%s", branch);
	rr = xasprintf("refs/remotes/linux-review/%s", branch);
	cands[0] = branch;
	cands[1] = lr;
	cands[2] = rr;
	for (size_t i = 0; i < 3 && rc; i++)
		rc = rev_parse(repo, cands[i], sha, err_out);
	if (rc)
		fail(err_out, "branch '%s' of '%s' is not in the repository",
		     branch, tip);
	free(branch);
	free(lr);
	free(rr);
	return rc;
}

static int
load_patches(const char *repo, const struct compare_series *s, const char *tip,
	     struct compare_series_patch *v, size_t max, size_t *n_out,
	     char **err_out)
{
	struct strbuf out = STRBUF_INIT, range = STRBUF_INIT;
	const char *args[] = { "log", "--reverse", "--first-parent",
			       "--format=%H%x09%s", NULL, NULL };
	char *p, *nl;
	size_t n = 0;
	int rc;

	strbuf_addf(&range, "%s..%s", s->base, tip);
	args[4] = range.buf;
	if ((rc = git(repo, args, &out, err_out)))
		goto out;
	for (p = out.buf; *p; p = *nl ? nl + 1 : nl) {
		nl = strchr(p, '\n');
		if (!nl)
			nl = p + strlen(p);
		if (n == max) {
			n++;
			break;
		}
		if (nl - p < 41 || p[40] != '\t') {
			rc = fail(err_out, "unexpected git log output");
			goto out;
		}
		memcpy(v[n].sha, p, 40);
		v[n].sha[40] = '\0';
		v[n].subject = xmemdup0(p + 41, (size_t)(nl - p - 41));
		n++;
	}
out:
	*n_out = n;
	strbuf_release(&out);
	strbuf_release(&range);
	return rc;
}

static int
check_patches(const struct compare_series *s, size_t n, const char *tested,
	      char **err_out)
{
	if (n != s->total)
		return fail(err_out, "expected %zu commits from the base %.10s "
			    "to the end of the series, found %s%zu", s->total,
			    s->base, n > s->total ? "more than " : "",
			    n > s->total ? s->total : n);
	for (size_t i = 0; i < n; i++) {
		unsigned k, m;

		if (!compare_series_parse_subject(s->patches[i].subject, &k, &m) ||
		    k != i + 1 || m != s->total)
			return fail(err_out, "commit %.10s (\"%s\") is not "
				    "[PATCH %02zu/%02zu]", s->patches[i].sha,
				    s->patches[i].subject, i + 1, s->total);
	}
	if (strcmp(s->patches[s->tested - 1].sha, tested))
		return fail(err_out, "patch %02zu/%02zu of the branch is %.10s, "
			    "not the tested commit %.10s", s->tested, s->total,
			    s->patches[s->tested - 1].sha, tested);
	return LKB_OK;
}

int
compare_series_resolve(const char *repo, const struct compare_series_req *req,
		   struct compare_series *out, char **err_out)
{
	char tested[41], tip[41];
	char *subject = NULL;
	const char *bsha;
	unsigned k, m;
	size_t n = 0;
	int rc;

	memset(out, 0, sizeof(*out));
	*err_out = NULL;
	if (!req->tested)
		return fail(err_out, "no tested commit");
	if ((rc = rev_parse(repo, req->tested, tested, err_out)))
		goto out;
	subject = req->subject ? xstrdup(req->subject) :
				 commit_subject(repo, tested, err_out);
	if (!subject) {
		rc = LKB_ERR;
		goto out;
	}
	if (!compare_series_parse_subject(subject, &k, &m)) {
		rc = fail(err_out, "\"%s\" carries no [PATCH k/M]", subject);
		goto out;
	}
	if (m > LKB_MAX_SERIES_PATCHES) {
		rc = fail(err_out, "%u patches (LKB_MAX_SERIES_PATCHES)", m);
		goto out;
	}
	out->total = m;
	out->tested = k;
	bsha = base_sha(req->base);
	if (bsha) {
		char *b = xmemdup0(bsha, 40);

		rc = rev_parse(repo, b, out->base, err_out);
		free(b);
	} else {
		rc = walk_base(repo, tested, k, out->base, err_out);
	}
	if (rc)
		goto out;
	if (req->tip)
		rc = resolve_tip(repo, req->tip, tip, err_out);
	else if (k == m)
		memcpy(tip, tested, sizeof(tip));
	else
		rc = fail(err_out, "%.10s is patch %02u/%02u and no branch tip "
			  "(url:) is known", tested, k, m);
	if (rc)
		goto out;
	out->patches = xcalloc(m + 1, sizeof(*out->patches));
	if ((rc = load_patches(repo, out, tip, out->patches, m + 1, &n,
			       err_out)) ||
	    (rc = check_patches(out, n > m ? m + 1 : n, tested, err_out)))
		goto out;
	out->base_subject = commit_subject(repo, out->base, err_out);
	if (!out->base_subject)
		rc = LKB_ERR;
out:
	if (rc && out->patches) {
		for (size_t i = 0; i < n && i <= m; i++)
			free(out->patches[i].subject);
		FREE_AND_NULL(out->patches);
		out->total = 0;
	}
	free(subject);
	return rc;
}

void
compare_series_release(struct compare_series *s)
{
	for (size_t i = 0; s->patches && i < s->total; i++)
		free(s->patches[i].subject);
	free(s->patches);
	free(s->base_subject);
	memset(s, 0, sizeof(*s));
}
