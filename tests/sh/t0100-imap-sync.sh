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

plan 40

# 1-6: first sync of the corpus
sync >"$T/out" 2>"$T/err"
ok_rc "first sync exits 0" $?
dovecot_last_logout >"$T/first.log"
is "every message of the corpus is stored ($NIDS)" "$(mail_count)" \
	"$NIDS"
is "each stored message names its folder, UIDVALIDITY and UID" "$(db_q "SELECT count(DISTINCT source) FROM messages
	    WHERE source LIKE 'imap:INBOX;UIDVALIDITY=%;UID=%'")" \
	"$NIDS"
# shellcheck disable=SC2046
sha256_list $(cat "$T/files") | uniq >"$T/files.sha"
raw_bytes_are_files "$T/files.sha"
ok_rc "stored bytes are the files' bytes (SHA-256, CRLF from IMAP undone)" $?
is "cursor is at the last UID ($NFILES)" \
	"$(db_q 'SELECT last_uid FROM sync_cursors WHERE folder = '"'INBOX'")" "$NFILES"
is "read-only: nothing marked \\Seen on the server" "$(imap_cmd INBOX 'UID SEARCH SEEN' | tr -d '\r')" \
	"* SEARCH"

# 7-10: an idle run is one EXAMINE: no bodies, a few bytes
grep -q "Logged out .*body_count=$NFILES " "$T/first.log"
ok_rc "the first run fetched each body once (dovecot: body_count=$NFILES)" $?
sync >"$T/out" 2>"$T/err"
ok_rc "second sync exits 0" $?
is "second sync prints nothing" "$(cat "$T/out" "$T/err")" ""
line=$(dovecot_last_logout)
in_bytes=$(echo "$line" | sed -n 's/.* in=\([0-9]*\) .*/\1/p')
echo "$line" | grep -q 'body_count=0 ' && [ "$in_bytes" -lt 100 ]
ok_rc "idle run sent only EXAMINE, LOGOUT and fetched nothing (in=$in_bytes)" $?

# 11-13: new mail between runs
gen_maildir "$T/new1" 2 new1
deliver_fixture "$T/new1/new/new1.1.gen" &&
	deliver_fixture "$T/new1/new/new1.2.gen"
ok_rc "two new mails appended over IMAP" $?
sync >"$T/out" 2>&1
is "only the two new mails are added" "$(mail_count)" \
	"$((NIDS + 2))"
is "summary line counts them" "$(cat "$T/out")" \
	"sync: imap INBOX: 2 fetched, 2 new, 0 duplicate"

# 14-19: a second folder, then its UIDVALIDITY changes
imap_cmd "" 'CREATE lkp' >/dev/null
gen_maildir "$T/lkp" 5 lkp
for i in 1 2 3 4 5; do deliver_fixture "$T/lkp/new/lkp.$i.gen" lkp; done
write_imap_conf "INBOX, lkp"
sync >/dev/null 2>&1
ok_rc "sync of two folders exits 0" $?
is "the second folder's 5 mails are added" "$(mail_count)" \
	"$((NIDS + 7))"
uv1=$(db_q "SELECT uidvalidity FROM sync_cursors WHERE folder = 'lkp'")
imap_cmd "" 'DELETE lkp' >/dev/null
sleep 1	# dovecot derives UIDVALIDITY from the clock
imap_cmd "" 'CREATE lkp' >/dev/null
gen_maildir "$T/lkp" 6 lkp	# the same 5 again and one more
for i in 6 1 2 3 4 5; do deliver_fixture "$T/lkp/new/lkp.$i.gen" lkp; done
sync >"$T/out" 2>"$T/err"
ok_rc "sync after the folder was recreated exits 0" $?
grep -q "UIDVALIDITY of folder 'lkp' changed" "$T/err"
ok_rc "the UIDVALIDITY change is reported" $?
is "full resync stores only the one new mail" "$(mail_count)" \
	"$((NIDS + 8))"
