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
	ad->cc_policy = set->bot.cc_policy == SET_CC_ASKER ? CC_ASKER
							   : CC_THREAD;
	ad->bot_address = set->bot.address;
	return LKB_OK;
}

/* Append the comma-separated addresses of list (copied into a) to v,
 * robots left out. */
static size_t
add_list(struct arena *a, const char *list, const char **v, size_t n,
	 size_t max)
{
	const char *p = list, *e;
	size_t len;

	while (p && *p && n < max) {
		while (*p == ' ' || *p == ',')
			p++;
		e = strchr(p, ',');
		len = e ? (size_t)(e - p) : strlen(p);
		while (len && p[len - 1] == ' ')
			len--;
		if (len) {
			char *s = arena_memdup0(a, p, len);

			if (!loop_is_robot(NULL, s))
				v[n++] = s;
		}
		p = e;
	}
	return n;
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
			n = add_list(a, sm.to_addrs, cand, n,
				     LKB_ARRAY_SIZE(cand));
			n = add_list(a, sm.cc_addrs, cand, n,
				     LKB_ARRAY_SIZE(cand));
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
