#!/bin/sh
# t0200-tls-auth.sh - TLS and SMTP AUTH against a real dovecot with
# ssl = required: IMAP over STARTTLS and imaps, SMTP submission over
# STARTTLS and smtps with AUTH against dovecot's passdb, relaying to a
# postfix smtp-sink. Certificates from a test CA made here; an unknown
# CA, an expired certificate (openssl s_server) and a name mismatch fail
# closed with exit 5; insecure = yes is the only way past, and warns. A
# wrong SMTP password is a configuration error that keeps the answer
# queued, costs one login per run and never shows the password. TAP.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"
. "$LKB_SRCDIR/tests/sh/lib-smtp.sh"
. "$LKB_SRCDIR/tests/sh/lib-tls.sh"
tls_require
[ -x /usr/lib/dovecot/submission ] ||
	bail_out "dovecot-submissiond is not installed"
ENQ=$LKB_BUILDDIR/tests/tools/outbox-enqueue
[ -x "$ENQ" ] || bail_out "$ENQ not built"
lkb_on_exit smtp_cleanup

tls_make_certs
start_smtp_sink "$T/sink"
start_dovecot_tls "$SMTP_SINK_PORT"
lkb_setup
start_tls_server "$TLS/expired.pem" "$TLS/expired.key"
EXPIRED_PORT=$TLS_SERVER_PORT
deliver_fixture "$LKB_TEST_DATA/imap/maildir/cur/$(ls \
	"$LKB_TEST_DATA/imap/maildir/cur" | head -1)" ||
	bail_out "cannot deliver a fixture"

plan 52

sync() { "$LKPBOT" -c "$LKB_CONF" sync; }
# last_cafile FILE: keep only the last cafile line (an override)
last_cafile() {
	[ "$(grep -c '^cafile = ' "$1")" -gt 1 ] &&
		sed -i '0,/^cafile = /{/^cafile = /d}' "$1"
	return 0
}
# imap_conf URL [EXTRA LINES]: write the config for URL with the test CA
imap_conf() {
	write_imap_conf INBOX "cafile = $TLS/ca.pem
${2:-}"
	sed -i "s|^url = .*|url = $1/|" "$LKB_CONF"
	last_cafile "$LKB_CONF"
	rm -f "$LKPBOT_DB"
}
tls_logins() { grep -c 'imap-login: Info: Login: .*TLS' "$DOVECOT_DIR/dovecot.log"; }

# ---- IMAP: STARTTLS and imaps, verified against cafile ----------------------
imap_conf "$IMAP_URL" "starttls = yes"
n0=$(tls_logins)
sync >"$T/out" 2>"$T/err"
ok_rc "imap:// + starttls = yes: sync exits 0" $?
is "imap:// + starttls: the message is stored" \
	"$(mail_count)" 1
is "imap:// + starttls: dovecot saw a TLS login" "$(tls_logins)" $((n0 + 1))
imap_conf "$IMAPS_URL"
sync >"$T/out" 2>"$T/err"
ok_rc "imaps://: sync exits 0" $?
is "imaps://: the message is stored" "$(mail_count)" 1
is "imaps://: dovecot saw a TLS login" "$(tls_logins)" $((n0 + 2))
is "imaps:// verified: no warning" "$(cat "$T/err")" ""

# ---- IMAP: every certificate problem fails closed ---------------------------
# imap_refused DESC URL REASON [EXTRA]: exit 5, one error naming URL and
# REASON, nothing stored
imap_refused() {
	imap_conf "$2" "${4:-}"
	sync >"$T/out" 2>"$T/err"
	is "imap $1: exit 5 (configuration)" "$?" 5
	ok_if "imap $1: the error names the server and the reason" \
		grep -F "imap: TLS with $2/ failed: $3" "$T/err"
	is "imap $1: nothing stored" "$(db_q 'SELECT count(*) FROM messages' \
		2>/dev/null || echo 0)" 0
}
imap_refused "unknown CA" "$IMAPS_URL" \
	"TLS certificate refused: it is not signed by a trusted CA" \
	"cafile = $TLS/other-ca.pem"
imap_refused "expired certificate" "imaps://127.0.0.1:$EXPIRED_PORT" \
	"TLS certificate refused: the certificate has expired"
imap_refused "name mismatch" "imaps://localhost:$IMAPS_PORT" \
	"SSL: certificate subject name (127.0.0.1) does not match target host name 'localhost'"
