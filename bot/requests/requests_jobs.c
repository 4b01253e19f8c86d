/* requests_jobs.c - lkp job files for missing results, within quotas.
 *
 * Every job file a request writes is recorded with the request (how
 * many, when); [requests] jobs_per_asker, jobs_per_report and
 * jobs_per_day bound what the 24 hours up to now wrote, counted from
 * the store, so they hold across mails and runs. The maintainers and
 * the LKP team ([bot] maintainers, lkp_team; triage puts each request
 * in its pool) have quotas per report and per day of their own: what
 * others ask never uses them up. Everyone else shares one ceiling an
 * hour, jobs_per_hour, whatever addresses they ask from (issue 36 row
 * 7). A commit left without a job is said in the answer, never
 * dropped silently.
 */
#include "config.h"
#include "bot/requests/requests-internal.h"

#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/ctx.h"
#include "bot/core/settings.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "state/store_request.h"
#include "templates/tvalue.h"

#define DAY_SECONDS 86400
#define HOUR_SECONDS 3600
#define NQUOTAS 4

/* The queue's job files of commit (compare_write_jobs names them
 * "<testcase>-<sha12>-<hash>.yaml"), appended to jobs; how many. */
static size_t
list_jobs(const char *queue, const char *testcase, const char *sha,
	  struct tvalue *jobs)
{
	char *prefix = xasprintf("%s-%.12s-", testcase, sha);
	size_t pl = strlen(prefix), found = 0;
	struct dirent *de;
	DIR *d = opendir(queue);

	while (d && (de = readdir(d))) {
		size_t n = strlen(de->d_name);
		struct tvalue *j;

		if (n <= pl + 5 || strncmp(de->d_name, prefix, pl) ||
		    strcmp(de->d_name + n - 5, ".yaml"))
			continue;
		j = tvalue_new_map();
		tvalue_map_set_str(j, "commit", sha);
		tvalue_map_set_str(j, "job", de->d_name);
		tvalue_list_push(jobs, j);
		found++;
	}
	if (d)
		closedir(d);
	free(prefix);
	return found;
}

/* One quota: its limit, what it counts, what the asker is told. */
struct jobs_quota {
	long max;
	const char *key;	/* [requests] key */
	const char *asker;
	int64_t report_id;
	int pool;
	int64_t window;		/* seconds up to now it counts */
	const char *why;
	const char *again;	/* when asking again may help */
};

/* How many job files r may still write now, and which of the quotas q
 * (filled here) says so. */
static int
jobs_left(struct bot_ctx *ctx, const struct store_request_rec *r,
	  int64_t now, struct jobs_quota q[NQUOTAS], int64_t *left_out,
	  const struct jobs_quota **by_out)
{
	const struct settings *set = ctx->set;
	int64_t n;
	int rc;

	q[0] = (struct jobs_quota){ set->requests.jobs_per_asker,
		"jobs_per_asker", r->asker, 0, -1, DAY_SECONDS,
		"you have had as many lkp jobs queued as one person may in a "
		"day", "tomorrow" };
	q[1] = (struct jobs_quota){ set->requests.jobs_per_report,
		"jobs_per_report", NULL, r->report_id, (int)r->pool,
		DAY_SECONDS, "this report has had as many lkp jobs queued as "
		"it may in a day", "tomorrow" };
	q[2] = (struct jobs_quota){ set->requests.jobs_per_day,
		"jobs_per_day", NULL, 0, (int)r->pool, DAY_SECONDS,
		"lkpbot has queued as many lkp jobs as it may in a day",
		"tomorrow" };
	/* the maintainers' and the LKP team's pool has no such ceiling */
	q[3] = (struct jobs_quota){ r->pool == REQ_POOL_OTHERS
		? set->requests.jobs_per_hour : 0, "jobs_per_hour", NULL, 0,
		REQ_POOL_OTHERS, HOUR_SECONDS, "lkpbot has queued as many lkp "
		"jobs as it may in an hour for everyone but the maintainers",
		"in an hour" };
	*left_out = INT64_MAX;
	*by_out = NULL;
	for (size_t i = 0; i < NQUOTAS; i++) {
		if (q[i].max <= 0 || (i == 1 && !r->report_id))
			continue;
		rc = store_request_jobs_count(ctx->st, q[i].asker,
					      q[i].report_id, q[i].pool,
					      now - q[i].window, now, &n);
		if (rc != LKB_OK)
			return rc;
		n = q[i].max > n ? q[i].max - n : 0;
		if (n < *left_out) {
			*left_out = n;
			*by_out = &q[i];
		}
	}
	return LKB_OK;
}

static char *
held_text(size_t held, const struct jobs_quota *by)
{
	return xasprintf("%zu commit%s got no lkp job ([requests] %s = %ld):\n"
			 "%s.\nAsk again %s if the results are still "
			 "missing then.", held, held == 1 ? "" : "s",
			 by ? by->key : "?", by ? by->max : 0L,
			 by ? by->why : "over a quota",
			 by ? by->again : "tomorrow");
}

int
requests_write_jobs(struct bot_ctx *ctx, const char *queue,
		    const struct store_request_rec *r,
		    const struct compare_axes *axes, const char *const *shas,
		    size_t n, int64_t now, struct request_jobs *out,
		    char **err_out)
{
	const struct jobs_quota *by = NULL;
	struct jobs_quota q[NQUOTAS];
	int64_t left;
	size_t w;
	int rc;

	memset(out, 0, sizeof(*out));
	*err_out = NULL;
	if ((rc = jobs_left(ctx, r, now, q, &left, &by)) != LKB_OK)
		return rc;
	out->jobs = tvalue_new_list();
	for (size_t i = 0; i < n; i++) {
		if ((int64_t)out->written >= left) {
			/* a job already in the queue costs nothing */
			if (!list_jobs(queue, axes->testcase, shas[i],
				       out->jobs))
				out->held++;
			continue;
		}
		rc = compare_write_jobs(queue, axes, shas + i, 1, &w, err_out);
		if (rc != LKB_OK)
			return rc;
		out->written += w;
		list_jobs(queue, axes->testcase, shas[i], out->jobs);
	}
	if (out->held) {
		out->held_text = held_text(out->held, by);
		lkb_info("request %lld: %zu commit(s) without a job: [requests] "
			 "%s", (long long)r->id, out->held, by ? by->key : "?");
	}
	return LKB_OK;
}

void
requests_jobs_release(struct request_jobs *j)
{
	tvalue_free(j->jobs);
	free(j->held_text);
	memset(j, 0, sizeof(*j));
}
