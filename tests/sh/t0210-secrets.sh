#!/bin/sh
# t0210-secrets.sh - where passwords and tokens come from, against a real
# dovecot (imaps, submission with smtps) whose oauth2 passdb validates
# JWTs locally: password_command (run once, capped, stderr passed
# through, a failure is a configuration error naming the key),
# ~/.netrc for SMTP, one source only, and oauth2_token_command with
# OAUTHBEARER and then XOAUTH2 for both IMAP and SMTP; a password for a
# server with OAuth2 mechanisms only is not sent. TAP output.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"
. "$LKB_SRCDIR/tests/sh/lib-smtp.sh"
. "$LKB_SRCDIR/tests/sh/lib-tls.sh"
tls_require

tls_make_certs
oauth2_setup
start_smtp_sink "$T/sink"
start_dovecot_tls "$SMTP_SINK_PORT" "$OAUTH2_CONF"
lkb_setup
deliver_fixture "$LKB_TEST_DATA/imap/maildir/cur/$(ls \
	"$LKB_TEST_DATA/imap/maildir/cur" | head -1)" ||
	bail_out "cannot deliver a fixture"
printf '%s\n' "$DOVECOT_PASS" >"$T/pw"
chmod 600 "$T/pw"
SMTPS=smtps://127.0.0.1:$SUBMISSIONS_PORT

plan 33

# imap CREDENTIAL-LINES: sync with a fresh database; stdout/stderr in
# $T/out and $T/err; returns lkpbot's exit status
imap() {
	{
		echo "[imap]"
		echo "url = $IMAPS_URL/"
		echo "user = $DOVECOT_USER"
		echo "cafile = $TLS/ca.pem"
		printf '%s\n' "$1"
	} >"$LKB_CONF"
	rm -f "$LKPBOT_DB"
	"$LKPBOT" -c "$LKB_CONF" ${2:-} sync >"$T/out" 2>"$T/err"
}
stored() { mail_count; }
logins() { grep -c "$1-login: Info: Login: user=<$DOVECOT_USER>, method=$2," "$DOVECOT_DIR/dovecot.log"; }

# ---- password_command -------------------------------------------------------
imap "password_command = echo 'helper speaks' >&2; cat $T/pw"
ok_rc "imap password_command: sync exits 0" $?
is "imap password_command: the message is stored" "$(stored)" 1
ok_if "password_command: its stderr is passed through" \
	grep -qx 'helper speaks' "$T/err"
imap "password_command = echo 'no key' >&2; exit 3"
is "failing password_command: exit 5" "$?" 5
ok_if "failing password_command: the error names the key and the status" \
	grep -q "error: \[imap\] password_command: the command failed (exit 3)" "$T/err"
ok_if "failing password_command: the command's own words too" \
	grep -qx 'no key' "$T/err"
imap "password_command = true"
is "password_command with no output: exit 5" "$?" 5
ok_if "password_command with no output: said so" \
	grep -q '\[imap\] password_command (its output) gave nothing' "$T/err"
imap "password_command = head -c 5000 /dev/zero | tr '\\\\0' a"
is "password_command printing 5000 bytes: exit 5" "$?" 5
ok_if "password_command too long: names the limit" \
	grep -q 'longer than LKB_MAX_SECRET_BYTES (4096)' "$T/err"
imap "password_file = $T/pw
password_command = cat $T/pw"
is "two password sources: exit 5" "$?" 5
ok_if "two password sources: give only one" \
	grep -q '\[imap\]: give only one of password_file, password_env, password_command and oauth2_token_command' "$T/err"
# what the command's parent (lkpbot) shows the system: its argv and
# environment, read from /proc while it waits for the password
cat >"$T/peek" <<EOF
#!/bin/sh
p=\$PPID
while [ "\$(cat /proc/\$p/comm)" != lkpbot ] && [ "\$p" -gt 1 ]; do
	p=\$(awk '{ print \$4 }' /proc/\$p/stat)
done
tr '\\0' '\\n' </proc/\$p/cmdline >"$T/argv"
tr '\\0' '\\n' </proc/\$p/environ >"$T/environ"
env >"$T/child-env"
cat "$T/pw"
EOF
chmod 755 "$T/peek"
imap "password_command = $T/peek" "-v -v"
ok_rc "password_command run from lkpbot: sync exits 0" $?
ok_if "the password is not in lkpbot's argv, environment, a child's environment or the log" \
	sh -c "test -s '$T/argv' && test -s '$T/environ' &&
	       ! grep -q -e '$DOVECOT_PASS' '$T/argv' '$T/environ' '$T/child-env' '$T/err' '$T/out'"

# ---- SMTP: password_command and ~/.netrc ----------------------------------
DB=$T/smtp.db
QCONF=$T/q.conf
tls_smtp_conf q "$SMTPS" "password_command = cat $T/pw"
id=$(enqueue pc)
"$LKPBOT" -c "$QCONF" -d "$DB" send >"$T/out" 2>"$T/err"
ok_rc "smtp password_command: send exits 0" $?
is "smtp password_command: relayed once" \
	"$(mails_with "$(field "$id" message_id | tr -d '"')")" 1
