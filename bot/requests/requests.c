/* requests.c - the request stage: compare, compare-series, retest,
 * test-patch. */
#include "config.h"
#include "bot/requests/requests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot/compare/git.h"
#include "bot/compare/spark.h"
#include "bot/core/ctx.h"
#include "bot/core/settings.h"
#include "bot/outbox/answer.h"
#include "bot/outbox/outbox.h"
#include "bot/requests/requests-internal.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "state/store.h"
#include "state/store_triage.h"
#include "templates/tpl_set.h"
#include "templates/tvalue.h"

/* Everything one request's decision needs. */
struct req_work {
	struct bot_ctx *ctx;
	const struct answerer *aw;
	const struct request_env *env;
	const struct store_request_rec *r;
	struct report_axes ra;
	struct request_plan plan;
	int64_t now;
	int short_git;	/* git's time cut to what is left of the stage */
	int confirm;	/* the answer moves the report to fix-confirmed */
};

/* A test-patch answer that fully recovers: the report moves to
 * fix-confirmed (unless closed), saying who asked. */
static int
confirm_fix(struct req_work *w)
{
	struct store_report_state cur;
	char *cause;
	int rc = store_report_state_get(w->ctx->st, w->r->report_id, &cur);

	if (rc < 0)
		return rc;
	if (rc == 0 || (cur.state && (!strcmp(cur.state, "closed") ||
				      !strcmp(cur.state, "fix-confirmed")))) {
		store_report_state_release(&cur);
		return LKB_OK;
	}
	store_report_state_release(&cur);
	cause = xasprintf("request %lld (#lkp test by %s): the patch fully "
			  "recovers", (long long)w->r->id,
			  w->r->asker ? w->r->asker : "?");
	rc = store_report_transition(w->ctx->st, w->r->report_id,
				     "fix-confirmed", NULL, 0, cause,
				     w->r->msg_id, w->now);
	free(cause);
	return rc;
}

/* Write the answer, the new state and the job files written (jobs, may
 * be NULL) in one transaction. */
static int
decide_jobs(struct req_work *w, const char *kind, struct tvalue *data,
	    enum request_state state, const char *result,
	    const struct request_jobs *jobs)
{
	struct store *st = w->ctx->st;
	int rc = store_begin_write(st);

	if (rc == LKB_OK && kind)
		rc = requests_mail(w->aw, w->r, kind, data);
	if (rc == LKB_OK)
		rc = store_request_set_state(st, w->r->id, state, result);
	if (rc == LKB_OK && w->confirm)
		rc = confirm_fix(w);
	if (rc == LKB_OK && jobs && jobs->written)
		rc = store_request_set_jobs(st, w->r->id,
					    (int64_t)jobs->written, w->now);
	if (rc == LKB_OK)
		rc = store_commit(st);
	else
		store_rollback(st);
	tvalue_free(data);
	if (rc == LKB_OK)
		lkb_info("request %lld (%s): %s", (long long)w->r->id,
			 request_kind_name(w->r->kind),
			 request_state_name(state));
	return rc;
}

static int
decide(struct req_work *w, const char *kind, struct tvalue *data,
       enum request_state state, const char *result)
{
	return decide_jobs(w, kind, data, state, result, NULL);
}

/* error with every absolute path ("/srv/...", "'/srv/...") put as
 * "(a local path)": answers name no path of the server. Caller frees. */
static char *
strip_paths(const char *error)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = error;

	while (*p) {
		int start = p == error || p[-1] == ' ' || p[-1] == '\'' ||
			    p[-1] == '"' || p[-1] == '(';

		if (start && *p == '/' && p[1] && p[1] != ' ') {
			while (*p && *p != ' ' && *p != '\'' && *p != '"' &&
			       *p != ')' && *p != ':' && *p != ',')
				p++;
			strbuf_adds(&sb, "(a local path)");
			continue;
		}
		strbuf_addch(&sb, *p++);
	}
	return strbuf_detach(&sb, NULL);
}

