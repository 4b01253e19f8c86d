#!/bin/sh
# t0220-doctor.sh - `lkpbot doctor` against a real dovecot (imaps and
# smtps submission with AUTH): every check passes on a good
# configuration without sending anything; each broken part gives one
# line saying what and how to fix it, and the exit status is the worst
# result's. TAP output.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"
. "$LKB_SRCDIR/tests/sh/lib-smtp.sh"
. "$LKB_SRCDIR/tests/sh/lib-tls.sh"
tls_require
command -v python3 >/dev/null || bail_out "python3 is not installed"

tls_make_certs
start_smtp_sink "$T/sink"
start_dovecot_tls "$SMTP_SINK_PORT"
lkb_setup
printf '%s\n' "$DOVECOT_PASS" >"$T/pw"
chmod 600 "$T/pw"
mkdir -p "$T/results"
git init -q "$T/repo" || bail_out "git init failed"

plan 56

# conf [SED]: the good configuration, then sed expressions
conf() {
	tls_good_conf "${1:-}" "[results]
root = $T/results
[git]
repo = $T/repo"
}
doctor() { "$LKPBOT" -c "$LKB_CONF" doctor "$@" >"$T/out" 2>"$T/err"; }
line() { grep "^[a-z]* *$1 " "$T/out"; }
sent() { ls "$T/sink" | wc -l; }
smtp_logins() { grep -c 'submission-login: Info: Login: ' "$DOVECOT_DIR/dovecot.log"; }

conf
"$LKPBOT" -c "$LKB_CONF" sync >/dev/null 2>&1 || bail_out "sync failed"
s0=$(sent)
l0=$(smtp_logins)
doctor
ok_rc "a good configuration: exit 0" $?
is "one line per check, all ok" "$(awk '{ printf "%s %s,", $1, $2 }' "$T/out")" \
	"ok config,ok database,ok write,ok write,ok imap,ok smtp,ok results,ok git,"
ok_if "[git] repo set: [git] worktrees (beside the database) is checked too" \
	grep -qx "ok   write    \[git\] worktrees $T/worktrees: root (uid 0) may write there" "$T/out"
ok_if "imap: logged in, the folder examined" \
	grep -qx "ok   imap     logged in to $IMAPS_URL/ as $DOVECOT_USER; TLS, AUTH PLAIN; INBOX 0" "$T/out"
is "smtp: AUTH was done (dovecot logged a login)" "$(smtp_logins)" $((l0 + 1))
is "smtp: nothing was sent" "$(sent)" "$s0"
is "nothing on stderr" "$(cat "$T/err")" ""
doctor --json
ok_rc "--json: exit 0" $?
is "--json: the checks and the exit status" "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(d["format_version"], d["exit"],
      " ".join(c["check"] + "=" + c["status"] for c in d["checks"]))' "$T/out")" \
	"1 0 config=ok database=ok write=ok write=ok imap=ok smtp=ok results=ok git=ok"
doctor --user nobody
ok_if "[git] repo root's, doctor --user nobody: a warning that #lkp test cannot add worktrees" \
	grep -q "^warn write    \[git\] repo $T/repo: #lkp test cannot add its worktrees: nobody (uid [0-9]*) cannot .* $T/.*; fix: only for #lkp test" "$T/out"
doctor --user root
is "... none when the user may write in its .git" \
	"$(grep -c "^warn write    \[git\] repo" "$T/out")" 0

# ---- each broken part -------------------------------------------------------
printf 'wrong\n' >"$T/bad"
chmod 600 "$T/bad"
conf "/^\[smtp\]/,\$ s|^password_file = .*|password_file = $T/bad|"
doctor
is "wrong SMTP password: exit 5" "$?" 5
ok_if "wrong SMTP password: the server's words and the fix" \
	grep -q "^fail smtp     smtps://127.0.0.1:$SUBMISSIONS_PORT: 535 5.7.8 Authentication failed.; fix: check \[smtp\] url (smtps:// or smtp://, port, host), user" "$T/out"
is "wrong SMTP password: the other checks still ok" \
	"$(grep -c '^ok ' "$T/out")" 7
conf "0,/^cafile/ s|^cafile = .*|cafile = $TLS/other-ca.pem|"
doctor
is "IMAP certificate from an unknown CA: exit 5" "$?" 5
ok_if "IMAP unknown CA: the reason and the fix" \
	grep -q "^fail imap     imap: TLS with $IMAPS_URL/ failed: TLS certificate refused: it is not signed by a trusted CA.*; fix: check \[imap\] url" "$T/out"
