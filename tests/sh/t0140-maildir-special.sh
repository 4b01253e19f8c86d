#!/bin/sh
# t0140-maildir-special.sh - a Maildir holding a FIFO, a symbolic link to
# a private file, a directory and a link to a device: `sync` reads only
# regular files, skips the others with a warning, never waits on a FIFO
# and never stores what a link points to. (`import DIR` follows links on
# purpose, for folders of links such as mairix results: t0050.) A file
# over LKB_MAX_MESSAGE_BYTES is stored as rejected with its head, as
# import stores it (one walker, one policy: mailsource.h).
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"

S=$LKB_TEST_DATA/stories
lkb_setup
MD=$T/Mail
mkdir -p "$MD/cur" "$MD/new" "$MD/tmp"
cp "$S/000-report.eml" "$MD/new/1.a"
cp "$S/001-report.eml" "$MD/new/3.c"
mkfifo "$MD/new/2.fifo"
printf 'From: root@example.org\nSubject: secret\n\nSECRET-%s\n' $$ >"$T/secret"
chmod 600 "$T/secret"
ln -s "$T/secret" "$MD/new/2.link"
mkdir "$MD/new/2.dir"
ln -s /dev/zero "$MD/new/2.zero"
touch -d '-1 hour' "$MD/new" "$MD/cur"
printf '[maildir]\npath = %s\n' "$MD" >"$LKB_CONF"
secret_rows() {
	db_q "SELECT count(*) FROM messages WHERE
		CAST(raw AS TEXT) LIKE '%SECRET-$$%' OR body LIKE '%SECRET-$$%'
		OR subject = 'secret'"
}

plan 10

# 1-6: sync
timeout 30 "$LKPBOT" -c "$LKB_CONF" sync >"$T/out" 2>"$T/err"
rc=$?
ok_if "sync does not hang on the FIFO (exit $rc)" test "$rc" != 124
is "sync exits 0" "$rc" 0
is "the two mails are stored" "$(db_q 'SELECT count(*) FROM messages')" 2
is "the linked file is not stored" "$(secret_rows)" 0
is "one warning per special file" \
	"$(grep -c -E "skipping '.*/2\.[a-z]*': (not a regular file|a symbolic link)" \
		"$T/err")" 4
timeout 30 "$LKPBOT" -c "$LKB_CONF" sync >"$T/out" 2>"$T/err"
is "the next sync says nothing more" "$?/$(cat "$T/err")" 0/

# 7-10: a file over the limit: stored as rejected, 64 MiB of it kept,
# the limit named as import names it; read once
{ printf 'Subject: big\nMessage-ID: <big@x>\n\n'; head -c 100 /dev/zero; } \
	>"$MD/new/4.big"
truncate -s $((64 * 1024 * 1024 + 1)) "$MD/new/4.big"
touch -d '-1 hour' "$MD/new" "$MD/cur"
"$LKPBOT" -c "$LKB_CONF" sync >"$T/out" 2>"$T/err"
is "a file over the limit: sync exits 0" "$?" 0
ok_if "... the limit and the fix named as import names them" grep -qF \
	"4.big: message larger than 67108864 bytes (LKB_MAX_MESSAGE_BYTES); stored as rejected with its head; nothing to do unless it matters (the limit is in lib/limits.h)" \
	"$T/err"
is "... stored as rejected, 64 MiB of it kept" \
	"$(db_q "SELECT quality || ' ' || raw_len || ' ' || problem FROM messages
	    WHERE source LIKE '%/new/4.big'")" \
	"rejected 67108864 message larger than LKB_MAX_MESSAGE_BYTES"
touch -d '-1 hour' "$MD/new" "$MD/cur"
"$LKPBOT" -c "$LKB_CONF" sync >"$T/out" 2>"$T/err"
is "... and not read again" "$?/$(cat "$T/err")/$(db_q 'SELECT count(*) FROM messages')" 0//3

done_testing
