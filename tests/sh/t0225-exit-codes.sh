#!/bin/sh
# t0225-exit-codes.sh - issue 39's table, row by row, against a real
# dovecot (imaps, submission with STARTTLS and with implicit TLS): each
# mistake an admin makes gives `doctor` and the command that meets it
# (sync, send, run) the exit code lkpbot(1) gives it -- 5 for what only
# a human can fix, never 4 (the unit counts 4 as success) -- and the
# hint naming the fix. No login is sent when none can succeed. TAP.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"
. "$LKB_SRCDIR/tests/sh/lib-smtp.sh"
. "$LKB_SRCDIR/tests/sh/lib-tls.sh"
tls_require

tls_make_certs
start_smtp_sink "$T/sink"
start_dovecot_tls "$SMTP_SINK_PORT"
lkb_setup
printf '%s\n' "$DOVECOT_PASS" >"$T/pw"
chmod 600 "$T/pw"
ENQ=$LKB_BUILDDIR/tests/tools/outbox-enqueue

plan 106

# conf [SED]: a good configuration, then sed expressions on it
conf() { tls_good_conf "${1:-}"; }
# doctor / lk VERB: exit status, stdout in $T/out, stderr in $T/err
doctor() { "$LKPBOT" -c "$LKB_CONF" doctor >"$T/out" 2>"$T/err"; }
lk() { "$LKPBOT" -c "$LKB_CONF" "$@" >"$T/out" 2>"$T/err"; }
# logins and failed logins dovecot saw (any protocol)
logins() { grep -c -e '-login: Info: Login: ' -e 'auth failed' \
	-e 'Disconnected (auth failed' -e 'Authentication failed' \
	"$DOVECOT_DIR/dovecot.log"; }
# a pending answer, to give send something to do
queue() {
	ack_enqueue "$LKB_CONF" "$LKPBOT_DB" "$T" "$1" 'Re: a report' ||
		bail_out "outbox-enqueue failed"
}

conf
lk sync || bail_out "a good configuration does not sync"
doctor
ok_rc "a good configuration: doctor exits 0" $?

# ---- no password source ----------------------------------------------------
printf 'wrong\n' >"$T/badpw"
chmod 600 "$T/badpw"
conf "s|^password_file = .*|password_file = $T/badpw|"
l0=$(logins)
doctor
ok_if "(control: dovecot's log shows a refused login)" \
	test "$(logins)" -gt "$l0"
conf '/^password_file/d'
l0=$(logins)
doctor
is "no password source: doctor exits 5" "$?" 5
ok_if "no password source: the imap line names the keys" \
	grep -q "^fail imap .*\[imap\] user '$DOVECOT_USER' has no password: set \[imap\] password_file, password_env, password_command or oauth2_token_command" "$T/out"
ok_if "no password source: the smtp line too" \
	grep -q "^fail smtp .*\[smtp\] user '$DOVECOT_USER' has no password: set \[smtp\] password_file" "$T/out"
ok_if "no password source: ~/.netrc is named with the host" \
	grep -q "or add 'machine 127.0.0.1 login $DOVECOT_USER password ...' to ~/.netrc; no login was tried" "$T/out"
lk sync
is "no password source: sync exits 5" "$?" 5
ok_if "no password source: sync says which keys" \
	grep -q "error: \[imap\] user '$DOVECOT_USER' has no password" "$T/err"
row=$(queue nopw)
lk send
is "no password source: send exits 5" "$?" 5
ok_if "no password source: send says which keys" \
	grep -q "\[smtp\] user '$DOVECOT_USER' has no password" "$T/err"
is "no password source: the answer stays pending" \
	"$(sqlite3 "$LKPBOT_DB" "SELECT state FROM outbox WHERE id = $row")" \
	pending
is "no password source: dovecot saw no login at all" "$(logins)" "$l0"
printf 'machine 127.0.0.1 login %s password %s\n' "$DOVECOT_USER" \
	"$DOVECOT_PASS" >"$HOME/.netrc"
