/* gitwatch.c - fixes found in git (see gitwatch.h). */
#include "config.h"
#include "bot/triage/gitwatch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/compare/git.h"
#include "bot/core/ctx.h"
#include "bot/core/settings.h"
#include "bot/triage/lifecycle.h"
#include "lib/arena.h"
#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/git_trailers.h"
#include "parsers/reply.h"
#include "state/store.h"
#include "state/store_git.h"
#include "state/store_skip.h"
#include "state/store_triage.h"

/* Evidence kept per event: the commit, its subject, the trailer. */
#define GW_EVIDENCE_MAX 300

struct gw {
	struct store *st;
	const char *repo, *branch;
	struct gitwatch_stats *stats;
};

/* One commit as `git log` printed it. */
struct gw_commit {
	char sha[65];
	long long when;		/* committer date */
	const char *author;	/* e-mail, sanitised; in the arena */
	const char *subject;	/* sanitised; in the arena */
	const char *body;	/* the whole message */
	size_t body_len;
};

/* What one ref of one commit does to a report. */
struct gw_hit {
	struct gw *g;
	const struct gw_commit *c;
	const struct git_ref *ref;
	enum close_reason reason;
	struct arena *a;
	int rc;
	int robot;		/* the commit credits the kernel test robot
				 * and names no tracked report */
};

static void
load_state(const struct store_report_state *s, struct lc_state *cur)
{
	int v = report_state_from_name(s->state ? s->state : "open");

	memset(cur, 0, sizeof(*cur));
	cur->state = v < 0 ? RS_OPEN : (enum report_state)v;
	v = s->close_reason ? close_reason_from_name(s->close_reason,
						     strlen(s->close_reason))
			    : CR_NONE;
	cur->reason = v < 0 ? CR_NONE : (enum close_reason)v;
	cur->dup_of = s->duplicate_of;
	cur->dismissed = s->dismissed;	/* a commit is nobody's dispute */
}

/* How the commit relates to the report (report_related). */
static const char *
related_name(const struct lc_input *in)
{
	if (in->event != EV_CLOSE)
		return "fix-proposed";
	return in->reason == CR_REVERTED ? "reverted-by" : "fixed-by";
}

/* The event, the related commit and, when the life cycle says so, the
 * report's transition (closed; fix-proposed for a bare Fixes:). */
static int
hit_report(int64_t rid, void *arg)
{
	struct gw_hit *h = arg;
	struct gw *g = h->g;
	struct store_report_state s;
	struct lc_input in = { 0 };
	struct lc_state cur, next;
	enum lc_verdict v;
	const char *msg, *why = close_reason_name(h->reason), *line;
	char cause[20], source[300];
	struct store_event ev = { 0 };

	if ((h->rc = store_report_state_get(g->st, rid, &s)) <= 0)
		return h->rc < 0;
	load_state(&s, &cur);
	store_report_state_release(&s);
	/* a Fixes: alone may fix another bug of the culprit: it proposes
	 * the fix (fix-proposed) unless the commit credits the robot */
	in.event = h->ref->kind == GREF_FIXES && !h->robot ? EV_FIX_APPLIED
							    : EV_CLOSE;
	in.tier = TIER_OTHER;
	in.reason = h->reason;
	in.commit = h->c->sha;
	in.report_id = rid;
	if ((h->rc = lifecycle_apply(&cur, &in, NULL, &next, &v, &msg)) != LKB_OK)
		return 1;
	snprintf(source, sizeof(source), "git:%s", g->branch);
	ev.report_id = rid;
	ev.type = "fix-applied";
	ev.source = source;
	ev.confidence = REPLY_CONF_EXACT;	/* a trailer names the report */
	ev.author = h->c->author;
	line = arena_printf(h->a, "%.12s (\"%s\") on %s: %s", h->c->sha,
			    h->c->subject, g->branch, h->ref->line);
	ev.evidence = arena_printable(h->a, line, strlen(line), GW_EVIDENCE_MAX);
	ev.sha = h->c->sha;
	ev.reason = in.event == EV_CLOSE ? why : NULL;
	ev.date = h->c->when;
	if ((h->rc = store_event_add(g->st, &ev)) != LKB_OK ||
	    (h->rc = store_report_related_add(g->st, rid, h->c->sha,
					      related_name(&in))) != LKB_OK)
		return 1;
	g->stats->matches++;
	lkb_info("git %s: commit %.12s names report %lld (%s)", g->branch,
		 h->c->sha, (long long)rid, git_ref_kind_name(h->ref->kind));
	if (v != LC_CHANGED)
		return 0;
	snprintf(cause, sizeof(cause), "git:%.12s", h->c->sha);
	h->rc = store_report_transition(g->st, rid, report_state_name(next.state),
					next.state == RS_CLOSED
						? close_reason_name(next.reason)
						: NULL,
					0, cause, 0, h->c->when);
	if (h->rc == LKB_OK && next.state == RS_CLOSED)
		g->stats->closed++;
	else if (h->rc == LKB_OK)
		g->stats->proposed++;
	return h->rc != LKB_OK;
}

