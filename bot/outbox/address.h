/* address.h - who an answer goes to: one path for every answer lkpbot
 * sends (triage's command answers, request answers, the digest). */
#ifndef LKB_BOT_OUTBOX_ADDRESS_H
#define LKB_BOT_OUTBOX_ADDRESS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/compiler.h"
#include "lib/limits.h"
#include "templates/compose.h"

struct arena;
struct settings;
struct store;

/* The most Cc addresses of one answer: with its To, a mail stays within
 * LKB_MAX_RECIPIENTS. More candidates are dropped, never an error. */
#define ANSWER_MAX_CC (LKB_MAX_RECIPIENTS - 1)

struct answer_addressing {
	enum cc_policy cc_policy;	/* [bot] cc_policy, default thread */
	const char *bot_address;	/* never Cc'd; NULL when unknown */
};

/* From the [bot] settings: cc_policy, and the bot's address ([bot]
 * address, else the address of [smtp] from). */
int answer_addressing_load(struct answer_addressing *ad,
			   const struct settings *set) LKB_WARN_UNUSED;

/* The Cc of an answer to asker. With cc_policy thread: the report's To
 * and Cc (report_id, 0: none) and then the asking mail's recipients
 * (ask_addrs), never a robot (nor the report's robot sender), the asker,
 * the bot, an address no header may carry or a duplicate (case-blind);
 * at most max (<= ANSWER_MAX_CC), the rest dropped with a warning. With
 * asker: nobody. Strings are in a. */
size_t answer_pick_cc(const struct answer_addressing *ad, struct store *st,
		      struct arena *a, const char *asker,
		      const char *const *ask_addrs, size_t nask,
		      int64_t report_id, const char **out, size_t max);

/* The same for an asking mail as the store keeps it: its To and Cc as
 * address lists ("a@x, b@y"). */
size_t answer_pick_cc_stored(const struct answer_addressing *ad,
			     struct store *st, struct arena *a,
			     const char *asker, const char *ask_to,
			     const char *ask_cc, int64_t report_id,
			     const char **out, size_t max);

#endif
