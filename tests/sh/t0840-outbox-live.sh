#!/bin/sh
# t0840-outbox-live.sh - issue 36 row 17: `outbox list` during a live
# send. A real `lkpbot send` talks to a scripted SMTP server that never
# answers the mail's DATA (tests/tools/fake-smtp.py, X-Fault: hang);
# while it waits, `outbox list` calls its row "being sent now", not
# "interrupted", suggests no --force and warns of nothing. A row an
# interrupted run left in state sending before is still "interrupted",
# and once the sender is gone (killed), its own row is too.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-smtp.sh"
ENQ=$LKB_BUILDDIR/tests/tools/outbox-enqueue
FAKE=$LKB_SRCDIR/tests/tools/fake-smtp.py
[ -x "$ENQ" ] || bail_out "$ENQ not built"
T=$(mktemp -d) || exit 99
FAKE_PID= SEND_PID=
trap '[ -n "$SEND_PID" ] && kill "$SEND_PID" 2>/dev/null; [ -n "$FAKE_PID" ] && kill "$FAKE_PID" 2>/dev/null; rm -rf "$T"' EXIT
TAP_TMP=$T
DB=$T/bot.db

python3 "$FAKE" "$T/port" "$T/got" &
FAKE_PID=$!
i=0
while [ ! -s "$T/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$T/port" ] || bail_out "fake-smtp.py did not start"
cat >"$T/conf" <<EOC
[smtp]
url = smtp://127.0.0.1:$(cat "$T/port")
from = lkpbot <bot@example.org>
timeout = 60
[bot]
address = bot@example.org
max_per_hour = 100
[templates]
dir = $LKB_SRCDIR/templates/mail
EOC
bot() { "$LKPBOT" -c "$T/conf" -d "$DB" "$@"; }
field() { sqlite3 "$DB" "SELECT $2 FROM outbox WHERE id = $1"; }
old=$(ack_enqueue "$T/conf" "$DB" "$T" old 'Re: an old one' '"lkp@intel.com"') || bail_out "enqueue"
live=$(ack_enqueue "$T/conf" "$DB" "$T" live 'Re: X-Fault: hang' '"lkp@intel.com"') || bail_out "enqueue"
# an interrupted run left the old row in state sending an hour ago
sqlite3 "$DB" "UPDATE outbox SET state = 'sending', claimed_at = strftime('%s') - 3600 WHERE id = $old"
plan 8

"$LKPBOT" -c "$T/conf" -d "$DB" send >"$T/send.out" 2>"$T/send.err" &
SEND_PID=$!
i=0
while [ "$(field "$live" state)" != sending ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
# the mail is on its way: wait until the server has all of it
i=0
while ! ls "$T/got"/*.eml >/dev/null 2>&1 && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
is "the live row is in state sending" "$(field "$live" state)" sending
bot outbox list >"$T/list" 2>"$T/list.err"
is "outbox list exits 0" "$?" 0
grep -q "^ *$live sending .*\[being sent now by a running lkpbot\]$" "$T/list"
ok_rc "the live row: being sent now" $?
grep -q "^ *$old sending .*\[interrupted: check, then send --force or drop --force\]$" "$T/list"
ok_rc "the old row: still interrupted" $?
ok_if "... no warning calls the live row interrupted" sh -c "! grep -q 'row $live .*interrupted' '$T/list.err'"
bot outbox list --json >"$T/list.json" 2>/dev/null
is "--json: sending_now true for the live row only" \
	"$(python3 -c 'import json,sys; print(" ".join(str(r["id"]) for r in json.load(open(sys.argv[1]))["outbox"] if r["sending_now"]))' "$T/list.json")" "$live"

# the sender dies mid-send: its row is interrupted now
kill -9 "$SEND_PID"
wait "$SEND_PID" 2>/dev/null
SEND_PID=
bot outbox list >"$T/list" 2>"$T/list.err"
grep -q "^ *$live sending .*\[interrupted: check, then send --force or drop --force\]$" "$T/list"
ok_rc "after kill -9 the live row is interrupted" $?
grep -q "outbox row $live .*still in state sending since a run was interrupted" "$T/list.err"
ok_rc "... and warned about" $?

done_testing