static int
fail_request(struct req_work *w, const char *method, const char *raw_error,
	     const char *hint)
{
	struct tvalue *d = requests_mail_data(w->aw, w->r, method,
					      w->plan.again ? w->plan.again
							    : "");
	char *error = strip_paths(raw_error);
	char *result = xasprintf("error: %s", error);
	int rc;

	tvalue_map_set_str(d, "error", error);
	tvalue_map_set_str(d, "hint", hint ? hint : "");
	rc = decide(w, "error", d, REQ_FAILED, result);
	free(result);
	free(error);
	return rc;
}

static char *
missing_text(const char *const *shas, size_t n, size_t held)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "waiting for results of %zu commit(s):", n);
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&sb, " %.12s", shas[i]);
	if (held)
		strbuf_addf(&sb, "; %zu without a job (quota)", held);
	return strbuf_detach(&sb, NULL);
}

static int
queue_request(struct req_work *w, const char *const *shas, size_t n)
{
	struct request_jobs jobs;
	struct tvalue *d;
	char *err = NULL, *result, days[32], **full;
	int rc;

	if (!w->env->queue) {
		lkb_error("request %lld: results are missing and no [results] "
			  "queue is configured", (long long)w->r->id);
		return LKB_ERR_CONFIG;
	}
	full = xcalloc(n ? n : 1, sizeof(*full));
	for (size_t i = 0; i < n; i++)
		full[i] = requests_full_sha(w->env, shas[i]);
	shas = (const char *const *)full;
	rc = requests_write_jobs(w->ctx, w->env->queue, w->r, &w->ra.axes,
				 shas, n, w->now, &jobs, &err);
	if (rc) {
		if (err)
			lkb_error("request %lld: %s", (long long)w->r->id, err);
		free(err);
		goto out;
	}
	d = requests_mail_data(w->aw, w->r, "lkp job queue", w->plan.again);
	tvalue_map_set(d, "jobs", jobs.jobs);
	jobs.jobs = NULL;
	tvalue_map_set_str(d, "held", jobs.held_text ? jobs.held_text : "");
	snprintf(days, sizeof(days), "%ld", w->env->expire_days);
	tvalue_map_set_str(d, "expire_days", days);
	result = missing_text(shas, n, jobs.held);
	rc = decide_jobs(w, "queued", d, REQ_QUEUED, result, &jobs);
	free(result);
out:
	requests_jobs_release(&jobs);
	for (size_t i = 0; i < n; i++)
		free(full[i]);
	free(full);
	return rc;
}

static int
expire_request(struct req_work *w, const char *const *shas, size_t n)
{
	struct tvalue *d = requests_mail_data(w->aw, w->r, "lkp job queue",
					      w->plan.again);
	struct tvalue *miss = tvalue_new_list();
	char days[32], *result;
	int rc;

	for (size_t i = 0; i < n; i++) {
		char sha[13];

		snprintf(sha, sizeof(sha), "%.12s", shas[i]);
		tvalue_list_push(miss, tvalue_new_string(sha));
	}
	tvalue_map_set(d, "missing", miss);
	snprintf(days, sizeof(days), "%ld", w->env->expire_days);
	tvalue_map_set_str(d, "expire_days", days);
	result = xasprintf("expired after %ld days", w->env->expire_days);
	rc = decide(w, "expired", d, REQ_EXPIRED, result);
	free(result);
	return rc;
}

/* Trailing newlines off the table: the templates put their own. */
static void
trim_nl(struct strbuf *sb)
{
	while (sb->len && sb->buf[sb->len - 1] == '\n')
		sb->buf[--sb->len] = '\0';
}

/* The attribution block of compare_run ("METRIC" then "  largest step:
 * LABEL SHA: CHANGE (...)") as the series template's changes. */
