/* test_lifecycle.c - report states, close reasons, authorisation tiers,
 * refusals and semantic errors of the report state machine. */
#include "config.h"

#include <string.h>

#include "bot/triage/lifecycle.h"
#include "lib/arena.h"
#include "lib/status.h"
#include "parsers/lkp_command.h"
#include "tests/unit/check_main.h"

/* Natural-language events: from each state, where each event goes. */
static const struct {
	enum report_state from;
	enum reply_event_type ev;
	enum report_state to;
	enum lc_verdict v;
} ev_cases[] = {
	{ RS_OPEN, EV_ACK, RS_ACKNOWLEDGED, LC_CHANGED },	/* engagement */
	/* a dispute from no participant (triage keeps it, nothing more) */
	{ RS_OPEN, EV_DISPUTE, RS_ACKNOWLEDGED, LC_CHANGED },
	{ RS_OPEN, EV_ROOT_CAUSED, RS_ACKNOWLEDGED, LC_CHANGED },
	{ RS_OPEN, EV_MORE_DATA_REQUEST, RS_ACKNOWLEDGED, LC_CHANGED },
	{ RS_OPEN, EV_SERIES_COMPARE_REQUEST, RS_ACKNOWLEDGED, LC_CHANGED },
	{ RS_ACKNOWLEDGED, EV_ACK, RS_ACKNOWLEDGED, LC_UNCHANGED },
	{ RS_OPEN, EV_FIX_PROPOSED, RS_FIX_PROPOSED, LC_CHANGED },
	{ RS_ACKNOWLEDGED, EV_FIX_PROPOSED, RS_FIX_PROPOSED, LC_CHANGED },
	{ RS_FIX_PROPOSED, EV_FIX_CONFIRMED, RS_FIX_CONFIRMED, LC_CHANGED },
	{ RS_ACKNOWLEDGED, EV_FIX_PARTIAL, RS_FIX_PROPOSED, LC_CHANGED },
	/* a fix that did nothing sends the report back */
	{ RS_FIX_PROPOSED, EV_FIX_NO_EFFECT, RS_ACKNOWLEDGED, LC_CHANGED },
	/* never backwards from a confirmed fix */
	{ RS_FIX_CONFIRMED, EV_FIX_PROPOSED, RS_FIX_CONFIRMED, LC_UNCHANGED },
	{ RS_FIX_CONFIRMED, EV_ACK, RS_FIX_CONFIRMED, LC_UNCHANGED },
	/* a closed report ignores words: only #lkp reopen opens it */
	{ RS_CLOSED, EV_FIX_PROPOSED, RS_CLOSED, LC_UNCHANGED },
	{ RS_CLOSED, EV_CLOSE, RS_CLOSED, LC_UNCHANGED },
	{ RS_ACKNOWLEDGED, EV_CLOSE, RS_CLOSED, LC_CHANGED },
	/* a command needs its command record */
	{ RS_OPEN, EV_COMMAND, RS_OPEN, LC_ERROR },
	/* fix-applied from someone who owns no tree: a fix exists */
	{ RS_OPEN, EV_FIX_APPLIED, RS_FIX_PROPOSED, LC_CHANGED },
	{ RS_FIX_CONFIRMED, EV_FIX_APPLIED, RS_FIX_CONFIRMED, LC_UNCHANGED },
	{ RS_CLOSED, EV_FIX_APPLIED, RS_CLOSED, LC_UNCHANGED },
	/* the LKP team could not test the fix, or sent data: no move, not
	 * even open -> acknowledged (no developer has spoken) */
	{ RS_FIX_PROPOSED, EV_RETEST_FAILED, RS_FIX_PROPOSED, LC_UNCHANGED },
	{ RS_OPEN, EV_RETEST_FAILED, RS_OPEN, LC_UNCHANGED },
	{ RS_OPEN, EV_DATA_PROVIDED, RS_OPEN, LC_UNCHANGED },
	{ RS_ACKNOWLEDGED, EV_DATA_PROVIDED, RS_ACKNOWLEDGED, LC_UNCHANGED },
	/* a retest asked: waiting for the robot's results, from any state
	 * before a confirmed fix */
	{ RS_OPEN, EV_RETEST_REQUEST, RS_WAITING, LC_CHANGED },
	{ RS_ACKNOWLEDGED, EV_RETEST_REQUEST, RS_WAITING, LC_CHANGED },
	{ RS_FIX_PROPOSED, EV_RETEST_REQUEST, RS_WAITING, LC_CHANGED },
	{ RS_WAITING, EV_RETEST_REQUEST, RS_WAITING, LC_UNCHANGED },
	{ RS_FIX_CONFIRMED, EV_RETEST_REQUEST, RS_FIX_CONFIRMED,
	  LC_UNCHANGED },
	/* a patch with "please test": both events, either order */
	{ RS_WAITING, EV_FIX_PROPOSED, RS_WAITING, LC_UNCHANGED },
	/* the robot's answer ends the wait */
	{ RS_WAITING, EV_FIX_CONFIRMED, RS_FIX_CONFIRMED, LC_CHANGED },
	{ RS_WAITING, EV_FIX_PARTIAL, RS_FIX_PROPOSED, LC_CHANGED },
	{ RS_WAITING, EV_FIX_NO_EFFECT, RS_ACKNOWLEDGED, LC_CHANGED },
	{ RS_WAITING, EV_RETEST_FAILED, RS_FIX_PROPOSED, LC_CHANGED },
	{ RS_WAITING, EV_DATA_PROVIDED, RS_FIX_PROPOSED, LC_CHANGED },
	{ RS_WAITING, EV_CLOSE, RS_CLOSED, LC_CHANGED },
	/* talk goes on while the robot tests */
	{ RS_WAITING, EV_ACK, RS_WAITING, LC_UNCHANGED },
	{ RS_WAITING, EV_FIX_APPLIED, RS_WAITING, LC_UNCHANGED },
};