# no cafile: the system store, which does not know the test CA
write_imap_conf INBOX
sed -i "s|^url = .*|url = $IMAPS_URL/|" "$LKB_CONF"
sync >"$T/out" 2>"$T/err"
is "imap: verification is on without cafile (exit 5)" "$?" 5
imap_conf "$IMAPS_URL" "cafile = $TLS/other-ca.pem
insecure = yes"
sync >"$T/out" 2>"$T/err"
ok_rc "imap insecure = yes: the unknown CA is accepted" $?
ok_if "imap insecure = yes: warns" \
	grep -q "warning: imap: TLS certificate verification is off for '$IMAPS_URL/'" "$T/err"

# ---- IMAP: STARTTLS by default to a host that is not loopback -------------
# [::ffff:127.0.0.1] reaches this dovecot but is not a loopback name
MAPPED=imap://[::ffff:127.0.0.1]:$DOVECOT_PORT
n0=$(tls_logins)
imap_conf "$MAPPED" "insecure = yes"
sync >"$T/out" 2>"$T/err"
ok_rc "imap:// to another host, starttls unset: sync exits 0" $?
is "... and it used STARTTLS (dovecot saw a TLS login)" "$(tls_logins)" $((n0 + 1))
imap_conf "$MAPPED" "starttls = no"
sync >"$T/out" 2>"$T/err"
ok_if "starttls = no to another host warns of the clear-text login" \
	grep -q "warning: imap: starttls = no: the login to imap://\[[0-9a-f:.]*\]:$DOVECOT_PORT/ crosses the network in clear text" "$T/err"

# ---- SMTP: smtps and STARTTLS with AUTH -------------------------------------
printf '%s\n' "$DOVECOT_PASS" >"$T/smtp.pass"
chmod 600 "$T/smtp.pass"
smtp_conf() {
	tls_smtp_conf "$1" "$2" "password_file = $T/smtp.pass
${3:-}"
}
DB=$T/smtp.db
bot() { _c=$1; shift; "$LKPBOT" -c "$T/$_c.conf" -d "$DB" "$@"; }
smtp_logins() { grep -c "submission-login: Info: Login: user=<$DOVECOT_USER>, method=PLAIN.*TLS" "$DOVECOT_DIR/dovecot.log"; }
auth_fails() { grep -c 'submission-login: Info: Disconnected.*auth failed' "$DOVECOT_DIR/dovecot.log"; }

smtp_conf smtps "smtps://127.0.0.1:$SUBMISSIONS_PORT"
QCONF=$T/smtps.conf
smtp_conf starttls "smtp://127.0.0.1:$SUBMISSION_PORT" "starttls = yes"
id=$(enqueue s1)
mid=$(field "$id" message_id | tr -d '"')
n0=$(smtp_logins)
bot smtps -v -v send >"$T/out" 2>"$T/err"
ok_rc "smtps:// with AUTH: send exits 0" $?
is "smtps://: the row is sent" "$(field "$id" state)" '"sent"'
is "smtps://: relayed to smtp-sink once" "$(mails_with "$mid")" 1
is "smtps://: dovecot saw an authenticated TLS login" "$(smtp_logins)" $((n0 + 1))
b64=$(printf '\0%s\0%s' "$DOVECOT_USER" "$DOVECOT_PASS" | base64)
ok_if "smtps://: neither the password nor its base64 at -v -v" \
	sh -c "! grep -q -e '$DOVECOT_PASS' -e '$b64' '$T/err' '$T/out'"
id=$(enqueue s2)
mid=$(field "$id" message_id | tr -d '"')
bot starttls send >"$T/out" 2>"$T/err"
ok_rc "smtp:// + STARTTLS with AUTH: send exits 0" $?
is "smtp:// + STARTTLS: relayed once" "$(mails_with "$mid")" 1
is "smtp:// + STARTTLS: dovecot saw a TLS login" "$(smtp_logins)" $((n0 + 2))

# ---- SMTP: certificate problems keep the mail queued, exit 5 ---------------
# smtp_refused DESC URL REASON [EXTRA]
smtp_refused() {
	smtp_conf bad "$2" "${4:-}"
	rid=$(enqueue "r$tap_n")
	bot bad send >"$T/out" 2>"$T/err"
	is "smtp $1: exit 5 (configuration)" "$?" 5
	ok_if "smtp $1: the error names the server and the reason" \
		grep -F "smtp: $2 refused us: $3" "$T/err"
	is "smtp $1: the row stays pending, no attempt counted" \
		"$(field "$rid" state)/$(field "$rid" attempts)" '"pending"/0'
	bot smtps send >/dev/null 2>&1	# sent with the good config
}
smtp_refused "unknown CA" "smtps://127.0.0.1:$SUBMISSIONS_PORT" \
	"TLS certificate refused: it is not signed by a trusted CA" \
	"cafile = $TLS/other-ca.pem"
