#!/bin/sh
# t0145-deep-chain.sh - a chain of replies each answering the previous
# one: every reply is linked to the report above, and triage costs about
# the same per mail however deep the chain (each message keeps its top
# and nearest report from when it was linked; the walk up to 1000 parents
# per mail took 18 s for 3000 replies, 590 s for 100,000). Replies that
# arrive before their parent have no shortcuts: triage remembers where a
# long walk ended, so the chain is walked once (5000 such replies took
# about 20 s before, walking up to 1000 parents each); a cycle of
# In-Reply-To ends the walk.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
R=20190930014612.story000@shao2-debian

# chain NAME N ORDER: a Maildir with story report 000 and N chained
# replies, stored in order (fwd) or each before its parent (rev)
chain() {
	mkdir -p "$T/$1/md/cur" "$T/$1/md/new" "$T/$1/md/tmp"
	cp "$LKB_TEST_DATA/stories/000-report.eml" "$T/$1/md/new/a-report"
	python3 "$LKB_SRCDIR/tests/tools/gen-chain.py" "$T/$1/md/new" "$2" "$3"
	cat >"$T/$1/conf" <<EOC
[maildir]
path = $T/$1/md
[bot]
address = bot@example.org
threads = 0
[db]
path = $T/$1/db
EOC
}
lk() { d=$1; shift; "$LKPBOT" -c "$T/$d/conf" "$@"; }
q() { sqlite3 "$T/$1/db" "$2"; }
linked() {
	q "$1" "SELECT count(*) FROM triaged t JOIN reports r ON r.id = t.report_id
		JOIN messages m ON m.id = r.msg_id WHERE m.message_id = '$R'
		AND t.msg_id != r.msg_id"
}

plan 9

# timed NAME: sync NAME's Maildir, then triage it; $took: its seconds
timed() {
	lk "$1" -q sync >/dev/null 2>&1
	start=$(date +%s)
	lk "$1" triage >/dev/null 2>"$T/err"
	took=$(( $(date +%s) - start ))
}

# 1-3: 3000 deep, in order
chain fwd 3000 fwd
timed fwd
is "3000 replies stored" "$(q fwd 'SELECT count(*) FROM messages')" 3001
is "every reply linked to the report" "$(linked fwd)" 3000
ok_if "triage of a 3000-deep chain takes under 8 s (took $took s)" \
	test "$took" -lt 8

# 4-5: each reply stored before its parent (adopted when it comes)
chain rev 300 rev
lk rev -q sync >/dev/null 2>&1
lk rev triage >/dev/null 2>"$T/err"
is "out of order: every reply linked to the report" "$(linked rev)" 300
is "the shortcuts are set for the in-order chain" \
	"$(q fwd "SELECT count(*) FROM messages WHERE up_report IS NOT NULL")" 3000

# 6-7: 5000 deep, each stored before its parent, two worker threads
chain rev5k 5000 rev
sed -i 's/^threads = 0$/threads = 2/' "$T/rev5k/conf"
timed rev5k
is "5000 out of order: every reply linked to the report" "$(linked rev5k)" 5000
ok_if "triage of a 5000-deep chain stored out of order takes under 8 s (took $took s)" \
	test "$took" -lt 8

# 8: two replies, each In-Reply-To the other (hostile): triage ends
chain cyc 0 fwd
for p in a:b b:a; do
	printf 'From: X <x@people.example>\nSubject: Re: regression\nDate: Tue, 1 Oct 2019 10:00:00 +0000\nMessage-ID: <%s@cyc.test>\nIn-Reply-To: <%s@cyc.test>\nReferences: <%s> <%s@cyc.test>\n\nloop\n' \
		"${p%:*}" "${p#*:}" "$R" "${p#*:}" >"$T/cyc/md/new/${p%:*}"
done
lk cyc -q sync >/dev/null 2>&1
lk cyc triage >/dev/null 2>"$T/err"
ok_rc "a cycle of In-Reply-To: triage ends and succeeds" $?

# 9: migration 9 -> 10 adds the two columns
is "the schema has top_id and up_report" \
	"$(q rev "SELECT count(*) FROM pragma_table_info('messages')
		WHERE name IN ('top_id', 'up_report')")" 2

done_testing
