#!/bin/sh
# t0135-send-lock.sh - `send` and `outbox send` take the run lock: while
# another lkpbot run holds it, its rows in state sending are in flight,
# not "interrupted", and nothing is sent a second time.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-smtp.sh"
ENQ=$LKB_BUILDDIR/tests/tools/outbox-enqueue
[ -x "$ENQ" ] || bail_out "$ENQ not built"
command -v flock >/dev/null 2>&1 || bail_out "flock (util-linux) is needed"
T=$(mktemp -d) || exit 99
HOLD=
trap '[ -n "$HOLD" ] && kill "$HOLD" 2>/dev/null; rm -rf "$T"' EXIT
TAP_TMP=$T
DB=$T/bot.db
mkdir "$T/out"
cat >"$T/conf" <<EOC
[smtp]
from = lkpbot <bot@example.org>
[bot]
address = bot@example.org
[templates]
dir = $LKB_SRCDIR/templates/mail
EOC
bot() { "$LKPBOT" -c "$T/conf" -d "$DB" "$@"; }
# enqueue REQ: queue an ack; prints the row id
enqueue() { ack_enqueue "$T/conf" "$DB" "$T" "$1" "Re: s" || bail_out "enqueue $1"; }
field() { sqlite3 "$DB" "SELECT $2 FROM outbox WHERE id = $1"; }
files() { ls "$T/out" | wc -l; }

a=$(enqueue inflight)
b=$(enqueue waiting)
# another run holds the lock and is sending row a
sqlite3 "$DB" "UPDATE outbox SET state = 'sending', claimed_at = 1 WHERE id = $a"
# (the holder is the sleep itself, so killing it frees the lock)
sh -c 'exec 9>"$1" && flock 9 && exec sleep 60' sh "$DB.lock" &
HOLD=$!
i=0
while flock -n "$DB.lock" true && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done

plan 9

# 1-4: send
bot send --dry-run "$T/out" >"$T/so" 2>"$T/err"
is "send while another run holds the lock: exit 0" "$?" 0
grep -q "another lkpbot run holds" "$T/err"
ok_rc "... with a notice" $?
ok_if "... no 'interrupted' warning for the other run's row" \
	sh -c "! grep -q 'interrupted' '$T/err'"
is "... nothing sent" "$(files)/$(field "$b" state)" 0/pending

# 5-7: outbox send
bot outbox send --dry-run "$T/out" >/dev/null 2>"$T/err"
is "outbox send while locked: exit 0, nothing sent" "$?/$(files)" 0/0
bot outbox send --force --dry-run "$T/out" "$a" >/dev/null 2>"$T/err"
is "outbox send --force ID while locked: exit 4 (busy)" "$?" 4
is "... the in-flight row is not sent twice" "$(files)/$(field "$a" state)" 0/sending

# 8-9: the lock released, send goes on
kill "$HOLD"
wait "$HOLD" 2>/dev/null
HOLD=
bot send --dry-run "$T/out" >/dev/null 2>&1
is "lock free: send exits 0" "$?" 0
is "... and sends the waiting row" "$(files)/$(field "$b" state)" 1/sent

done_testing
