/* store_request.h - reading requests back (state/store_request.c).
 *
 * Requests are written by store_request_add() and moved by
 * store_request_set_state() (state/store_triage.h). States:
 *   new      asked, not looked at yet
 *   queued   results were missing: lkp jobs written, "queued" answered
 *   done     answered with the comparison
 *   failed   answered with an error (e.g. the series cannot be resolved)
 *   expired  still queued after [results] expire_days: answered, dropped
 */
#ifndef LKB_STATE_STORE_REQUEST_H
#define LKB_STATE_STORE_REQUEST_H

#include <stddef.h>
#include <stdint.h>

#include "lib/compiler.h"

struct store;

/* The vocabularies of the requests table, as the store writes them
 * (request_*_name) and reads them back (request_*_parse, -1 unknown). */
enum request_kind {
	REQ_COMPARE,		/* "compare" */
	REQ_COMPARE_SERIES,	/* "compare-series" */
	REQ_RETEST,		/* "retest" */
	REQ_TEST_PATCH,		/* "test-patch": the asking mail's patch on
				 * the report's culprit (#lkp test) */
	REQ_KIND__COUNT
};
enum request_state {
	REQ_NEW, REQ_QUEUED, REQ_DONE, REQ_FAILED, REQ_EXPIRED,
	REQ_STATE__COUNT
};
/* Who asked, for quotas: the maintainers and the LKP team have quotas
 * of their own, so what others ask never uses theirs up. */
enum request_pool { REQ_POOL_OTHERS, REQ_POOL_TEAM };

/* store_request_list filters besides one state: all, new and queued. */
#define REQ_STATE_ANY (-1)
#define REQ_STATE_OPEN (-2)

const char *request_kind_name(enum request_kind k);
int request_kind_parse(const char *s);
const char *request_state_name(enum request_state s);
int request_state_parse(const char *s);

/* One request; strings are heap copies (store_request_rec_release). */
struct store_request_rec {
	int64_t id, report_id, msg_id;	/* 0 when NULL in the store */
	int64_t created_at, updated_at;
	enum request_kind kind;
	enum request_state state;
	char *asker, *args, *result;
	enum request_pool pool;
	int outsider;	/* the asker's claim to the team's standing was
			 * not proven: answered as an outsider's */
};

void store_request_rec_release(struct store_request_rec *r);

/* Requests in state (an enum request_state, REQ_STATE_ANY or
 * REQ_STATE_OPEN), oldest first, at most max. *out (caller frees with
 * store_request_list_free) holds *n_out records. A row whose kind or
 * state this lkpbot does not know is LKB_ERR_DB, logged. */
int store_request_list(struct store *st, int state, size_t max,
		       struct store_request_rec **out, size_t *n_out)
	LKB_WARN_UNUSED;
void store_request_list_free(struct store_request_rec *v, size_t n);

/* Requests created in [since, until] by asker (NULL: anyone) on
 * report_id (0: any) of pool (-1: any), for quotas. */
int store_request_count(struct store *st, const char *asker,
			int64_t report_id, int pool, int64_t since,
			int64_t until, int64_t *n_out) LKB_WARN_UNUSED;

/* Job quotas. store_request_set_jobs records that request id wrote
 * jobs lkp job files at time at. store_request_jobs_count sums the job
 * files written in [since, until] by asker (NULL: anyone) on report_id
 * (0: any) for requests of pool (-1: any; the pools have quotas of
 * their own). */
int store_request_set_jobs(struct store *st, int64_t id, int64_t jobs,
			   int64_t at) LKB_WARN_UNUSED;
int store_request_jobs_count(struct store *st, const char *asker,
			     int64_t report_id, int pool, int64_t since,
			     int64_t until, int64_t *n_out) LKB_WARN_UNUSED;

/* Replace request id's args (a test-patch request records its fix
 * commit and patch-id there once the patch is committed). */
int store_request_set_args(struct store *st, int64_t id, const char *args)
	LKB_WARN_UNUSED;
/* Requests of kind created in [since, until] by asker (NULL: anyone)
 * on report_id (0: any), for the quotas of one kind. */
int store_request_count_kind(struct store *st, enum request_kind kind,
			     const char *asker, int64_t report_id,
			     int64_t since, int64_t until, int64_t *n_out)
	LKB_WARN_UNUSED;

/* The first test-patch request on report_id before id whose args end
 * in " <patch_id>" (the same patch asked again): 1 and *id_out, or 0. */
int store_request_same_patch(struct store *st, int64_t report_id,
			     int64_t id, const char *patch_id,
			     int64_t *id_out) LKB_WARN_UNUSED;

/* Request id: 1 found, 0 not. */
int store_request_get(struct store *st, int64_t id,
		      struct store_request_rec *out) LKB_WARN_UNUSED;

#endif
