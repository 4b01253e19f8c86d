/* requests_fetch.c - #lkp test <git-url> <ref>: a pushed commit fetched
 * into [git] repo to be tested instead of a patch.
 *
 * The URL and the ref are hostile. The URL's scheme must be in [git]
 * fetch_schemes ("https git" when unset); git may use no other
 * transport (protocol.allow=never but those), follows no redirect, asks
 * for no credentials, checks every object, fetches no submodule and runs
 * no hook; the URL comes after "--", the ref only in the refspec
 * "+REF:refs/lkpbot/test-git/ID", where the commit stays for the lkp
 * jobs; [git] patch_timeout bounds the fetch in time and [git]
 * fetch_max_bytes in size (the pack is kept as one file, and no file git
 * writes may grow past it).
 */
#include "config.h"
#include "bot/requests/requests-internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/compare/git.h"
#include "bot/core/ctx.h"
#include "bot/core/settings.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"

/* Is the scheme of url (before "://") one of [git] fetch_schemes
 * ("https git" when unset)? */
static int
scheme_allowed(const char *allowed, const char *url)
{
	size_t n = strcspn(url, ":");

	if (!allowed)
		allowed = "https git";
	for (const char *p = allowed; *p;) {
		size_t k;

		p += strspn(p, " \t,");
		k = strcspn(p, " \t,");
		if (k && k == n && !strncasecmp(p, url, n))
			return 1;
		p += k;
	}
	return 0;
}

/* Are url and ref what the #lkp parser lets through (parsers/
 * lkp_command.c), checked again: the CLI and the store are inputs too. */
static int
fetch_args_ok(const char *url, const char *ref)
{
	size_t n = strlen(url);

	if (!strstr(url, "://") || url[0] == '-' || n > LKB_MAX_GIT_URL ||
	    strspn(url, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		   "0123456789-._~:/@%+=") != n)
		return 0;
	n = strlen(ref);
	return n && n <= 255 && ref[0] != '-' && ref[0] != '.' &&
	       ref[0] != '+' && !strstr(ref, "..") &&
	       strspn(ref, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV"
		      "WXYZ0123456789._/+-") == n;
}

/* Did git's stderr say a file hit the size limit (EFBIG: git runs with
 * SIGXFSZ ignored, compare_git_set_max_file)? */
static int
over_size(const char *err)
{
	return strstr(err, strerror(EFBIG)) != NULL;
}

int
requests_fetch_ref(struct bot_ctx *ctx, const struct request_env *e,
		   const struct store_request_rec *r, const char *url,
		   const char *ref, struct patch_outcome *out)
{
	/* only the allowed transports, no redirect elsewhere, no
	 * credentials asked, objects checked, no submodules, no hook */
	const char *fetch[] = {
		"-c", "protocol.allow=never",
		"-c", "protocol.https.allow=always",
		"-c", "protocol.git.allow=always",
		"-c", "protocol.file.allow=never",
		"-c", "http.followRedirects=false",
		"-c", "credential.helper=",
		"-c", "transfer.fsckObjects=true",
		"-c", "fetch.recurseSubmodules=false",
		"-c", "fetch.unpackLimit=1",	/* one pack: one file bounds it */
		"fetch", "--quiet", "--no-tags", "--no-write-fetch-head",
		"--no-recurse-submodules", "--", url, NULL, NULL };
	const char *const env[] = { "LC_ALL=C", "GIT_TERMINAL_PROMPT=0",
				    "GIT_ASKPASS=/bin/false",
				    "SSH_ASKPASS=/bin/false", NULL };
	const char *verify[] = { "rev-parse", "--verify", "--quiet", NULL,
				 NULL };
	const char *subject[] = { "log", "-1", "--format=%s", NULL, NULL };
	struct strbuf err = STRBUF_INIT, sha = STRBUF_INIT, subj = STRBUF_INIT;
	char *dst = xasprintf("refs/lkpbot/test-git/%lld", (long long)r->id);
	char *spec = xasprintf("+%s:%s", ref, dst);
	char *want = xasprintf("%s^{commit}", dst);
		int rc;

	memset(out, 0, sizeof(*out));
	if (!e->repo) {
		out->error = xstrdup("no kernel repository ([git] repo) is "
				     "configured to fetch into");
		goto out;
	}
	if (!fetch_args_ok(url, ref)) {
		out->error = xstrdup("the git URL or the branch is not one "
				     "lkpbot hands to git");
		goto out;
	}
	if (!scheme_allowed(ctx->set->git.fetch_schemes, url)) {
		out->error = xasprintf("lkpbot fetches only from %s URLs "
				       "([git] fetch_schemes)",
				       ctx->set->git.fetch_schemes
				       ? ctx->set->git.fetch_schemes
				       : "https and git");
		goto out;
	}
	if (scheme_allowed("file", url) &&
	    scheme_allowed(ctx->set->git.fetch_schemes, "file:"))
		fetch[7] = "protocol.file.allow=always";
	fetch[LKB_ARRAY_SIZE(fetch) - 2] = spec;
	compare_git_set_timeout(ctx->set->git.patch_timeout);
	compare_git_set_max_file(ctx->set->git.fetch_max_bytes);
	rc = requests_git(e->repo, fetch, NULL, env, NULL, &err);
	compare_git_set_max_file(0);
	if (rc && over_size(err.buf)) {
		out->error = xasprintf("git fetch of %s %s was stopped: it "
				       "brought more than %ld bytes ([git] "
				       "fetch_max_bytes)", url, ref,
				       ctx->set->git.fetch_max_bytes);
		goto out;
	}
	if (rc) {
		char *what = xasprintf("git fetch of %s %s failed:", url, ref);

		out->error = requests_error_lines("", what, err.buf);
		free(what);
		goto out;
	}
	verify[3] = want;
	subject[3] = want;
	if (requests_git(e->repo, verify, NULL, NULL, &sha, NULL) ||
	    (strbuf_rtrim(&sha), sha.len < 40)) {
		out->error = xasprintf("%s %s is not a commit", url, ref);
		goto out;
	}
	if (requests_git(e->repo, subject, NULL, NULL, &subj, NULL))
		strbuf_reset(&subj);
	strbuf_rtrim(&subj);
	out->subject = strbuf_detach(&subj, NULL);
	out->fix = strbuf_detach(&sha, NULL);
out:
	compare_git_set_timeout(ctx->set->git.timeout);
	free(dst);
	free(spec);
	free(want);
	strbuf_release(&err);
	strbuf_release(&sha);
	strbuf_release(&subj);
	return LKB_OK;
}
