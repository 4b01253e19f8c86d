/* store_evidence.h - evidence from outside a report's thread.
 *
 * Two tables (migration 14 -> 15) let triage (bot/triage/evidence.c)
 * link a patch mail to a report whichever of the two is stored first:
 *   patch_keys  what a mail names or is, by kind: a patch's Closes:/Link:
 *               Message-ID ("mid"), the culprit sha12 of a Fixes: in a
 *               patch crediting the robot ("sha"), the version key of a
 *               patch crediting the robot ("version"), a report's own
 *               patch key ("reported"), a fix patch's subject ("fix")
 *   fix_links   the fix patches linked to a report, by the patch's
 *               Message-ID, with the trailer that linked it
 * Keys are at most LKB_MAX_EVIDENCE_KEY bytes (longer ones are cut by
 * the caller).
 */
#ifndef LKB_STATE_STORE_EVIDENCE_H
#define LKB_STATE_STORE_EVIDENCE_H

#include <stdint.h>

#include "lib/compiler.h"

struct store;

/* Remember that mail msg_id has key of kind; once. */
int store_patch_key_add(struct store *st, const char *key, const char *kind,
			int64_t msg_id) LKB_WARN_UNUSED;

/* Each mail with key of kind, to fn(msg_id) in id order until it returns
 * non-zero. LKB_OK or a negative status. */
typedef int store_msg_id_fn(int64_t msg_id, void *arg);
int store_patch_keys_each(struct store *st, const char *key,
			  const char *kind, store_msg_id_fn *fn, void *arg)
	LKB_WARN_UNUSED;

/* Link the fix patch msg_id (Message-ID patch_mid) to report_id, why
 * naming the trailer; *added_out 1 when the link is new. */
int store_fix_link_add(struct store *st, const char *patch_mid,
		       int64_t report_id, int64_t msg_id, const char *why,
		       int *added_out) LKB_WARN_UNUSED;

/* The reports the fix patch patch_mid is linked to, to fn until it
 * returns non-zero; strings borrowed for the call. */
struct store_fix_link {
	int64_t report_id, msg_id;
	const char *why;
};
typedef int store_fix_link_fn(const struct store_fix_link *l, void *arg);
int store_fix_links_each(struct store *st, const char *patch_mid,
			 store_fix_link_fn *fn, void *arg) LKB_WARN_UNUSED;

/* Triage msg_id again if it was triaged without a report; *n_out 1 then. */
int store_triage_requeue_msg(struct store *st, int64_t msg_id,
			     int64_t *n_out) LKB_WARN_UNUSED;
/* The same for every other message of msg_id's thread that keeps its
 * raw bytes and is no report; *n_out counts. */
int store_triage_requeue_below(struct store *st, int64_t msg_id,
			       int64_t *n_out) LKB_WARN_UNUSED;

#endif
