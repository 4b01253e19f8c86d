#!/bin/sh
# t0487-outsider-review.sh - an outsider's words move no state (audit
# F4), but two of them wait in the review queue for a maintainer: a fix
# applied ("fixed by commit X") and "already reported: <link>" (rule
# dispute-duplicate, reason duplicate). Accepted, each goes through the
# life cycle as a participant's. The same words from a maintainer act at
# once, a duplicate naming the report its link names when lkpbot knows
# it and it is earlier; an outsider's fix proposal is kept, nothing
# more. The rules alone ([rules] act_model = none), so that only they
# speak.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
command -v sqlite3 >/dev/null || bail_out "sqlite3 is needed"
triage_conf "akpm@linux-foundation.org"
printf '[rules]\nact_model = none\n' >>"$T/conf"
MAIL_PREFIX=out
ev() { q "select group_concat(e.type || ' ' || e.source || ' ' || coalesce(e.reason, '-') || ' ' || coalesce(e.review, '-'), ',') from events e join messages m on m.id = e.msg_id where m.message_id = '$1'"; }
stories

mail "Nathan Chancellor <nathan@example.org>" $P0 "$S0" \
	"On Mon, Sep 30, 2019, kernel test robot wrote:\n> FYI\n\nAlready reported with GCC:\nhttps://lore.kernel.org/lkml/201910241056.5U6SmK2P%%25lkp@intel.com/\n\nCheers,\nNathan"
DUP=out$n@test
mail "Nathan Chancellor <nathan@example.org>" $P4 "$S4" \
	"On Fri, 18 Feb 2022, kernel test robot wrote:\n> FYI\n\nThis was fixed by commit 0123456789ab (\"mm/munlock: fix it\").\n"
FIX=out$n@test
mail "Some One <someone@example.org>" $P2 "$S2" \
	"On 11/2/20 5:15 AM, kernel test robot wrote:\n> FYI\n\nI already came up with a patch for this, will send it soon.\n"
PROP=out$n@test
ok_if "run over three outsiders' replies" run
is "already reported: a duplicate dispute, waiting" "$(ev $DUP)" "dispute rule:dispute-duplicate duplicate pending"
is "... the report stays open" "$(state $R0)" "open -"
is "fixed by a commit: fix-applied, waiting" "$(ev $FIX)" "fix-applied rule:applied-commit - pending"
is "... the report stays open" "$(state $R4)" "open -"
is "a fix proposal: kept, not waiting" "$(ev $PROP)" "fix-proposed rule:fix-coming - -"
is "... the report stays open" "$(state $R2)" "open -"
ok_if "lkpbot review lists both" sh -c "'$LKPBOT' -c '$T/conf' review | grep -c 'nathan@example.org' | grep -qx 2"
ID=$(q "select e.id from events e join messages m on m.id = e.msg_id where m.message_id = '$DUP'")
ok_if "a maintainer accepts the duplicate" "$LKPBOT" -c "$T/conf" review --accept "$ID"
is "... the report is closed as a duplicate" "$(state $R0)" "closed duplicate"
ID=$(q "select e.id from events e join messages m on m.id = e.msg_id where m.message_id = '$FIX'")
ok_if "a maintainer accepts the fix" "$LKPBOT" -c "$T/conf" review --accept "$ID"
is "... it moves the report on as a participant's fix would" "$(state $R4)" "fix-proposed -"

# the same words from a maintainer act at once
mail "Andrew Morton <akpm@linux-foundation.org>" $P2 "$S2" \
	"On 11/2/20 5:15 AM, kernel test robot wrote:\n> FYI\n\nAlready reported: https://lore.kernel.org/linux-mm/$(echo $P0 | sed 's/@/%40/')/\n"
ok_if "run over a maintainer's already reported" run
is "a maintainer's already reported closes it as a duplicate" "$(state $R2)" "closed duplicate"
is "... of the report its link names (percent-encoded)" "$(q "select duplicate_of from reports where id = $R2")" "$R0"
ok_if "lkpbot show says so" sh -c "'$LKPBOT' -c '$T/conf' show $R2 | grep -q 'duplicate of.*$R0'"
# a link to a report lkpbot does not know: a duplicate of nothing
# named (the words say duplicate; the link vouches for nothing)
mail "Andrew Morton <akpm@linux-foundation.org>" $P4 "$S4" \
	"On Fri, 18 Feb 2022, kernel test robot wrote:\n> FYI\n\nAlready reported: https://lore.kernel.org/r/20220217.unknown@example.org\n"
ok_if "run over a link to an unknown report" run
is "... closed as a duplicate" "$(state $R4)" "closed duplicate"
is "... of no report" "$(q "select coalesce(duplicate_of, '-') from reports where id = $R4")" "-"
done_testing