chmod 600 "$HOME/.netrc"
doctor
ok_rc "a ~/.netrc entry for the host and user: doctor exits 0" $?
printf 'machine 127.0.0.1 login someone-else password x\n' \
	>"$HOME/.netrc"
doctor
is "a ~/.netrc entry for another login only: doctor exits 5" "$?" 5
rm -f "$HOME/.netrc"

# ---- a mechanism the server lacks ------------------------------------------
conf "s|^password_file = .*|oauth2_token_command = echo not-a-token|"
l0=$(logins)
doctor
is "OAuth2 with a server without OAUTHBEARER/XOAUTH2: doctor exits 5" "$?" 5
ok_if "... the imap line says what was wanted and what is offered" \
	grep -q "^fail imap .*no login was tried: \[imap\] oauth2_token_command needs SASL OAUTHBEARER or XOAUTH2, and the server offers only AUTH PLAIN LOGIN" "$T/out"
ok_if "... the smtp line too" \
	grep -q "^fail smtp .*no login was tried: \[smtp\] oauth2_token_command needs SASL OAUTHBEARER or XOAUTH2, and the server offers only AUTH PLAIN LOGIN" "$T/out"
lk sync
is "... sync exits 5" "$?" 5
ok_if "... sync says the same" \
	grep -q "no login was tried: \[imap\] oauth2_token_command needs SASL OAUTHBEARER or XOAUTH2" "$T/err"
row=$(queue nomech)
lk send
is "... send exits 5" "$?" 5
ok_if "... send says the same" \
	grep -q "no login was tried: \[smtp\] oauth2_token_command needs SASL OAUTHBEARER or XOAUTH2" "$T/err"
is "... the answer stays pending, not tried" \
	"$(sqlite3 "$LKPBOT_DB" "SELECT state || ' ' || attempts FROM outbox WHERE id = $row")" \
	"pending 0"
is "... and dovecot saw no login (no empty-password PLAIN)" "$(logins)" "$l0"

# ---- the password file -----------------------------------------------------
conf "s|^password_file = .*|password_file = $T/nosuch|"
doctor
is "a missing password file: doctor exits 5" "$?" 5
ok_if "a missing password file: named, with the fix (not 'url and port')" \
	grep -q "^fail imap     \[imap\] password_file: cannot open '$T/nosuch': No such file or directory; create it with the password on its first line.*; fix: correct what the message names" "$T/out"
ok_if "... the smtp line too" \
	grep -q "^fail smtp .*\[smtp\] password_file: cannot open '$T/nosuch': No such file or directory; create it" "$T/out"
ok_if "... and no 'check url and port' anywhere" \
	sh -c "! grep -q 'url and port' '$T/out'"
lk sync
is "a missing password file: sync exits 5" "$?" 5
ok_if "a missing password file: sync names it" \
	grep -q "error: \[imap\] password_file: cannot open '$T/nosuch'" "$T/err"
lk send
is "a missing password file: send exits 5" "$?" 5
conf
# as another user: root may read any file
nobody=$(id -u nobody) || bail_out "no user nobody"
setpriv --reuid="$nobody" --regid="$(id -g nobody)" --clear-groups \
	"$LKPBOT" -c "$LKB_CONF" doctor >"$T/out" 2>"$T/err"
is "a password file its user cannot read: doctor exits 5" "$?" 5
ok_if "... named, with the user and the fix" \
	grep -q "^fail imap     \[imap\] password_file: cannot open '$T/pw': Permission denied; make it readable by the user lkpbot runs as, nobody (uid $nobody) (its owner, or its group with mode 0640)" "$T/out"
ok_if "... and no 'check url and port' anywhere" \
	sh -c "! grep -q 'url and port' '$T/out'"
chmod 644 "$T/pw"
doctor
is "a password file others can read: doctor exits 5" "$?" 5
ok_if "... with its mode and chmod o-rwx" \
	grep -q "^fail imap     \[imap\] password_file '$T/pw' has mode 0644: others can read it; chmod o-rwx it" "$T/out"
