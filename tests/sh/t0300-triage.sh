#!/bin/sh
# t0300-triage.sh - the seed stories and #lkp commands through `lkpbot run`
# (Maildir source, dry-run outbox): events, states, requests, answers,
# tiers, refusals, errors, quoted and forged commands, idempotence.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
triage_conf "alice@maint.example, @maint2.example"
nmails() { ls "$T/out" | wc -l; }

for f in "$S"/*-report.eml "$S"/*-reply.eml; do deliver "$f"; done
ok_if "run over the seed stories" run
is "4 reports tracked" "$(q 'select count(*) from reports')" 4
R0=$(rid 20190930014612.story000@shao2-debian)
R1=$(rid 20210804143812.story001@xsang-OptiPlex-9020)
R2=$(rid 20201102091543.GM31092@shao2-debian)
R4=$(rid 20220218063812.story004@xsang-OptiPlex-9020)

# 001: the LKP team closes it: the commit fixes an earlier race
is "001 closed as fix-of-earlier-race" "$(q "select state || ' ' || close_reason from reports where id = $R1")" "closed fix-of-earlier-race"
is "001 records the earlier commit" "$(q "select sha || ' ' || relation from report_related where report_id = $R1")" \
	"eef983ffeae7a1cdde8c3338155ae2dd74b8621b fix-of"
is "001 keeps the LKP team's extra table" "$(q "select count(*) from reply_tables where report_id = $R1")" 1
ok_if "001's table has the mknod rows" sh -c "sqlite3 '$T/db' 'select json from reply_tables' | grep -q stress-ng.mknod.ops_per_sec"
is "001 close evidence" "$(q "select evidence from events where report_id = $R1 and type = 'close'")" "We will close this report."
# 004: Hugh asks for the whole series
is "004 series-compare request by Hugh" "$(q "select kind || ' ' || asker from requests where report_id = $R4")" \
	"compare-series hughd@google.com"
# no [results] root here: the requests stage answers it with an error
is "... answered once: cannot compare without result data" "$(q "select state from requests where report_id = $R4")" failed
ok_if "004 evidence is Hugh's sentence" sh -c "sqlite3 '$T/db' \"select evidence from events where report_id = $R4 and type = 'series-compare-request'\" | grep -q 'treat the series of 13 as one'"
# 000: Yang Shi: a patch is coming; 15% run-to-run variation
is "000 events" "$(q "select group_concat(type, ',') from (select type from events where report_id = $R0 order by type)")" \
	"cannot-reproduce,fix-proposed"
ok_if "000 variation evidence" sh -c "sqlite3 '$T/db' \"select evidence from events where report_id = $R0 and type = 'cannot-reproduce'\" | grep -q '15% variation'"
is "000 state fix-proposed" "$(q "select state from reports where id = $R0")" fix-proposed
# 002: Feng Tang root-causes it (alignment), numbers kept
ok_if "002 root-caused with the experiment numbers" sh -c "sqlite3 '$T/db' \"select evidence from events where report_id = $R2 and type = 'root-caused'\" | grep -q 'memcg=0x'"
is "only Hugh asked for something: one mail" "$(nmails)" 1

# Commands. A helper writes a reply into the report's thread.
cmd_mail() { # FILE FROM PARENT-ID BODY [EXTRA-HEADER]
	{
		printf 'From: %s\nTo: kernel test robot <oliver.sang@intel.com>\n' "$2"
		printf 'Cc: Hugh Dickins <hughd@google.com>, lkp@intel.com\n'
		printf 'Subject: Re: [mm/munlock] 237b445401: stress-ng.remap.ops_per_sec -62.6%% regression\n'
		mailno=$((mailno + 1))
		printf 'Date: Sat, 19 Feb 2022 10:%02d:00 +0000\n' "$mailno"
		printf 'Message-ID: <%s>\nIn-Reply-To: <%s>\nReferences: <%s>\n' "$(basename "$1")@test" "$3" "$3"
		[ -n "$5" ] && printf '%s\n' "$5"
		printf '\n%b\n' "$4"
	} > "$1"
	deliver "$1"
}
mailno=0
P=20220218063812.story004@xsang-OptiPlex-9020
cmd_mail "$T/c1" "Alice <alice@maint.example>" $P "On Fri, someone wrote:\n> #lkp reopen\n\n#lkp status\n#lkp: close fixed by the v3 series\n\nThanks,\nAlice\n-- \n#lkp invalid signature lines are not commands"
before=$(nmails)
ok_if "run with a maintainer's commands" run
is "report closed by the maintainer" "$(q "select state || ' ' || close_reason from reports where id = $R4")" "closed fixed"
is "two commands recorded (quoted and signature ignored)" "$(q "select group_concat(verb, ',') from (select verb from commands where msg_id = (select id from messages where message_id = 'c1@test') order by idx)")" "status,close"
is "two answers written" "$(nmails)" $((before + 2))
ok_if "answers thread under the command mail" sh -c "grep -l '^In-Reply-To: <c1@test>' '$T'/out/* | wc -l | grep -qx 2"
ok_if "answers are numbered" sh -c "grep -l 'answer 2 of 2' '$T'/out/* | grep -q ."
ok_if "answers carry Auto-Submitted" sh -c "grep -L '^Auto-Submitted: auto-replied' '$T'/out/* | wc -l | grep -qx 0"
ok_if "the status answer names the state" sh -c "grep -l '^State: ' '$T'/out/* | grep -q ."

cmd_mail "$T/c2" "Eve <eve@elsewhere.example>" $P "#lkp reopen"
run
is "an outsider cannot reopen" "$(q "select state from reports where id = $R4")" closed
is "the refusal is recorded" "$(q "select allowed || ' ' || tier || ' ' || substr(result, 1, 8) from commands where msg_id = (select id from messages where message_id = 'c2@test')")" "0 other refused:"
is "the outsider gets one refusal" "$(grep -l 'only the maintainers' "$T"/out/* | wc -l)" 1

cmd_mail "$T/c3" "Hugh Dickins <hughd@google.com>" $P "#lkp compare-series\n#lkp close"
run
is "a participant may ask for a series comparison" "$(q "select count(*) from requests where msg_id = (select id from messages where message_id = 'c3@test') and kind = 'compare-series'")" 1
is "but may not close" "$(q "select allowed from commands where msg_id = (select id from messages where message_id = 'c3@test') and verb = 'close'")" 0

cmd_mail "$T/c4" "Bob <bob@maint2.example>" $P "#lkp reopen\n#lkp reopen\n#lkp fixed-by zzz\n#lkp dup-of $R4\n#lkp help\n#lkp status\n#lkp status"
run
is "@domain maintainer reopens" "$(q "select state from reports where id = $R4")" open
is "5 commands honoured plus one too-many record" "$(q "select count(*) from commands where msg_id = (select id from messages where message_id = 'c4@test')")" 6
is "second reopen is an error" "$(q "select substr(result, 1, 6) from commands where msg_id = (select id from messages where message_id = 'c4@test') and idx = 2")" "error:"
is "malformed sha is an error" "$(q "select substr(result, 1, 6) from commands where msg_id = (select id from messages where message_id = 'c4@test') and idx = 3")" "error:"
is "dup onto itself is an error" "$(q "select substr(result, 1, 6) from commands where msg_id = (select id from messages where message_id = 'c4@test') and idx = 4")" "error:"
ok_if "help answer sent" sh -c "grep -l '#lkp compare-series \\[BASE..HEAD\\]' '$T'/out/* | grep -q ."

before=$(nmails)
cmd_mail "$T/c5" "lkpbot <lkpbot@bot.example>" $P "#lkp close"
cmd_mail "$T/c6" "Alice <alice@maint.example>" $P "#lkp close" "Auto-Submitted: auto-replied"
cmd_mail "$T/c7" "Alice <alice@maint.example>" $P "> #lkp close\n>> #lkp invalid"
cmd_mail "$T/c8" "Alice <alice@maint.example>" $P "<html><body><blockquote>#lkp close</blockquote><p>#lkp invalid</p></body></html>" "Content-Type: text/html; charset=utf-8"
run
is "own, automatic, quoted and HTML-only commands: no answer" "$(nmails)" "$before"
is "no command read from HTML-only mail" "$(q "select count(*) from commands where msg_id = (select id from messages where message_id = 'c8@test')")" 0
is "... and no state change" "$(q "select state from reports where id = $R4")" open

before=$(nmails)
"$LKPBOT" -c "$T/conf" run --dry-run "$T/out" >/dev/null 2>&1
is "a run with nothing new sends nothing" "$(nmails)" "$before"
is "each command answered once" "$(q "select count(*) from outbox")" "$before"

# CLI twins (maintainer at the terminal)
export LKPBOT_USER=carol
ok_if "lkpbot close" "$LKPBOT" -c "$T/conf" close --reason not-reproducible "$R0"
is "closed by the CLI" "$(q "select state || ' ' || close_reason from reports where id = $R0")" "closed not-reproducible"
is "history names the user" "$(q "select cause from report_history where report_id = $R0 order by id desc limit 1")" "cli:carol"
"$LKPBOT" -c "$T/conf" reopen "$R4" >/dev/null 2>&1
is "reopen of an open report fails (1)" "$?" 1
"$LKPBOT" -c "$T/conf" fixed-by "$R0" not-a-sha >/dev/null 2>&1
is "malformed sha is a usage error (2)" "$?" 2
# (002, of 2020, is the later one: duplicates point forward in time)
ok_if "lkpbot dup" "$LKPBOT" -c "$T/conf" dup "$R2" "$R0"
is "duplicate_of set" "$(q "select duplicate_of from reports where id = $R2")" "$R0"
"$LKPBOT" -c "$T/conf" dup "$R0" "$R2" >/dev/null 2>&1
is "a duplicate cycle is refused" "$?" 1
ok_if "thread --json has the contract keys" sh -c "'$LKPBOT' -c '$T/conf' thread --json $R4 | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d[\"format_version\"]==1; [d[k] for k in (\"report\",\"state\",\"close_reason\",\"related_commits\",\"duplicate_of\",\"messages\",\"history\")]; assert all(set(m)>={\"message_id\",\"from\",\"date\",\"events\",\"commands\"} for m in d[\"messages\"])'"
# the same regression reported again (e.g. from linux-next after
# linus/master): a duplicate of the first; a closed first report reopens
"$LKPBOT" -c "$T/conf" close --reason fixed "$R1" >/dev/null
sed -e 's/^Message-ID: <.*>/Message-ID: <again.story001@xsang-OptiPlex-9020>/' \
    -e 's/^Date: .*/Date: Thu, 2 Sep 2021 10:00:00 +0800/' \
    -e 's/^Subject: \[xfs\]/Subject: [linux-next:master] [xfs]/' \
    "$S/001-report.eml" >"$T/again.eml"