smtp_refused "expired certificate" "smtps://127.0.0.1:$EXPIRED_PORT" \
	"TLS certificate refused: the certificate has expired"
smtp_refused "name mismatch" "smtps://localhost:$SUBMISSIONS_PORT" \
	"SSL: certificate subject name (127.0.0.1) does not match target host name 'localhost'"
smtp_conf insecure "smtps://127.0.0.1:$SUBMISSIONS_PORT" \
	"cafile = $TLS/other-ca.pem
insecure = yes"
id=$(enqueue ins)
bot insecure send >"$T/out" 2>"$T/err"
ok_rc "smtp insecure = yes: sent despite the unknown CA" $?
ok_if "smtp insecure = yes: warns" grep -q 'warning: TLS certificate verification is off' "$T/err"

# ---- SMTP: a wrong password is a configuration error ------------------------
printf 'not-the-password\n' >"$T/wrong.pass"
chmod 600 "$T/wrong.pass"
smtp_conf wrong "smtps://127.0.0.1:$SUBMISSIONS_PORT"
sed -i "s|^password_file = .*|password_file = $T/wrong.pass|" "$T/wrong.conf"
w1=$(enqueue w1)
w2=$(enqueue w2)
f0=$(auth_fails)
bot wrong -v -v send >"$T/out" 2>"$T/err"
is "wrong password: exit 5 (configuration)" "$?" 5
ok_if "wrong password: the server's words on stderr" \
	grep -q "smtp: smtps://127.0.0.1:$SUBMISSIONS_PORT refused us: 535 5.7.8 Authentication failed" "$T/err"
is "wrong password: both answers stay pending, no attempt counted" \
	"$(field "$w1" state)/$(field "$w1" attempts) $(field "$w2" state)/$(field "$w2" attempts)" \
	'"pending"/0 "pending"/0'
lerr=$(field "$w1" last_error)
ok_if "wrong password: the server's reply is recorded ($lerr)" \
	sh -c "printf '%s' '$lerr' | grep -q '^\"535 5.7.8 '"
is "wrong password: one login per run, however many rows" "$(auth_fails)" $((f0 + 1))
bot wrong send >/dev/null 2>&1
is "wrong password again: exit 5, one more login, no storm" \
	"$?/$(auth_fails)" "5/$((f0 + 2))"
b64=$(printf '\0%s\0%s' "$DOVECOT_USER" not-the-password | base64)
ok_if "wrong password: never shown, nor its base64" \
	sh -c "! grep -q -e 'not-the-password' -e '$b64' '$T/err' '$T/out' '$DOVECOT_DIR/dovecot.log'"
bot smtps send >"$T/out" 2>"$T/err"
ok_rc "password fixed: send exits 0" $?
is "password fixed: both answers go out, once each" \
	"$(mails_with "$(field "$w1" message_id | tr -d '"')")$(mails_with "$(field "$w2" message_id | tr -d '"')")" 11

# ---- SMTP: a temporary AUTH failure (454) is temporary ----------------------
# dovecot answers 454 only when its passdb breaks: a scripted server
FAKE_PORT=$(free_port)
perl -MIO::Socket::INET -e '
	my $s = IO::Socket::INET->new(LocalAddr => "127.0.0.1",
		LocalPort => $ARGV[0], Listen => 5, ReuseAddr => 1) or die;
	while (my $c = $s->accept) {
		$c->autoflush(1);
		print $c "220 fake ESMTP\r\n";
		while (my $l = <$c>) {
			if ($l =~ /^EHLO/i) {
				print $c "250-fake\r\n250 AUTH PLAIN LOGIN\r\n";
			} elsif ($l =~ /^AUTH/i) {
				print $c "454 4.7.0 Temporary authentication failure\r\n";
			} elsif ($l =~ /^QUIT/i) {
				print $c "221 bye\r\n"; last;
			} else { print $c "502 no\r\n"; }
		}
		close $c;
	}' "$FAKE_PORT" &
FAKE_PID=$!
stop_fake() { kill "$FAKE_PID" 2>/dev/null; }
lkb_on_exit stop_fake
n=0
while ! port_listening "$FAKE_PORT" && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
smtp_conf fake "smtp://127.0.0.1:$FAKE_PORT"
tid=$(enqueue t454)
bot fake send >"$T/out" 2>"$T/err"
is "AUTH answered 454: exit 4 (temporary), the row stays pending" \
	"$?/$(field "$tid" state)/$(field "$tid" attempts)" '4/"pending"/0'
ok_if "AUTH answered 454: the server's words on stderr" \
	grep -q '454 4.7.0 Temporary authentication failure' "$T/err"

done_testing