START_TEST(lifecycle_events_table)
{
	struct lc_state cur = { ev_cases[_i].from, CR_NONE, NULL, 0, 0 }, next;
	struct lc_input in = { 0 };
	enum lc_verdict v;
	const char *msg;

	if (cur.state == RS_CLOSED)
		cur.reason = CR_FIXED;
	in.event = ev_cases[_i].ev;
	ck_assert_int_eq(lifecycle_apply(&cur, &in, NULL, &next, &v, &msg),
			 LKB_OK);
	ck_assert_msg(next.state == ev_cases[_i].to, "row %d: %s", _i,
		      report_state_name(next.state));
	ck_assert_msg(v == ev_cases[_i].v, "row %d: %s", _i, lc_verdict_name(v));
}
END_TEST

START_TEST(lifecycle_close_event_reason)
{
	struct lc_state cur = { RS_OPEN, CR_NONE, NULL, 0, 0 }, next;
	struct lc_input in = { 0 };
	enum lc_verdict v;
	const char *msg;

	/* seed 001: closed as a fix of an earlier race, commit kept */
	in.event = EV_CLOSE;
	in.reason = CR_FIX_OF_EARLIER_RACE;
	in.commit = "eef983ffeae7a1cdde8c3338155ae2dd74b8621b";
	ck_assert_int_eq(lifecycle_apply(&cur, &in, NULL, &next, &v, &msg),
			 LKB_OK);
	ck_assert_int_eq(next.state, RS_CLOSED);
	ck_assert_int_eq(next.reason, CR_FIX_OF_EARLIER_RACE);
	ck_assert_str_eq(next.commit, in.commit);
	/* no reason given: accepted-tradeoff; a non-sha commit dropped */
	in.reason = CR_NONE;
	in.commit = "not-a-sha";
	ck_assert_int_eq(lifecycle_apply(&cur, &in, NULL, &next, &v, &msg),
			 LKB_OK);
	ck_assert_int_eq(next.reason, CR_ACCEPTED_TRADEOFF);
	ck_assert_ptr_null(next.commit);
}
END_TEST

/* fix-applied from a maintainer or a known bot closes the report as
 * fixed, by the applied commit when the rule captured one. */
