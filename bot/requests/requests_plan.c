/* requests_plan.c - which commits a request compares. */
#include "config.h"
#include "bot/requests/requests.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bot/compare/git.h"
#include "bot/compare/results.h"
#include "bot/core/settings.h"
#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/xalloc.h"

void
requests_env(const struct settings *set, struct request_env *e)
{
	e->root = set->results.root;
	e->queue = set->results.queue;
	e->repo = set->git.repo;
	compare_git_set_timeout(set->git.timeout);
	e->expire_days = set->results.expire_days;
}

static int
is_sha(const char *s, size_t n)
{
	if (n < 7 || n > 40)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!LKB_ISDIGIT((unsigned char)s[i]) &&
		    (s[i] < 'a' || s[i] > 'f'))
			return 0;
	return 1;
}

static char *
own(struct request_plan *p, char *s)
{
	p->owned = xreallocarray(p->owned, p->nowned + 1, sizeof(*p->owned));
	p->owned[p->nowned++] = s;
	return s;
}

static void
add_col(struct request_plan *p, const char *sha, const char *subject,
	const char *label)
{
	p->c = xreallocarray(p->c, p->n + 1, sizeof(*p->c));
	p->c[p->n].sha = sha;
	p->c[p->n].subject = subject;
	p->c[p->n].label = label;
	p->n++;
}

/* The report's subject of sha (matching by prefix), or NULL. */
static const char *
known_subject(const struct report_axes *ra, const char *sha)
{
	for (size_t i = 0; i < ra->ncompared; i++) {
		const char *k = ra->compared[i].sha;
		size_t n = strlen(k) < strlen(sha) ? strlen(k) : strlen(sha);

		if (!strncmp(k, sha, n))
			return ra->compared[i].subject;
	}
	return NULL;
}

/* Split args into sha words; fails on anything else. */
static int
take_shas(struct request_plan *p, const struct report_axes *ra,
	  const char *args, char **err_out)
{
	const char *q = args ? args : "";

	while (*q) {
		size_t n;
		char *w;

		while (*q == ' ' || *q == '\t')
			q++;
		n = strcspn(q, " \t");
		if (!n)
			break;
		w = own(p, xmemdup0(q, n));
		q += n;
		if (!is_sha(w, n)) {
			*err_out = xasprintf("'%s' is not a commit sha (7 to "
					     "40 hex digits)", w);
			return LKB_ERR_USAGE;
		}
		if (p->n == LKB_MAX_TABLE_COLUMNS) {
			*err_out = xasprintf("more than %d commits",
					     LKB_MAX_TABLE_COLUMNS);
			return LKB_ERR_USAGE;
		}
		add_col(p, w, known_subject(ra, w), NULL);
	}
	return LKB_OK;
}

static int
plan_compare(struct request_plan *p, const struct report_axes *ra,
	     const char *args, char **err_out)
{
	int rc = take_shas(p, ra, args, err_out);

	if (rc)
		return rc;
	if (!p->n) {
		for (size_t i = 0; i < ra->ncompared; i++)
			add_col(p, ra->compared[i].sha,
				ra->compared[i].subject, NULL);
	}
	if (p->n < 2) {
		*err_out = xstrdup(p->n ? "a comparison needs at least two "
					  "commits"
					: "the report lists no compared "
					  "commits: name them");
		return LKB_ERR_USAGE;
	}
	return LKB_OK;
}

static int
plan_retest(struct request_plan *p, const struct report_axes *ra,
	    const char *args, char **err_out)
{
	int rc = take_shas(p, ra, args, err_out);
	const char *target;

	if (rc)
		return rc;
	if (p->n > 1) {
		*err_out = xstrdup("retest takes at most one commit");
		return LKB_ERR_USAGE;
	}
	/* the report's full commit sha first: lkp jobs want one */
	target = p->n ? p->c[0].sha : requests_culprit(ra);
	if (!target) {
		*err_out = xstrdup("the report names no commit to retest");
		return LKB_ERR_USAGE;
	}
	p->retest = target;
	p->n = 0;
	/* parent vs commit when the report compared two commits */
	if (ra->ncompared >= 2 &&
	    strncmp(ra->compared[0].sha, target, strlen(ra->compared[0].sha)))
		add_col(p, ra->compared[0].sha, ra->compared[0].subject, NULL);
	add_col(p, target, known_subject(ra, target), NULL);
	return LKB_OK;
}

