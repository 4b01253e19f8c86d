#!/bin/sh
# t0340-authority.sh - who may do what (audit F4-F9): the LKP team by
# address, participants are the report's recipients, outsiders are
# answered alone and on budgets of their own, rate windows bounded on
# both sides, request quotas and repeated requests.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
S=$LKB_TEST_DATA/stories
mkdir -p "$T/md/cur" "$T/md/new" "$T/md/tmp" "$T/out" "$T/res" "$T/queue"
conf() { # [EXTRA-BOT-LINES]
	# verify_senders = none: who may do what by address is this test's
	# subject, DKIM signatures are t0350's (dkim is the default)
	cat > "$T/conf" <<CONF
[maildir]
path = $T/md
[smtp]
from = lkpbot <lkpbot@bot.example>
[bot]
verify_senders = none
address = lkpbot@bot.example
maintainers = alice@maint.example
max_per_thread = 1000
$1
[results]
root = $T/res
queue = $T/queue
[requests]
per_asker = 2
[db]
path = $T/db
CONF
}
conf "max_per_hour = 1000"
q() { sqlite3 "$T/db" "$1"; }
run() { "$LKPBOT" -c "$T/conf" run --dry-run "$T/out" >/dev/null 2>"$T/run.err"; }
rid() { q "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = '$1'"; }
n=0
mail() { # FROM PARENT BODY [CC]
	n=$((n + 1))
	{
		printf 'From: %s\nTo: lkp@intel.com\n' "$1"
		[ -n "$4" ] && printf 'Cc: %s\n' "$4"
		printf 'Subject: Re: report\nDate: Tue, 1 Oct 2019 10:%02d:00 +0000\n' $((n % 60))
		printf 'Message-ID: <m%d@test>\n' $n
		[ -n "$2" ] && printf 'In-Reply-To: <%s>\nReferences: <%s>\n' "$2" "$2"
		printf '\n%b\n' "$3"
	} > "$T/md/new/m$n"
}
state() { q "select state || coalesce(' ' || close_reason, '') from reports where id = $1"; }
mid() { q "select id from messages where message_id = 'm$1@test'"; }
rcpts() { q "select recipients from outbox where request_id like '%m$(mid $1).c%' order by id limit 1" | tr '\n' ' ' | sed 's/ $//'; }