tls_smtp_conf bad "$SMTPS" "password_command = exit 7"
id=$(enqueue pcbad)
"$LKPBOT" -c "$T/bad.conf" -d "$DB" send >"$T/out" 2>"$T/err"
is "smtp failing password_command: exit 5, the row stays pending" \
	"$?/$(field "$id" state)/$(field "$id" attempts)" '5/"pending"/0'
printf 'machine 127.0.0.1 login %s password %s\n' "$DOVECOT_USER" \
	"$DOVECOT_PASS" >"$HOME/.netrc"
chmod 600 "$HOME/.netrc"
tls_smtp_conf netrc "$SMTPS"
"$LKPBOT" -c "$T/netrc.conf" -d "$DB" send >"$T/out" 2>"$T/err"
ok_rc "smtp password from ~/.netrc: send exits 0" $?
is "smtp ~/.netrc: the waiting row went out" \
	"$(mails_with "$(field "$id" message_id | tr -d '"')")" 1
rm -f "$HOME/.netrc"

# ---- OAuth2: OAUTHBEARER, then XOAUTH2 --------------------------------------
make_jwt "$DOVECOT_USER" 3600 >"$T/token"
make_jwt "$DOVECOT_USER" -600 >"$T/expired-token"
n0=$(logins imap OAUTHBEARER)
imap "oauth2_token_command = cat $T/token" "-v -v"
ok_rc "imap oauth2_token_command: sync exits 0" $?
is "imap OAUTHBEARER: dovecot logged the login" "$(logins imap OAUTHBEARER)" $((n0 + 1))
ok_if "imap OAuth2: the token is not logged" \
	sh -c "! grep -q -F '$(cut -d. -f3 "$T/token")' '$T/err' '$T/out'"
imap "oauth2_token_command = cat $T/expired-token"
is "imap expired token: exit 5 (login refused)" "$?" 5
tls_smtp_conf q "$SMTPS" "oauth2_token_command = cat $T/token"
id=$(enqueue oa1)
"$LKPBOT" -c "$QCONF" -d "$DB" send >"$T/out" 2>"$T/err"
ok_rc "smtp oauth2_token_command: send exits 0" $?
is "smtp OAUTHBEARER: relayed once, dovecot logged the login" \
	"$(mails_with "$(field "$id" message_id | tr -d '"')")/$(logins submission OAUTHBEARER)" 1/1
tls_smtp_conf bad "$SMTPS" "oauth2_token_command = cat $T/expired-token"
id=$(enqueue oa2)
"$LKPBOT" -c "$T/bad.conf" -d "$DB" send >"$T/out" 2>"$T/err"
is "smtp expired token: exit 5, the row stays pending" \
	"$?/$(field "$id" state)" '5/"pending"'

# a server that offers XOAUTH2 only
sed -i 's/^auth_mechanisms = .*/auth_mechanisms = plain login xoauth2/' \
	"$DOVECOT_DIR/dovecot.conf"
restart_dovecot || bail_out "dovecot did not restart"
imap "oauth2_token_command = cat $T/token"
ok_rc "imap XOAUTH2: sync exits 0" $?
is "imap XOAUTH2: dovecot logged the login" "$(logins imap XOAUTH2)" 1
"$LKPBOT" -c "$QCONF" -d "$DB" send >"$T/out" 2>"$T/err"
ok_rc "smtp XOAUTH2: send exits 0" $?
is "smtp XOAUTH2: the waiting row went out, dovecot logged the login" \
	"$(mails_with "$(field "$id" message_id | tr -d '"')")/$(logins submission XOAUTH2)" 1/1

# a server that offers OAuth2 mechanisms only: a password is not sent
sed -i 's/^auth_mechanisms = .*/auth_mechanisms = xoauth2 oauthbearer/' \
	"$DOVECOT_DIR/dovecot.conf"
# (its probe logs in with the token then)
DOVECOT_PROBE_OPTS="$DOVECOT_PROBE_OPTS --oauth2-bearer $(cat "$T/token")"
restart_dovecot || bail_out "dovecot did not restart"
tls_smtp_conf pwonly "$SMTPS" "password_file = $T/pw"
id=$(enqueue pwonly)
n0=$(grep -c 'submission-login: .*\(Login\|auth failed\)' "$DOVECOT_DIR/dovecot.log")
"$LKPBOT" -c "$T/pwonly.conf" -d "$DB" send >"$T/out" 2>"$T/err"
is "smtp password, server with OAuth2 only: exit 5, the row pending" \
	"$?/$(field "$id" state)" '5/"pending"'
ok_if "... says what a password needs and what the server offers" \
	grep -q "no login was tried: \[smtp\] a password needs PLAIN, LOGIN, CRAM-MD5 or DIGEST-MD5, and the server offers only AUTH XOAUTH2 OAUTHBEARER" "$T/err"
is "... and dovecot saw no login" \
	"$(grep -c 'submission-login: .*\(Login\|auth failed\)' "$DOVECOT_DIR/dovecot.log")" "$n0"

done_testing