struct tvalue *
requests_changes_from(const char *text)
{
	struct tvalue *list = tvalue_new_list();
	const char *p = strstr(text, "\nWhere the change comes from"), *metric;
	size_t mlen = 0;

	metric = NULL;
	while (p && *p) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		static const char ls[] = "  largest step: ";

		if (n && p[0] != ' ') {
			metric = p;
			mlen = n;
		} else if (metric && n > sizeof(ls) - 1 &&
			   !strncmp(p, ls, sizeof(ls) - 1)) {
			const char *lab = p + sizeof(ls) - 1;
			const char *sp = memchr(lab, ' ', n - (size_t)(lab - p));
			const char *colon = sp ? memchr(sp, ':', n - (size_t)(sp - p))
					       : NULL;
			struct tvalue *c;

			if (colon && colon + 2 < p + n) {
				const char *ch = colon + 2;
				size_t chn = strcspn(ch, " \n");

				c = tvalue_new_map();
				tvalue_map_set(c, "metric",
					       tvalue_new_stringn(metric, mlen));
				tvalue_map_set(c, "change",
					       tvalue_new_stringn(ch, chn));
				tvalue_map_set(c, "patch",
					       tvalue_new_stringn(lab,
						       (size_t)(sp - lab)));
				tvalue_list_push(list, c);
			}
		}
		p = e ? e + 1 : NULL;
	}
	return list;
}

static struct tvalue *
series_value(const struct compare_series *s)
{
	struct tvalue *v = tvalue_new_map(), *pl = tvalue_new_list();
	char buf[64];

	snprintf(buf, sizeof(buf), "%.12s", s->base);
	tvalue_map_set_str(v, "base", buf);
	snprintf(buf, sizeof(buf), "%.12s", s->patches[s->total - 1].sha);
	tvalue_map_set_str(v, "head", buf);
	snprintf(buf, sizeof(buf), "%zu", s->total);
	tvalue_map_set_str(v, "count", buf);
	for (size_t i = 0; i < s->total; i++) {
		struct tvalue *p = tvalue_new_map();

		snprintf(buf, sizeof(buf), "%02zu/%02zu", i + 1, s->total);
		tvalue_map_set_str(p, "index", buf);
		snprintf(buf, sizeof(buf), "%.12s", s->patches[i].sha);
		tvalue_map_set_str(p, "sha", buf);
		tvalue_map_set_str(p, "title", s->patches[i].subject);
		tvalue_list_push(pl, p);
	}
	tvalue_map_set(v, "patches", pl);
	return v;
}

/* The verdict of a test-patch comparison (empty for the others). */
static void
fix_data(const struct req_work *w, struct compare_fix *fix, struct tvalue *d)
{
	int on = w->r->kind == REQ_TEST_PATCH && w->plan.n == 3;

	strbuf_rtrim(&fix->text);
	tvalue_map_set_str(d, "verdict", on ? fix->summary : "");
	tvalue_map_set_str(d, "verdict_text", on ? fix->text.buf : "");
	tvalue_map_set_str(d, "asker", w->r->asker ? w->r->asker : "");
	tvalue_map_set_str(d, "confirmed", on && fix->level == FIX_FULL
					   ? "yes" : "");
}

static int
complete_request(struct req_work *w)
{
	struct compare_opts o = { 0, w->ra.headline, 0, 0, NULL };
	struct compare_fix fix = { FIX_UNCHANGED, 0, "", STRBUF_INIT };
	struct strbuf out = STRBUF_INIT, chart = STRBUF_INIT;
	struct request_plan *p = &w->plan;
	struct tvalue *d;
	char *err = NULL, *result, buf[32];
	int rc;

	if (w->r->kind == REQ_TEST_PATCH && p->n == 3)
		o.fix = &fix;
	rc = compare_run(w->env->root, &w->ra.axes, p->c, p->n, &o, &out,
			 &err);
	if (rc) {
		rc = fail_request(w, "lkp result trees", err ? err
					 : "the comparison failed", NULL);
		goto out;
	}
	trim_nl(&out);
	if (p->series) {
		d = requests_mail_data(w->aw, w->r, "lkp result trees per "
				       "patch, lkp's statistics", p->again);
		tvalue_map_set(d, "series", series_value(&p->s));
		tvalue_map_set(d, "changes", requests_changes_from(out.buf));
		strbuf_reset(&chart);
		if (compare_spark_table(&chart, out.buf, out.len,
					w->ra.axes.testcase, w->ra.headline))
			strbuf_reset(&chart);
		strbuf_rtrim(&chart);
		tvalue_map_set_str(d, "chart", chart.buf);
	} else {
		d = requests_mail_data(w->aw, w->r, "lkp result trees, lkp's "
				       "statistics (mean, stddev, %change)",
				       p->again);
		tvalue_map_set_str(d, "testcase", w->ra.axes.testcase);
		fix_data(w, &fix, d);
		snprintf(buf, sizeof(buf), "%zu",
			 requests_new_runs(w->env, &w->ra.axes, p->c[0].sha, 0));
		tvalue_map_set_str(d, "runs", buf);
		tvalue_map_set_str(d, "missing", "");
	}
	tvalue_map_set_str(d, "table", out.buf);
	result = xasprintf("%s of %zu commits", p->series ? "series-report"
				: "compare-report", p->n);
	w->confirm = fix.level == FIX_FULL;
	rc = decide(w, p->series ? "series-report" : "compare-report", d,
		    REQ_DONE, result);
	free(result);
out:
	strbuf_release(&fix.text);
	free(err);
	strbuf_release(&out);
	strbuf_release(&chart);
	return rc;
}