deliver "$T/again.eml"
run
RA=$(rid again.story001@xsang-OptiPlex-9020)
is "a second report of the same regression is its duplicate" \
	"$(q "select state || ' ' || close_reason || ' ' || duplicate_of from reports where id = $RA")" "closed duplicate $R1"
is "... and the closed first report is open again" "$(q "select state from reports where id = $R1")" open
is "... with the reason in its history" "$(q "select cause from report_history where report_id = $R1 order by id desc limit 1")" \
	"auto: reported again in report $RA"

# ... and when the first report is open, it stays open (regression test:
# the found duplicate was once taken for a failure, stopping triage)
sed -e 's/^Message-ID: <.*>/Message-ID: <again.story004@xsang-OptiPlex-9020>/' \
    -e 's/^Date: .*/Date: Sat, 19 Feb 2022 14:38:12 +0800/' \
    "$S/004-report.eml" >"$T/again4.eml"
deliver "$T/again4.eml"
ok_if "run with a duplicate of an open report" run
is "duplicate of the open report" "$(q "select close_reason || ' ' || duplicate_of from reports where id = $(rid again.story004@xsang-OptiPlex-9020)")" "duplicate $R4"
is "the open report stays open" "$(q "select state from reports where id = $R4")" open

# previewing an answer for a stored report
ok_if "render --report previews the status answer" sh -c \
	"'$LKPBOT' -c '$T/conf' render --report $R4 status | grep -q '^Report:     $R4 '"
