#!/bin/sh
# t0330-triage-poison.sh - a mail never blocks other mail (audit F1, F2).
# Poison mails go between two maintainer commands in one `lkpbot run`:
# Message-IDs that cannot be echoed (too long, a control byte, non-ASCII),
# 300 Cc addresses, a #lkp status after 900 mails of refused commands, and
# an answer too big to render. Both commands must be carried out and
# answered, the run must exit 0, and each poison is answered in a
# degraded way or recorded with its reason (`lkpbot show`). The stats
# line counts only work that was committed.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
S=$LKB_TEST_DATA/stories
mkdir -p "$T/md/cur" "$T/md/new" "$T/md/tmp" "$T/out" "$T/tpl"
conf() { # MAX-PER-HOUR MAX-PER-THREAD [EXTRA]
	# verify_senders = none: these mails are unsigned, and this test is not
	# about trust (t0340, t0350 are; dkim is the default)
	cat > "$T/conf" <<CONF
[maildir]
path = $T/md
[smtp]
from = lkpbot <lkpbot@bot.example>
[bot]
verify_senders = none
address = lkpbot@bot.example
maintainers = alice@maint.example, @maint2.example
max_per_hour = $1
max_per_thread = $2
threads = 0
[db]
path = $T/db
${3:-}
CONF
}
q() { sqlite3 "$T/db" "$1"; }
run() { "$LKPBOT" -c "$T/conf" run --dry-run "$T/out" >"$T/run.out" 2>"$T/run.err"; }
rid() { q "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = '$1'"; }
mid() { q "select id from messages where from_addr = '$1'"; }
# reply FILE FROM PARENT MINUTE BODY [MESSAGE-ID] [EXTRA-HEADER]
reply() {
	{
		printf 'From: %s\nTo: kernel test robot <rong.a.chen@intel.com>\n' "$2"
		printf 'Subject: Re: [mm] 87eaceb3fa: stress-ng.madvise.ops_per_sec -19.6%% regression\n'
		printf 'Date: Tue, 1 Oct 2019 10:%02d:00 +0000\n' "$4"
		printf 'Message-ID: <%s>\n' "${6:-$(basename "$1")@test}"
		printf 'In-Reply-To: <%s>\nReferences: <%s>\n' "$3" "$3"
		[ -n "${7:-}" ] && printf '%s\n' "$7"
		printf '\n%s\n' "$5"
	} > "$T/md/new/$(basename "$1")"
}
P0=20190930014612.story000@shao2-debian
P1=20210804143812.story001@xsang-OptiPlex-9020
P2=20201102091543.GM31092@shao2-debian

