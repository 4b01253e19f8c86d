#!/bin/sh
# t0835-secrets-shown.sh - issue 36 row 14 against a real dovecot (TLS,
# submission with AUTH) and smtp-sink: with `url = smtp://user:password@
# host`, `lkpbot doctor` prints no password (nor in the IMAP url) and
# warns that the url holds one; its ok lines say what was negotiated --
# "TLS, AUTH PLAIN" through dovecot, "no TLS, no AUTH" straight to
# smtp-sink, which offers neither -- not what was hoped.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"
. "$LKB_SRCDIR/tests/sh/lib-smtp.sh"
. "$LKB_SRCDIR/tests/sh/lib-tls.sh"
tls_require
tls_make_certs
start_smtp_sink "$T/sink"
start_dovecot_tls "$SMTP_SINK_PORT"
lkb_setup
PW=$DOVECOT_PASS
plan 9

# the password in both urls, nowhere else
tls_smtp_conf url "smtp://$DOVECOT_USER:$PW@127.0.0.1:$SUBMISSION_PORT"
printf '[imap]\nurl = imap://%s:%s@127.0.0.1:%s/\nuser = %s\npassword_env = LKB_PW\ncafile = %s\nfolders = INBOX\nstarttls = yes\n' \
	"$DOVECOT_USER" "$PW" "$DOVECOT_PORT" "$DOVECOT_USER" "$TLS/ca.pem" >>"$T/url.conf"
LKB_PW=$PW "$LKPBOT" -c "$T/url.conf" doctor >"$T/doc.out" 2>&1
is "doctor with passwords in the urls exits 0" "$?" 0
ok_if "... prints no password anywhere" sh -c "! grep -F -- '$PW' '$T/doc.out'"
grep -q "^ok   smtp     smtp://127.0.0.1:$SUBMISSION_PORT accepted $DOVECOT_USER (EHLO, TLS, AUTH PLAIN; nothing sent)" "$T/doc.out"
ok_rc "... the smtp line says TLS and AUTH PLAIN, negotiated" $?
grep -q "^ok   imap     logged in to imap://127.0.0.1:$DOVECOT_PORT/ as $DOVECOT_USER; TLS, AUTH PLAIN; INBOX " "$T/doc.out"
ok_rc "... the imap line says TLS and the AUTH used" $?
is "... and warns of both urls' passwords" \
	"$(grep -c '^warn \(smtp\|imap\) .*the url holds a password (not shown); fix: move it to password_file' "$T/doc.out")" 2
LKB_PW=$PW "$LKPBOT" -v -c "$T/url.conf" doctor >"$T/doc-v.out" 2>&1
ok_if "... nor with -v" sh -c "! grep -F -- '$PW' '$T/doc-v.out'"

# smtp-sink offers neither STARTTLS nor AUTH: the line must say so
cat >"$T/plain.conf" <<EOC
[smtp]
url = smtp://127.0.0.1:$SMTP_SINK_PORT
from = lkpbot <bot@example.org>
starttls = no
timeout = 20
EOC
"$LKPBOT" -c "$T/plain.conf" doctor >"$T/doc.out" 2>&1
grep -q "^ok   smtp     smtp://127.0.0.1:$SMTP_SINK_PORT accepted us (EHLO, no TLS, no AUTH; nothing sent)" "$T/doc.out"
ok_rc "plain smtp-sink: the ok line says no TLS, no AUTH" $?

# a refused password in the url: the error shows the url without it
tls_smtp_conf bad "smtp://$DOVECOT_USER:wrong-$PW@127.0.0.1:$SUBMISSION_PORT"
sed -i '/^user = /d' "$T/bad.conf"
"$LKPBOT" -c "$T/bad.conf" doctor >"$T/doc.out" 2>&1
is "a refused login exits 5" "$?" 5
ok_if "... and prints no password" sh -c "! grep -F -- 'wrong-$PW' '$T/doc.out'"

done_testing
