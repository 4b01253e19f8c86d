/* requests-internal.h - shared by bot/requests*.c only. */
#ifndef LKB_BOT_REQUESTS_REQUESTS_INTERNAL_H
#define LKB_BOT_REQUESTS_REQUESTS_INTERNAL_H

#include <stdint.h>

#include "bot/requests/requests.h"
#include "state/store_request.h"

struct bot_ctx;
struct tpl_set;
struct tvalue;

/* The fields every answer carries (quoted, report, method, again,
 * version). Caller frees with tvalue_free(). */
struct tvalue *requests_mail_data(const struct report_axes *ra,
				  const char *method, const char *again);

/* Queue answer kind (template of the same name) for request r, threaded
 * under the message that asked. No asking message: nothing is queued.
 * Joins the caller's transaction. */
int requests_mail(struct bot_ctx *ctx, struct tpl_set *set,
		  const struct store_request_rec *r, const char *kind,
		  const struct tvalue *data) LKB_WARN_UNUSED;

/* The "largest step" lines of compare_run's attribution block as the
 * series-report template's changes: [{metric, change, patch}]. */
struct tvalue *requests_changes_from(const char *text);

#endif