/* What column col of w's plan is, for the build-failed answer. */
static const char *
column_name(const struct req_work *w, size_t col)
{
	if (w->r->kind == REQ_TEST_PATCH && w->plan.n >= 2)
		return col == w->plan.n - 1 ? "the patch on the report's commit"
		       : col == w->plan.n - 2 ? "the report's commit"
					      : "the base";
	return col ? "a compared commit" : "the base";
}

/* Column col's kernel did not build: say so with its error lines, no
 * table, no verdict; the report stays as it is. */
static int
build_failed(struct req_work *w, size_t col, const char *lines)
{
	struct tvalue *d = requests_mail_data(w->aw, w->r, "lkp result "
					      "trees, the build log in the "
					      "result root", w->plan.again);
	struct strbuf ind = STRBUF_INIT;
	char sha[13], *result;
	int rc;

	snprintf(sha, sizeof(sha), "%.12s", w->plan.c[col].sha);
	for (const char *p = lines; *p;) {
		size_t n = strcspn(p, "\n");

		strbuf_adds(&ind, "    ");
		strbuf_add(&ind, p, n);
		strbuf_addch(&ind, '\n');
		p += n + (p[n] == '\n');
	}
	trim_nl(&ind);
	tvalue_map_set_str(d, "commit", sha);
	tvalue_map_set_str(d, "which", column_name(w, col));
	tvalue_map_set_str(d, "lines", ind.buf);
	tvalue_map_set_str(d, "asker", w->r->asker ? w->r->asker : "");
	result = xasprintf("build failed: %s", sha);
	rc = decide(w, "build-failed", d, REQ_DONE, result);
	free(result);
	strbuf_release(&ind);
	return rc;
}

/* args of a test-patch request asked with a git tree, "git URL REF":
 * 1 with *url_out (caller frees) and *ref_out (borrowed from args),
 * else 0. */
static int
git_args(const char *args, char **url_out, const char **ref_out)
{
	const char *sp;

	if (!args || strncmp(args, "git ", 4) || !(sp = strchr(args + 4, ' ')))
		return 0;
	*url_out = xmemdup0(args + 4, (size_t)(sp - args - 4));
	*ref_out = sp + 1;
	return 1;
}

/* A new test-patch request: its patch committed on the culprit,
 * *args_out (caller frees) "FIX PATCHID", 0; or decided here, 1: the
 * same patch asked before (done, no mail: that request answers), or an
 * answer saying why not (no patch, git's error lines); or negative. */