static int
scan_commit(struct gw *g, struct arena *a, const struct gw_commit *c)
{
	struct git_ref refs[LKB_MAX_GIT_REFS];
	struct gw_hit h = { g, c, NULL, CR_FIXED, a, LKB_OK,
			    git_trailers_robot(c->body, c->body_len) };
	size_t n = git_trailers_scan(a, c->body, c->body_len, refs,
				     LKB_ARRAY_SIZE(refs));
	int64_t rid;
	int rc;

	if (n > LKB_ARRAY_SIZE(refs)) {
		lkb_warn("git %s: commit %.12s: %zu trailers, only the first "
			 "%zu read (LKB_MAX_GIT_REFS)", g->branch, c->sha, n,
			 LKB_ARRAY_SIZE(refs));
		n = LKB_ARRAY_SIZE(refs);
	}
	/* a commit that names its report(s) by Closes:/Link: says which
	 * report its credit to the robot is for: its Fixes: closes none */
	for (size_t i = 0; i < n && h.robot; i++) {
		if (refs[i].kind != GREF_CLOSES && refs[i].kind != GREF_LINK)
			continue;
		if ((rc = store_report_by_message_id(g->st, refs[i].value,
						     &rid)) < 0)
			return rc;
		if (rc == 1)
			h.robot = 0;
	}
	for (size_t i = 0; i < n; i++) {
		h.ref = &refs[i];
		h.reason = refs[i].kind == GREF_REVERT ? CR_REVERTED : CR_FIXED;
		if (refs[i].kind == GREF_CLOSES || refs[i].kind == GREF_LINK) {
			rc = store_report_by_message_id(g->st, refs[i].value,
							&rid);
			if (rc == 1)
				(void)hit_report(rid, &h);
			else
				h.rc = rc;
		} else {
			h.rc = store_reports_blaming(g->st, refs[i].value,
						     hit_report, &h);
		}
		if (h.rc < 0)
			return h.rc;
	}
	return LKB_OK;
}

/* One record of `git log -z --format=%H%n%ct%n%ae%n%B`: 1 parsed, 0 not
 * a commit (skipped). */
static int
parse_commit(struct arena *a, const char *p, size_t len, struct gw_commit *c)
{
	const char *end = p + len, *nl;
	size_t n;

	memset(c, 0, sizeof(*c));
	nl = memchr(p, '\n', len);
	n = nl ? (size_t)(nl - p) : 0;
	if (!git_is_hex(p, n, 40, 64))
		return 0;
	for (size_t i = 0; i < n; i++)
		c->sha[i] = (char)LKB_TOLOWER(p[i]);
	p = nl + 1;
	while (p < end && LKB_ISDIGIT(*p) && c->when < 100000000000LL)
		c->when = c->when * 10 + (*p++ - '0');
	if (p == end || *p++ != '\n' || !(nl = memchr(p, '\n', end - p)))
		return 0;
	c->author = arena_printable(a, p, (size_t)(nl - p), 200);
	c->body = nl + 1;
	c->body_len = (size_t)(end - c->body);
	nl = memchr(c->body, '\n', c->body_len);
	c->subject = arena_printable(a, c->body,
			       nl ? (size_t)(nl - c->body) : c->body_len, 120);
	return 1;
}

/* Parse and scan every commit of one `git log -z` output; *got_out
 * counts them. */
