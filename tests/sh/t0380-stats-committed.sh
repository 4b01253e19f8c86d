#!/bin/sh
# t0380-stats-committed.sh - the stats lines count only committed work
# (audit F9: "stats lines count work that was rolled back"). The
# database cannot grow in the middle of an IMAP sync (a file size limit,
# as a full disk would): the batch in flight is rolled back, and the
# "sync: imap" line counts only what was stored. (Triage's line under a
# mail rolled back to its savepoint: t0330-triage-poison.)
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"

N=1500
start_dovecot
lkb_setup
gen_maildir "$T/gen" "$N" cst
maildir_put INBOX "$T/gen/new/"*
write_imap_conf INBOX "batch = 50"
count() { db_q 'SELECT count(*) FROM messages' 2>/dev/null || echo 0; }

plan 5
: "${LKB_FSIZE:=2500}"
(
	ulimit -f "$LKB_FSIZE"	# KiB: room for the schema and a few batches
	trap '' XFSZ	# write() then fails with EFBIG instead
	exec "$LKPBOT" -c "$LKB_CONF" sync
) >"$T/out" 2>"$T/err"
rc=$?
sed "s/^/# /" "$T/err" | head -5
got=$(count)
[ "$rc" -ne 0 ] && [ "$got" -gt 0 ] && [ "$got" -lt "$N" ]
ok_rc "write failure mid-sync: exit $rc, $got of $N stored" $?
line=$(grep '^sync: imap INBOX: ' "$T/out")
echo "# $line"
is "fetched counts the committed mails only" \
	"$(echo "$line" | sed -n 's/.*: \([0-9]*\) fetched.*/\1/p')" "$got"
is "new counts the committed mails only" \
	"$(echo "$line" | sed -n 's/.* \([0-9]*\) new.*/\1/p')" "$got"
"$LKPBOT" -c "$LKB_CONF" sync >"$T/out" 2>&1
ok_rc "the next run with room completes" $?
is "... and counts the rest" \
	"$(sed -n 's/^sync: imap INBOX: \([0-9]*\) fetched, \([0-9]*\) new.*/\1 \2/p' "$T/out")" \
	"$((N - got)) $((N - got))"
done_testing