START_TEST(lifecycle_fix_applied_closes)
{
	struct lc_state cur = { RS_ACKNOWLEDGED, CR_NONE, NULL, 0, 0 }, next;
	struct lc_input in = { 0 };
	enum lc_verdict v;
	const char *msg;

	in.event = EV_FIX_APPLIED;
	in.tier = TIER_MAINTAINER;
	in.commit = "5347c9321845e5a94be19ea951746d4f2b8b194f";
	ck_assert_int_eq(lifecycle_apply(&cur, &in, NULL, &next, &v, &msg),
			 LKB_OK);
	ck_assert_int_eq(v, LC_CHANGED);
	ck_assert_int_eq(next.state, RS_CLOSED);
	ck_assert_int_eq(next.reason, CR_FIXED);
	ck_assert_str_eq(next.commit, in.commit);
	/* its rule says the culprit was reverted: closed as reverted */
	in.reason = CR_REVERTED;
	ck_assert_int_eq(lifecycle_apply(&cur, &in, NULL, &next, &v, &msg),
			 LKB_OK);
	ck_assert_int_eq(next.state, RS_CLOSED);
	ck_assert_int_eq(next.reason, CR_REVERTED);
	in.reason = CR_NONE;
	/* patchwork-bot: a participant by tier, a bot by address */
	in.tier = TIER_PARTICIPANT;
	in.by_bot = 1;
	in.commit = "git.kernel.org/x";	/* not a sha: none kept */
	cur.state = RS_FIX_CONFIRMED;
	ck_assert_int_eq(lifecycle_apply(&cur, &in, NULL, &next, &v, &msg),
			 LKB_OK);
	ck_assert_int_eq(next.state, RS_CLOSED);
	ck_assert_int_eq(next.reason, CR_FIXED);
	ck_assert_ptr_null(next.commit);
	/* the patch's author in Cc says "applied": not closed */
	in.by_bot = 0;
	cur.state = RS_OPEN;
	ck_assert_int_eq(lifecycle_apply(&cur, &in, NULL, &next, &v, &msg),
			 LKB_OK);
	ck_assert_int_eq(next.state, RS_FIX_PROPOSED);
	/* ... but on a tree's commit (or the robot's fix patch) one it was
	 * sent to owns the tree: closed as fixed */
	in.tree_people = 1;
	ck_assert_int_eq(lifecycle_apply(&cur, &in, NULL, &next, &v, &msg),
			 LKB_OK);
	ck_assert_int_eq(next.state, RS_CLOSED);
	ck_assert_int_eq(next.reason, CR_FIXED);
	in.tree_people = 0;
	/* a closed report stays as it is: only a command reopens */
	cur.state = RS_CLOSED;
	cur.reason = CR_INVALID;
	in.tier = TIER_MAINTAINER;
	ck_assert_int_eq(lifecycle_apply(&cur, &in, NULL, &next, &v, &msg),
			 LKB_OK);
	ck_assert_int_eq(v, LC_UNCHANGED);
	ck_assert_int_eq(next.reason, CR_INVALID);
}
END_TEST

/* A dispute from who may change the state closes the report as
 * invalid (not-a-bug), marked dismissed; a later fix reopens such a
 * report and moves it on, as does an ack from one who may change the
 * state, and nothing else does (issue 34). */