imaps_cmd() {
	curl -sS --fail --cacert "$TLS/ca.pem" \
		-u "$DOVECOT_USER:$DOVECOT_PASS" "$IMAPS_URL/" -X "$1" >/dev/null
}
imaps_cmd 'CREATE lkp' && imaps_cmd 'CREATE Sent' &&
	imaps_cmd 'CREATE Archive.2026' ||
	bail_out "cannot create folders"
conf "s|^folders = INBOX|folders = INBOX, Nope|"
doctor
is "a folder that does not exist: exit 5 (configuration)" "$?" 5
ok_if "a missing folder is named with the folders the server has (LIST), and the fix" \
	grep -q "^fail imap     folder Nope: imap: folder 'Nope' does not exist on the server, which has: .*; correct \[imap\] folders" "$T/out"
is "... every selectable folder, once" \
	"$(sed -n "s/.*which has: \(.*\); correct.*/\1/p" "$T/out" | tr -d ' ' |
	   tr ',' '\n' | sort | tr '\n' ' ')" "Archive.2026 INBOX Sent lkp "
"$LKPBOT" -c "$LKB_CONF" sync >"$T/sync.out" 2>"$T/sync.err"
is "sync with a folder that does not exist: exit 5 too" "$?" 5
ok_if "... naming it, the folders that exist and the fix" \
	grep -q "folder 'Nope' does not exist on the server, which has: .*lkp.*; correct \[imap\] folders" "$T/sync.err"
i=0
while [ $i -lt 22 ]; do
	imaps_cmd "CREATE many$i" || bail_out "cannot create folders"
	i=$((i + 1))
done
doctor
is "26 folders: the first 20 are listed, the rest counted" \
	"$(sed -n "s/.*which has: \(.*\); correct.*/\1/p" "$T/out" |
	   sed 's/ and \([0-9]*\) more$/,+\1/' | tr ',' '\n' | wc -l)/$(grep -o 'and [0-9]* more' "$T/out")" \
	"21/and 6 more"
conf "s|^url = smtps://127.0.0.1:.*|url = smtps://127.0.0.1:$(free_port)|"
doctor
is "SMTP server down: exit 4 (temporary)" "$?" 4
ok_if "SMTP server down: says so, and what to check" \
	grep -q '^fail smtp .*; fix: check \[smtp\] url and port, and that the server is up' "$T/out"
# smtps:// on a port that speaks plain SMTP (the sink's): a configuration
# mistake no retry fixes, for doctor and for send alike (issue 39)
conf "s|^url = smtps://127.0.0.1:.*|url = smtps://127.0.0.1:$SMTP_SINK_PORT|"
doctor
is "smtps:// on a plain-text port: exit 5" "$?" 5
ok_if "smtps:// on a plain-text port: says so, and the fix" \
	grep -q "^fail smtp     smtps://127.0.0.1:$SMTP_SINK_PORT: .*(the server does not speak TLS on connect: smtps:// is for port 465; for 587 or 25 use smtp://.*; fix: check \[smtp\] url (smtps:// or smtp://" "$T/out"
ENQ=$LKB_BUILDDIR/tests/tools/outbox-enqueue
row=$(ack_enqueue "$LKB_CONF" "$LKPBOT_DB" "$T" tlsmix 'Re: a report') ||
	bail_out "outbox-enqueue failed"
"$LKPBOT" -c "$LKB_CONF" send >"$T/send.out" 2>"$T/send.err"
is "smtps:// on a plain-text port: send exits 5, not 4" "$?" 5
is "... and the answer stays pending" \
	"$(sqlite3 "$LKPBOT_DB" "SELECT state FROM outbox WHERE id = $row")" pending
conf "s|^url = smtps://127.0.0.1:.*|url = smtps://127.0.0.1:$(free_port)|
0,/^cafile/ s|^cafile = .*|cafile = $TLS/other-ca.pem|"
doctor
is "configuration and temporary failures together: exit 5, the worst" "$?" 5
conf "s|^root = .*|root = $T/nowhere|; s|^repo = .*|repo = $T/results|"
doctor
is "no results root, no git repo: exit 1" "$?" 1
ok_if "results: not a readable directory" \
	grep -q "^fail results  $T/nowhere is not a readable directory; fix: " "$T/out"
