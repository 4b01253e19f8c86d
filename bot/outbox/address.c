/* address.c - the recipients of an answer, for every kind of answer. */
#include "config.h"
#include "bot/outbox/address.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bot/core/settings.h"
#include "bot/outbox/loop.h"
#include "lib/arena.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "state/store.h"
#include "state/store_triage.h"

int
answer_addressing_load(struct answer_addressing *ad,
		       const struct settings *set)
{
	memset(ad, 0, sizeof(*ad));
	ad->cc_policy = set->bot.cc_policy;
	ad->bot_address = set->bot.address;
	return LKB_OK;
}

/* Where store_addrs_each puts the addresses of a list: copies in a,
 * robots left out. */
struct cand_list {
	struct arena *a;
	const char **v;
	size_t n, max;
};

static int
add_cand(const char *addr, void *arg)
{
	struct cand_list *c = arg;

	if (c->n >= c->max)
		return 1;
	if (!loop_is_robot(NULL, addr))
		c->v[c->n++] = arena_strdup(c->a, addr);
	return 0;
}

size_t
answer_pick_cc(const struct answer_addressing *ad, struct store *st,
	       struct arena *a, const char *asker,
	       const char *const *ask_addrs, size_t nask, int64_t report_id,
	       const char **out, size_t max)
{
	const char *cand[2 * LKB_MAX_RECIPIENTS + 2];
	const char *all[2 * LKB_MAX_RECIPIENTS + 2];
	const char *robot = NULL;
	struct store_report_brief b;
	struct store_msg sm;
	size_t n = 0, k;
	char key[32];

	if (max > ANSWER_MAX_CC)
		max = ANSWER_MAX_CC;
	if (ad->cc_policy != CC_THREAD)
		return 0;
	/* the report's people first, then the asking mail's */
	if (report_id && store_report_brief_get(st, report_id, &b) == 1) {
		snprintf(key, sizeof(key), "%lld", (long long)b.msg_id);
		if (store_message_get(st, key, &sm) == 1) {
			struct cand_list cl = { a, cand, n,
						LKB_ARRAY_SIZE(cand) };

			store_addrs_each(sm.to_addrs, add_cand, &cl);
			store_addrs_each(sm.cc_addrs, add_cand, &cl);
			n = cl.n;
			/* the robot's persona (oliver.sang@...) is no
			 * robot address, but the report's robot sender */
			if (sm.is_robot && sm.from_addr)
				robot = arena_strdup(a, sm.from_addr);
			store_msg_release(&sm);
		}
		store_report_brief_release(&b);
	}
	for (size_t i = 0; i < nask && n < LKB_ARRAY_SIZE(cand); i++)
		if (ask_addrs[i] && !loop_is_robot(NULL, ask_addrs[i]))
			cand[n++] = ask_addrs[i];
	if (robot) {
		for (size_t i = k = 0; i < n; i++)
			if (strcasecmp(cand[i], robot))
				cand[k++] = cand[i];
		n = k;
	}
	k = compose_pick_cc(CC_THREAD, asker, ad->bot_address, cand, n, out,
			    max);
	if (k == max && compose_pick_cc(CC_THREAD, asker, ad->bot_address,
					cand, n, all, n) > max)
		lkb_warn("answer to %.80s: Cc cut to %zu addresses (limit "
			 "LKB_MAX_RECIPIENTS %d)", asker ? asker : "?", max,
			 LKB_MAX_RECIPIENTS);
	return k;
}

size_t
answer_pick_cc_stored(const struct answer_addressing *ad, struct store *st,
		      struct arena *a, const char *asker,
		      const char *ask_to, const char *ask_cc,
		      int64_t report_id, const char **out, size_t max)
{
	const char *ask[2 * LKB_MAX_RECIPIENTS];
	struct cand_list cl = { a, ask, 0, LKB_ARRAY_SIZE(ask) };

	/* robots are left out here and again by answer_pick_cc */
	store_addrs_each(ask_to, add_cand, &cl);
	store_addrs_each(ask_cc, add_cand, &cl);
	return answer_pick_cc(ad, st, a, asker, ask, cl.n, report_id, out,
			      max);
}
