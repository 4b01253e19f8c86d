#!/bin/sh
# t0155-raw-damage.sh - damaged or cut-off records in the raw pack
# (<db>.raw): `db check` names the damaged messages; triage reports each
# once, skips it (never parses garbage) and does not fail on it in every
# later run; the other mail is read as usual.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
S=$LKB_TEST_DATA/stories
R0=20190930014612.story000@shao2-debian
R1=20210804143812.story001@xsang-OptiPlex-9020

# setup NAME: the two story reports, then two maintainer commands
setup() {
	mkdir -p "$T/$1/md/cur" "$T/$1/md/new" "$T/$1/md/tmp"
	cp "$S/000-report.eml" "$T/$1/md/new/a0"
	cp "$S/001-report.eml" "$T/$1/md/new/a1"
	for i in 0 1; do
		eval "r=\$R$i"
		printf 'From: Alice <alice@maint.example>\nTo: lkp@intel.com\nSubject: Re: report %s\nDate: Tue, 1 Oct 2019 10:0%s:00 +0000\nMessage-ID: <cmd%s@maint.example>\nIn-Reply-To: <%s>\nReferences: <%s>\n\n#lkp close fixed\n' \
			"$i" "$i" "$i" "$r" "$r" >"$T/$1/md/new/b$i"
	done
	# verify_senders = none: these mails are unsigned, and this test is not
	# about trust (t0340, t0350 are; dkim is the default)
	cat >"$T/$1/conf" <<EOC
[maildir]
path = $T/$1/md
[bot]
verify_senders = none
address = bot@example.org
maintainers = alice@maint.example
[smtp]
from = bot <bot@example.org>
dry_run_dir = $T/$1
[db]
path = $T/$1/db
EOC
	"$LKPBOT" -c "$T/$1/conf" -q sync >/dev/null 2>&1
}
lk() { d=$1; shift; "$LKPBOT" -c "$T/$d/conf" "$@"; }
q() { sqlite3 "$T/$1/db" "$2"; }
state() {
	q "$1" "SELECT r.state FROM reports r JOIN messages m ON m.id = r.msg_id WHERE m.message_id = '$2'"
}

plan 11

# 1-6: 200 bytes of garbage inside the first command's record
setup garbage
at=$(q garbage "SELECT raw_at + 20 FROM messages WHERE message_id = 'cmd0@maint.example'")
head -c 200 /dev/urandom | dd of="$T/garbage/db.raw" bs=1 seek="$at" \
	conv=notrunc 2>/dev/null
lk garbage db check >/dev/null 2>"$T/err"
ok_if "db check fails" test $? -ne 0
grep -q "message <cmd0@maint.example>: raw bytes at offset [0-9]* of .* are damaged (checksum)" "$T/err"
ok_rc "db check names the damaged message" $?
lk garbage triage >/dev/null 2>"$T/err"
is "triage exits 0" "$?" 0
is "the damaged message is reported once" \
	"$(grep -c 'cmd0@maint.example.*damaged' "$T/err")" 1
is "it is skipped, not parsed; the other command is carried out" \
	"$(state garbage "$R0")/$(state garbage "$R1")" open/closed
lk garbage triage >/dev/null 2>"$T/err"
is "the next triage says nothing about it" "$?/$(cat "$T/err")" 0/

# 7-11: the pack cut short inside the last record
setup cut
size=$(wc -c <"$T/cut/db.raw")
truncate -s $((size - 40)) "$T/cut/db.raw"
lk cut triage >/dev/null 2>"$T/err"
is "cut-off pack: triage exits 0" "$?" 0
is "the cut-off message is reported once" \
	"$(grep -c 'cmd1@maint.example.*cut off' "$T/err")" 1
is "the other command is carried out" "$(state cut "$R0")" closed
lk cut triage >/dev/null 2>"$T/err"
is "the next triage exits 0 and says nothing" "$?/$(cat "$T/err")" 0/
lk cut db check >/dev/null 2>"$T/err"
grep -q "message <cmd1@maint.example>" "$T/err"
ok_rc "db check names the cut-off message" $?

done_testing
