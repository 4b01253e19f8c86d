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

/* One request; strings are heap copies (store_request_rec_release). */
struct store_request_rec {
	int64_t id, report_id, msg_id;	/* 0 when NULL in the store */
	int64_t created_at, updated_at;
	char *asker, *kind, *args, *state, *result;
};

void store_request_rec_release(struct store_request_rec *r);

/* Requests in state (NULL: all; "open": new and queued), oldest first,
 * at most max. *out (caller frees with store_request_list_free) holds
 * *n_out records. */
int store_request_list(struct store *st, const char *state, size_t max,
		       struct store_request_rec **out, size_t *n_out)
	LKB_WARN_UNUSED;
void store_request_list_free(struct store_request_rec *v, size_t n);

/* Request id: 1 found, 0 not. */
int store_request_get(struct store *st, int64_t id,
		      struct store_request_rec *out) LKB_WARN_UNUSED;

#endif
