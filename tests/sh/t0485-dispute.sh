#!/bin/sh
# t0485-dispute.sh - a dispute closes a report as not-a-bug (issue 34):
# from someone who may change the state (the patch's author, a
# recipient, a maintainer, the LKP team) and sure enough, it closes the
# report as invalid; from anyone else it changes nothing; one less sure
# than [triage] auto_confidence waits in the review queue, and accepted
# it closes; a later fix reopens a report a dispute closed, but not one
# a maintainer's #lkp command closed.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
command -v sqlite3 >/dev/null || bail_out "sqlite3 is needed"
triage_conf "akpm@linux-foundation.org"
MAIL_PREFIX=disp
stories

# a sure dispute from the patch's author (the report's To:) closes it
mail "Waiman Long <longman@redhat.com>" $P2 "$S2" \
	"On 11/2/20 5:15 AM, kernel test robot wrote:\n> FYI, we noticed a -22.7% regression\n\nThis is a false positive: the patch does not touch the code\nthis test runs.\n\nCheers,\nLongman"
D2=disp$n@test
# an outsider says the same of another report: kept, nothing more
mail "Some One <someone@example.org>" $P4 "$S4" \
	"This is a false positive: the patch does not touch the code\nthis test runs.\n"
ok_if "run over two disputes" run
is "the author's reply is a sure dispute" "$(q "select e.type || ' ' || (e.confidence >= 0.9) || ' ' || coalesce(e.review, '-') from events e join messages m on m.id = e.msg_id where m.message_id = '$D2'")" \
	"dispute 1 -"
is "... it closes the report as invalid (not-a-bug)" "$(state $R2)" "closed invalid"
is "... the history says a dispute did it" "$(q "select from_state || ' ' || to_state || ' ' || substr(cause, 1, 13) from report_history where report_id = $R2")" \
	"open closed dispute rule:"
ok_if "lkpbot show says why" sh -c "'$LKPBOT' -c '$T/conf' show $R2 | grep -q 'dispute rule:'"
is "an outsider's dispute is kept" "$(q "select count(*) from events where report_id = $R4 and type = 'dispute'")" 1
is "... and changes nothing" "$(state $R4)" "open -"

# less sure than [triage] auto_confidence: the review queue decides
printf '[triage]\nauto_confidence = 0.95\n' >>"$T/conf"
mail "Yang Shi <yang.shi@linux.alibaba.com>" $P0 "$S0" \
	"On 9/29/19 6:46 PM, kernel test robot wrote:\n> FYI, we noticed a -19.6% regression\n\nThis is a false positive: the patch does not touch the code\nthis test runs.\n\nThanks,\nYang"
D0=disp$n@test
ok_if "run over an unsure dispute" run
E0=$(q "select e.id from events e join messages m on m.id = e.msg_id where m.message_id = '$D0' and e.type = 'dispute'")
is "the unsure dispute waits for review" "$(q "select review from events where id = '$E0'")" pending
is "... the report has not moved" "$(state $R0)" "open -"
ok_if "lkpbot review lists it" sh -c "'$LKPBOT' -c '$T/conf' review | grep -q '^event $E0  report $R0  dispute'"
ok_if "lkpbot review --accept" env LKPBOT_USER=andrew "$LKPBOT" -c "$T/conf" review --accept "$E0"
is "... accepted, it closes the report as invalid" "$(state $R0)" "closed invalid"
is "... the history names who accepted it" "$(q "select cause from report_history where report_id = $R0")" \
	"dispute review: andrew accepted $(q "select source from events where id = $E0")"

# a later fix reopens a report a dispute closed and moves it on (the
# gate back at its default)
sed '/^\[triage\]$/,$d' "$T/conf" >"$T/conf.new" && mv "$T/conf.new" "$T/conf"
mail "Michal Hocko <mhocko@suse.com>" $D2 "$S2" \
	"On Tue, Waiman Long wrote:\n> This is a false positive\n\nI do not think so. The fix should be:\n\ndiff --git a/mm/memcontrol.c b/mm/memcontrol.c\n--- a/mm/memcontrol.c\n+++ b/mm/memcontrol.c\n@@ -1 +1 @@\n-a\n+b\n"
ok_if "run over a fix after the dispute" run
is "the fix reopens the dismissed report: fix-proposed" "$(state $R2)" "fix-proposed -"
is "... one change from closed" "$(q "select from_state || ' ' || to_state from report_history where report_id = $R2 order by id desc limit 1")" \
	"closed fix-proposed"
mail "Andrew Morton <akpm@linux-foundation.org>" $P2 "$S2" \
	"Applied, thanks!\n\n[1/1] mm/memcg: fix the regression\n      commit: 5347c9321845e5a94be19ea951746d4f2b8b194f\n"
ok_if "run over the maintainer's applied" run
is "... and a maintainer's applied closes it as fixed" "$(state $R2)" "closed fixed"

# a maintainer's #lkp invalid is no dispute: a fix leaves it closed
mail "Andrew Morton <akpm@linux-foundation.org>" $P4 "$S4" \
	"On Fri, 18 Feb 2022, kernel test robot wrote:\n> FYI\n\n#lkp invalid\n"
ok_if "run over #lkp invalid" run
is "the command closes the report" "$(state $R4)" "closed invalid"
mail "Hugh Dickins <hughd@google.com>" $P4 "$S4" \
	"On Fri, 18 Feb 2022, kernel test robot wrote:\n> FYI\n\nThe fix should be:\n\ndiff --git a/mm/mlock.c b/mm/mlock.c\n--- a/mm/mlock.c\n+++ b/mm/mlock.c\n@@ -1 +1 @@\n-a\n+b\n"
ok_if "run over a fix after the command" run
is "... the fix is kept" "$(q "select count(*) from events where report_id = $R4 and type = 'fix-proposed'")" 1
is "... the report stays closed" "$(state $R4)" "closed invalid"
done_testing