const char *
requests_culprit(const struct report_axes *ra)
{
	return ra->commit.sha ? ra->commit.sha
	       : ra->ncompared ? ra->compared[ra->ncompared - 1].sha
			       : NULL;
}

/* base (when the report compared two commits), the culprit, and the
 * fix "FIX PATCHID" of args (requests.c commits the patch first). */
static int
plan_test_patch(struct request_plan *p, const struct report_axes *ra,
		const char *args, char **err_out)
{
	const char *sp = args ? strchr(args, ' ') : NULL;
	const char *culprit = requests_culprit(ra);

	if (!sp || !is_sha(args, (size_t)(sp - args))) {
		*err_out = xstrdup("the patch was not committed on the "
				   "report's commit (see the earlier answer)");
		return LKB_ERR_USAGE;
	}
	if (!culprit) {
		*err_out = xstrdup("the report names no commit");
		return LKB_ERR_USAGE;
	}
	if (ra->ncompared >= 2 &&
	    strncmp(ra->compared[0].sha, culprit, strlen(ra->compared[0].sha)))
		add_col(p, ra->compared[0].sha, ra->compared[0].subject, NULL);
	add_col(p, culprit, known_subject(ra, culprit), NULL);
	add_col(p, own(p, xmemdup0(args, (size_t)(sp - args))), NULL, NULL);
	return LKB_OK;
}

static int
series_fail(char **err_out, const char *why)
{
	*err_out = xasprintf("cannot resolve the series: %s", why);
	return LKB_ERR_NOT_FOUND;
}

/* BASE of "BASE..HEAD" as a full sha (the series code takes a base:
 * value, which must end in a sha to be used as given). */
static int
full_sha(const char *repo, const char *rev, char **sha_out, char **err_out)
{
	struct strbuf out = STRBUF_INIT, arg = STRBUF_INIT;
	const char *args[] = { "rev-parse", "--verify", "--quiet", NULL, NULL };
	char *e = NULL;
	int rc;

	if (!compare_git_rev_ok(rev)) {
		*err_out = xasprintf("cannot resolve the series: '%s' is not a "
				     "revision", rev);
		return LKB_ERR_USAGE;
	}
	strbuf_addf(&arg, "%s^{commit}", rev);
	args[3] = arg.buf;
	rc = compare_git_run(repo, args, &out, &e);
	strbuf_rtrim(&out);
	if (rc == LKB_ERR_TOO_BIG) {
		/* git ran out of time or said too much: not the asker's rev */
		*err_out = xasprintf("cannot resolve the series: %s", e);
	} else if (rc || out.len != 40) {
		/* the answer goes to the list: no server path in it */
		*err_out = xasprintf("cannot resolve the series: '%s' is not a "
				     "commit in the kernel repository", rev);
		rc = LKB_ERR_NOT_FOUND;
	} else {
		*sha_out = strbuf_detach(&out, NULL);
	}
	free(e);
	strbuf_release(&out);
	strbuf_release(&arg);
	return rc;
}

