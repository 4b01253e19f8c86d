/* requests_patch.c - #lkp test: the asking mail's patch committed on the
 * report's culprit in a private worktree.
 *
 * The patch is hostile: it reaches git only as data (stdin, the
 * environment, after "--"), never as an option; no repository hook runs
 * (core.hooksPath=/dev/null on every command); git apply --index refuses
 * paths outside the worktree ("../x") and in .git; the patch is bounded
 * by [git] patch_max_bytes and every git command by [git]
 * patch_timeout. The worktree, [git] worktrees/request-ID, is removed
 * once the commit is made or refused; the commit stays in [git] repo
 * under refs/lkpbot/test-patch/ID, where the lkp jobs find it.
 */
#include "config.h"
#include "bot/requests/requests-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/compare/git.h"
#include "bot/core/ctx.h"
#include "bot/core/settings.h"
#include "lib/ascii.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/message.h"
#include "state/store.h"
#include "state/store_request.h"

#define NO_HOOKS "core.hooksPath=/dev/null"
#define MAX_ERROR_LINES 20

/* Does text hold a diff git can apply (a line starting one)? */
static int
has_diff(const char *text)
{
	static const char *const starts[] = { "diff --git ", "--- a/",
					      "Index: " };

	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1
									: NULL)
		for (size_t i = 0; i < LKB_ARRAY_SIZE(starts); i++)
			if (!strncmp(p, starts[i], strlen(starts[i])))
				return 1;
	return 0;
}

/* The patch of m: the first attachment holding a diff, else the main
 * text when it holds one; NULL when none. */
static const struct mime_part *
find_patch(const struct message *m)
{
	for (const struct mime_part *p = m->parts; p; p = p->next)
		if (p->is_attachment && has_diff(p->text))
			return p;
	for (const struct mime_part *p = m->parts; p; p = p->next)
		if (p == m->body_part && has_diff(p->text))
			return p;
	return NULL;
}

/* s without leading "Re:"/"Fwd:" and "[...]" tags, trimmed, in sb. */
static void
clean_subject(struct strbuf *sb, const char *s, size_t n)
{
	for (;;) {
		while (n && (*s == ' ' || *s == '\t'))
			s++, n--;
		if (n >= 3 && !strncasecmp(s, "re:", 3))
			s += 3, n -= 3;
		else if (n >= 4 && !strncasecmp(s, "fwd:", 4))
			s += 4, n -= 4;
		else if (n && *s == '[' && memchr(s, ']', n)) {
			size_t k = (size_t)((const char *)memchr(s, ']', n) - s);

			s += k + 1;
			n -= k + 1;
		} else
			break;
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	strbuf_add(sb, s, n);
}

/* The commit subject: a "Subject:" line of the patch text, else the
 * mail's, tags off; "patch from the mail" when empty. */
static char *
patch_subject(const struct message *m, const char *text)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = text;

	for (; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (!strncmp(p, "Subject: ", 9)) {
			clean_subject(&sb, p + 9, strcspn(p + 9, "\n"));
			break;
		}
	if (!sb.len)
		clean_subject(&sb, m->subject, strlen(m->subject));
	if (!sb.len)
		strbuf_adds(&sb, "patch from the mail");
	return strbuf_detach(&sb, NULL);
}

/* Write n bytes of data to path (0600, never through a link), and a
 * newline after them when nl. */
static int
write_file(const char *path, const char *data, size_t n, int nl)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW |
			    O_CLOEXEC, 0600);
	int rc = LKB_OK;

	if (fd < 0) {
		lkb_error("cannot write %s: %s", path, strerror(errno));
		return LKB_ERR_IO;
	}
	while (n && rc == LKB_OK) {
		ssize_t w = write(fd, data, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			lkb_error("cannot write %s: %s", path, strerror(errno));
			rc = LKB_ERR_IO;
			break;
		}
		data += w;
		n -= (size_t)w;
		if (!n && nl) {
			data = "\n";
			n = 1;
			nl = 0;
		}
	}
	if (close(fd) && rc == LKB_OK) {
		lkb_error("cannot write %s: %s", path, strerror(errno));
		rc = LKB_ERR_IO;
	}
	return rc;
}

/* One patch being applied. */
struct patch_job {
	struct bot_ctx *ctx;
	const struct request_env *env;
	const struct store_request_rec *r;
	char *dir, *wt, *patch_file, *msg_file;
	struct message *m;
	const struct mime_part *part;
	int have_wt;
};

