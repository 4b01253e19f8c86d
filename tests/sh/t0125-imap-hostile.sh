#!/bin/sh
# t0125-imap-hostile.sh - faults only a scripted server makes
# (tests/tools/fake-imap.py): a literal announced with more than 10
# digits, BYE in the middle of a FETCH, a server that trickles one byte
# every 4 s (only [imap] deadline ends that: each read gets its byte),
# hostile folder names in the LIST that names the folders a missing one
# is not.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"

FAKE=$LKB_SRCDIR/tests/tools/fake-imap.py
lkb_setup
# fake MODE: start the scripted server; sets FAKE_PID and FAKE_URL
fake() {
	rm -f "$T/port"
	python3 "$FAKE" "$T/port" "$1" &
	FAKE_PID=$!
	i=0
	while [ ! -s "$T/port" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ -s "$T/port" ] || bail_out "fake-imap.py did not start"
	FAKE_URL=imap://127.0.0.1:$(cat "$T/port")/
}
stop_fake() { [ -n "${FAKE_PID:-}" ] && kill "$FAKE_PID" 2>/dev/null; FAKE_PID=; }
lkb_on_exit stop_fake
# conf URL [EXTRA LINES]
conf() {
	printf '[imap]\nurl = %s\nfolders = INBOX\nuser = u\npassword_file = %s\n%s\n' \
		"$1" "$T/pass" "${2:-}" >"$LKB_CONF"
}
printf 'p\n' >"$T/pass"
chmod 600 "$T/pass"

plan 18

# 1-3: {99999999999}: an error that says what, not a silent exit 1
fake bigliteral
conf "$FAKE_URL" "timeout = 10"
"$LKPBOT" -c "$LKB_CONF" sync >"$T/out" 2>"$T/err"
is "literal of 11 digits: exit 1" "$?" 1
grep -q 'literal size of more than 10 digits.*LKB_MAX_MESSAGE_BYTES' "$T/err"
ok_rc "the error names the limit" $?
is "nothing stored" "$(db_q 'SELECT count(*) FROM messages' 2>/dev/null || echo 0)" 0
stop_fake

# 4-6: BYE after the first of two bodies: the batch is rolled back, and
# the summary does not count what was not committed
fake byemid
conf "$FAKE_URL" "timeout = 10"
"$LKPBOT" -c "$LKB_CONF" sync >"$T/out" 2>"$T/err"
is "BYE mid-FETCH: exit 4 (temporary)" "$?" 4
is "nothing stored" "$(db_q 'SELECT count(*) FROM messages')" 0
is "no summary line for the rolled-back batch" "$(cat "$T/out")" ""
stop_fake

# 7-9: one byte every 4 s from EXAMINE on: the deadline ends the sync
fake trickle
conf "$FAKE_URL" "timeout = 10
deadline = 6"
start=$(date +%s)
timeout 60 "$LKPBOT" -c "$LKB_CONF" sync >"$T/out" 2>"$T/err"
rc=$?
took=$(( $(date +%s) - start ))
is "trickling server: exit 4 (temporary)" "$rc" 4
ok_if "... within the deadline and a read (took $took s)" test "$took" -le 12
grep -q 'longer than its deadline of 6 s (\[imap\] deadline)' "$T/err"
ok_rc "... and says which limit" $?

# 10-12: the same server under `run`: [bot] run_deadline bounds the whole
# run (the IMAP session gets what is left of it); later stages wait
printf '[bot]\nrun_deadline = 5\naddress = bot@example.org\n' >>"$LKB_CONF"
sed -i '/^deadline = 6$/d' "$LKB_CONF"
mkdir -p "$T/dry"
start=$(date +%s)
timeout 60 "$LKPBOT" -c "$LKB_CONF" run --dry-run "$T/dry" >"$T/out" 2>"$T/err"
rc=$?
took=$(( $(date +%s) - start ))
is "run against a trickling server: exit 4" "$rc" 4
ok_if "... within the run deadline and a read (took $took s)" \
	test "$took" -le 11
grep -q 'past its deadline of 5 s (\[bot\] run_deadline): stage triage' "$T/err"
ok_rc "... and the stages after sync wait, saying why" $?
stop_fake

# 13-18: INBOX missing, and a LIST of hostile names: the message lists
# them as they may be shown -- no terminal escape, no 8-bit byte, each
# cut at 60 bytes, at most 20, the Noselect one left out
fake nofolder
conf "$FAKE_URL" "timeout = 10"
"$LKPBOT" -c "$LKB_CONF" sync >"$T/out" 2>"$T/err"
is "a missing folder on a hostile server: exit 5" "$?" 5
ok_if "... the names shown, control and 8-bit bytes as '?', escapes undone" \
	grep -qF "folder 'INBOX' does not exist on the server, which has: Evil?]0;pwned??[2J?, say \"hi\" \\o/, $(printf '%060d' 0 | tr 0 L)..., f00, f01," "$T/err"
ok_if "... no escape, bell or 8-bit byte reaches stderr" \
	sh -c "! LC_ALL=C grep -q '[^[:print:][:space:]]' '$T/err'"
is "... 20 names, then how many more" \
	"$(sed -n 's/.*which has: \(.*\) and \([0-9]*\) more; correct.*/\1|\2/p' "$T/err" |
	   awk -F'|' '{ print split($1, n, ", ") "+" $2 }')" "20+13"
ok_if "... the last one listed is f16" grep -q 'f15, f16 and 13 more; correct \[imap\] folders' "$T/err"
ok_if "... the Noselect folder is not offered" \
	sh -c "! grep -q Hidden '$T/err'"
stop_fake

done_testing
