#!/bin/sh
# t0130-smtp-hostile.sh - SMTP faults smtp-sink cannot make, from a
# scripted server (tests/tools/fake-smtp.py): the connection dropped
# after the whole DATA before the 250, a server silent after DATA, one
# refused RCPT. Exactly once where the protocol allows it, held as
# uncertain where it does not; the timeout bounds the whole exchange.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-smtp.sh"
ENQ=$LKB_BUILDDIR/tests/tools/outbox-enqueue
FAKE=$LKB_SRCDIR/tests/tools/fake-smtp.py
[ -x "$ENQ" ] || bail_out "$ENQ not built"
T=$(mktemp -d) || exit 99
FAKE_PID=
trap '[ -n "$FAKE_PID" ] && kill "$FAKE_PID" 2>/dev/null; rm -rf "$T"' EXIT
TAP_TMP=$T
DB=$T/bot.db

python3 "$FAKE" "$T/port" "$T/got" &
FAKE_PID=$!
i=0
while [ ! -s "$T/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$T/port" ] || bail_out "fake-smtp.py did not start"
PORT=$(cat "$T/port")

# conf [EXTRA LINES]: the configuration, [smtp] timeout = 3
conf() {
	cat >"$T/conf" <<EOC
[smtp]
url = smtp://127.0.0.1:$PORT
from = lkpbot <bot@example.org>
timeout = 3
${1:-}
[bot]
address = bot@example.org
max_per_hour = 100
[templates]
dir = $LKB_SRCDIR/templates/mail
EOC
}
bot() { "$LKPBOT" -c "$T/conf" -d "$DB" "$@"; }
# enqueue REQ SUBJECT [CC]: queue an ack (Cc lkp@intel.com unless CC)
enqueue() {
	ack_enqueue "$T/conf" "$DB" "$T" "$1" "$2" "${3:-\"lkp@intel.com\"}" ||
		bail_out "enqueue $1"
}
field() { sqlite3 "$DB" "SELECT $2 FROM outbox WHERE id = $1"; }
# got REQ: how many copies of request REQ's mail the server received
got() { grep -l "^Message-ID: <lkpbot\.$1\." "$T/got"/*.eml 2>/dev/null | wc -l; }

plan 20

conf
# 1-7: dropped after DATA; the row behind it still goes
a=$(enqueue drop1 'Re: X-Fault: close')
b=$(enqueue next1 'Re: a normal answer')
bot send >"$T/out" 2>"$T/err"
is "dropped after DATA: the mail reached the server once" "$(got drop1)" 1
is "... counted as an attempt" "$(field "$a" attempts)" 1
is "... held in state sending as uncertain" \
	"$(field "$a" "state || ' ' || substr(last_error, 1, 10)")" \
	"sending uncertain:"
grep -q "outbox row $a .*uncertain.*--force $a" "$T/err"
ok_rc "... reported, with the way out" $?
is "the row behind it is sent" "$(field "$b" state)/$(got next1)" sent/1
for i in 1 2 3; do bot send >/dev/null 2>"$T/err"; done
is "three more runs do not send it again" "$(got drop1)" 1
grep -q "outbox row $a .*is held: uncertain" "$T/err"
ok_rc "... and each run reports it" $?

# 8-9: --force sends it again (the operator's call)
bot outbox send --force "$a" >/dev/null 2>&1
is "--force sends it again" "$(got drop1)" 2
is "... another attempt" "$(field "$a" attempts)" 2

# 10-11: resend_uncertain_after: held rows go again after the wait
conf "resend_uncertain_after = 1"
sqlite3 "$DB" "UPDATE outbox SET claimed_at = claimed_at - 5 WHERE id = $a"
bot send >/dev/null 2>"$T/err"
is "after resend_uncertain_after it goes again" "$(got drop1)" 3
grep -q "resend_uncertain_after) are sent again" "$T/err"
ok_rc "... with a warning" $?
conf

# 12-14: silent after DATA: bounded by the timeout, QUIT included (a
# database of its own: nothing else queued)
DB=$T/bot2.db
c=$(enqueue hang1 'Re: X-Fault: hang')
start=$(date +%s)
bot send >/dev/null 2>"$T/err"
took=$(( $(date +%s) - start ))
ok_if "silent after DATA: send ends within timeout + 2 s (took ${took} s)" \
	test "$took" -le 5
is "... the row is held as uncertain" \
	"$(field "$c" "state || ' ' || attempts")" "sending 1"
bot send >/dev/null 2>&1
is "... and not sent again" "$(got hang1)" 1

# 15-17: one refused RCPT: the others get the mail, the refusal is named
d=$(enqueue rcpt1 'Re: one dead Cc' '"lkp@intel.com", "dead@example.net"')
bot send >/dev/null 2>"$T/err"
is "one refused recipient: the row is sent" "$(field "$d" state)" sent
f=$(grep -l "^Message-ID: <lkpbot\.rcpt1\." "$T/got"/*.eml | head -1)
is "... to the other recipients" "$(sed -n 's/^X-Rcpt: //p' "${f:-/dev/null}" | tr '\n' ' ')" \
	"jane@example.com lkp@intel.com "
grep -q "outbox row $d: sent, but refused recipients: dead@example.net (550" "$T/err"
ok_rc "... and the refused one is reported" $?

# 18-20: [smtp] deadline: three silent servers in a row do not hold the
# stage for three timeouts; what is left waits for the next run
DB=$T/bot3.db
conf "deadline = 4"
for i in 1 2 3; do enqueue "slow$i" 'Re: X-Fault: hang' >/dev/null; done
start=$(date +%s)
bot send >/dev/null 2>"$T/err"
took=$(( $(date +%s) - start ))
is "the stage stops after its deadline: two tried, one left" \
	"$(sqlite3 "$DB" "SELECT group_concat(state, ' ') FROM (SELECT state FROM outbox ORDER BY id)")" \
	"sending sending pending"
ok_if "... in two timeouts (took $took s)" test "$took" -le 8
grep -q 'past its deadline of 4 s (\[smtp\] deadline)' "$T/err"
ok_rc "... saying so" $?

done_testing