/* git in dir, hooks off, with stdin from in (or NULL) and env; stdout
 * to out (or dropped), all of stderr to err (or NULL); a git stopped at
 * [git] patch_timeout (or at the output cap) says so in err. */
int
requests_git(const char *dir, const char *const *args, const char *in,
    const char *const *env, struct strbuf *out, struct strbuf *err)
{
	struct compare_git_io io = { in, env, err };
	struct strbuf sink = STRBUF_INIT;
	const char **argv;
	char *e = NULL;
	size_t i = 0, n = 0;
	int rc;

	while (args[n])
		n++;
	/* no hook of the repository runs, whatever the command */
	argv = xcalloc(n + 3, sizeof(*argv));
	argv[0] = "-c";
	argv[1] = NO_HOOKS;
	memcpy(argv + 2, args, n * sizeof(*argv));
	rc = compare_git_run_io(dir, argv, &io, out ? out : &sink, &e);
	free(argv);

	if (rc)
		lkb_info("%s", e);
	while (args[i] && !strcmp(args[i], "-c") && args[i + 1])
		i += 2;		/* the subcommand, after the -c options */
	if (rc == LKB_ERR_TOO_BIG && err) {
		strbuf_reset(err);
		strbuf_addf(err, "git %s was stopped: it took longer than "
			    "[git] patch_timeout allows, or wrote more "
			    "than lkpbot reads", args[i] ? args[i] : "");
	}
	free(e);
	strbuf_release(&sink);
	return rc;
}

/* git's error lines (at most MAX_ERROR_LINES), for the asker; "" lines
 * and the worktree's path left out. */
char *
requests_error_lines(const char *wt, const char *what, const char *err)
{
	struct strbuf sb = STRBUF_INIT;
	size_t wl = strlen(wt), n = 0;

	strbuf_adds(&sb, what);
	for (const char *p = err; p && *p && n < MAX_ERROR_LINES;) {
		size_t len = strcspn(p, "\n");

		if (len) {
			strbuf_adds(&sb, "\n    ");
			if (len >= wl && !strncmp(p, wt, wl))
				strbuf_add(&sb, p + wl, len - wl);
			else
				strbuf_add(&sb, p, len);
		}
		n += len != 0;
		p += len;
		if (*p)
			p++;
	}
	return strbuf_detach(&sb, NULL);
}

static void
remove_worktree(struct patch_job *j)
{
	const char *rm[] = { "worktree", "remove", "--force",
			     "--", j->wt, NULL };
	const char *prune[] = { "worktree", "prune", NULL };

	if (j->have_wt &&
	    requests_git(j->env->repo, rm, NULL, NULL, NULL, NULL))
		lkb_warn("request %lld: cannot remove the worktree %s",
			 (long long)j->r->id, j->wt);
	if (requests_git(j->env->repo, prune, NULL, NULL, NULL, NULL))
		lkb_warn("git worktree prune failed in %s", j->env->repo);
	j->have_wt = 0;
}

/* The author's environment for git commit (the mail's From: and Date:,
 * lkpbot as committer at the same time: the same mail makes the same
 * commit). Strings in v[] are owned by the caller (free each). */
static void
commit_env(const struct patch_job *j, const struct store_msg *ask,
	   char *v[7])
{
	const char *name = ask->from_name && *ask->from_name ? ask->from_name
			   : ask->from_addr ? ask->from_addr : "unknown";
	const char *me = j->ctx->set->bot.address ? j->ctx->set->bot.address
						  : "lkpbot@localhost";
	long long date = ask->date > 0 ? (long long)ask->date : 0;

	v[0] = xasprintf("GIT_AUTHOR_NAME=%s", name);
	v[1] = xasprintf("GIT_AUTHOR_EMAIL=%s",
			 ask->from_addr ? ask->from_addr : "");
	v[2] = xasprintf("GIT_AUTHOR_DATE=@%lld +0000", date);
	v[3] = xstrdup("GIT_COMMITTER_NAME=lkpbot");
	v[4] = xasprintf("GIT_COMMITTER_EMAIL=%s", me);
	v[5] = xasprintf("GIT_COMMITTER_DATE=@%lld +0000", date);
	v[6] = NULL;
}

/* Check out culprit in the worktree, apply, commit; out->fix or
 * out->error. */
