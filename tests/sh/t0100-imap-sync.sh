#!/bin/sh
# t0100-imap-sync.sh - `lkpbot sync` against a real dovecot: first sync,
# idle runs, new mail, UIDVALIDITY reset, credentials, the run lock,
# `after`, exit codes.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"

start_dovecot
lkb_setup
CORPUS=$(corpus_maildir) || bail_out "no corpus maildir"
maildir_files "$CORPUS" >"$T/files"
NFILES=$(wc -l <"$T/files")
# shellcheck disable=SC2046
NIDS=$(distinct_msgids $(cat "$T/files"))
# shellcheck disable=SC2046
maildir_put INBOX $(cat "$T/files")
write_imap_conf INBOX
sync() { "$LKPBOT" -c "$LKB_CONF" "$@" sync; }

tap_plan 40

# 1-6: first sync of the corpus
sync >"$T/out" 2>"$T/err"
ok $? "first sync exits 0"
dovecot_last_logout >"$T/first.log"
is "$(db_q 'SELECT count(*) FROM messages')" "$NIDS" \
	"every message of the corpus is stored ($NIDS)"
is "$(db_q "SELECT count(DISTINCT source) FROM messages
	    WHERE source LIKE 'imap:INBOX;UIDVALIDITY=%;UID=%'")" "$NIDS" \
	"each stored message names its folder, UIDVALIDITY and UID"
# shellcheck disable=SC2046
sha256_list $(cat "$T/files") | uniq >"$T/files.sha"
raw_bytes_are_files "$T/files.sha"
ok $? "stored bytes are the files' bytes (SHA-256, CRLF from IMAP undone)"
is "$(db_q 'SELECT last_uid FROM sync_cursors WHERE folder = '"'INBOX'")" \
	"$NFILES" "cursor is at the last UID ($NFILES)"
is "$(imap_cmd INBOX 'UID SEARCH SEEN' | tr -d '\r')" "* SEARCH" \
	"read-only: nothing marked \\Seen on the server"

# 7-10: an idle run is one EXAMINE: no bodies, a few bytes
grep -q "Logged out .*body_count=$NFILES " "$T/first.log"
ok $? "the first run fetched each body once (dovecot: body_count=$NFILES)"
sync >"$T/out" 2>"$T/err"
ok $? "second sync exits 0"
is "$(cat "$T/out" "$T/err")" "" "second sync prints nothing"
line=$(dovecot_last_logout)
in_bytes=$(echo "$line" | sed -n 's/.* in=\([0-9]*\) .*/\1/p')
echo "$line" | grep -q 'body_count=0 ' && [ "$in_bytes" -lt 100 ]
ok $? "idle run sent only EXAMINE, LOGOUT and fetched nothing (in=$in_bytes)"

# 11-13: new mail between runs
gen_maildir "$T/new1" 2 new1
deliver_fixture "$T/new1/new/new1.1.gen" &&
	deliver_fixture "$T/new1/new/new1.2.gen"
ok $? "two new mails appended over IMAP"
sync >"$T/out" 2>&1
is "$(db_q 'SELECT count(*) FROM messages')" "$((NIDS + 2))" \
	"only the two new mails are added"
is "$(cat "$T/out")" "sync: imap INBOX: 2 fetched, 2 new, 0 duplicate" \
	"summary line counts them"

# 14-19: a second folder, then its UIDVALIDITY changes
imap_cmd "" 'CREATE lkp' >/dev/null
gen_maildir "$T/lkp" 5 lkp
for i in 1 2 3 4 5; do deliver_fixture "$T/lkp/new/lkp.$i.gen" lkp; done
write_imap_conf "INBOX, lkp"
sync >/dev/null 2>&1
ok $? "sync of two folders exits 0"
is "$(db_q 'SELECT count(*) FROM messages')" "$((NIDS + 7))" \
	"the second folder's 5 mails are added"
uv1=$(db_q "SELECT uidvalidity FROM sync_cursors WHERE folder = 'lkp'")
imap_cmd "" 'DELETE lkp' >/dev/null
sleep 1	# dovecot derives UIDVALIDITY from the clock
imap_cmd "" 'CREATE lkp' >/dev/null
gen_maildir "$T/lkp" 6 lkp	# the same 5 again and one more
for i in 6 1 2 3 4 5; do deliver_fixture "$T/lkp/new/lkp.$i.gen" lkp; done
sync >"$T/out" 2>"$T/err"
ok $? "sync after the folder was recreated exits 0"
grep -q "UIDVALIDITY of folder 'lkp' changed" "$T/err"
ok $? "the UIDVALIDITY change is reported"
is "$(db_q 'SELECT count(*) FROM messages')" "$((NIDS + 8))" \
	"full resync stores only the one new mail"
