#!/bin/sh
# t0105-imap-faults.sh - faults in the middle of a sync: dovecot killed,
# lkpbot SIGKILLed, the database file unable to grow, two runs at once.
# After each, the next run completes: nothing lost, nothing doubled, the
# database intact.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"

N=4000
start_dovecot
lkb_setup
gen_maildir "$T/gen" "$N" flt
maildir_put INBOX "$T/gen/new/"*
# small batches: many commits, so a kill lands between two of them
write_imap_conf INBOX "batch = 50"
count() { db_q 'SELECT count(*) FROM messages' 2>/dev/null || echo 0; }
# wait_count MIN: until the store holds at least MIN messages (10 s max)
wait_count() {
	i=0
	while [ "$(count)" -lt "$1" ] && [ $i -lt 1000 ]; do
		sleep 0.01
		i=$((i + 1))
	done
}
consistent() {
	[ "$(count)" = "$1" ] &&
	[ "$(db_q 'SELECT count(DISTINCT message_id) FROM messages')" = "$1" ] &&
	"$LKPBOT" db check >/dev/null 2>&1
}
cursor() { db_q "SELECT last_uid FROM sync_cursors WHERE folder = 'INBOX'"; }

plan 13

# 1-4: the server dies in the middle of the fetch
"$LKPBOT" -c "$LKB_CONF" sync >/dev/null 2>"$T/err" &
pid=$!
wait_count 100
kill_dovecot
wait "$pid"
rc=$?
got=$(count)
is "server killed mid-sync: exit 4 (temporary)" "$rc" 4
[ "$got" -gt 0 ] && [ "$got" -lt "$N" ] && [ "$(cursor)" = "$got" ]
ok_rc "part stored ($got of $N), cursor at the last committed UID" $?
restart_dovecot
"$LKPBOT" -c "$LKB_CONF" sync >/dev/null 2>&1
ok_rc "next run exits 0" $?
consistent "$N"
ok_rc "all $N stored once, db check ok" $?

# 5-8: lkpbot SIGKILLed in the middle (a fresh database)
rm -f "$LKPBOT_DB" "$LKPBOT_DB-wal" "$LKPBOT_DB-shm"
"$LKPBOT" -c "$LKB_CONF" sync >/dev/null 2>&1 &
pid=$!
wait_count 300
kill -KILL "$pid"
wait "$pid" 2>/dev/null
got=$(count)
[ "$got" -gt 0 ] && [ "$got" -lt "$N" ]
ok_rc "SIGKILL mid-sync left a part ($got of $N)" $?
"$LKPBOT" db check >/dev/null 2>&1
ok_rc "database intact after SIGKILL" $?
"$LKPBOT" -c "$LKB_CONF" sync >/dev/null 2>&1
ok_rc "next run exits 0" $?
consistent "$N"
ok_rc "all $N stored once after the SIGKILL" $?

# 9-10: the database cannot grow (file size limit; as a full disk would)
rm -f "$LKPBOT_DB" "$LKPBOT_DB-wal" "$LKPBOT_DB-shm"
(
	ulimit -f 2000	# KiB: room for the schema (8 KiB pages), not all the mail
	trap '' XFSZ	# write() then fails with EFBIG instead
	exec "$LKPBOT" -c "$LKB_CONF" sync
) >/dev/null 2>"$T/err"
rc=$?
[ "$rc" -ne 0 ] && [ "$(count)" -lt "$N" ] &&
	"$LKPBOT" db check >/dev/null 2>&1
st=$?	# before the description's $(count) runs
ok_rc "write failure mid-sync: exit $rc, database intact ($(count) stored)" "$st"
"$LKPBOT" -c "$LKB_CONF" sync >/dev/null 2>&1 && consistent "$N"
ok_rc "next run with room completes: $N stored once" $?

# 11-13: two runs at once on an empty database
rm -f "$LKPBOT_DB" "$LKPBOT_DB-wal" "$LKPBOT_DB-shm"
"$LKPBOT" -c "$LKB_CONF" sync >/dev/null 2>"$T/err1" &
p1=$!
wait_count 50
start=$(date +%s)
"$LKPBOT" -c "$LKB_CONF" sync >/dev/null 2>"$T/err2"
rc2=$?
end=$(date +%s)
wait "$p1"
rc1=$?
[ "$rc2" = 0 ] && [ $((end - start)) -le 1 ] && grep -q 'another lkpbot run' "$T/err2"
ok_rc "the second run exits 0 at once with a notice" $?
is "the first run completes" "$rc1" 0
consistent "$N"
ok_rc "store consistent: $N stored once" $?

done_testing