static const struct {
	const char *why;
	enum report_state from;
	enum close_reason from_reason;
	int dismissed;			/* closed by a dispute */
	enum reply_event_type ev;
	enum auth_tier tier;
	enum close_reason reason;	/* the event's (close) */
	enum report_state to;
	enum close_reason to_reason;
	int to_dismissed;
	enum lc_verdict v;
} dispute_cases[] = {
	{ "a maintainer dismisses an open report", RS_OPEN, CR_NONE, 0,
	  EV_DISPUTE, TIER_MAINTAINER, CR_NONE,
	  RS_CLOSED, CR_INVALID, 1, LC_CHANGED },
	{ "the patch's author, after a fix was proposed", RS_FIX_PROPOSED,
	  CR_NONE, 0, EV_DISPUTE, TIER_PARTICIPANT, CR_NONE,
	  RS_CLOSED, CR_INVALID, 1, LC_CHANGED },
	{ "its rule says a later version fixed it", RS_OPEN, CR_NONE, 0,
	  EV_DISPUTE, TIER_PARTICIPANT, CR_SUPERSEDED,
	  RS_CLOSED, CR_SUPERSEDED, 1, LC_CHANGED },
	{ "an outsider only acknowledges", RS_OPEN, CR_NONE, 0,
	  EV_DISPUTE, TIER_OTHER, CR_NONE,
	  RS_ACKNOWLEDGED, CR_NONE, 0, LC_CHANGED },
	{ "a closed report stays closed", RS_CLOSED, CR_FIXED, 0,
	  EV_DISPUTE, TIER_MAINTAINER, CR_NONE,
	  RS_CLOSED, CR_FIXED, 0, LC_UNCHANGED },
	/* a later fix reopens a dismissed report */
	{ "a fix proposed", RS_CLOSED, CR_INVALID, 1,
	  EV_FIX_PROPOSED, TIER_PARTICIPANT, CR_NONE,
	  RS_FIX_PROPOSED, CR_NONE, 0, LC_CHANGED },
	{ "the patch's author: fixed in my tree", RS_CLOSED, CR_INVALID, 1,
	  EV_FIX_APPLIED, TIER_PARTICIPANT, CR_NONE,
	  RS_FIX_PROPOSED, CR_NONE, 0, LC_CHANGED },
	{ "a maintainer applied the fix", RS_CLOSED, CR_INVALID, 1,
	  EV_FIX_APPLIED, TIER_MAINTAINER, CR_NONE,
	  RS_CLOSED, CR_FIXED, 0, LC_CHANGED },
	{ "a commit fixes it (git watch)", RS_CLOSED, CR_INVALID, 1,
	  EV_CLOSE, TIER_OTHER, CR_FIXED,
	  RS_CLOSED, CR_FIXED, 0, LC_CHANGED },
	{ "a commit reverts the culprit", RS_CLOSED, CR_INVALID, 1,
	  EV_CLOSE, TIER_OTHER, CR_REVERTED,
	  RS_CLOSED, CR_REVERTED, 0, LC_CHANGED },
	/* ... and so does one who may change the state taking the report
	 * on after all ("will do it this week") */
	{ "an ack", RS_CLOSED, CR_INVALID, 1,
	  EV_ACK, TIER_MAINTAINER, CR_NONE,
	  RS_ACKNOWLEDGED, CR_NONE, 0, LC_CHANGED },
	/* ... and nothing else does */
	{ "an outsider's ack", RS_CLOSED, CR_INVALID, 1,
	  EV_ACK, TIER_OTHER, CR_NONE,
	  RS_CLOSED, CR_INVALID, 1, LC_UNCHANGED },
	{ "another dispute", RS_CLOSED, CR_INVALID, 1,
	  EV_DISPUTE, TIER_MAINTAINER, CR_NONE,
	  RS_CLOSED, CR_INVALID, 1, LC_UNCHANGED },
	{ "the LKP team's close", RS_CLOSED, CR_INVALID, 1,
	  EV_CLOSE, TIER_PARTICIPANT, CR_NONE,
	  RS_CLOSED, CR_INVALID, 1, LC_UNCHANGED },
	{ "a later version (evidence: superseded)", RS_CLOSED, CR_INVALID, 1,
	  EV_CLOSE, TIER_PARTICIPANT, CR_SUPERSEDED,
	  RS_CLOSED, CR_INVALID, 1, LC_UNCHANGED },
	{ "a retest asked", RS_CLOSED, CR_INVALID, 1,
	  EV_RETEST_REQUEST, TIER_PARTICIPANT, CR_NONE,
	  RS_CLOSED, CR_INVALID, 1, LC_UNCHANGED },
	/* a report closed by a command (or the LKP team) is not dismissed */
	{ "#lkp invalid stays", RS_CLOSED, CR_INVALID, 0,
	  EV_FIX_PROPOSED, TIER_MAINTAINER, CR_NONE,
	  RS_CLOSED, CR_INVALID, 0, LC_UNCHANGED },
};

START_TEST(lifecycle_dispute_table)
{
	struct lc_state cur = { dispute_cases[_i].from,
				dispute_cases[_i].from_reason, NULL, 0,
				dispute_cases[_i].dismissed }, next;
	struct lc_input in = { 0 };
	enum lc_verdict v;
	const char *msg;

	in.event = dispute_cases[_i].ev;
	in.tier = dispute_cases[_i].tier;
	in.reason = dispute_cases[_i].reason;
	ck_assert_int_eq(lifecycle_apply(&cur, &in, NULL, &next, &v, &msg),
			 LKB_OK);
	ck_assert_msg(v == dispute_cases[_i].v && next.state ==
			      dispute_cases[_i].to &&
		      (next.state != RS_CLOSED ||
		       next.reason == dispute_cases[_i].to_reason) &&
		      next.dismissed == dispute_cases[_i].to_dismissed,
		      "%s: %s %s %s dismissed %d", dispute_cases[_i].why,
		      lc_verdict_name(v), report_state_name(next.state),
		      close_reason_name(next.reason), next.dismissed);
}
END_TEST

/* A tiny report table for dup-of: id -> duplicate_of. */
static long long dup_table[8];