static int
apply_commit(struct patch_job *j, const struct store_msg *ask,
	     const char *culprit, struct patch_outcome *out)
{
	const char *add[] = { "worktree", "add", "--detach",
			      "--quiet", "--", j->wt, culprit, NULL };
	const char *apply[] = { "apply", "--index",
				"--whitespace=nowarn", NULL };
	const char *commit[] = { "-c", "commit.gpgSign=false",
				 "commit", "--quiet", "--no-verify",
				 "--file=-", NULL };
	const char *head[] = { "rev-parse", "--verify", "HEAD", NULL };
	char *env[7], *ref;
	const char *update[] = { "update-ref", NULL, NULL, NULL };
	struct strbuf err = STRBUF_INIT, msg = STRBUF_INIT, sha = STRBUF_INIT;
	int rc;

	remove_worktree(j);	/* one a crash left behind */
	j->have_wt = 1;
	if (requests_git(j->env->repo, add, NULL, NULL, NULL, &err)) {
		out->error = requests_error_lines(j->wt, "git worktree add "
						  "failed:", err.buf);
		goto done;
	}
	strbuf_reset(&err);
	if ((rc = requests_git(j->wt, apply, j->patch_file, NULL, NULL,
			       &err))) {
		char *what = xasprintf("the patch \"%s\" %s on %.12s%s",
				       out->subject, rc == LKB_ERR_TOO_BIG
				       ? "was not applied" : "does not apply",
				       culprit, rc == LKB_ERR_TOO_BIG ? ":"
				       : "; git apply says:");

		out->error = requests_error_lines(j->wt, what, err.buf);
		free(what);
		goto done;
	}
	strbuf_addf(&msg, "%s\n\nApplied by lkpbot on %.12s for report "
		    "%lld, from <%s>.\n", out->subject, culprit,
		    (long long)j->r->report_id,
		    ask->message_id ? ask->message_id : "");
	if ((rc = write_file(j->msg_file, msg.buf, msg.len, 0)) != LKB_OK) {
		rc = LKB_ERR_IO;
		goto out;
	}
	commit_env(j, ask, env);
	strbuf_reset(&err);
	rc = requests_git(j->wt, commit, j->msg_file,
			  (const char *const *)env, NULL, &err);
	for (int i = 0; env[i]; i++)
		free(env[i]);
	if (rc) {
		out->error = requests_error_lines(j->wt, "git commit failed:",
						  err.buf);
		goto done;
	}
	if (requests_git(j->wt, head, NULL, NULL, &sha, NULL) ||
	    (strbuf_rtrim(&sha), sha.len < 40)) {
		out->error = xstrdup("git rev-parse HEAD failed in the worktree");
		goto done;
	}
	ref = xasprintf("refs/lkpbot/test-patch/%lld", (long long)j->r->id);
	update[1] = ref;
	update[2] = sha.buf;
	rc = requests_git(j->env->repo, update, NULL, NULL, NULL, NULL);
	free(ref);
	if (rc) {
		out->error = xstrdup("git update-ref failed");
		goto done;
	}
	out->fix = strbuf_detach(&sha, NULL);
done:
	rc = LKB_OK;
out:
	strbuf_release(&err);
	strbuf_release(&msg);
	strbuf_release(&sha);
	return rc;
}

/* The patch's git patch-id (--stable) into out->patch_id, or out->error. */
static void
patch_id(struct patch_job *j, struct patch_outcome *out)
{
	const char *args[] = { "patch-id", "--stable", NULL };
	struct strbuf o = STRBUF_INIT;
	size_t n;

	if (!requests_git(j->env->repo, args, j->patch_file, NULL, &o, NULL) &&
	    (n = strspn(o.buf, "0123456789abcdef")) >= 40)
		out->patch_id = xmemdup0(o.buf, n);
	else
		out->error = xstrdup("git patch-id finds no patch in the mail");
	strbuf_release(&o);
}

/* The mail of r parsed into j->m, its patch into j->part; else
 * out->error. */