static int
prepare_patch(struct req_work *w, char **args_out)
{
	const char *culprit = requests_culprit(&w->ra);
	struct patch_outcome po;
	char *full, *args, *result, *url = NULL;
	const char *ref = NULL;
	int rc;

	*args_out = NULL;
	w->plan.again = xstrdup("#lkp test");	/* for the answers below */
	if (!culprit) {
		rc = fail_request(w, "#lkp test", "the report names no commit "
				  "to apply the patch on", NULL);
		return rc ? rc : 1;
	}
	full = requests_full_sha(w->env, culprit);
	/* git gets the culprit as a full sha the repository knows only */
	if (strlen(full) != 40 || strspn(full, "0123456789abcdef") != 40) {
		char *why = xasprintf("the report's commit %.40s is not in the "
				      "kernel repository", full);

		free(full);
		rc = fail_request(w, "#lkp test", why, NULL);
		free(why);
		return rc ? rc : 1;
	}
	if (git_args(w->r->args, &url, &ref))
		rc = requests_fetch_ref(w->ctx, w->env, w->r, url, ref, &po);
	else
		rc = requests_patch_apply(w->ctx, w->env, w->r, full, &po);
	free(full);
	free(url);
	if (rc)
		return rc;
	if (po.same_as) {
		result = xasprintf("the same patch (patch-id %.12s) as request "
				   "%lld, which answers", po.patch_id,
				   (long long)po.same_as);
		rc = decide(w, NULL, NULL, REQ_DONE, result);
		free(result);
		rc = rc ? rc : 1;
	} else if (po.error) {
		/* its patch-id: the same patch asked again is this one */
		args = po.patch_id ? xasprintf("- %s", po.patch_id) : NULL;
		rc = args ? store_request_set_args(w->ctx->st, w->r->id, args)
			  : LKB_OK;
		free(args);
		if (rc == LKB_OK)
			rc = fail_request(w, "#lkp test: git in a private "
					  "worktree of the kernel tree",
					  po.error, ref ? "Name a branch, tag "
					  "or commit of a git tree lkpbot may "
					  "fetch: #lkp test URL BRANCH" :
					  "Send a patch that applies "
					  "on the report's commit, with "
					  "#lkp test above it.");
		rc = rc ? rc : 1;
	} else {
		free(w->plan.again);	/* requests_plan makes its own */
		w->plan.again = NULL;
		/* a fetched commit has no patch-id: "fetched" in its place */
		*args_out = xasprintf("%s %s", po.fix,
				      po.patch_id ? po.patch_id : "fetched");
		rc = store_request_set_args(w->ctx->st, w->r->id, *args_out);
		lkb_info("request %lld: patch committed as %.12s on %.12s",
			 (long long)w->r->id, po.fix, culprit);
	}
	requests_patch_release(&po);
	return rc;
}

/* The commits still without results; for a retest also the retested
 * commit until runs newer than the request appear. */
static int
find_missing(struct req_work *w, const char ***shas_out, size_t *n_out,
	     char **err_out)
{
	struct request_plan *p = &w->plan;
	size_t *miss = NULL, nm = 0, n = 0;
	const char **v;
	int rc, have = 0;

	rc = compare_find_missing(w->env->root, &w->ra.axes, p->c, p->n,
				  &miss, &nm, err_out);
	if (rc)
		return rc;
	v = xcalloc(nm + 1, sizeof(*v));
	for (size_t i = 0; i < nm; i++) {
		v[n++] = p->c[miss[i]].sha;
		if (p->retest && !strcmp(v[n - 1], p->retest))
			have = 1;
	}
	if (p->retest && !have &&
	    (w->r->state == REQ_NEW ||
	     !requests_new_runs(w->env, &w->ra.axes, p->retest,
				w->r->created_at)))
		v[n++] = p->retest;
	free(miss);
	*shas_out = v;
	*n_out = n;
	return LKB_OK;
}

/* Decide one request: LKB_OK when decided (or still waiting), 1 when git
 * ran out of the stage's time (nothing written; the next run retries),
 * a negative status on errors. */