static int
resolve(void *ctx, const char *target, long long *id_out)
{
	(void)ctx;
	if (!strcmp(target, "fail"))
		return LKB_ERR_DB;
	if (target[0] >= '1' && target[0] <= '7' && !target[1]) {
		*id_out = target[0] - '0';
		return 1;
	}
	if (!strcmp(target, "3@msgid"))
		return (*id_out = 3), 1;
	return 0;
}

static int
dup_of(void *ctx, long long id, long long *dup_out)
{
	(void)ctx;
	*dup_out = id >= 0 && id < 8 ? dup_table[id] : 0;
	return 1;
}

/* The reports' order in time: 7 came after 1, the others before. */
static int
later(void *ctx, long long id, long long than)
{
	(void)ctx;
	return id == 7 && than == 1;
}

static int
later_fails(void *ctx, long long id, long long than)
{
	(void)ctx, (void)id, (void)than;
	return LKB_ERR_DB;
}

static const struct lc_lookup lookup = { resolve, dup_of, later, NULL };

static const struct {
	const char *cmd;
	enum auth_tier tier;
	enum report_state from;
	enum lc_verdict v;
	enum report_state to;
	enum close_reason reason;
	const char *msg_has;	/* for refusals and errors */
} cmd_cases[] = {
	/* maintainers change state */
	{ "#lkp close", TIER_MAINTAINER, RS_OPEN, LC_CHANGED, RS_CLOSED,
	  CR_ACCEPTED_TRADEOFF, NULL },
	{ "#lkp close not-reproducible", TIER_MAINTAINER, RS_ACKNOWLEDGED,
	  LC_CHANGED, RS_CLOSED, CR_NOT_REPRODUCIBLE, NULL },
	{ "#lkp invalid wrong config", TIER_MAINTAINER, RS_OPEN, LC_CHANGED,
	  RS_CLOSED, CR_INVALID, NULL },
	{ "#lkp fixed-by 0123abcd", TIER_MAINTAINER, RS_FIX_CONFIRMED,
	  LC_CHANGED, RS_CLOSED, CR_FIXED, NULL },
	{ "#lkp fix-of eef983ffeae7", TIER_MAINTAINER, RS_OPEN, LC_CHANGED,
	  RS_CLOSED, CR_FIX_OF_EARLIER_RACE, NULL },
	{ "#lkp dup-of 2", TIER_MAINTAINER, RS_OPEN, LC_CHANGED, RS_CLOSED,
	  CR_DUPLICATE, NULL },
	{ "#lkp dup-of <3@msgid>", TIER_MAINTAINER, RS_OPEN, LC_CHANGED,
	  RS_CLOSED, CR_DUPLICATE, NULL },
	{ "#lkp reopen", TIER_MAINTAINER, RS_CLOSED, LC_CHANGED, RS_OPEN,
	  CR_NONE, NULL },
	/* closing again the same way changes nothing */
	{ "#lkp invalid", TIER_MAINTAINER, RS_CLOSED, LC_UNCHANGED, RS_CLOSED,
	  CR_INVALID, NULL },
	/* requests: participants and maintainers */
	{ "#lkp status", TIER_PARTICIPANT, RS_OPEN, LC_REQUEST, RS_OPEN,
	  CR_NONE, NULL },
	{ "#lkp help", TIER_PARTICIPANT, RS_OPEN, LC_REQUEST, RS_OPEN, CR_NONE,
	  NULL },
	{ "#lkp compare aaaaaaa bbbbbbb", TIER_PARTICIPANT, RS_OPEN, LC_REQUEST,
	  RS_OPEN, CR_NONE, NULL },
	{ "#lkp compare-series", TIER_MAINTAINER, RS_CLOSED, LC_REQUEST,
	  RS_CLOSED, CR_INVALID, NULL },
	{ "#lkp retest 0123abc", TIER_PARTICIPANT, RS_FIX_PROPOSED, LC_REQUEST,
	  RS_FIX_PROPOSED, CR_NONE, NULL },
	/* refusals */
	{ "#lkp close", TIER_PARTICIPANT, RS_OPEN, LC_REFUSED, RS_OPEN, CR_NONE,
	  "only maintainers" },
	{ "#lkp reopen", TIER_PARTICIPANT, RS_CLOSED, LC_REFUSED, RS_CLOSED,
	  CR_INVALID, "only maintainers" },
	/* help and status are for everyone (audit F16: they were refused) */
	{ "#lkp status", TIER_OTHER, RS_OPEN, LC_REQUEST, RS_OPEN, CR_NONE,
	  NULL },
	{ "#lkp help", TIER_OTHER, RS_OPEN, LC_REQUEST, RS_OPEN, CR_NONE,
	  NULL },
	{ "#lkp retest", TIER_OTHER, RS_OPEN, LC_REFUSED, RS_OPEN, CR_NONE,
	  "report's recipients may" },
	{ "#lkp close", TIER_OTHER, RS_OPEN, LC_REFUSED, RS_OPEN, CR_NONE,
	  "report's recipients may" },
	/* the review queue: maintainers decide, triage carries it out */
	{ "#lkp accept 12", TIER_MAINTAINER, RS_OPEN, LC_REQUEST, RS_OPEN,
	  CR_NONE, NULL },
	{ "#lkp reject 12", TIER_MAINTAINER, RS_OPEN, LC_REQUEST, RS_OPEN,
	  CR_NONE, NULL },
	{ "#lkp accept 12", TIER_PARTICIPANT, RS_OPEN, LC_REFUSED, RS_OPEN,
	  CR_NONE, "only maintainers" },
	{ "#lkp reject 12", TIER_OTHER, RS_OPEN, LC_REFUSED, RS_OPEN, CR_NONE,
	  "report's recipients may" },
	{ "#lkp accept twelve", TIER_MAINTAINER, RS_OPEN, LC_ERROR, RS_OPEN,
	  CR_NONE, "no event number" },
	/* semantic and syntax errors */
	{ "#lkp reopen", TIER_MAINTAINER, RS_OPEN, LC_ERROR, RS_OPEN, CR_NONE,
	  "not closed" },
	{ "#lkp reopen", TIER_MAINTAINER, RS_FIX_PROPOSED, LC_ERROR,
	  RS_FIX_PROPOSED, CR_NONE, "not closed" },
	{ "#lkp dup-of 1", TIER_MAINTAINER, RS_OPEN, LC_ERROR, RS_OPEN, CR_NONE,
	  "duplicate of itself" },
	{ "#lkp dup-of 4", TIER_MAINTAINER, RS_OPEN, LC_ERROR, RS_OPEN, CR_NONE,
	  "cycle" },
	{ "#lkp dup-of 6", TIER_MAINTAINER, RS_OPEN, LC_ERROR, RS_OPEN, CR_NONE,
	  "too long a chain" },
	{ "#lkp dup-of 99", TIER_MAINTAINER, RS_OPEN, LC_ERROR, RS_OPEN,
	  CR_NONE, "does not know" },
	/* a later report is the duplicate, never the original */
	{ "#lkp dup-of 7", TIER_MAINTAINER, RS_OPEN, LC_ERROR, RS_OPEN,
	  CR_NONE, "names a later report" },
	{ "#lkp fixed-by xyz", TIER_MAINTAINER, RS_OPEN, LC_ERROR, RS_OPEN,
	  CR_NONE, "not a commit sha" },
	{ "#lkp frob", TIER_PARTICIPANT, RS_OPEN, LC_ERROR, RS_OPEN, CR_NONE,
	  "unknown command" },
	{ "#lkp compare 0123abc", TIER_PARTICIPANT, RS_OPEN, LC_ERROR, RS_OPEN,
	  CR_NONE, "at least two" },
};