uv2=$(db_q "SELECT uidvalidity || ':' || last_uid FROM sync_cursors
	    WHERE folder = 'lkp'")
[ "${uv2%%:*}" != "$uv1" ] && [ "${uv2#*:}" = 6 ]
ok $? "cursor holds the new UIDVALIDITY and UID 6 ($uv1 -> $uv2)"

# 20-23: credentials
printf 'wrong\n' >"$T/imap.pass"
sync >"$T/out" 2>"$T/err"
is "$?" 1 "wrong password exits 1"
is "$(cat "$T/err")" "lkpbot: error: imap: login failed for user '$DOVECOT_USER' at $IMAP_URL/: authentication failed" \
	"wrong password gives one clear line"
grep -q "$DOVECOT_PASS\|wrong" "$T/out" "$T/err"
is "$?" 1 "no password in the output"
write_imap_conf "INBOX" "password_env = LKB_T_PASS"
sed -i '/^password_file/d' "$LKB_CONF"
LKB_T_PASS=$DOVECOT_PASS "$LKPBOT" -c "$LKB_CONF" sync >/dev/null 2>&1
ok $? "password from password_env"

# 24-25: ~/.netrc (libcurl reads it)
write_imap_conf "INBOX"
sed -i '/^password_file/d' "$LKB_CONF"
printf 'machine 127.0.0.1 login %s password %s\n' "$DOVECOT_USER" \
	"$DOVECOT_PASS" >"$HOME/.netrc"
chmod 600 "$HOME/.netrc"
sync >/dev/null 2>&1
ok $? "password from ~/.netrc"
rm -f "$HOME/.netrc"
sync >/dev/null 2>"$T/err"
is "$?" 1 "no password anywhere: login fails (exit 1)"
write_imap_conf INBOX

# 26-29: one run at a time
# -o: the lock stays with flock itself, so killing it releases the lock
flock -o "$LKPBOT_DB.lock" sleep 5 &
holder=$!
sleep 0.3
start=$(date +%s)
sync >"$T/out" 2>"$T/err"
rc=$?
end=$(date +%s)
is "$rc" 0 "a run while another holds the lock exits 0"
[ $((end - start)) -le 1 ]
ok $? "... at once"
is "$(wc -l <"$T/err")" 1 "... with a one-line message"
kill "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
sync -q >"$T/out" 2>&1 && [ ! -s "$T/out" ]
ok $? "-q prints nothing on success"

# 30-34: after = seen, after = move:FOLDER (mail written to the Maildir
# arrives unseen; curl's APPEND would set \Seen itself)
gen_maildir "$T/aft" 4 aft
maildir_put INBOX "$T/aft/new/aft.1.gen" "$T/aft/new/aft.2.gen"
write_imap_conf INBOX "after = seen"
"$LKPBOT" -c "$LKB_CONF" run --dry-run "$T" >/dev/null 2>&1
ok $? "run --dry-run exits 0"
is "$(count_search INBOX 'UNSEEN SUBJECT "[aft]"')" 2 \
	"--dry-run changes nothing on the server"
maildir_put INBOX "$T/aft/new/aft.3.gen" "$T/aft/new/aft.4.gen"
sync >/dev/null 2>&1
is "$(count_search INBOX 'SEEN SUBJECT "[aft]"')" 2 \
	"after = seen marks the 2 fetched mails \\Seen"
imap_cmd "" 'CREATE Done' >/dev/null
gen_maildir "$T/mv" 3 mv
maildir_put INBOX "$T/mv/new/"*
write_imap_conf INBOX "after = move:Done"
sync >/dev/null 2>&1
ok $? "sync with after = move:Done exits 0"
# processed mail is moved: the 3 new ones and all synced before them
is "$(count_search INBOX ALL),$(count_search Done 'ALL')" \
	"0,$((NFILES + 2 + 4 + 3))" "after = move:Done moved every processed mail"
write_imap_conf INBOX

# 35-36: the store is consistent
"$LKPBOT" db check >/dev/null 2>&1
ok $? "lkpbot db check"
is "$(db_q 'SELECT count(*) - count(DISTINCT message_id) FROM messages')" \
	0 "no Message-ID stored twice"

# 37-40: exit codes
printf '[db]\npath = x\n' >"$T/empty.conf"
"$LKPBOT" -c "$T/empty.conf" -d "$LKPBOT_DB" sync >/dev/null 2>&1
is "$?" 5 "nothing configured to sync: exit 5"
write_imap_conf INBOX "after = sometimes"
sync >/dev/null 2>&1
is "$?" 5 "bad after value: exit 5"
write_imap_conf INBOX
stop_dovecot
sync >/dev/null 2>"$T/err"
is "$?" 4 "server down: exit 4 (temporary)"
"$LKPBOT" -c "$LKB_CONF" run >/dev/null 2>&1
is "$?" 4 "run with the server down: exit 4"

tap_done