static int
scan_output(struct gw *g, const struct strbuf *out, long *got_out)
{
	struct arena a = ARENA_INIT;
	struct gw_commit c;
	const char *p, *end, *z;
	int rc = LKB_OK;

	*got_out = 0;
	for (p = out->buf, end = out->buf + out->len; p < end; p = z + 1) {
		z = memchr(p, '\0', (size_t)(end - p));
		if (!z)
			z = end;
		if (z > p && *p == '\n')	/* between records */
			p++;
		if (parse_commit(&a, p, (size_t)(z - p), &c)) {
			++*got_out;
			g->stats->commits++;
			rc = scan_commit(g, &a, &c);
		}
		arena_release(&a);
		if (rc != LKB_OK)
			break;
	}
	arena_release(&a);
	return rc;
}

/* The one commit at offset skip of range is over LKB_MAX_GIT_OUTPUT:
 * record it as skipped (store_skip.h) and warn, so that the watch moves
 * past it. */
static int
skip_commit(struct gw *g, const char *range, long skip, char **err_out)
{
	struct strbuf out = STRBUF_INIT;
	char nth[40];
	const char *args[] = { "log", "--format=%H", "--max-count=1", nth,
			       range, "--", NULL };
	struct store_skip sk = { "git", NULL, g->branch, NULL, 0 };
	size_t n;
	int rc;

	snprintf(nth, sizeof(nth), "--skip=%ld", skip);
	if ((rc = compare_git_run(g->repo, args, &out, err_out)) != LKB_OK)
		goto out;
	n = strcspn(out.buf, "\n");
	if (!git_is_hex(out.buf, n, 40, 64)) {
		*err_out = xstrdup("git log printed no commit");
		rc = LKB_ERR;
		goto out;
	}
	strbuf_setlen(&out, n);
	sk.object = out.buf;
	sk.why = "commit message over LKB_MAX_GIT_OUTPUT (16 MiB), not read";
	lkb_warn("git watch: %s: skipping commit %s: output over %u bytes "
		 "(LKB_MAX_GIT_OUTPUT); `lkpbot doctor` lists it", g->branch,
		 out.buf, LKB_MAX_GIT_OUTPUT);
	if ((rc = store_skip_add(g->st, &sk)) == LKB_OK)
		g->stats->skipped++;
out:
	strbuf_release(&out);
	return rc;
}

/* Read count commits of range from offset skip and scan them. Output
 * over LKB_MAX_GIT_OUTPUT splits the chunk in halves down to the one
 * commit that is too big, which is skipped (a git that ran out of time
 * is an error, not split). *got_out: the commits git listed. */
static int
read_chunk(struct gw *g, const char *range, long skip, long count,
	   long *got_out, char **err_out)
{
	struct strbuf out = STRBUF_INIT;
	char nmax[40], nskip[40];	/* "--max-count=" and a long */
	const char *args[] = { "log", "-z", "--no-color",
			       "--format=%H%n%ct%n%ae%n%B", nmax, nskip,
			       range, "--", NULL };
	unsigned late = compare_git_late_count();
	long half, got2;
	int rc;

	*got_out = 0;
	snprintf(nmax, sizeof(nmax), "--max-count=%ld", count);
	snprintf(nskip, sizeof(nskip), "--skip=%ld", skip);
	rc = compare_git_run(g->repo, args, &out, err_out);
	if (rc == LKB_OK)
		rc = scan_output(g, &out, got_out);
	strbuf_release(&out);
	if (rc != LKB_ERR_TOO_BIG || !*err_out ||
	    compare_git_late_count() != late)
		return rc;
	FREE_AND_NULL(*err_out);
	if (count == 1) {
		*got_out = 1;
		return skip_commit(g, range, skip, err_out);
	}
	half = count / 2;
	rc = read_chunk(g, range, skip, half, got_out, err_out);
	if (rc != LKB_OK || *got_out < half)
		return rc;
	rc = read_chunk(g, range, skip + half, count - half, &got2, err_out);
	*got_out += got2;
	return rc;
}

/* Read up to max commits of range, chunk by chunk, scanning each. A
 * negative status with *err_out set when git failed. */
static int
read_range(struct gw *g, const char *range, long max, char **err_out)
{
	long done = 0, got;
	int rc = LKB_OK;

	*err_out = NULL;
	while (done < max && rc == LKB_OK) {
		long want = max - done < LKB_GIT_WATCH_CHUNK
				    ? max - done : LKB_GIT_WATCH_CHUNK;

		rc = read_chunk(g, range, done, want, &got, err_out);
		done += want;
		if (got < want)
			break;
	}
	return rc;
}