START_TEST(lifecycle_commands_table)
{
	struct arena a = ARENA_INIT;
	struct lkp_command c;
	struct lc_state cur = { cmd_cases[_i].from, CR_NONE, NULL, 0, 0 }, next;
	struct lc_input in = { 0 };
	enum lc_verdict v;
	const char *msg;
	const char *l = cmd_cases[_i].cmd;

	/* 1 is the report; 4 -> 5 -> 1 would close a loop; 6 -> 6 never
	 * ends; 2 and 3 are plain reports, earlier; 7 is later */
	memset(dup_table, 0, sizeof(dup_table));
	dup_table[4] = 5;
	dup_table[5] = 1;
	dup_table[6] = 6;
	if (cur.state == RS_CLOSED)
		cur.reason = CR_INVALID;
	ck_assert_int_eq(lkp_command_parse_line(&a, l, strlen(l), &c), 1);
	in.cmd = &c;
	in.tier = cmd_cases[_i].tier;
	in.report_id = 1;
	ck_assert_int_eq(lifecycle_apply(&cur, &in, &lookup, &next, &v, &msg),
			 LKB_OK);
	ck_assert_msg(v == cmd_cases[_i].v, "row %d: verdict %s (%s)", _i,
		      lc_verdict_name(v), msg ? msg : "");
	ck_assert_int_eq(next.state, cmd_cases[_i].to);
	ck_assert_int_eq(next.reason, cmd_cases[_i].reason);
	if (cmd_cases[_i].msg_has)
		ck_assert_msg(msg && strstr(msg, cmd_cases[_i].msg_has),
			      "row %d: message '%s'", _i, msg ? msg : "(null)");
	else
		ck_assert_ptr_null(msg);
	if (v == LC_CHANGED && c.verb == LKP_CMD_DUP_OF)
		ck_assert_int_gt(next.dup_of, 1);
	if (v == LC_CHANGED && c.verb == LKP_CMD_FIXED_BY)
		ck_assert_str_eq(next.commit, "0123abcd");
	if (v == LC_CHANGED && c.verb == LKP_CMD_REOPEN)
		ck_assert_ptr_null(next.commit);
	arena_release(&a);
}
END_TEST