lk sync
is "... sync exits 5" "$?" 5
lk send
is "... send exits 5" "$?" 5
ok_if "... send says why" \
	grep -q "\[smtp\] password_file '$T/pw' has mode 0644: others can read it" "$T/err"
chmod 640 "$T/pw"
doctor
ok_rc "a password file its group can read (0640): doctor exits 0" $?
is "0640: no warning" "$(cat "$T/err")" ""
chmod 600 "$T/pw"

# ---- smtps:// on a STARTTLS port -------------------------------------------
conf "s|^url = smtps://.*|url = smtps://127.0.0.1:$SUBMISSION_PORT|"
doctor
is "smtps:// on dovecot's STARTTLS port: doctor exits 5, not 4" "$?" 5
ok_if "... and says to use smtp://" \
	grep -q "^fail smtp .*the server does not speak TLS on connect: smtps:// is for port 465; for 587 or 25 use smtp://" "$T/out"
row=$(queue tlsmix)
lk send
is "... send exits 5, not 4" "$?" 5
ok_if "... send says to use smtp://" \
	grep -q "smtps:// is for port 465; for 587 or 25 use smtp://" "$T/err"
lk run
is "... run exits 5 too" "$?" 5
is "... the answer stays pending" \
	"$(sqlite3 "$LKPBOT_DB" "SELECT state FROM outbox WHERE id = $row")" \
	pending

# ---- a typo'd key or section -----------------------------------------------
conf "s|^folders = |foldres = |"
doctor
is "a typo'd key: doctor exits 5" "$?" 5
ok_if "... naming the line and the key meant" \
	grep -q "^fail config   $LKB_CONF:3: unknown key 'foldres' in \[imap\]; did you mean 'folders'?" "$T/out"
for verb in sync send run; do
	lk $verb
	is "a typo'd key: $verb exits 5" "$?" 5
done
ok_if "... run says which" \
	grep -q "unknown key 'foldres' in \[imap\]; did you mean 'folders'?" "$T/err"
conf "s|^\[smtp\]|[smpt]|"
doctor
is "a typo'd section: doctor exits 5" "$?" 5
ok_if "... naming the section meant" \
	grep -q "^fail config   $LKB_CONF:7: unknown section \[smpt\]; did you mean \[smtp\]?" "$T/out"
lk run
is "a typo'd section: run exits 5" "$?" 5

# ---- a missing folder, a missing Maildir -----------------------------------
conf "s|^folders = INBOX|folders = INBX|"
doctor
is "a missing folder: doctor exits 5" "$?" 5
ok_if "... listing the folders the server has" \
	grep -q "^fail imap     folder INBX: imap: folder 'INBX' does not exist on the server, which has: INBOX; correct \[imap\] folders" "$T/out"
lk sync
is "a missing folder: sync exits 5" "$?" 5
ok_if "... with the same words" \
	grep -q "folder 'INBX' does not exist on the server, which has: INBOX;" "$T/err"
lk run
is "a missing folder: run exits 5" "$?" 5
conf "1i [maildir]\\npath = $T/nomaildir
/^\[imap\]/,/^\[smtp\]/ { /^\[smtp\]/!d }"
doctor
is "a missing Maildir: doctor exits 5" "$?" 5
ok_if "... naming it and the fix" \
	grep -q "^fail maildir  $T/nomaildir is not a Maildir; fix: point \[maildir\] path at a directory with cur/, new/ and tmp/" "$T/out"
lk sync
is "a missing Maildir: sync exits 5" "$?" 5
ok_if "... naming it and the key" \
	grep -q "cannot open Maildir '$T/nomaildir': No such file or directory; point \[maildir\] path at" "$T/err"