/* The commit branch points at, into tip (41..65 bytes). */
static int
rev_parse(struct gw *g, char *tip, size_t size)
{
	struct strbuf out = STRBUF_INIT;
	char *err = NULL, *spec = xasprintf("%s^{commit}", g->branch);
	const char *args[] = { "rev-parse", "--verify", "--quiet", spec, NULL };
	size_t n;
	int rc = compare_git_run(g->repo, args, &out, &err);

	if (rc != LKB_OK) {
		lkb_error("git watch: branch '%s' of '%s': %s", g->branch,
			  g->repo, err ? err : "not found");
		goto out;
	}
	n = strcspn(out.buf, "\n");
	if (!git_is_hex(out.buf, n, 40, 64) || n >= size) {
		lkb_error("git watch: branch '%s': git rev-parse printed no "
			  "commit", g->branch);
		rc = LKB_ERR;
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		tip[i] = (char)LKB_TOLOWER(out.buf[i]);
	tip[n] = '\0';
out:
	free(err);
	free(spec);
	strbuf_release(&out);
	return rc;
}

/* Read branch's new commits in one transaction with its new position. */
static int
watch_branch(struct gw *g, long window)
{
	char tip[66], *pos = NULL, *range = NULL, *err = NULL;
	int rc;

	if ((rc = rev_parse(g, tip, sizeof(tip))) != LKB_OK)
		return rc;
	if ((rc = store_git_position(g->st, g->repo, g->branch, &pos)) < 0)
		return rc;
	if (pos && !strcmp(pos, tip)) {
		free(pos);
		return LKB_OK;	/* nothing new: one rev-parse, no walk */
	}
	g->stats->moved++;
	if ((rc = store_begin_write(g->st)) != LKB_OK)
		goto out;
	if (pos) {
		range = xasprintf("%s..%s", pos, tip);
		rc = read_range(g, range, LKB_MAX_GIT_WATCH_COMMITS, &err);
		if (rc != LKB_OK && err && rc != LKB_ERR_TOO_BIG) {
			/* the old tip is gone (gc after a rebase): look
			 * back as on a first run */
			lkb_warn("git watch: %s: %s; reading the last %ld "
				 "commits instead", g->branch, err, window);
			FREE_AND_NULL(err);
			FREE_AND_NULL(pos);
		}
	}
	if (!pos)
		rc = read_range(g, tip, window, &err);
	if (rc == LKB_OK)
		rc = store_git_position_set(g->st, g->repo, g->branch, tip);
	if (rc == LKB_OK) {
		rc = store_commit(g->st);
	} else {
		if (err)
			lkb_error("git watch: branch '%s' of '%s': %s",
				  g->branch, g->repo, err);
		store_rollback(g->st);
	}
out:
	free(err);
	free(range);
	free(pos);
	return rc;
}

int
gitwatch_run(struct bot_ctx *ctx, const struct run_opts *o,
	     struct gitwatch_stats *stats_out)
{
	const struct settings *set = ctx->set;
	struct gitwatch_stats stats = { 0 };
	struct gw g = { ctx->st, set->git.repo, NULL, &stats };
	int rc, first = LKB_OK;

	compare_git_set_timeout(run_left(o->end, set->git.timeout));
	for (size_t i = 0; i < set->git.nwatch; i++) {
		g.branch = set->git.watch[i];
		stats.branches++;
		rc = watch_branch(&g, set->git.window);
		if (rc != LKB_OK && first == LKB_OK)
			first = rc;
		if (rc == LKB_ERR_DB || rc == LKB_ERR_DB_BUSY)
			break;	/* the store, not git: no use going on */
	}
	if (stats_out)
		*stats_out = stats;
	return first;
}

int
gitwatch_stage(struct bot_ctx *ctx, const struct run_opts *o)
{
	struct gitwatch_stats s = { 0 };
	int rc;

	if (!ctx->set->git.nwatch)
		return LKB_OK;
	rc = gitwatch_run(ctx, o, &s);
	if (ctx->verbose >= 0 && s.moved)
		printf("git: %u of %u branches moved, %u commits read, %u "
		       "matches, %u reports closed, %u fixes proposed\n",
		       s.moved, s.branches, s.commits, s.matches, s.closed,
		       s.proposed);
	if (ctx->verbose >= 0 && s.skipped)
		printf("git: %u commits skipped, over LKB_MAX_GIT_OUTPUT "
		       "(lkpbot doctor lists them)\n", s.skipped);
	return rc;
}