uv2=$(db_q "SELECT uidvalidity || ':' || last_uid FROM sync_cursors
	    WHERE folder = 'lkp'")
[ "${uv2%%:*}" != "$uv1" ] && [ "${uv2#*:}" = 6 ]
ok_rc "cursor holds the new UIDVALIDITY and UID 6 ($uv1 -> $uv2)" $?

# 20-23: credentials
printf 'wrong\n' >"$T/imap.pass"
sync >"$T/out" 2>"$T/err"
is "wrong password exits 5 (configuration)" "$?" 5
is "wrong password gives one clear line" "$(cat "$T/err")" \
	"lkpbot: error: imap: login failed for user '$DOVECOT_USER' at $IMAP_URL/: authentication failed"
grep -q "$DOVECOT_PASS\|wrong" "$T/out" "$T/err"
is "no password in the output" "$?" 1
write_imap_conf "INBOX" "password_env = LKB_T_PASS"
sed -i '/^password_file/d' "$LKB_CONF"
LKB_T_PASS=$DOVECOT_PASS "$LKPBOT" -c "$LKB_CONF" sync >/dev/null 2>&1
ok_rc "password from password_env" $?

# 24-25: ~/.netrc (libcurl reads it)
write_imap_conf "INBOX"
sed -i '/^password_file/d' "$LKB_CONF"
printf 'machine 127.0.0.1 login %s password %s\n' "$DOVECOT_USER" \
	"$DOVECOT_PASS" >"$HOME/.netrc"
chmod 600 "$HOME/.netrc"
sync >/dev/null 2>&1
ok_rc "password from ~/.netrc" $?
rm -f "$HOME/.netrc"
sync >/dev/null 2>"$T/err"
is "no password anywhere: login fails (exit 5)" "$?" 5
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
is "a run while another holds the lock exits 0" "$rc" 0
[ $((end - start)) -le 1 ]
ok_rc "... at once" $?
is "... with a one-line message" "$(wc -l <"$T/err")" 1
kill "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
sync -q >"$T/out" 2>&1 && [ ! -s "$T/out" ]
ok_rc "-q prints nothing on success" $?

# 30-34: after = seen, after = move:FOLDER (mail written to the Maildir
# arrives unseen; curl's APPEND would set \Seen itself)
gen_maildir "$T/aft" 4 aft
maildir_put INBOX "$T/aft/new/aft.1.gen" "$T/aft/new/aft.2.gen"
write_imap_conf INBOX "after = seen"
"$LKPBOT" -c "$LKB_CONF" run --dry-run "$T" >/dev/null 2>&1
ok_rc "run --dry-run exits 0" $?
is "--dry-run changes nothing on the server" "$(count_search INBOX 'UNSEEN SUBJECT "[aft]"')" \
	2
maildir_put INBOX "$T/aft/new/aft.3.gen" "$T/aft/new/aft.4.gen"
sync >/dev/null 2>&1
is "after = seen marks the 2 fetched mails \\Seen" "$(count_search INBOX 'SEEN SUBJECT "[aft]"')" \
	2
imap_cmd "" 'CREATE Done' >/dev/null
gen_maildir "$T/mv" 3 mv
maildir_put INBOX "$T/mv/new/"*
write_imap_conf INBOX "after = move:Done"
sync >/dev/null 2>&1
ok_rc "sync with after = move:Done exits 0" $?
# processed mail is moved: the 3 new ones and all synced before them
is "after = move:Done moved every processed mail" \
	"$(count_search INBOX ALL),$(count_search Done 'ALL')" "0,$((NFILES + 2 + 4 + 3))"
write_imap_conf INBOX

# 35-36: the store is consistent
"$LKPBOT" db check >/dev/null 2>&1
ok_rc "lkpbot db check" $?
is "no Message-ID stored twice" \
	"$(db_q 'SELECT count(*) - count(DISTINCT message_id) FROM messages')" 0

# 37-40: exit codes
printf '[db]\npath = x\n' >"$T/empty.conf"
"$LKPBOT" -c "$T/empty.conf" -d "$LKPBOT_DB" sync >/dev/null 2>&1
is "nothing configured to sync: exit 5" "$?" 5
write_imap_conf INBOX "after = sometimes"
sync >/dev/null 2>&1
is "bad after value: exit 5" "$?" 5
write_imap_conf INBOX
stop_dovecot
sync >/dev/null 2>"$T/err"
is "server down: exit 4 (temporary)" "$?" 4
"$LKPBOT" -c "$LKB_CONF" run >/dev/null 2>&1
is "run with the server down: exit 4" "$?" 4

done_testing