mkdir -p "$T/halfmaildir/cur"
sed -i "s|^path = .*|path = $T/halfmaildir|" "$LKB_CONF"
lk sync
is "a directory without new/: sync exits 5" "$?" 5
ok_if "... naming what is missing" \
	grep -q "'$T/halfmaildir' is not a Maildir: no directory '$T/halfmaildir/new'; point \[maildir\] path" "$T/err"

# ---- what retrying fixes: 4 ------------------------------------------------
conf "s|^url = smtps://.*|url = smtps://127.0.0.1:$(free_port)|"
doctor
is "an SMTP server that is down: doctor exits 4 (temporary)" "$?" 4
lk send
is "... send exits 4" "$?" 4

# ---- [web] dir unwritable: for the user, for the unit ---------------------
mkdir -p "$T/web"
webconf() { conf "\$ a [web]\\ndir = $T/web"; }
webconf
doctor
ok_rc "a [web] dir root may write in: doctor (as root) exits 0" $?
ok_if "... and says who may write there" \
	grep -q "^ok   write    \[web\] dir $T/web: root (uid 0) may write there$" "$T/out"
"$LKPBOT" -c "$LKB_CONF" doctor --user nobody >"$T/out" 2>"$T/err"
is "[web] dir of root, mode 0755: doctor --user nobody exits 5" "$?" 5
ok_if "... naming the user, the mode and the owner, with the fix" \
	grep -q "^fail write    \[web\] dir $T/web: nobody (uid [0-9]*) cannot write in $T/web (mode 0755, root:root); fix: let that user write there" "$T/out"
ok_if "... the database directory too (root's, 0755)" \
	grep -q "^fail write    database $T: nobody (uid [0-9]*) cannot write in $T " "$T/out"
ok_if "... and the database root made (0644), with the fix" \
	grep -q "^fail write    database $T/lkpbot.db: nobody (uid [0-9]*) cannot read and write $T/lkpbot.db (mode 0644, root:root); fix: chown it to that user" "$T/out"
ok_if "... and its lock file" \
	grep -q "^fail write    database $T/lkpbot.db.lock: nobody " "$T/out"
# a POSIX ACL is what the kernel weighs too (setfacl, package acl)
command -v setfacl >/dev/null ||
	bail_out "setfacl is not installed (package acl: scripts/deps.sh test)"
setfacl -m u:nobody:rwx "$T/web" || bail_out "setfacl failed"
"$LKPBOT" -c "$LKB_CONF" doctor --user nobody >"$T/out" 2>"$T/err"
ok_if "an ACL granting nobody rwx: doctor --user nobody says it may write" \
	grep -q "^ok   write    \[web\] dir $T/web: nobody (uid [0-9]*) may write there$" "$T/out"
setfacl -m m::r-x "$T/web" || bail_out "setfacl failed"
"$LKPBOT" -c "$LKB_CONF" doctor --user nobody >"$T/out" 2>"$T/err"
ok_if "... an ACL mask without w takes it back, and the line names the ACL" \
	grep -q "^fail write    \[web\] dir $T/web: nobody (uid [0-9]*) cannot write in $T/web (mode 0755, root:root, and an ACL); fix: .*setfacl -m u:USER:rwx DIR" "$T/out"
setfacl -m m::rwx "$T/web" || bail_out "setfacl failed"
chmod o+x "$T"
(cd / && runuser -u nobody -- "$LKPBOT" -c "$LKB_CONF" doctor \
	--user daemon) >"$T/out" 2>"$T/err"
ok_if "... doctor run by another user without root cannot weigh it, and says so" \
	grep -q "^fail write    \[web\] dir $T/web: daemon (uid [0-9]*) cannot write in $T/web (mode 0775, root:root, and an ACL doctor cannot weigh for another user: run it as root or as that user)" "$T/out"
(cd / && runuser -u nobody -- "$LKPBOT" -c "$LKB_CONF" doctor) \
	>"$T/out" 2>"$T/err"