START_TEST(lifecycle_lookup_failure)
{
	struct arena a = ARENA_INIT;
	struct lkp_command c;
	struct lc_state cur = { RS_OPEN, CR_NONE, NULL, 0, 0 }, next;
	struct lc_input in = { 0 };
	enum lc_verdict v;
	const char *msg;
	static const char l[] = "#lkp dup-of fail@x";
	static const struct lc_lookup no_order = { resolve, dup_of,
						   later_fails, NULL };

	ck_assert_int_eq(lkp_command_parse_line(&a, l, strlen(l), &c), 1);
	c.target = "fail";
	in.cmd = &c;
	in.tier = TIER_MAINTAINER;
	in.report_id = 1;
	ck_assert_int_eq(lifecycle_apply(&cur, &in, &lookup, &next, &v, &msg),
			 LKB_ERR_DB);
	/* nor can the order in time be read */
	c.target = "2";
	ck_assert_int_eq(lifecycle_apply(&cur, &in, &no_order, &next, &v,
					 &msg), LKB_ERR_DB);
	/* without a lookup, dup-of is an error, not a crash */
	c.target = "2";
	ck_assert_int_eq(lifecycle_apply(&cur, &in, NULL, &next, &v, &msg),
			 LKB_OK);
	ck_assert_int_eq(v, LC_ERROR);
	arena_release(&a);
}
END_TEST

static const char *const maintainers[] = { "dave@fromorbit.com", "@intel.com",
					   " <Hugh@Google.com> " };
static const char *const participants[] = { "jlayton@kernel.org",
					     "david@fromorbit.com" };

static const struct {
	const char *addr;
	enum auth_tier tier;
} tier_cases[] = {
	{ "dave@fromorbit.com", TIER_MAINTAINER },	/* exact */
	{ "DAVE@FromOrbit.com", TIER_MAINTAINER },	/* case */
	{ "<dave@fromorbit.com>", TIER_MAINTAINER },	/* brackets */
	{ "oliver.sang@intel.com", TIER_MAINTAINER },	/* @domain */
	{ "feng.tang@linux.intel.com", TIER_MAINTAINER },	/* subdomain */
	{ "x@notintel.com", TIER_OTHER },		/* not a subdomain */
	{ "x@intel.com.evil.org", TIER_OTHER },
	{ "hugh@google.com", TIER_MAINTAINER },
	{ "jlayton@kernel.org", TIER_PARTICIPANT },
	{ "david@fromorbit.com", TIER_PARTICIPANT },
	{ "someone@example.org", TIER_OTHER },
	{ "", TIER_OTHER },
	{ "intel.com", TIER_OTHER },			/* no local part */
	{ NULL, TIER_OTHER },
};

/* A duplicate dispute names the report its link names: known, earlier,
 * no cycle; otherwise a duplicate of nothing named. A failing lookup
 * fails the event. */
