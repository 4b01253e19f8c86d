#!/bin/sh
# t0489-fix-over-dispute.sh - a mail that both dismisses the report and
# names a fix proposes the fix (REPLY-LABELS: "a mail that both defers
# and names the fix is proposes-fix"): the dismissal's event is dropped,
# so the report moves to fix-proposed, not to not-a-bug. A duplicate's
# link is kept. Without a fix, the same dismissal closes the report.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
command -v sqlite3 >/dev/null || bail_out "sqlite3 is needed"
triage_conf "akpm@linux-foundation.org"
printf '[rules]\nact_model = none\n' >>"$T/conf"
MAIL_PREFIX=fod
ev() { q "select group_concat(e.type, ',') from events e join messages m on m.id = e.msg_id where m.message_id = '$1'"; }
stories

mail "Waiman Long <longman@redhat.com>" $P2 "$S2" \
	"On 11/2/20 5:15 AM, kernel test robot wrote:\n> FYI\n\nThis is a false positive, but this patch silences it:\n\ndiff --git a/mm/memcontrol.c b/mm/memcontrol.c\n--- a/mm/memcontrol.c\n+++ b/mm/memcontrol.c\n@@ -1 +1 @@\n-a\n+b\n"
BOTH=fod$n@test
mail "Yang Shi <yang.shi@linux.alibaba.com>" $P0 "$S0" \
	"On Mon, Sep 30, 2019, kernel test robot wrote:\n> FYI\n\nThis is a false positive: the patch does not touch the code\nthis test runs.\n"
ONLY=fod$n@test
ok_if "run over a dismissal with a fix and one without" run
is "the dismissal with a diff: only the fix" "$(ev $BOTH)" "fix-proposed"
is "... the report moves to fix-proposed" "$(state $R2)" "fix-proposed -"
is "the dismissal alone: a dispute" "$(ev $ONLY)" "dispute"
is "... it closes the report" "$(state $R0)" "closed invalid"
done_testing