"$LKPBOT" -c "$T/conf" render --report no-such-report status >/dev/null 2>&1
is "render --report of an unknown report fails" "$?" 1

# the digest: open reports, largest regression first, one a day
"$LKPBOT" -c "$T/conf" digest --print >"$T/digest"
is "digest ranks the open reports" "$(grep -c '^[0-9]*\. report ' "$T/digest")" \
	"$(q "select count(*) from reports where state != 'closed'")"
is "largest regression first" "$(sed -n 's/^1\. report \([0-9]*\) .*/\1/p' "$T/digest")" \
	"$(q "select id from reports where state != 'closed' order by abs(change_pct) desc limit 1")"
"$LKPBOT" -c "$T/conf" digest >/dev/null 2>&1
is "digest without a recipient: configuration error" "$?" 5
"$LKPBOT" -c "$T/conf" digest --to team@maint.example >/dev/null
"$LKPBOT" -c "$T/conf" digest --to team@maint.example >/dev/null
is "one digest a day in the outbox" "$(q "select count(*) from outbox where kind = 'digest'")" 1
# an older report of 004's regression that arrives after it: the later
# report (004, open) becomes the duplicate of the older one, the change
# dated no earlier than 004 itself
sed -e 's/^Message-ID: <.*>/Message-ID: <early.story004@xsang-OptiPlex-9020>/' \
    -e 's/^Date: .*/Date: Thu, 17 Feb 2022 08:00:00 +0800/' \
    "$S/004-report.eml" >"$T/early4.eml"
deliver "$T/early4.eml"
ok_if "run with an older report of an open regression" run
RE=$(rid early.story004@xsang-OptiPlex-9020)
is "the older report stays open, no duplicate" \
	"$(q "select state || ' ' || coalesce(duplicate_of, '-') from reports where id = $RE")" "open -"
is "the later report (004) is the duplicate of the older" \
	"$(q "select state || ' ' || close_reason || ' ' || duplicate_of from reports where id = $R4")" "closed duplicate $RE"
is "... its history entry not dated before 004 was" \
	"$(q "select h.date >= r.date from report_history h join reports r on r.id = h.report_id where h.report_id = $R4 order by h.id desc limit 1")" 1
is "no state change is dated before its report" \
	"$(q "select count(*) from report_history h join reports r on r.id = h.report_id where h.date < r.date")" 0
ok_if "database intact" "$LKPBOT" -c "$T/conf" db check
done_testing