static int
plan_series(struct request_plan *p, const struct request_env *e,
	    const struct report_axes *ra, const char *args, char **err_out)
{
	struct compare_series_req req = { 0 };
	struct compare_list l;
	const char *dots = args ? strstr(args, "..") : NULL;
	char *base = NULL, *head = NULL;
	int rc;

	if (!e->repo)
		return series_fail(err_out, "no kernel repository ([git] repo) "
				   "is configured");
	if (!ra->commit.sha)
		return series_fail(err_out, "the report names no tested commit");
	req.tested = ra->commit.sha;
	req.subject = report_axes_series_subject(ra);
	req.base = ra->base;
	req.tip = ra->url;
	if (args && *args && !dots)
		return series_fail(err_out, "give the range as BASE..HEAD");
	if (dots) {
		char *b = own(p, xmemdup0(args, (size_t)(dots - args)));

		head = own(p, xstrdup(dots + 2));
		if (*b && (rc = full_sha(e->repo, b, &base, err_out)))
			return rc;
		if (base)
			req.base = own(p, base);
		if (*head)
			req.tip = head;
	}
	rc = compare_series_resolve(e->repo, &req, &p->s, err_out);
	if (rc)
		return rc;
	p->series = 1;
	compare_list_from_series(&l, &p->s);
	for (size_t i = 0; i < l.n; i++) {
		add_col(p, l.c[i].sha, l.c[i].subject, own(p, l.labels[i]));
		l.labels[i] = NULL;
	}
	compare_list_release(&l);
	return LKB_OK;
}

static void
make_again(struct request_plan *p, enum request_kind k, const char *args)
{
	if (p->series)
		p->again = xasprintf("#lkp compare-series %.12s..%.12s",
				     p->s.base, p->s.patches[p->s.total - 1].sha);
	else if (k == REQ_TEST_PATCH)
		p->again = xstrdup("#lkp test");
	else if (args && *args)
		p->again = xasprintf("#lkp %s %s", request_kind_name(k), args);
	else
		p->again = xasprintf("#lkp %s", request_kind_name(k));
}

int
requests_plan(const struct request_env *e, const struct report_axes *ra,
	      enum request_kind kind, const char *args,
	      struct request_plan *p, char **err_out)
{
	int rc;

	memset(p, 0, sizeof(*p));
	*err_out = NULL;
	switch (kind) {
	case REQ_COMPARE:
		rc = plan_compare(p, ra, args, err_out);
		break;
	case REQ_COMPARE_SERIES:
		rc = plan_series(p, e, ra, args, err_out);
		break;
	case REQ_RETEST:
		rc = plan_retest(p, ra, args, err_out);
		break;
	case REQ_TEST_PATCH:
		rc = plan_test_patch(p, ra, args, err_out);
		break;
	default:
		*err_out = xasprintf("unknown request kind %d", (int)kind);
		rc = LKB_ERR_USAGE;
	}
	if (!rc)
		make_again(p, kind, args);
	return rc;
}

void
requests_plan_release(struct request_plan *p)
{
	if (p->series)
		compare_series_release(&p->s);
	for (size_t i = 0; i < p->nowned; i++)
		free(p->owned[i]);
	free(p->owned);
	free(p->c);
	free(p->again);
	memset(p, 0, sizeof(*p));
}

char *
requests_full_sha(const struct request_env *e, const char *sha)
{
	char *full = NULL, *err = NULL;

	if (e->repo && strlen(sha) < 40 && !full_sha(e->repo, sha, &full, &err))
		return full;
	free(err);
	return xstrdup(sha);
}

size_t
requests_new_runs(const struct request_env *e, const struct compare_axes *axes,
		  const char *commit, int64_t since)
{
	struct strbuf rt = STRBUF_INIT, path = STRBUF_INIT;
	struct dirent *de;
	struct stat sb;
	char *err = NULL;
	size_t n = 0;
	DIR *d = NULL;

	if (!e->root || compare_results_find(e->root, axes, commit, &rt, &err) != 1)
		goto out;
	d = opendir(rt.buf);
	while (d && (de = readdir(d)) && n < LKB_MAX_RESULT_RUNS) {
		const char *s = de->d_name;

		if (!*s || strspn(s, "0123456789") != strlen(s))
			continue;
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", rt.buf, s);
		if (!stat(path.buf, &sb) && S_ISDIR(sb.st_mode) &&
		    (int64_t)sb.st_mtime >= since)
			n++;
	}
out:
	if (d)
		closedir(d);
	free(err);
	strbuf_release(&rt);
	strbuf_release(&path);
	return n;
}