static int
load_patch(struct patch_job *j, struct patch_outcome *out)
{
	char *raw = NULL;
	size_t len = 0;
	int rc = j->r->msg_id ? store_message_raw(j->ctx->st, j->r->msg_id,
						  &raw, &len)
			      : 0;

	if (rc < 0)
		return rc;
	if (rc == 0) {
		out->error = xstrdup("lkpbot did not keep the mail that asked, "
				     "so it has no patch to test");
		return LKB_OK;
	}
	rc = message_parse(raw, len, &j->m);
	free(raw);
	if (rc == LKB_ERR_TOO_BIG) {
		out->error = xstrdup("the mail is too large to take a patch "
				     "from");
		return LKB_OK;
	}
	if (rc)
		return rc;
	j->part = find_patch(j->m);
	if (!j->part)
		out->error = xstrdup("there is no patch in the mail: put it "
				     "inline (as git format-patch writes it) "
				     "or attach it");
	else if (j->part->len > (size_t)j->ctx->set->git.patch_max_bytes)
		out->error = xasprintf("the patch is %zu bytes, more than "
				       "lkpbot takes ([git] patch_max_bytes "
				       "= %ld)", j->part->len,
				       j->ctx->set->git.patch_max_bytes);
	else
		out->subject = patch_subject(j->m, j->part->text);
	return LKB_OK;
}

/* [git] worktrees, else worktrees/ beside the database; made 0700. */
static char *
worktrees_dir(struct bot_ctx *ctx)
{
	const char *slash;
	char *dir;

	if (ctx->set->git.worktrees)
		dir = xstrdup(ctx->set->git.worktrees);
	else if (ctx->db_path && (slash = strrchr(ctx->db_path, '/')))
		dir = xasprintf("%.*s/worktrees",
				(int)(slash - ctx->db_path), ctx->db_path);
	else
		dir = xstrdup("worktrees");
	if (mkdir(dir, 0700) && errno != EEXIST) {
		lkb_error("cannot make [git] worktrees %s: %s", dir,
			  strerror(errno));
		free(dir);
		return NULL;
	}
	return dir;
}

int
requests_patch_apply(struct bot_ctx *ctx, const struct request_env *e,
		     const struct store_request_rec *r, const char *culprit,
		     struct patch_outcome *out)
{
	struct patch_job j = { ctx, e, r, NULL, NULL, NULL, NULL, NULL, NULL,
			       0 };
	struct store_msg ask;
	char key[32];
	int rc;

	memset(out, 0, sizeof(*out));
	memset(&ask, 0, sizeof(ask));
	if (!e->repo) {
		out->error = xstrdup("no kernel repository ([git] repo) is "
				     "configured to apply the patch in");
		return LKB_OK;
	}
	if ((rc = load_patch(&j, out)) != LKB_OK || out->error)
		goto out;
	if (!(j.dir = worktrees_dir(ctx))) {
		rc = LKB_ERR_IO;
		goto out;
	}
	j.wt = xasprintf("%s/request-%lld", j.dir, (long long)r->id);
	j.patch_file = xasprintf("%s.patch", j.wt);
	j.msg_file = xasprintf("%s.msg", j.wt);
	/* MIME takes the last line's newline with the boundary: give it
	 * back, or git apply finds the patch corrupt */
	if ((rc = write_file(j.patch_file, j.part->text, j.part->len,
			     j.part->len && j.part->text[j.part->len - 1] !=
			     '\n')))
		goto out;
	compare_git_set_timeout(ctx->set->git.patch_timeout);
	patch_id(&j, out);
	if (out->error)
		goto out;
	rc = store_request_same_patch(ctx->st, r->report_id, r->id,
				      out->patch_id, &out->same_as);
	if (rc < 0 || rc == 1) {
		rc = rc < 0 ? rc : LKB_OK;
		goto out;
	}
	snprintf(key, sizeof(key), "%lld", (long long)r->msg_id);
	if ((rc = store_message_get(ctx->st, key, &ask)) <= 0) {
		rc = rc < 0 ? rc : LKB_ERR_NOT_FOUND;
		goto out;
	}
	rc = apply_commit(&j, &ask, culprit, out);
	remove_worktree(&j);
out:
	compare_git_set_timeout(ctx->set->git.timeout);
	if (j.patch_file)
		unlink(j.patch_file);
	if (j.msg_file)
		unlink(j.msg_file);
	store_msg_release(&ask);
	message_free(j.m);
	free(j.dir);
	free(j.wt);
	free(j.patch_file);
	free(j.msg_file);
	return rc;
}

void
requests_patch_release(struct patch_outcome *o)
{
	free(o->fix);
	free(o->patch_id);
	free(o->subject);
	free(o->error);
	memset(o, 0, sizeof(*o));
}
