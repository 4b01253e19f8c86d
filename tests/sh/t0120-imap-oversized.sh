#!/bin/sh
# t0120-imap-oversized.sh - a mail over LKB_MAX_MESSAGE_BYTES (64 MiB) on
# a real dovecot: it is not fetched but stored as rejected with its size,
# the cursor passes it and the mail after it is fetched; nothing is
# counted that was not committed.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"

S=$LKB_TEST_DATA/stories
start_dovecot
lkb_setup
# 70 MB: a header and 700,000 lines of 100 bytes
{
	printf 'From: Big <big@example.org>\r\nTo: list@example.org\r\n'
	printf 'Subject: big\r\nMessage-ID: <big-1@example.org>\r\n\r\n'
	perl -e 'print(("x" x 98) . "\r\n") for 1 .. 700000'
} >"$T/big.eml"
deliver_fixture "$S/000-report.eml" || bail_out "cannot APPEND"
deliver_fixture "$T/big.eml" || bail_out "cannot APPEND the big mail"
deliver_fixture "$S/001-report.eml" || bail_out "cannot APPEND"
rm -f "$T/big.eml"
cursor() { db_q "SELECT last_uid FROM sync_cursors WHERE folder = 'INBOX'"; }

plan 9

# 1-5: one mail per batch, as the audit had it
write_imap_conf INBOX "batch = 1"
"$LKPBOT" -c "$LKB_CONF" sync >"$T/out" 2>"$T/err"
is "sync past the big mail exits 0" "$?" 0
is "cursor passed all three UIDs" "$(cursor)" 3
is "three rows: two reports and the big one" \
	"$(db_q 'SELECT count(*) FROM messages')" 3
is "the big mail is rejected with its size" \
	"$(db_q "SELECT problem FROM messages WHERE quality = 'rejected'")" \
	"message of 70000100 bytes over LKB_MAX_MESSAGE_BYTES, not fetched"
grep -q 'UID=2: skipping a message of 70000100 bytes: over LKB_MAX_MESSAGE_BYTES; stored as rejected, not fetched; nothing to do unless it matters (the limit is in lib/limits.h)' "$T/err"
ok_rc "warning names the UID and the size" $?

# 6-7: the default batch (all three in one batch), a fresh database
rm -f "$LKPBOT_DB" "$LKPBOT_DB-wal" "$LKPBOT_DB-shm"
write_imap_conf INBOX
"$LKPBOT" -c "$LKB_CONF" sync >"$T/out" 2>"$T/err"
is "default batch: exit 0" "$?" 0
is "default batch: stats count the committed mail" "$(cat "$T/out")" \
	"sync: imap INBOX: 3 fetched, 3 new, 0 duplicate"

# 8-9: the next run has nothing to do
"$LKPBOT" -c "$LKB_CONF" sync >"$T/out" 2>&1
is "second run exits 0" "$?" 0
is "second run prints nothing" "$(cat "$T/out")" ""

done_testing