ok_if "... run as nobody itself, the kernel's answer: it may" \
	grep -q "^ok   write    \[web\] dir $T/web: nobody (uid [0-9]*) may write there$" "$T/out"
setfacl -b "$T/web"
chown nobody "$T/web" "$T/lkpbot.db"*
"$LKPBOT" -c "$LKB_CONF" doctor --user nobody >"$T/out" 2>"$T/err"
ok_if "... once nobody owns them, the [web] dir line is ok" \
	grep -q "^ok   write    \[web\] dir $T/web: nobody (uid [0-9]*) may write there$" "$T/out"
is "... and no database file fails" \
	"$(grep -c "^fail write    database $T/lkpbot.db" "$T/out")" 0
chown root "$T/web" "$T/lkpbot.db"*
# the package's unit, as it is: $T is in /tmp, its PrivateTmp
cp "$LKB_SRCDIR/debian/lkpbot.service" "$T/lkpbot.service"
"$LKPBOT" -c "$LKB_CONF" doctor --unit "$T/lkpbot.service" --user root \
	>"$T/out" 2>"$T/err"
is "[web] dir in /tmp with the package's unit (PrivateTmp=yes): exit 5" "$?" 5
ok_if "... says what PrivateTmp does to it" \
	grep -q "^fail write    \[web\] dir $T/web: $T/web is in the private /tmp of $T/lkpbot.service (PrivateTmp=yes)" "$T/out"
sed -i 's/^PrivateTmp=yes/PrivateTmp=no/' "$T/lkpbot.service"
"$LKPBOT" -c "$LKB_CONF" doctor --unit "$T/lkpbot.service" --user root \
	>"$T/out" 2>"$T/err"
is "[web] dir outside ReadWritePaths (ProtectSystem=strict): exit 5" "$?" 5
ok_if "... names the drop-in that fixes it" \
	grep -q "^fail write    \[web\] dir $T/web: $T/web is read-only for $T/lkpbot.service (ProtectSystem=strict, ProtectHome=read-only): add ReadWritePaths=$T/web to it in a drop-in (systemctl edit lkpbot.service; README.Debian)" "$T/out"
mkdir "$T/lkpbot.service.d"
printf '[Service]\nReadWritePaths=%s %s\n' "$T/web" "$T" \
	>"$T/lkpbot.service.d/web.conf"
"$LKPBOT" -c "$LKB_CONF" doctor --unit "$T/lkpbot.service" --user root \
	>"$T/out" 2>"$T/err"
ok_rc "... with that drop-in: exit 0" $?
ok_if "... and the line says the unit lets it" \
	grep -q "^ok   write    \[web\] dir $T/web: root (uid 0) may write there, and the unit lets it$" "$T/out"
# the unit by name, found as systemd finds it: $T/etc before $T/lib
mkdir -p "$T/etc" "$T/lib/lkpbot.service.d" "$T/etc/lkpbot.service.d"
mv "$T/lkpbot.service" "$T/lib/lkpbot.service"
rm -r "$T/lkpbot.service.d"
byname() {
	SYSTEMD_UNIT_PATH=$T/etc:$T/lib "$LKPBOT" -c "$LKB_CONF" doctor \
		--unit "$@" >"$T/out" 2>"$T/err"
}
byname lkpbot.service --user root
is "--unit lkpbot.service (a name), no drop-in: exit 5" "$?" 5
ok_if "... the file found in the search path is named" \
	grep -q "^fail write    \[web\] dir $T/web: $T/web is read-only for $T/lib/lkpbot.service (ProtectSystem=strict" "$T/out"
printf '[Service]\nReadWritePaths=%s %s\nUser=nobody\n' "$T/web" "$T" \
	>"$T/etc/lkpbot.service.d/web.conf"
printf '[Service]\nReadWritePaths=\n' >"$T/lib/lkpbot.service.d/web.conf"
chown nobody "$T/web"
byname lkpbot
ok_if "--unit lkpbot: its drop-in in the first directory opens [web] dir, its User= is taken" \
	grep -q "^ok   write    \[web\] dir $T/web: nobody (uid [0-9]*) may write there, and the unit lets it$" "$T/out"
