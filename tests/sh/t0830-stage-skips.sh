#!/bin/sh
# t0830-stage-skips.sh - no single object stops a stage for good
# (issue 36 attack rows 10 and 11):
#  - a commit whose message is over LKB_MAX_GIT_OUTPUT (17 MiB) on a
#    watched branch of a real git repository, between commits that close
#    reports: it is skipped with a warning, the commits around it are
#    read, the position moves past it, the next run is quiet;
#  - an IMAP server that says RFC822.SIZE 1000 for a 70,000,000-byte mail
#    (tests/tools/fake-imap.py liesize; a real server will not lie): the
#    mail is stored as rejected like one whose size says so, the mail
#    after it is stored, the cursor passes both.
# Each skip is recorded, named in the run summary and in `lkpbot doctor`.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"
command -v git >/dev/null || bail_out "git missing"
command -v python3 >/dev/null || bail_out "python3 missing"
lkb_setup
S=$LKB_TEST_DATA/stories
mkdir -p "$T/md/cur" "$T/md/new" "$T/md/tmp" "$T/out"
cp "$S/000-report.eml" "$S/001-report.eml" "$T/md/new/"
cat >"$T/conf" <<CONF
[maildir]
path = $T/md
[smtp]
from = lkpbot <lkpbot@bot.example>
[bot]
address = lkpbot@bot.example
maintainers = akpm@linux-foundation.org
[db]
path = $LKPBOT_DB
CONF
plan 17

"$LKPBOT" -c "$T/conf" run --dry-run "$T/out" >"$T/run.out" 2>"$T/run.err"
is "the reports are imported" "$(db_q "SELECT count(*) FROM reports WHERE state = 'open'")" 2
rid() { db_q "SELECT r.id FROM reports r JOIN messages m ON m.id = r.msg_id WHERE m.message_id = '$1'"; }
R0=$(rid 20190930014612.story000@shao2-debian)
R1=$(rid 20210804143812.story001@xsang-OptiPlex-9020)

# ---- row 10: a 17 MiB commit message between two fixes ----
G=$T/repo
git init -q -b master "$G"
git -C "$G" config user.name "A Developer"
git -C "$G" config user.email "dev@example.org"
commit() { git -C "$G" commit -q --allow-empty -F "$1" && git -C "$G" rev-parse HEAD; }
printf 'base\n' >"$T/m0"
commit "$T/m0" >/dev/null
printf '[git]\nrepo = %s\nwatch = master\n' "$G" >>"$T/conf"
"$LKPBOT" -c "$T/conf" run --dry-run "$T/out" >"$T/run.out" 2>"$T/run.err"
printf 'mm: fix the regression\n\nFixes: 87eaceb3faa5 ("mm: the culprit")\nReported-by: kernel test robot <lkp@intel.com>\n' >"$T/m1"
C1=$(commit "$T/m1")
{ printf 'huge: a message of 17 MiB\n\n'
  perl -e 'print(("z" x 99) . "\n") for 1 .. 178258'
  printf 'Fixes: 2bf1ec0ff067 ("xfs: the culprit")\nReported-by: kernel test robot <lkp@intel.com>\n'
} >"$T/m2"
CBIG=$(commit "$T/m2")
rm -f "$T/m2"
printf 'xfs: fix the other regression\n\nFixes: 2bf1ec0ff067 ("xfs: the culprit")\nReported-by: kernel test robot <lkp@intel.com>\n' >"$T/m3"
C3=$(commit "$T/m3")

"$LKPBOT" -c "$T/conf" run --dry-run "$T/out" >"$T/run.out" 2>"$T/run.err"
is "a run past the huge commit exits 0" "$?" 0
is "the commit before it closed its report" \
	"$(db_q "SELECT state || ' ' || close_reason FROM reports WHERE id = $R0")" "closed fixed"
is "the commit after it closed its report" \
	"$(db_q "SELECT state || ' ' || close_reason FROM reports WHERE id = $R1")" "closed fixed"
is "the position moved to the tip" \
	"$(db_q "SELECT sha FROM git_positions WHERE branch = 'master'")" "$C3"
is "the skip is recorded" \
	"$(db_q "SELECT stage || ' ' || object || ' ' || place FROM skips")" "git $CBIG master"
grep -q "skipping commit $CBIG: output over .*LKB_MAX_GIT_OUTPUT" "$T/run.err"
ok_rc "the warning names the commit and the limit" $?
grep -q "^run: skipped git $CBIG in master: commit message over LKB_MAX_GIT_OUTPUT" "$T/run.out"
ok_rc "the run summary names the skip" $?
"$LKPBOT" -c "$T/conf" run --dry-run "$T/out" >"$T/run.out" 2>"$T/run.err"
is "the next run exits 0" "$?" 0
is "... and reads nothing again" "$(grep -c -e '^git:' -e '^run: skipped' "$T/run.out")" 0

# ---- row 11: an IMAP server that understates a mail's size ----
FAKE=$LKB_SRCDIR/tests/tools/fake-imap.py
python3 "$FAKE" "$T/port" liesize &
FAKE_PID=$!
stop_fake() { kill "$FAKE_PID" 2>/dev/null; }
lkb_on_exit stop_fake
i=0
while [ ! -s "$T/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$T/port" ] || bail_out "fake-imap.py did not start"
printf 'p\n' >"$T/pass"
chmod 600 "$T/pass"
printf '[imap]\nurl = imap://127.0.0.1:%s/\nfolders = INBOX\nuser = u\npassword_file = %s\ntimeout = 30\n' \
	"$(cat "$T/port")" "$T/pass" >>"$T/conf"
"$LKPBOT" -c "$T/conf" run --dry-run "$T/out" >"$T/run.out" 2>"$T/run.err"
is "a run past the lying mail exits 0" "$?" 0
is "the cursor passed both UIDs" \
	"$(db_q "SELECT last_uid FROM sync_cursors WHERE folder = 'INBOX'")" 2
is "the big mail is rejected with its real and its stated size" \
	"$(db_q "SELECT problem FROM messages WHERE source LIKE 'imap:INBOX;%UID=1'")" \
	"message of 70000000 bytes (RFC822.SIZE said 1000) over LKB_MAX_MESSAGE_BYTES, not stored"
is "the small mail after it is stored" \
	"$(db_q "SELECT count(*) FROM messages WHERE message_id = 'fake-2@example.org'")" 1
grep -q '^run: skipped imap imap:INBOX;UIDVALIDITY=7;UID=1 in INBOX: message of 70000000 bytes' "$T/run.out"
ok_rc "the run summary names the skip" $?

# ---- doctor lists both ----
"$LKPBOT" -c "$T/conf" doctor >"$T/doc.out" 2>&1
grep "^warn skipped  2 objects skipped, latest: " "$T/doc.out" | grep -q "git $CBIG in master" 
ok_rc "doctor lists the skipped commit and mail" $?
grep "^warn skipped" "$T/doc.out" | grep -q "imap imap:INBOX;UIDVALIDITY=7;UID=1 in INBOX"
ok_rc "... the mail too" $?

done_testing