# the reports; then 900 outsiders each give 5 refused commands of 1000
# bytes on report 000 (as audit gen-event-flood.py); answers limited
conf 1000 10
cp "$S"/*-report.eml "$T/md/new/"
python3 - "$T/md" <<'PY'
import os, sys
d = sys.argv[1]
P = "20190930014612.story000@shao2-debian"
for i in range(900):
    body = "".join("#lkp close %s\n" % ("x%d-%d " % (i, k) * 200)[:1000]
                   for k in range(5))
    open(os.path.join(d, "new", "ev%05d" % i), "w").write(
        "From: Eve <eve%d@evil.example>\nTo: x@y.example\nSubject: Re: x\n"
        "Date: Tue, 1 Oct 2019 09:00:00 +0000\nMessage-ID: <ev%d@test>\n"
        "In-Reply-To: <%s>\nReferences: <%s>\n\n%s" % (i, i, P, P, body))
# and a maintainer asks for the status 40 times: a history longer than
# one status answer lists
for i in range(40):
    open(os.path.join(d, "new", "st%02d" % i), "w").write(
        "From: Carol <carol@maint2.example>\nTo: x@y.example\nSubject: Re: x\n"
        "Date: Tue, 1 Oct 2019 09:30:00 +0000\nMessage-ID: <st%d@test>\n"
        "In-Reply-To: <%s>\nReferences: <%s>\n\n#lkp status\n" % (i, P, P))
PY
run
ok_rc "the refused-command flood: run exits 0" $?
is "4500 refused commands recorded" "$(q "select count(*) from commands where allowed = 0")" 4500
R0=$(rid $P0)
R1=$(rid $P1)
R2=$(rid $P2)

# the run under test: answer limits out of the way, the poison sent by
# maintainers (whose answers are quoted in full and Cc'd to the thread;
# an outsider's are cut short and go to the sender alone), and an error
# template that repeats the quoted command 6000 times (one answer over
# LKB_MAX_RENDER_BYTES: a cap a mail can reach)
conf 1000000 1000000 "[templates]
dir = $T/tpl"
python3 -c 'import sys; sys.stdout.write("{{quoted}}" * 6000 + "\n")' > "$T/tpl/error.tmpl"
LONG=$(python3 -c 'print("a" * 300 + "@evil.example")')
reply l1 "Alice <alice@maint.example>" $P1 0 "#lkp close fixed"
reply p-long "Eve <eve-long@maint2.example>" $P0 1 "#lkp help" "$LONG"
reply p-ctl "Eve <eve-ctl@maint2.example>" $P0 2 "#lkp help" "$(printf 'a\001b@evil.example')"
reply p-utf "Eve <eve-utf@maint2.example>" $P0 3 "#lkp help" "$(printf 'caf\303\251@evil.example')"
python3 - "$T/md/new/p-cc" <<'PY'
import sys
cc = ", ".join("target%d@victims.example" % i for i in range(300))
open(sys.argv[1], "w").write(
    "From: Eve <eve-cc@maint2.example>\nTo: kernel test robot <rong.a.chen@intel.com>\n"
    "Cc: %s\nSubject: Re: x\nDate: Tue, 1 Oct 2019 10:04:00 +0000\n"
    "Message-ID: <p-cc@test>\nIn-Reply-To: <20190930014612.story000@shao2-debian>\n"
    "References: <20190930014612.story000@shao2-debian>\n\n#lkp status\n" % cc)
PY
reply p-status "Bob <bob@maint2.example>" $P0 5 "#lkp status"
reply p-big "Mallory <mallory@maint2.example>" $P0 6 "#lkp fixed-by $(python3 -c 'print("z" * 900)')"
reply l2 "Alice <alice@maint.example>" $P2 7 "#lkp close fixed"
c0=$(q "select count(*) from commands")
o0=$(q "select count(*) from outbox")
h0=$(q "select count(*) from report_history")
run
rc=$?
is "poison between two commands: run exits 0" "$rc" 0
sed 's/^/# /' "$T/run.err" | grep -v 'answer not queued' | head -20

# the two maintainer commands are carried out and answered
is "first command carried out" "$(q "select state || ' ' || close_reason from reports where id = $R1")" "closed fixed"
is "second command carried out" "$(q "select state || ' ' || close_reason from reports where id = $R2")" "closed fixed"
ok_if "first command answered" sh -c "grep -l '^In-Reply-To: <l1@test>' '$T'/out/* | grep -q ."
ok_if "second command answered" sh -c "grep -l '^In-Reply-To: <l2@test>' '$T'/out/* | grep -q ."

# Message-IDs that cannot be echoed: answered without threading
for w in long ctl utf; do
	id=$(mid eve-$w@maint2.example)
	is "unusable Message-ID ($w): triaged" "$(q "select count(*) from triaged where msg_id = '$id'")" 1
	is "... answered" "$(q "select count(*) from outbox where request_id = 'm$id.c1'")" 1
	ok_if "... without In-Reply-To" sh -c "! sqlite3 '$T/db' \"select raw from outbox where request_id = 'm$id.c1'\" | grep -q '^In-Reply-To:'"
	ok_if "... the subject still says Re:" sh -c "sqlite3 '$T/db' \"select subject from outbox where request_id = 'm$id.c1'\" | grep -q '^Re: '"
done

# 300 Cc addresses: answered, Cc cut to the recipient limit
id=$(mid eve-cc@maint2.example)
is "300 Cc: answered" "$(q "select count(*) from outbox where request_id = 'm$id.c1'")" 1
ok_if "... to at most 100 recipients" test "$(q "select length(recipients) - length(replace(recipients, char(10), '')) + 1 from outbox where request_id = 'm$id.c1'")" -le 100

# #lkp status after 4500 refused commands: answered within the limit,
# the refusals summarised as a count
id=$(mid bob@maint2.example)
is "status after the flood: answered" "$(q "select count(*) from outbox where request_id = 'm$id.c1'")" 1
ok_if "... well within LKB_MAX_RENDER_BYTES" test "$(q "select length(raw) from outbox where request_id = 'm$id.c1'")" -lt 65536
nref=$(q "select count(*) from commands where allowed = 0 and report_id = $R0")
ok_if "... the $nref refusals as a count" sh -c "sqlite3 '$T/db' \"select raw from outbox where request_id = 'm$id.c1'\" | grep -q '($nref refused commands not listed)'"
ok_if "... lists at most 30 events" test "$(sqlite3 "$T/db" "select raw from outbox where request_id = 'm$id.c1'" | grep -c '^  [0-9-]*  [a-z-]*  ')" -le 30
ok_if "... earlier events summarised" sh -c "sqlite3 '$T/db' \"select raw from outbox where request_id = 'm$id.c1'\" | grep -q 'earlier events not listed'"
ok_if "refused commands keep short evidence" test "$(q "select max(length(evidence)) from events where type = 'command'")" -le 200

# an answer that cannot be rendered: the mail is skipped and recorded
id=$(mid mallory@maint2.example)
is "unrenderable answer: the mail is triaged" "$(q "select count(*) from triaged where msg_id = '$id'")" 1
is "... nothing of it kept" "$(q "select count(*) from commands where msg_id = '$id'")" 0
ok_if "... lkpbot show says why" sh -c "'$LKPBOT' -c '$T/conf' show $id | grep '^problem' | grep -q 'LKB_MAX_RENDER_BYTES'"
ok_if "... and the run said so" grep -q "message $id skipped" "$T/run.err"

# the stats line counts what was committed, not what was rolled back
line=$(grep '^triage: ' "$T/run.out")
is "stats: commands as committed" "$(echo "$line" | sed -n 's/.* \([0-9]*\) commands.*/\1/p')" \
	"$(( $(q "select count(*) from commands") - c0 ))"
is "stats: answers as committed" "$(echo "$line" | sed -n 's/.* \([0-9]*\) answers.*/\1/p')" \
	"$(( $(q "select count(*) from outbox") - o0 ))"
is "stats: state changes as committed" "$(echo "$line" | sed -n 's/.* \([0-9]*\) state changes.*/\1/p')" \
	"$(( $(q "select count(*) from report_history") - h0 ))"
is "stats: the skipped mail is counted" "$(echo "$line" | sed -n 's/.* \([0-9]*\) skipped.*/\1/p')" 1

# nothing is left to fail on: the next run is quiet and exits 0
run
ok_rc "the next run exits 0" $?
is "... with nothing new" "$(grep -c '^triage: ' "$T/run.out")" 0
ok_if "database intact" "$LKPBOT" -c "$T/conf" db check
done_testing