ok_if "git: not a repository, git's words" \
	grep -q "^fail git      git rev-parse failed.*not a git repository" "$T/out"
git -C "$T/repo" -c user.name=t -c user.email=t@example.org commit -q \
	--allow-empty -m base
br=$(git -C "$T/repo" symbolic-ref --short HEAD)
conf "s|^repo = .*|repo = $T/repo\nwatch = $br, nosuch|"
doctor
is "a watched branch that is not in the repository: exit 1" "$?" 1
ok_if "watch: the branch that exists is ok, with its commit" \
	grep -q "^ok   watch    $br is at $(git -C "$T/repo" rev-parse HEAD | cut -c1-12)$" "$T/out"
ok_if "watch: the missing branch named, and what to do" \
	grep -q "^fail watch    nosuch is not a branch of $T/repo; fix: name branches" "$T/out"

# ---- mistakes in the file itself --------------------------------------------
conf "s|^folders = INBOX|foldres = INBOX|"
doctor
is "a misspelt key: exit 5" "$?" 5
ok_if "a misspelt key: file, line and the nearest key" \
	grep -qx "fail config   $LKB_CONF:3: unknown key 'foldres' in \[imap\]; did you mean 'folders'?; fix: correct the line named (lkpbot.conf(5) lists every section and key)" "$T/out"
ok_if "a misspelt key: the other checks still run" grep -q '^ok   imap ' "$T/out"
ok_if "a misspelt key: said on stderr too" \
	grep -q "error: $LKB_CONF:3: unknown key 'foldres'" "$T/err"
"$LKPBOT" -c "$LKB_CONF" run >"$T/out" 2>"$T/err"
is "a misspelt key: run exits 5" "$?" 5
ok_if "a misspelt key: run says the same" \
	grep -q "error: $LKB_CONF:3: unknown key 'foldres' in \[imap\]; did you mean 'folders'?" "$T/err"
is "a misspelt key: run does nothing else" "$(sent)" "$s0"
conf "s|^\[imap\]|[imapp]|"
doctor
is "a misspelt section: exit 5" "$?" 5
ok_if "a misspelt section: file, line and the nearest section" \
	grep -q "^fail config   $LKB_CONF:1: unknown section \[imapp\]; did you mean \[imap\]?" "$T/out"
ok_if "a misspelt section: so no mail source" \
	grep -q "^fail imap     no mail source configured: nothing to sync; fix: set \[imap\] url or \[maildir\] path" "$T/out"
"$LKPBOT" -c "$LKB_CONF" run >/dev/null 2>"$T/err"
is "a misspelt section: run exits 5" "$?" 5
ok_if "a misspelt section: run says the same" \
	grep -q "error: $LKB_CONF:1: unknown section \[imapp\]; did you mean \[imap\]?" "$T/err"
conf "s|^folders = INBOX|from = bot@example.org|"
doctor
ok_if "a key of another section: the section that has it" \
	grep -q "^fail config   $LKB_CONF:3: unknown key 'from' in \[imap\]; did you mean it in \[smtp\]?" "$T/out"
conf "/^url = imaps/d"
doctor
is "no mail source: exit 5" "$?" 5
ok_if "no mail source: a failure, with the fix" \
	grep -q "^fail imap     no mail source configured: nothing to sync; fix: set \[imap\] url or \[maildir\] path" "$T/out"

# ---- secret files as Debian ships them --------------------------------------
conf
chmod 640 "$T/pw"
doctor
ok_rc "password file group-readable (0640): exit 0" $?
is "password file 0640: no warning" "$(cat "$T/err")" ""
chmod 644 "$T/pw"
l1=$(smtp_logins)
doctor
is "password file readable by others (0644): exit 5" "$?" 5
ok_if "0644: the file, its mode and the fix" \
	grep -q "^fail imap     \[imap\] password_file '$T/pw' has mode 0644: others can read it; chmod o-rwx it (0600, or 0640 owned by the group lkpbot runs as); fix: correct what the message names" "$T/out"
is "0644: no SMTP login was tried" "$(smtp_logins)" "$l1"
chmod 600 "$T/pw"

"$LKPBOT" -c "$LKB_CONF" doctor extra >/dev/null 2>&1
is "an argument: exit 2" "$?" 2

done_testing