static int
process(struct req_work *w)
{
	const struct store_request_rec *r = w->r;
	const char **shas = NULL;
	struct strbuf lines = STRBUF_INIT;
	size_t n = 0, col = 0;
	char *err = NULL, *patched = NULL;
	unsigned late;
	int rc;

	rc = report_axes_load(w->ctx->st, r->report_id, &w->ra, &err);
	if (rc == LKB_ERR_NOT_FOUND || rc == LKB_ERR_PARSE) {
		rc = decide(w, NULL, NULL, REQ_FAILED, err);
		goto out;
	}
	if (rc)
		goto out;
	if (report_axes_check(&w->ra, &err)) {
		rc = fail_request(w, "lkp result trees", err, NULL);
		goto out;
	}
	if (r->kind == REQ_TEST_PATCH && (!r->args || !*r->args ||
					  !strncmp(r->args, "git ", 4))) {
		rc = prepare_patch(w, &patched);
		if (rc) {
			rc = rc > 0 ? LKB_OK : rc;
			goto out;
		}
	}
	late = compare_git_late_count();
	if (requests_plan(w->env, &w->ra, r->kind, patched ? patched : r->args,
			  &w->plan, &err)) {
		if (w->short_git && compare_git_late_count() != late) {
			/* out of the stage's time, not the request's fault */
			lkb_warn("request %lld: git ran out of what is left of "
				 "[requests] deadline; it stays open for the "
				 "next run", (long long)r->id);
			rc = 1;
			goto out;
		}
		rc = fail_request(w, request_kind_name(r->kind), err,
				  r->kind == REQ_COMPARE_SERIES
				  ? "Name the range: #lkp compare-series "
				    "BASE..HEAD" : NULL);
		goto out;
	}
	if (!w->env->root) {
		lkb_error("request %lld: no [results] root is configured",
			  (long long)r->id);
		rc = LKB_ERR_CONFIG;
		goto out;
	}
	rc = requests_build_failure(w->env, &w->ra, &w->plan, &col, &lines,
				    &err);
	if (rc) {
		rc = rc < 0 ? fail_request(w, "lkp result trees", err, NULL)
			    : build_failed(w, col, lines.buf);
		goto out;
	}
	rc = find_missing(w, &shas, &n, &err);
	if (rc) {
		rc = fail_request(w, "lkp result trees", err, NULL);
		goto out;
	}
	if (!n)
		rc = complete_request(w);
	else if (r->state == REQ_NEW)
		rc = queue_request(w, shas, n);
	else if (w->now - r->created_at >= (int64_t)w->env->expire_days * 86400)
		rc = expire_request(w, shas, n);
	else
		lkb_debug("request %lld: still waiting for %zu commit(s)",
			  (long long)r->id, n);
out:
	strbuf_release(&lines);
	free(shas);
	free(err);
	free(patched);
	return rc;
}

static int
is_fatal(int rc)
{
	return rc == LKB_ERR_CONFIG || rc == LKB_ERR_DB ||
	       rc == LKB_ERR_SCHEMA_TOO_NEW;
}

int
requests_stage(struct bot_ctx *ctx, const struct run_opts *o)
{
	struct store_request_rec *v = NULL;
	struct request_env env;
	struct tpl_set *set = NULL;
	struct answerer aw;
	long deadline = run_left(o->end, ctx->set->requests.deadline);
	time_t end = time(NULL) + deadline;
	size_t n = 0;
	int rc, first = LKB_OK;

	requests_env(ctx->set, &env);
	rc = store_request_list(ctx->st, REQ_STATE_OPEN, LKB_MAX_REQUESTS_PER_RUN, &v,
				&n);
	if (rc || !n)
		goto out;
	set = outbox_templates(ctx->set);
	if ((rc = answerer_init(&aw, ctx->st, ctx->set, set)) != LKB_OK)
		goto out;
	for (size_t i = 0; i < n; i++) {
		long left = (long)(end - time(NULL));
		struct req_work w;

		/* slow git or a huge result tree cannot hold the stage (and
		 * the run lock): what is left waits, still open */
		if (left <= 0) {
			lkb_warn("requests: past the deadline of %ld s "
				 "([requests] deadline); %zu request(s) wait "
				 "for the next run", deadline,
				 n - i);
			break;
		}
		memset(&w, 0, sizeof(w));
		w.short_git = left < ctx->set->git.timeout;
		compare_git_set_timeout(w.short_git ? left
						    : ctx->set->git.timeout);
		w.ctx = ctx;
		w.aw = &aw;
		w.env = &env;
		w.r = &v[i];
		w.now = (int64_t)time(NULL);
		rc = process(&w);
		requests_plan_release(&w.plan);
		report_axes_release(&w.ra);
		if (rc > 0)
			break;	/* deferred: the stage's time is up */
		if (rc == LKB_OK)
			continue;
		lkb_error("request %lld: %s", (long long)v[i].id,
			  lkb_status_str(rc));
		if (first == LKB_OK)
			first = rc;
		if (is_fatal(rc))
			break;
	}
	rc = first;
out:
	tpl_set_free(set);
	store_request_list_free(v, n);
	return rc;
}