START_TEST(lifecycle_duplicate_by_link)
{
	static const struct {
		const char *target;
		long long self, want_dup;
	} cases[] = {
		{ "3@msgid", 1, 3 },	/* known and earlier */
		{ "nobody@x", 1, 0 },	/* unknown */
		{ "7", 1, 0 },		/* 7 came after 1 */
		{ "1", 1, 0 },		/* itself */
		{ NULL, 1, 0 },		/* no link */
	};
	static const struct lc_lookup no_order = { resolve, dup_of,
						   later_fails, NULL };
	struct lc_state cur = { RS_OPEN, CR_NONE, NULL, 0, 0 }, next;
	struct lc_input in = { 0 };
	enum lc_verdict v;
	const char *msg;

	memset(dup_table, 0, sizeof(dup_table));
	in.event = EV_DISPUTE;
	in.reason = CR_DUPLICATE;
	in.tier = TIER_MAINTAINER;
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		in.dup_target = cases[i].target;
		in.report_id = cases[i].self;
		ck_assert_int_eq(lifecycle_apply(&cur, &in, &lookup, &next, &v,
						 &msg),
				 LKB_OK);
		ck_assert_int_eq(v, LC_CHANGED);
		ck_assert_int_eq(next.state, RS_CLOSED);
		ck_assert_int_eq(next.reason, CR_DUPLICATE);
		ck_assert_msg(next.dup_of == cases[i].want_dup,
			      "%s: dup_of %lld", cases[i].target
			      ? cases[i].target : "(none)", next.dup_of);
	}
	/* no lookup (the review gate's question): closes, names nothing */
	in.dup_target = "3@msgid";
	ck_assert_int_eq(lifecycle_apply(&cur, &in, NULL, &next, &v, &msg),
			 LKB_OK);
	ck_assert_int_eq(next.dup_of, 0);
	/* an outsider's closes nothing (triage keeps it from even that) */
	in.tier = TIER_OTHER;
	ck_assert_int_eq(lifecycle_apply(&cur, &in, &lookup, &next, &v, &msg),
			 LKB_OK);
	ck_assert_int_eq(next.state, RS_ACKNOWLEDGED);
	/* the store failing fails the event */
	in.tier = TIER_MAINTAINER;
	ck_assert_int_eq(lifecycle_apply(&cur, &in, &no_order, &next, &v,
					 &msg),
			 LKB_ERR_DB);
}
END_TEST

START_TEST(lifecycle_tiers)
{
	ck_assert_int_eq(auth_tier(tier_cases[_i].addr, maintainers, 3,
				   participants, 2),
			 tier_cases[_i].tier);
}
END_TEST

START_TEST(lifecycle_names)
{
	ck_assert_str_eq(report_state_name(RS_FIX_PROPOSED), "fix-proposed");
	ck_assert_int_eq(report_state_from_name("closed"), RS_CLOSED);
	ck_assert_int_eq(report_state_from_name("nope"), -1);
	ck_assert_str_eq(auth_tier_name(TIER_PARTICIPANT), "participant");
	ck_assert_str_eq(close_reason_name(CR_FIX_OF_EARLIER_RACE),
			 "fix-of-earlier-race");
	ck_assert_int_eq(close_reason_from_name("superseded", 10), CR_SUPERSEDED);
	ck_assert_int_eq(close_reason_from_name("none", 4), -1);
	ck_assert_str_eq(reply_event_name(EV_SERIES_COMPARE_REQUEST),
			 "series-compare-request");
	ck_assert_int_eq(reply_event_from_name("Fix-Confirmed", 13),
			 EV_FIX_CONFIRMED);
	ck_assert_str_eq(reply_event_name(EV_FIX_APPLIED), "fix-applied");
	ck_assert_str_eq(reply_event_name(EV_RETEST_FAILED), "retest-failed");
	ck_assert_int_eq(reply_event_from_name("data-provided", 13),
			 EV_DATA_PROVIDED);
	ck_assert_str_eq(report_state_name(RS_WAITING), "waiting");
	ck_assert_int_eq(report_state_from_name("waiting"), RS_WAITING);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("lifecycle");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, lifecycle_events_table, 0,
			    (int)LKB_ARRAY_SIZE(ev_cases));
	tcase_add_test(tc, lifecycle_close_event_reason);
	tcase_add_test(tc, lifecycle_fix_applied_closes);
	tcase_add_loop_test(tc, lifecycle_dispute_table, 0,
			    (int)LKB_ARRAY_SIZE(dispute_cases));
	tcase_add_loop_test(tc, lifecycle_commands_table, 0,
			    (int)LKB_ARRAY_SIZE(cmd_cases));
	tcase_add_test(tc, lifecycle_lookup_failure);
	tcase_add_test(tc, lifecycle_duplicate_by_link);
	tcase_add_loop_test(tc, lifecycle_tiers, 0,
			    (int)LKB_ARRAY_SIZE(tier_cases));
	tcase_add_test(tc, lifecycle_names);
	suite_add_tcase(s, tc);
	return s;
}
