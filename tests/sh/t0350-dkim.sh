#!/bin/sh
# t0350-dkim.sh - senders verified with DKIM ([bot] verify_senders = dkim,
# issue 16 item 5; the default since issue 36 item 3): a maintainer's
# state change, an LKP team's words and a robot report that reopens are
# believed only from mail its From: domain signed; mails signed here by
# python3-dkim with keys made by openssl, public keys in a key file
# ([bot] dkim_key_file), never DNS (lib-dkim.sh).
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
S=$LKB_TEST_DATA/stories
mkdir -p "$T/md/cur" "$T/md/new" "$T/md/tmp" "$T/out"
. "$LKB_SRCDIR/tests/sh/lib-dkim.sh"

# keys: maint.example (s1), evil.example (e1), intel.com (lkp),
# google.com (g1)
key s1 maint.example
key e1 evil.example
key lkp intel.com
key g1 google.com
conf() { # VERIFY_SENDERS ("": no such line, the default)
	cat > "$T/conf" <<CONF
[maildir]
path = $T/md
[smtp]
from = lkpbot <lkpbot@bot.example>
[bot]
address = lkpbot@bot.example
maintainers = alice@maint.example
max_per_thread = 1000
max_per_hour = 1000
${1:+verify_senders = $1}
dkim_key_file = $T/keys
[db]
path = $T/db
CONF
}
conf dkim
q() { sqlite3 "$T/db" "$1"; }
run() { "$LKPBOT" -c "$T/conf" run --dry-run "$T/out" >/dev/null 2>"$T/run.err"; }
rid() { q "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = '$1'"; }
state() { q "select state || coalesce(' ' || close_reason, '') from reports where id = $1"; }
result() { q "select result from commands where msg_id = (select id from messages where message_id = 'm$1@test')"; }
answer() { grep -l "In-Reply-To: <m$1@test>" "$T"/out/*.eml 2>/dev/null | head -n 1; }
n=0
mail() { # FROM PARENT BODY
	n=$((n + 1))
	f=$T/md/tmp/m$n
	{
		printf 'From: %s\nTo: lkp@intel.com\n' "$1"
		printf 'Subject: Re: report\nDate: Tue, 1 Oct 2019 10:%02d:00 +0000\n' $((n % 60))
		printf 'Message-ID: <m%d@test>\n' $n
		printf 'In-Reply-To: <%s>\nReferences: <%s>\n' "$2" "$2"
		printf '\n%b\n' "$3"
	} > "$f"
}
deliver() { mv "$T/md/tmp/m$n" "$T/md/new/m$n"; }
# each refusal on its own: a report a forged command closed (as lkpbot
# without verification does) is opened again at the terminal
reset() { [ "$(state $1)" = open ] || "$LKPBOT" -c "$T/conf" reopen "$1" >/dev/null 2>&1; }

for f in "$S"/*-report.eml; do cp "$f" "$T/md/new/"; done
ok_if "run over the story reports" run
P0=20190930014612.story000@shao2-debian
P1=20210804143812.story001@xsang-OptiPlex-9020
P4=20220218063812.story004@xsang-OptiPlex-9020
R0=$(rid $P0); R1=$(rid $P1); R4=$(rid $P4)

# a forged maintainer From:, no signature
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
deliver
run
is "forged From:, no signature: refused with the reason" "$(result $n)" \
	"refused: not verified: no DKIM signature"
is "... the report stays open" "$(state $R1)" open
ok_if "... the answer says why" grep -q "no DKIM signature" "$(answer $n)"
reset $R1

# signed, then the body changed on the way
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed\nthanks"
sign "$T/md/tmp/m$n" s1 maint.example
sed -i 's/^thanks$/thanks a lot/' "$T/md/tmp/m$n"
deliver
run
is "tampered body: refused, bad signature" "$(result $n)" \
	"refused: not verified: bad signature"
is "... the report stays open" "$(state $R1)" open
reset $R1

# a selector with no key
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
sign "$T/md/tmp/m$n" nosuch maint.example
deliver
run
is "unknown selector: refused, no key" "$(result $n)" \
	"refused: not verified: no key for nosuch._domainkey.maint.example"
is "... the report stays open" "$(state $R1)" open
reset $R1

# a valid signature, but by another domain
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
sign "$T/md/tmp/m$n" e1 evil.example
deliver
run
is "signed by another domain: refused" "$(result $n)" \
	"refused: not verified: signed by evil.example, not the From: domain"
is "... the report stays open" "$(state $R1)" open
reset $R1

# issue 36: a signed command acts only in the thread it was signed for.
# A signed mail, as a list archive keeps it, re-sent with new threading
# fields above the signed ones: libopendkim checks the last instance of a
# field, lkpbot threads by the first
resultof() { q "select result from commands where msg_id = (select id from messages where message_id = '$1')"; }
above() { # FILE FIELDS...: the fields put above the mail's own
	f=$1; shift
	{ printf '%b' "$*"; cat "$f"; } > "$f.new" && mv "$f.new" "$f"
}
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
sign "$T/md/tmp/m$n" s1 maint.example
above "$T/md/tmp/m$n" "Message-ID: <replay1@evil.test>\nIn-Reply-To: <$P0>\nReferences: <$P0>\n"
deliver
run
is "replayed into another thread: refused" "$(resultof replay1@evil.test)" \
	"refused: not verified: threading header Message-ID appears twice"
is "... the other report stays open" "$(state $R0)" open
is "... the signed-for report stays open" "$(state $R1)" open
reset $R0
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
sign "$T/md/tmp/m$n" s1 maint.example
above "$T/md/tmp/m$n" "In-Reply-To: <$P0>\nreferences : <$P0>\n"
deliver
run
is "new In-Reply-To above the signed one: refused" "$(result $n)" \
	"refused: not verified: threading header In-Reply-To appears twice"
is "... the other report stays open" "$(state $R0)" open
reset $R0

# the threading fields not signed: rewritten to another thread
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
sign "$T/md/tmp/m$n" s1 maint.example from,to,cc,subject,date,message-id
sed -i "s/^In-Reply-To: .*/In-Reply-To: <$P0>/; s/^References: .*/References: <$P0>/" \
	"$T/md/tmp/m$n"
deliver
run
is "unsigned In-Reply-To: refused, named" "$(result $n)" \
	"refused: not verified: the signature does not cover In-Reply-To"
is "... the other report stays open" "$(state $R0)" open
reset $R0
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
sign "$T/md/tmp/m$n" s1 maint.example from,to,cc,subject,date,in-reply-to,references
deliver
run
is "unsigned Message-ID: refused, named" "$(result $n)" \
	"refused: not verified: the signature does not cover Message-ID"
is "... the report stays open" "$(state $R1)" open
reset $R1

# a command after the part of the body an l= tag signs
mail "Alice <alice@maint.example>" $P1 "thanks"
sign "$T/md/tmp/m$n" s1 maint.example "" l
printf '#lkp close fixed\n' >> "$T/md/tmp/m$n"
deliver
run
is "a command after the l= bytes: refused" "$(result $n)" \
	"refused: not verified: the signature covers only part of the body (l=)"
is "... the report stays open" "$(state $R1)" open
reset $R1
# an l= tag that covers the whole body (relaxed: blanks and blank lines
# at the end are not counted) verifies
mail "Alice <alice@maint.example>" $P0 "#lkp close fixed\n-- \nAlice  \n\n"
sign "$T/md/tmp/m$n" s1 maint.example "" l
deliver
run
is "an l= tag over the whole body: carried out" "$(result $n)" \
	"ok: report $R0 is now closed, fixed"
reset $R0

# a Message-ID seen with a different thread: the mail a signed command
# answers (x1, in the thread of P1 as its References say) was planted
# first by someone else under P0; the threads meet in the command, which
# was signed for P1's report and must not act on P0's
mail "Mallory <mallory@evil.example>" $P0 "planted"
sed -i 's/^Message-ID: .*/Message-ID: <x1@test>/' "$T/md/tmp/m$n"
deliver
run
mail "Alice <alice@maint.example>" x1@test "#lkp close fixed"
sed -i "s/^References: .*/References: <$P1> <x1@test>/" "$T/md/tmp/m$n"
sign "$T/md/tmp/m$n" s1 maint.example
deliver
run
is "threads met through a planted parent: refused, named" "$(result $n)" \
	"refused: not verified: its In-Reply-To and References do not name the mail of report $R0"
is "... the other report stays open" "$(state $R0)" open
reset $R0
reset $R1

# the maintainer's own signed mail
# oversigned (a name in h= more often than the field is there): no field
# can be added
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
sign "$T/md/tmp/m$n" s1 maint.example \
	from,from,to,subject,subject,date,message-id,message-id,in-reply-to,in-reply-to,references,references
deliver
run
is "a signed maintainer command is carried out" "$(result $n)" \
	"ok: report $R1 is now closed, fixed"
is "... the report is closed" "$(state $R1)" "closed fixed"
# requests are not state changes: no signature needed
mail "Alice <alice@maint.example>" $P1 "#lkp status"
deliver
run
is "an unsigned status is answered" "$(result $n)" "ok: status sent"

# the LKP team's words close only when signed
mail "Yin Fengwei <fengwei.yin@intel.com>" $P4 "We will close this report."
deliver
run
is "forged LKP team words change no state" "$(state $R4)" open
is "... the event is kept" "$(q "select count(*) from events where report_id = $R4 and source like 'rule:%'")" 1
mail "Yin Fengwei <fengwei.yin@intel.com>" $P4 "We will close this report."
sign "$T/md/tmp/m$n" lkp intel.com
deliver
run
is "signed LKP team words close" "$(state $R4)" "closed accepted-tradeoff"

# a robot report on a closed report's commit and metric
robot() { # MESSAGE-ID-PART
	sed -e "s/^Message-ID: .*/Message-ID: <$1@robot.test>/" \
	    -e 's/^Date: .*/Date: Wed, 1 Sep 2021 10:00:00 +0800/' \
		"$S/001-report.eml" > "$T/md/tmp/$1"
}
robot forged
mv "$T/md/tmp/forged" "$T/md/new/"
run
is "forged robot report: stored" "$(q "select count(*) from reports r join messages m on m.id = r.msg_id where m.message_id = 'forged@robot.test'")" 1
is "... the closed report stays closed" "$(state $R1)" "closed fixed"
robot robotmail
sign "$T/md/tmp/robotmail" lkp intel.com
mv "$T/md/tmp/robotmail" "$T/md/new/"
run
is "signed robot report reopens it" "$(state $R1)" open

# issue 36 item 2: an unverified robot report is shown so, with the
# reason, in show, show --json and list --json; a signed one is not
show() { "$LKPBOT" -c "$T/conf" show "$@" 2>&1; }
RF=$(rid forged@robot.test); RS=$(rid robotmail@robot.test)
is "forged robot report: show says unverified, and why" \
	"$(show $RF | grep '^unverified')" \
	"unverified     not verified: no DKIM signature"
is "... show --json too" \
	"$(show --json $RF | jq -r .unverified)" \
	"not verified: no DKIM signature"
is "... list --json too" \
	"$("$LKPBOT" -c "$T/conf" list --json | jq -r ".reports[] | select(.id == $RF) | .unverified")" \
	"not verified: no DKIM signature"
is "signed robot report: no unverified line" \
	"$(show $RS | grep -c '^unverified')" 0
is "... null in show --json" "$(show --json $RS | jq -r .unverified)" null
"$LKPBOT" -c "$T/conf" web --out "$T/web" >/dev/null 2>&1
ok_if "... the report page says unverified, and why" grep -q \
	"<dt>Unverified</dt><dd class=\"unverified\">not verified: no DKIM signature</dd>" \
	"$T/web/report-$RF.html"
ok_if "... the signed report's page does not" sh -c \
	"! grep -q '<dt>Unverified' '$T/web/report-$RS.html'"
ok_if "... an unsigned open report's index row says so" grep -q \
	"report-$R0.html.*unverified: not verified: no DKIM signature" \
	"$T/web/index.html"

# issue 36 row 4: the recipients of a robot report nobody verified are
# no participants (a forged report Cc's whom it likes); of a signed one
# they are
tier() { q "select tier || ':' || allowed from commands where msg_id = (select id from messages where message_id = 'm$1@test')"; }
mail "Hugh Dickins <hughd@google.com>" $P4 "#lkp retest"
sign "$T/md/tmp/m$n" g1 google.com
deliver
run
is "unsigned report: its addressee's signed retest comes from no participant" "$(tier $n)" "other:0"
sed -e 's/^Message-ID: .*/Message-ID: <r4signed@robot.test>/' \
	"$S/004-report.eml" > "$T/md/tmp/r4signed"
sign "$T/md/tmp/r4signed" lkp intel.com
mv "$T/md/tmp/r4signed" "$T/md/new/"
mail "Hugh Dickins <hughd@google.com>" r4signed@robot.test "#lkp retest"
sign "$T/md/tmp/m$n" g1 google.com
deliver
run
is "signed report: its addressee is a participant" "$(tier $n | cut -d: -f1)" "participant"

# issue 36 item 2: the same unsigned report from an archive the admin
# imports as trusted is verified: its addressee is a participant, and
# show has no unverified line; a copy already stored is not trusted
sed -e 's/^Message-ID: .*/Message-ID: <r4trusted@robot.test>/' \
	"$S/004-report.eml" > "$T/r4trusted.eml"
ok_if "import --trusted of an unsigned report" \
	"$LKPBOT" -q -c "$T/conf" import --trusted "$T/r4trusted.eml"
is "... the message is marked trusted" \
	"$(q "select trusted from messages where message_id = 'r4trusted@robot.test'")" 1
mail "Hugh Dickins <hughd@google.com>" r4trusted@robot.test "#lkp retest"
sign "$T/md/tmp/m$n" g1 google.com
deliver
run
is "... its addressee is a participant" "$(tier $n | cut -d: -f1)" "participant"
is "... show has no unverified line" \
	"$(show "$(rid r4trusted@robot.test)" | grep -c '^unverified')" 0
"$LKPBOT" -q -c "$T/conf" import --trusted "$S/004-report.eml" 2>/dev/null
is "... a mail already stored stays untrusted" \
	"$(q "select trusted from messages where message_id = '$P4'")" 0
is "... and unverified" \
	"$(show "$R4" | grep '^unverified')" \
	"unverified     not verified: no DKIM signature"

# issue 36 row 9: a command outside any tracked thread from a forged
# From: gets no answer (it would go to the victim)
mail "Victim <victim@maint.example>" nosuch@thread.test "#lkp status Cheap pills at http://spam.example/"
deliver
run
is "unsigned command in no tracked thread: no answer" "$(answer $n)" ""
mail "Alice <alice@maint.example>" nosuch@thread.test "#lkp status"
sign "$T/md/tmp/m$n" s1 maint.example
deliver
run
ok_if "... a signed one is answered" sh -c "test -n '$(answer $n)' || cat '$T/run.err'"

# verify_senders = none: as before, the From: is believed
conf none
mail "Alice <alice@maint.example>" $P0 "#lkp close fixed"
deliver
run
is "none: an unsigned maintainer command is carried out" "$(state $R0)" "closed fixed"
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
deliver
run
is "none: closed again (unsigned)" "$(state $R1)" "closed fixed"
robot forged3
mv "$T/md/tmp/forged3" "$T/md/new/"
run
is "none: an unsigned robot report reopens" "$(state $R1)" open
"$LKPBOT" -c "$T/conf" doctor >"$T/doctor.out" 2>&1
st=$?
is "none: doctor warns, naming the risk and the fix" \
	"$(grep '^warn senders ' "$T/doctor.out" | grep -c 'forged From:.*fix: remove the line')" 1
is "... a warning, no failure: exit 0" "$st/$(grep -c '^fail' "$T/doctor.out")" 0/0

# issue 36 item 3: no verify_senders line is dkim (rows 5 and 6 of the
# audit: a forged maintainer From: closed a report, a forged robot report
# reopened a closed one)
conf ""
"$LKPBOT" -c "$T/conf" doctor >"$T/doctor.out" 2>&1
is "default: doctor has no senders warning" "$(grep -c ' senders ' "$T/doctor.out")" 0
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
deliver
run
is "default, row 5: a forged maintainer close is refused" "$(result $n)" \
	"refused: not verified: no DKIM signature"
is "... the report stays open" "$(state $R1)" open
# the refusal as queued (Alice's refusals above used up max_per_sender)
q "select cast(raw as text) from outbox where cast(raw as text) like '%In-Reply-To: <m$n@test>%'" |
	tr -d '\r' | tr '\n' ' ' >"$T/refusal"
ok_if "... the refusal names \"not verified\"" grep -q "(not verified: no DKIM signature)" "$T/refusal"
ok_if "... and says how to sign" grep -q 'DKIM-signed with the key of its From: domain, the signature covering From, Subject, Message-ID, In-Reply-To and References and the whole body (no l= tag)' "$T/refusal"
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
sign "$T/md/tmp/m$n" s1 maint.example
deliver
run
is "default: the same command DKIM-signed closes it" "$(result $n)" \
	"ok: report $R1 is now closed, fixed"
is "... the report is closed" "$(state $R1)" "closed fixed"
robot forged4
mv "$T/md/tmp/forged4" "$T/md/new/"
run
is "default, row 6: a forged robot report is stored" "$(q "select count(*) from reports r join messages m on m.id = r.msg_id where m.message_id = 'forged4@robot.test'")" 1
is "... and does not reopen the closed report" "$(state $R1)" "closed fixed"
done_testing
