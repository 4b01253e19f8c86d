/* outbox.h - putting rendered mail into the outbox, and the send stage.
 *
 * outbox_enqueue_mail() renders a template, composes the message and
 * adds the outbox row inside the caller's transaction (the decision that
 * caused it). outbox_send_due() drains the outbox: for each due row it
 * claims it (committed), sends it over SMTP -- or writes
 * DIR/<message-id>.eml in a dry run -- and marks the outcome.
 */
#ifndef LKB_BOT_OUTBOX_OUTBOX_H
#define LKB_BOT_OUTBOX_OUTBOX_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lib/compiler.h"
#include "templates/compose.h"

struct bot_ctx;
struct config;
struct run_opts;
struct settings;
struct store;
struct tpl_set;
struct tvalue;

/* What one answer needs besides the configuration. */
struct outbox_mail {
	const char *template;	/* name in the template set, e.g. "ack" */
	const struct tvalue *data;
	const char *kind;	/* usually the template name */
	const char *request_id;
	int64_t thread_id, report_id;
	struct compose_addr to;	/* the asker */
	const char *const *cc;	/* see compose_pick_cc() */
	size_t ncc;
	const char *subject;	/* the thread's subject */
	const char *parent_id;	/* NULL: a new thread (digest) */
	const char *const *parent_refs;
	size_t nparent_refs;
	/* 1: to a maintainer or the LKP team; sent first, on budgets of
	 * its own (issue 36 row 8) */
	int team;
};

/* The template directories: [templates] dir first (so it overrides
 * single files), then the installed $(pkgdatadir)/templates.
 * Caller frees with tpl_set_free(). */
struct tpl_set *outbox_templates(const struct settings *set);

/* Render, compose and enqueue m. The sender comes from [smtp] from
 * ("Name <addr>" or addr); the envelope sender from [smtp]
 * envelope_from ("<>" or empty: the null sender; unset: the bot
 * address). Joins the caller's transaction. *is_new_out is 0 when this
 * (kind, request id) was already queued. */
int outbox_enqueue_mail(struct store *st, const struct settings *settings,
			struct tpl_set *set, const struct outbox_mail *m,
			int64_t *id_out, int *is_new_out) LKB_WARN_UNUSED;

struct outbox_stats {
	int sent, retried, failed, stuck, waiting;
};

/* One summary line: "sent N, retry later N, failed N, waiting N,
 * interrupted N". */
void outbox_print_stats(FILE *f, const struct outbox_stats *s);

/* Send every due row. o->dry_run_dir (or [smtp] dry_run_dir) writes
 * .eml files instead of talking SMTP. Rows found in `sending` are
 * reported, not sent. Stops at [bot] max_per_hour sent mails in the
 * last hour, and after [smtp] deadline or o->end, whichever is first.
 * Returns LKB_OK, LKB_ERR_NET when the server could not be reached (the
 * mail stays pending), or another error. stats_out may be NULL. */
int outbox_send_due(struct bot_ctx *ctx, const struct run_opts *o,
		    struct outbox_stats *stats_out) LKB_WARN_UNUSED;

/* Send row id now, due or not. A row in `sending` (a crash while it was
 * being sent: it may have arrived) needs force. LKB_ERR_NOT_FOUND,
 * LKB_ERR_USAGE (sent, or sending without force). */
int outbox_send_one(struct bot_ctx *ctx, int64_t id, int force,
		    const char *dry_run_dir, struct outbox_stats *stats_out)
	LKB_WARN_UNUSED;

/* Warn about each row in `sending`; *n_out gets their number. */
int outbox_report_stuck(struct store *st, int64_t *n_out) LKB_WARN_UNUSED;

/* Split "Name <addr>" (or "addr") into a name and an address, both
 * copied into buf (size n). 0 on success, -1 when it does not fit or
 * has no address. */
int outbox_split_from(const char *from, char *buf, size_t n,
		      struct compose_addr *out);

#endif