printf '[Service]\nReadWritePaths=\n' >"$T/lib/lkpbot.service.d/zz.conf"
byname lkpbot --user root
is "... a later drop-in (by file name, in any directory) resetting ReadWritePaths=: exit 5" "$?" 5
rm "$T/lib/lkpbot.service.d/zz.conf"
ok_if "... the package's UMask=0077: a warning that no web server can read the site" \
	grep -q "^warn umask    \[web\] dir $T/web: under UMask=0077 of $T/lib/lkpbot.service lkpbot makes the site's directories mode 0700: no web server (another user) can read them; fix: UMask=0027 in a drop-in" "$T/out"
printf '[Service]\nUMask=0027\n' >"$T/etc/lkpbot.service.d/umask.conf"
byname lkpbot.service --user root
ok_rc "... with UMask=0027 in a drop-in: exit 0" $?
is "... and no umask warning" "$(grep -c '^warn umask' "$T/out")" 0
byname nosuch.service
is "--unit with a name no directory has: exit 5" "$?" 5
ok_if "... saying so" grep -q "^fail write    doctor: no unit nosuch.service in the unit search path ($T/etc ...)" "$T/out"
ln -s /dev/null "$T/etc/lkpbot.service"
byname lkpbot.service
is "--unit with a masked unit: exit 5" "$?" 5
ok_if "... saying so" grep -q "^fail write    doctor: the unit lkpbot.service is masked ($T/etc/lkpbot.service links to /dev/null)" "$T/out"
rm "$T/etc/lkpbot.service"
chown root "$T/web"
# what ProtectSystem=strict does, in a mount namespace of our own
ro() {
	unshare -m sh -c 'mount --bind "$1" "$1" &&
		mount -o remount,bind,ro "$1" && shift && exec "$@"' \
		sh "$T/web" "$LKPBOT" -c "$LKB_CONF" "$@" >"$T/out" 2>"$T/err"
}
ro doctor
is "[web] dir on a read-only mount: doctor exits 5" "$?" 5
ok_if "... and says so" \
	grep -q "^fail write    \[web\] dir $T/web: $T/web is on a read-only file system" "$T/out"
ro run
is "[web] dir on a read-only mount: run exits 5, not 1" "$?" 5
ok_if "... naming the directory and the fix" \
	grep -q "cannot write in the site directory '$T/web': Read-only file system; \[web\] dir must be a directory the user lkpbot runs as may write in" "$T/err"
ro web --out "$T/web"
is "... lkpbot web exits 5 too" "$?" 5
"$LKPBOT" -c "$LKB_CONF" run >"$T/out" 2>"$T/err"
ok_rc "(control: the same run with the mount writable exits 0)" $?

# ---- lkpbot(1) says the same -----------------------------------------------
# each row above that is exit 5, by the words lkpbot(1) gives it, in its
# entry for 5; and 4 only for what a retry can fix
sed -n '/^\.It 5$/,/^\.El$/p' "$LKB_SRCDIR/doc/lkpbot.1" | tr '\n' ' ' \
	>"$T/five"
missing=
for words in "unknown section or key" "no mail source" \
	"smtps:// url on a port that speaks" "no password source" \
	"neither OAUTHBEARER nor XOAUTH2" \
	"password file that is missing, unreadable or readable by others" \
	"folder the server does not have" "not a Maildir" \
	"[web] dir lkpbot cannot write in"; do
	grep -qF "$words" "$T/five" || missing="$missing [$words]"
done
is "lkpbot(1)'s entry for exit 5 names every row that exits 5" \
	"$missing" ""
ok_if "lkpbot(1)'s entry for exit 4: only what retrying can fix" \
	grep -q '^temporary failure, and only what retrying can fix' \
	"$LKB_SRCDIR/doc/lkpbot.1"

done_testing
