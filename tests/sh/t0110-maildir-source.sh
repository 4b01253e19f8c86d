#!/bin/sh
# t0110-maildir-source.sh - a local Maildir ([maildir] path) as the mail
# source: only files not read before are read; moves from new/ to cur/
# and new flags do not make a mail new; tmp/ is never read.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"

lkb_setup
CORPUS=$(corpus_maildir) || bail_out "no corpus maildir"
MD=$T/Mail
mkdir -p "$MD/tmp"
cp -R "$CORPUS/cur" "$CORPUS/new" "$MD/"
maildir_files "$MD" >"$T/files"
# shellcheck disable=SC2046
NIDS=$(distinct_msgids $(cat "$T/files"))
# a half-delivered mail in tmp/ must never be read
gen_maildir "$T/g" 6 md
cp "$T/g/new/md.1.gen" "$MD/tmp/123.half"
printf '[maildir]\npath = %s\n' "$MD" >"$LKB_CONF"
sync() { "$LKPBOT" -c "$LKB_CONF" "$@" sync; }
count() { mail_count; }
# directories older than the settle time, as a real idle Maildir is
age_dirs() { touch -d '-1 hour' "$MD/new" "$MD/cur"; }

plan 17

age_dirs
sync >"$T/out" 2>"$T/err"
ok_rc "first sync exits 0" $?
is "every mail of new/ and cur/ is stored ($NIDS)" "$(count)" "$NIDS"
is "tmp/ is not read" "$(db_q "SELECT count(*) FROM messages WHERE message_id =
	    'md-1@gen.lkpbot.test'")" 0
is "sources name the file" \
	"$(db_q "SELECT count(*) FROM messages WHERE source LIKE
	    'maildir:$MD/cur/%' OR source LIKE 'maildir:$MD/new/%'")" "$NIDS"
# shellcheck disable=SC2046
sha256_list $(cat "$T/files") | uniq >"$T/files.sha"
raw_bytes_are_files "$T/files.sha"
ok_rc "stored bytes are the files' bytes" $?

# 6-7: an unchanged Maildir costs two stat() calls
sync -v -v >"$T/out" 2>"$T/err"
ok_rc "second sync exits 0" $?
grep -q 'unchanged since the last run' "$T/err" && [ ! -s "$T/out" ]
ok_rc "second sync sees the Maildir unchanged and prints nothing" $?

# 8-10: a delivered mail is read, a read one whose content changed is not
# (known by name), a move to cur/ with flags is not new
first=$(ls "$MD/cur" | head -1)
cp "$T/g/new/md.3.gen" "$MD/cur/$first"	# new content, old name
cp "$T/g/new/md.2.gen" "$MD/new/1700000000.M1P1.host"
age_dirs
sync >"$T/out" 2>&1
is "only the delivered mail is read" "$(count)" "$((NIDS + 1))"
is "summary line" "$(cat "$T/out")" \
	"sync: maildir $MD: 1 read, 1 new, 0 duplicate"
mv "$MD/new/1700000000.M1P1.host" "$MD/cur/1700000000.M1P1.host:2,S"
age_dirs
sync >"$T/out" 2>&1
is "new/ -> cur/ with flags: not read again" "$(count),$(cat "$T/out")" \
	"$((NIDS + 1)),"

# 11-12: a directory changed in this very second is scanned again next
# time (its stamp is not trusted), and finds what came in meanwhile
cp "$T/g/new/md.4.gen" "$MD/new/1700000001.M2P2.host"
sync >/dev/null 2>&1
cp "$T/g/new/md.5.gen" "$MD/new/1700000002.M3P3.host"
sync >/dev/null 2>&1
is "mail arriving right after a scan is read" "$(count)" "$((NIDS + 3))"
sync -v -v >/dev/null 2>"$T/err"
grep -q 'unchanged since the last run' "$T/err"
is "a just-changed Maildir is not trusted as unchanged" "$?" 1

# 13-14: the same mail in a second Maildir: stored once
MD2=$T/Mail2
mkdir -p "$MD2/new" "$MD2/cur" "$MD2/tmp"
cp "$T/g/new/md.2.gen" "$MD2/new/1.x"
cp "$T/g/new/md.6.gen" "$MD2/new/2.x"
printf '[maildir]\npath = %s\n' "$MD2" >"$LKB_CONF"
sync >"$T/out" 2>&1
ok_rc "sync of a second Maildir exits 0" $?
is "a mail already stored is a duplicate, not a second row" \
	"$(count),$(cat "$T/out")" \
	"$((NIDS + 4)),sync: maildir $MD2: 2 read, 1 new, 1 duplicate"

# 15-17: errors and the store
"$LKPBOT" db check >/dev/null 2>&1
ok_rc "lkpbot db check" $?
printf '[maildir]\npath = %s\n' "$T/nowhere" >"$LKB_CONF"
sync >/dev/null 2>&1
is "a Maildir that does not exist: exit 5" "$?" 5
mkdir -p "$T/notmd/cur"
printf '[maildir]\npath = %s\n' "$T/notmd" >"$LKB_CONF"
sync >/dev/null 2>"$T/err"
is "a directory without new/: exit 5" "$?" 5

done_testing