for f in "$S"/*-report.eml; do cp "$f" "$T/md/new/"; done
ok_if "run over the story reports" run
P0=20190930014612.story000@shao2-debian
P1=20210804143812.story001@xsang-OptiPlex-9020
P4=20220218063812.story004@xsang-OptiPlex-9020
R0=$(rid $P0); R1=$(rid $P1); R4=$(rid $P4)

# F4: the LKP team is known by address, never by display name
mail "Oliver Sang <eve@evil.example>" $P1 "We will close this report."
mail "Feng Tang <x@evil.intel.com>" $P1 "We will close this report."
run
is "F4: an LKP display name closes nothing" "$(state $R1)" open
mail "Yin Fengwei <fengwei.yin@intel.com>" $P1 "We will close this report."
run
is "F4: the team's address closes it" "$(state $R1)" "closed accepted-tradeoff"
# a rule without from-lkp: an outsider's words move no state
mail "Eve <eve@evil.example>" $P0 "I already came up with a patch for this, will send it soon."
run
is "F4: an outsider's fix proposal changes no state" "$(state $R0)" open
is "... but the event is kept" "$(q "select count(*) from events where report_id = $R0 and type = 'fix-proposed'")" 1

# F5: asking twice does not make an outsider a participant
mail "Eve <eve@evil.example>" $P0 "#lkp retest"
run
mail "Eve <eve@evil.example>" $P0 "#lkp retest"
run
is "F5: both retests refused" "$(q "select group_concat(tier || ':' || allowed) from commands where author = 'eve@evil.example' and verb = 'retest'")" "other:0,other:0"
is "F5: no request recorded for her" "$(q "select count(*) from requests where asker = 'eve@evil.example'")" 0
# the report's recipient (the patch's author) may ask
mail "Yang Shi <yang.shi@linux.alibaba.com>" $P0 "#lkp retest"
run
is "F5: the report's recipient is a participant" "$(q "select tier || ':' || allowed from commands where msg_id = (select id from messages where message_id = 'm$n@test')")" "participant:1"

# F9: a repeated request names the first one; status and help for all
mail "Yang Shi <yang.shi@linux.alibaba.com>" $P0 "#lkp compare-series a..b\n#lkp compare-series a..b"
run
first=$(q "select id from requests where msg_id = (select id from messages where message_id = 'm$n@test')")
is "F9: the repeat says already recorded, with its id" "$(q "select result from commands where msg_id = (select id from messages where message_id = 'm$n@test') and idx = 2")" \
	"ok: request $first is already recorded; the answer follows when it is done or queued"
mail "Eve <eve@evil.example>" $P0 "#lkp status"
run
is "F9: an outsider's status is answered" "$(q "select result from commands where msg_id = (select id from messages where message_id = 'm$n@test')")" "ok: status sent"
is "... to her alone" "$(rcpts $n)" "eve@evil.example"
# issue 36 item 4: in a tracked thread too, an answer to an outsider
# quotes none of her text, only the verb
mail "Eve <eve@evil.example>" $P0 "Cheap pills at http://spam.example/\n#lkp status Cheap pills"
run
# (queued: her hour's answers are used up, [bot] max_per_sender)
q "select cast(raw as text) from outbox where request_id like 'o.m$(mid $n).c%'" > "$T/eve.raw"
ok_if "item 4: an outsider's status in the thread is answered" grep -q '^> #lkp status' "$T/eve.raw"
ok_if "... quoting none of her text" sh -c "! grep -q 'spam.example\|Cheap pills' '$T/eve.raw'"

# F7: requests per asker per day
mail "Yang Shi <yang.shi@linux.alibaba.com>" $P0 "#lkp compare 1234567 89abcde"
run
is "F7: the asker's fourth request of the day is refused" "$(q "select substr(result, 1, 8) from commands where msg_id = (select id from messages where message_id = 'm$n@test')")" "refused:"

# F6: no relay: an outsider's command in no thread goes to her alone,
# quoting its verb and nothing she wrote
long=$(printf 'x%.0s' $(seq 1 400))
mail "Victim <victim@example.org>" "" "#lkp status Cheap pills at http://spam.example/ $long" "a@x.example, b@y.example, c@z.example"
run
is "F6: orphan answer to the sender only" "$(rcpts $n)" "victim@example.org"
raw=$(grep -l "In-Reply-To: <m$n@test>" "$T"/out/*.eml)
ok_if "F6: it quotes the verb alone" grep -q '^> #lkp status.\{0,1\}$' "$raw"
ok_if "F6: none of the sender's text (issue 36, row 9)" sh -c "! grep -q 'spam.example\|Cheap pills' '$raw'"
ok_if "F6: and no Cc" sh -c "! grep -q '^Cc:' '$raw'"

# F6: outsiders cannot use up the maintainers' budget; over budget is
# deferred, not dropped
conf "max_per_hour = 2
max_outsider_per_hour = 2
max_per_sender = 1"
# a new hour; Eve's status answer still waits (two answers to her in
# the hour already, max_per_sender 2) and goes out now
q "update outbox set sent_at = 0, created_at = 0"
for i in 1 2 3 4; do mail "Mallory$i <m$i@evil.example>" $P4 "#lkp help"; done
mail "Mallory1 <m1@evil.example>" $P4 "#lkp help"
run
is "F6: two answers to outsiders sent this hour" "$(q "select count(*) from outbox where request_id like 'o.%' and sent_at > 0")" 2
is "F6: the others wait, none dropped" "$(q "select count(*) from outbox where kind = 'help' and state = 'pending'")" 4
mail "Alice <alice@maint.example>" $P4 "#lkp close fixed"
run
is "F6: the maintainer's close is carried out" "$(state $R4)" "closed fixed"
is "F6: and answered" "$(q "select state from outbox where request_id = 'm$(mid $n).c1'")" sent

# F8: rows dated in the future do not silence the bot
conf "max_per_hour = 1"
q "update outbox set sent_at = 0, created_at = 0"
q "update outbox set created_at = strftime('%s','now') + 315360000, sent_at = strftime('%s','now') + 315360000 where id = (select max(id) from outbox)"
mail "Alice <alice@maint.example>" $P4 "#lkp status"
run
is "F8: a maintainer is answered despite future-dated rows" "$(q "select state from outbox where request_id = 'm$(mid $n).c1'")" sent
ok_if "F8: no limit warning" sh -c "! grep -q 'limit reached' '$T/run.err'"
done_testing
