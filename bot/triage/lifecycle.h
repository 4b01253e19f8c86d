/* lifecycle.h - the report state machine as pure logic (no SQL).
 *
 * States: open -> acknowledged -> fix-proposed -> waiting ->
 * fix-confirmed -> closed; closed carries an enum close_reason.
 * Natural-language events move a report forward only (a human reply
 * acknowledges an open report, a fix proposal or confirmation moves it
 * on, fix-no-effect sends a proposed fix back to acknowledged) and never
 * touch a closed report. A retest request makes it wait for the robot's
 * results; the LKP team's answer ends the wait (fix-confirmed; fix-partial,
 * retest-failed, data-provided: fix-proposed; fix-no-effect:
 * acknowledged), as does a fix applied by a maintainer (closed); `close`
 * events (from LKP rules) close it. `fix-applied` closes it as fixed
 * (with the captured sha) when a maintainer or a known bot says so, and
 * from anyone else moves it to fix-proposed; `retest-failed` and
 * `data-provided` leave the state as it is. A `dispute` from a
 * maintainer or a participant (the report's recipients: the patch's
 * author and those it was sent to; the LKP team) closes it as invalid,
 * the not-a-bug of the labels; a later fix (fix-proposed, fix-applied, a
 * close as fixed or reverted) reopens a report a dispute closed and
 * moves it on. Commands are checked against
 * the author's tier and carried out by their verb's effect (the verb
 * table of parsers/lkp_command.c): maintainers may change state,
 * participants (the report's recipients, the LKP team) may ask
 * (requests), anyone may ask for help and status; anything else is
 * refused. Semantic errors:
 * reopen of a report that is not closed, dup-of onto itself or into a
 * duplicate cycle, a malformed sha, an unknown dup-of target.
 */
#ifndef LKB_BOT_TRIAGE_LIFECYCLE_H
#define LKB_BOT_TRIAGE_LIFECYCLE_H

#include <stddef.h>

#include "lib/compiler.h"
#include "parsers/lkp_command.h"
#include "parsers/reply.h"

enum report_state {
	RS_OPEN,
	RS_ACKNOWLEDGED,
	RS_FIX_PROPOSED,
	RS_WAITING,		/* a retest asked: the robot's results due */
	RS_FIX_CONFIRMED,
	RS_CLOSED,
	RS__COUNT
};

enum auth_tier { TIER_OTHER, TIER_PARTICIPANT, TIER_MAINTAINER, TIER__COUNT };

/* What lifecycle_apply decided. */
enum lc_verdict {
	LC_CHANGED,	/* the state (or close reason) changed */
	LC_UNCHANGED,	/* accepted, nothing to change */
	LC_REQUEST,	/* a request for the act stage (compare, retest...) */
	LC_REFUSED,	/* the author's tier may not do this */
	LC_ERROR,	/* a semantic or syntax error; see message */
	LC__COUNT
};

struct lc_state {
	enum report_state state;
	enum close_reason reason;	/* CR_NONE unless closed */
	const char *commit;	/* fixed-by fix / fix-of earlier commit */
	long long dup_of;	/* duplicate: the report id; 0 otherwise */
	int dismissed;		/* closed by a dispute (not by a command
				 * nor the LKP team's close): a later fix
				 * reopens it */
};

/* Resolve a dup-of target (report id or message-id) to a report id:
 * 1 found, 0 not found, negative on failure. */
typedef int lc_resolve_fn(void *ctx, const char *target, long long *id_out);
/* The duplicate_of of report id (0 when none): 1, or negative. */
typedef int lc_dup_of_fn(void *ctx, long long id, long long *dup_of_out);
/* 1 when report id came after report than (by date, then id), 0 when
 * not, negative on failure. */
typedef int lc_later_fn(void *ctx, long long id, long long than);

struct lc_lookup {
	lc_resolve_fn *resolve;
	lc_dup_of_fn *dup_of;
	lc_later_fn *later;
	void *ctx;
};

/* One input: a natural-language event (cmd NULL; the event's close
 * reason and captured commit in reason/commit) or a command (cmd set). */
struct lc_input {
	enum reply_event_type event;
	enum close_reason reason;	/* close events */
	const char *commit;		/* close events: "sha" capture */
	const struct lkp_command *cmd;
	enum auth_tier tier;		/* the author's (commands, fix-applied) */
	int by_bot;			/* events: the author is a known bot
					 * ([bot] bots), e.g. patchwork-bot */
	int tree_people;		/* fix-applied: a participant (not the
					 * LKP team) of a report on a tree's
					 * commit or on the robot's fix
					 * patch, who owns the tree as far
					 * as lkpbot can tell */
	long long report_id;		/* the report being changed */
	const char *dup_target;		/* a duplicate dispute: the earlier
					 * report's Message-ID its link
					 * names, or NULL */
};

/* Decide what in does to cur. *next_out is the new state (== cur unless
 * LC_CHANGED), *message_out a static or arena-free human string
 * explaining errors and refusals (NULL otherwise). Returns LKB_OK, or a
 * negative status when a lookup callback failed. */
int lifecycle_apply(const struct lc_state *cur, const struct lc_input *in,
		    const struct lc_lookup *lk, struct lc_state *next_out,
		    enum lc_verdict *verdict_out, const char **message_out)
	LKB_WARN_UNUSED;

/* The tier of from_addr: maintainers are addresses or "@domain" entries
 * (a domain also covers its subdomains), participants addresses;
 * comparisons ignore case and surrounding <>. */
enum auth_tier auth_tier(const char *from_addr,
			 const char *const *maintainers, size_t nmaintainers,
			 const char *const *participants, size_t nparticipants);

/* 1 when addr is in list: an address, or "@domain" (which covers its
 * subdomains too); case-blind, surrounding <> and blanks ignored. */
int auth_in_list(const char *addr, const char *const *list, size_t n);

/* Static names; never NULL. */
const char *report_state_name(enum report_state s);
const char *auth_tier_name(enum auth_tier t);
const char *lc_verdict_name(enum lc_verdict v);
/* Look a state name up; -1 when unknown. */
int report_state_from_name(const char *s);

#endif
