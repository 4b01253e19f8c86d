#!/bin/sh
# t0700-requests.sh - the seed-004 story at the store level: a perf
# report on "[PATCH v2 07/13]" of a generated 13-patch series, a reply
# asking for the whole series, results for part of the series only ->
# jobs queued once and one "queued" answer; the missing results appear ->
# one "series-report" with the 14-column table whose numbers
# tests/tools/gen-results.py computed on its own; then nothing more.
# Also: an unresolvable series (failed + error), expiry (expired once),
# and `lkpbot compare` byte for byte on a small hand-computed tree.
. "$LKB_SRCDIR/tests/sh/lib.sh"

if ! command -v python3 >/dev/null || ! command -v git >/dev/null ||
   ! command -v sqlite3 >/dev/null; then
	bail_out "python3, git or sqlite3 missing"
fi

L() { "$LKPBOT" -c "$T/config" -d "$T/db" "$@"; }
# rows of the outbox (all states), and .eml files of one send
outbox_rows() { sqlite3 "$T/db" 'SELECT count(*) FROM outbox'; }
outbox_kinds() { sqlite3 "$T/db" 'SELECT kind FROM outbox ORDER BY id' | tr '\n' ' '; }
req_state() { sqlite3 "$T/db" "SELECT state FROM requests WHERE id = $1"; }
# `lkpbot run` ends with the send stage: with --dry-run it writes each
# mail into $T/runout; send_new names the files not seen before.
send_new() {
	mkdir -p "$T/runout"; touch "$T/seen"
	for f in $(ls "$T/runout"); do
		grep -qxF "$f" "$T/seen" || { echo "$f" >>"$T/seen"; echo "$f"; }
	done
}
queue_list() { (cd "$T/queue" 2>/dev/null && ls -l --time-style=+%s.%N . | sort); }

sh "$LKB_SRCDIR/tests/tools/make-series-repo.sh" "$T/repo" 13 >/dev/null 2>&1
shas=$(git -C "$T/repo" rev-list --reverse -14 HEAD)
col() { echo $shas | cut -d' ' -f$(($1 + 1)); }	# 0 = base, 1..13
P06=$(col 6) P07=$(col 7)
python3 "$LKB_SRCDIR/tests/tools/gen-results.py" series "$T/res" "$T/expect" $shas
RT=$T/res/stress-ng/memory-100%-remap-60s/lkp-icl-2sp8/debian-12-x86_64-20240206.cgz/x86_64-rhel-9.4/gcc-12
mkdir -p "$T/held"
mv "$RT/$(col 5)" "$RT/$(col 10)" "$T/held/"
short10() { echo "$1" | cut -c1-10; }

mkdir -p "$T/md/cur" "$T/md/new" "$T/md/tmp"
cat >"$T/md/new/1.report" <<EOF
From: kernel test robot <oliver.sang@intel.com>
To: Jane Doe <jane@example.org>
Cc: linux-mm@kvack.org, lkp@intel.com
Subject: [mm/remap]  $(short10 $P07): stress-ng.remap.ops_per_sec -62.6% regression
Date: Tue, 02 Jan 2024 10:00:00 +0000
Message-ID: <202401021000.report@intel.com>
Content-Type: text/plain; charset=utf-8

Hello,

kernel test robot noticed a -62.6% regression of stress-ng.remap.ops_per_sec on:


commit: $P07 ("[PATCH v2 07/13] mm/remap: step 07")
url: https://github.com/intel-lab-lkp/linux/commits/Jane-Doe/mm-remap-steps/20240102-030405
base: https://git.kernel.org/cgit/linux/kernel/git/akpm/mm.git mm-everything
patch link: https://lore.kernel.org/all/20240101.jane@example.org/
patch subject: [PATCH v2 07/13] mm/remap: step 07

testcase: stress-ng
test machine: 128 threads 2 sockets Intel(R) Xeon(R) Platinum 8358 CPU @ 2.60GHz (Ice Lake) with 128G memory
parameters:

	nr_threads: 100%
	testtime: 60s
	class: memory
	test: remap


Details are as below:
-------------------------------------------------------------------------------------------------->

=========================================================================================
class/compiler/kconfig/nr_threads/rootfs/tbox_group/test/testcase/testtime:
  memory/gcc-12/x86_64-rhel-9.4/100%/debian-12-x86_64-20240206.cgz/lkp-icl-2sp8/remap/stress-ng/60s

commit: 
  $(short10 $P06) ("[PATCH v2 06/13] mm/remap: step 06")
  $(short10 $P07) ("[PATCH v2 07/13] mm/remap: step 07")

$(echo $P06 | cut -c1-16) $(echo $P07 | cut -c1-27) 
---------------- --------------------------- 
         %stddev     %change         %stddev
             \          |                \  
     10000           -62.6%       3740        stress-ng.remap.ops_per_sec



-- 
0-DAY CI Kernel Test Service
https://github.com/intel/lkp-tests/wiki
EOF
reply() {	# reply FILE MSGID BODY-LINE
	cat >"$T/md/new/$1" <<EOF
From: Hugh Dickins <hugh@example.org>
To: kernel test robot <oliver.sang@intel.com>
Cc: Jane Doe <jane@example.org>, linux-mm@kvack.org
Subject: Re: [mm/remap]  $(short10 $P07): stress-ng.remap.ops_per_sec -62.6% regression
Date: Tue, 02 Jan 2024 12:00:00 +0000
Message-ID: <$2>
In-Reply-To: <202401021000.report@intel.com>
References: <202401021000.report@intel.com>
Content-Type: text/plain; charset=utf-8

$3

Hugh
EOF
}
reply 2.reply hugh.1@example.org "What would be much more interesting is to treat the series of 13 as one."
reply 3.reply hugh.2@example.org "#lkp compare-series 0123456789abcdef0123456789abcdef01234567.."
reply 4.reply hugh.3@example.org "#lkp compare $(short10 $P06) $(git -C "$T/repo" rev-parse HEAD~14)"

cat >"$T/config" <<EOF
[smtp]
from = lkpbot <lkpbot@example.org>
[bot]
address = lkpbot@example.org
cc_policy = thread
[maildir]
path = $T/md
[templates]
dir = $LKB_SRCDIR/templates/mail
[results]
root = $T/res
queue = $T/queue
[git]
repo = $T/repo
EOF

plan 45
L sync >/dev/null 2>&1
ok_rc "sync imports the report and the replies" $?
# This test drives the requests stage through `lkpbot request`; that the
# triage stage turns these replies into the same requests is covered by
# t0300-triage.sh and the end-to-end test. Mark them triaged here.
sqlite3 "$T/db" "INSERT INTO triaged (msg_id) SELECT id FROM messages"
L request --message '<hugh.1@example.org>' 1 compare-series >"$T/o" 2>&1
ok_rc "lkpbot request adds a compare-series request" $?
is "the request is new" "$(req_state 1)" new

# --- results for 12 of 14 commits ---------------------------------------
mkdir -p "$T/runout"
L run --dry-run "$T/runout" >"$T/o" 2>&1
ok_rc "run succeeds" $?
is "missing results: the request is queued" "$(req_state 1)" queued
is "two job files, one per missing commit" "$(ls "$T/queue" | wc -l | tr -d ' ')" 2
ok_rc "job files name patches 05/13 and 10/13" \
	"$(ls "$T/queue" | grep -c "^stress-ng-$(col 5 | cut -c1-12)-.*\.yaml$\|^stress-ng-$(col 10 | cut -c1-12)-.*\.yaml$" | grep -qx 2; echo $?)"
job=$(ls "$T/queue"/*"$(col 10 | cut -c1-12)"*)
ok_rc "the job file asks for the report's axes at that commit" \
	"$(grep -qx "commit: '$(col 10)'" "$job" && grep -qx "tbox_group: lkp-icl-2sp8" "$job" && grep -qx "  test: remap" "$job"; echo $?)"
is "one queued answer" "$(outbox_kinds)" "queued "
files=$(send_new)
eml=$T/runout/$files
ok_rc "the answer goes to the asker, threaded under the asking mail" \
	"$(grep -q '^To: Hugh Dickins <hugh@example.org>' "$eml" && grep -q '^In-Reply-To: <hugh.1@example.org>' "$eml"; echo $?)"
ok_rc "Cc per thread policy: the thread's people, not the robot" \
	"$(grep -q '^Cc:.*jane@example.org' "$eml" && ! grep -q 'oliver.sang@intel.com' "$eml"; echo $?)"
ok_rc "the queued mail lists both jobs and the expiry" \
	"$(grep -q "^  $(col 5)  stress-ng-" "$eml" && grep -q "^  $(col 10)  stress-ng-" "$eml" && grep -q 'after 14 days' "$eml"; echo $?)"

queue_list >"$T/q1"
L run --dry-run "$T/runout" >"$T/o" 2>&1
is "rerun while waiting: no new mail" "$(outbox_rows)" 1
queue_list >"$T/q2"
ok_rc "rerun while waiting: job files untouched" "$(cmp -s "$T/q1" "$T/q2"; echo $?)"
is "still queued" "$(req_state 1)" queued

# --- the missing results arrive ------------------------------------------
mv "$T/held/"* "$RT/"
L run --dry-run "$T/runout" >"$T/o" 2>&1
ok_rc "run with all results succeeds" $?
is "the request is done" "$(req_state 1)" done
is "one series-report answer" "$(outbox_kinds)" "queued series-report "
files=$(send_new)
eml=$T/runout/$files
# the mail body is 8bit UTF-8 with CRLF line ends
tr -d '\r' <"$eml" >"$T/mail"
sed -n 's/^HEAD //p' "$T/expect" >"$T/head"
hl=$(wc -l <"$T/head")
first=$(grep -n '^=\{89\}$' "$T/mail" | head -1 | cut -d: -f1)
sed -n "${first},$((first + hl - 1))p" "$T/mail" >"$T/mail.head"
ok_rc "series table header byte for byte (axes, 14 commits, column line)" \
	"$(cmp -s "$T/head" "$T/mail.head"; echo $?)"
is "14 columns" "$(sed -n "$((first + hl - 1))p" "$T/mail" | wc -w | tr -d ' ')" 14
missing=0
sed -n 's/^ROW //p' "$T/expect" >"$T/rows"
while IFS= read -r line; do
	grep -Fxq -- "$line" "$T/mail" || missing=1
done <"$T/rows"
ok_rc "KPI rows as gen-results.py computed them" $missing
sed -n 's/^ATTR //p' "$T/expect" >"$T/attr"
ok_rc "every attribution line is in the mail" \
	"$(grep -Fxvf "$T/mail" "$T/attr" | grep -q .; [ $? -ne 0 ]; echo $?)"
ok_rc "attribution names 07/13 (regression) and 10/13 (given back)" \
	"$(grep -q '^  largest step: 07/13 ' "$T/mail" && grep -q '^  given back:   10/13 ' "$T/mail"; echo $?)"
pct=$(grep -A1 -x 'stress-ng.remap.ops_per_sec' "$T/attr" | sed -n 's/^  largest step: 07\/13 [0-9a-f]*: \([^ ]*\) .*/\1/p')
ok_rc "summary: ops_per_sec $pct at patch 07/13" \
	"$(grep -qx "  stress-ng.remap.ops_per_sec: $pct at patch 07/13" "$T/mail"; echo $?)"
ok_rc "series list: base..end and every patch" \
	"$(grep -q "^  07/13 $(col 7 | cut -c1-12) \[PATCH v2 07/13\] mm/remap: step 07$" "$T/mail" && grep -q "^Series $(col 0 | cut -c1-12)\.\.$(col 13 | cut -c1-12), 13 patches:" "$T/mail"; echo $?)"
L run --dry-run "$T/runout" >"$T/o" 2>&1
is "rerun after done: nothing more" "$(outbox_kinds)" "queued series-report "

# --- a series that cannot be resolved ------------------------------------
L request --message '<hugh.2@example.org>' 1 compare-series \
	0123456789abcdef0123456789abcdef01234567.. >/dev/null 2>&1
L run --dry-run "$T/runout" >"$T/o" 2>&1
is "unresolvable series: failed" "$(req_state 2)" failed
files=$(send_new)
ok_rc "error answer: cannot resolve the series" \
	"$(tr -d '\r' <"$T/runout/$files" | grep -q '^    cannot resolve the series: .*0123456789abcdef' ; echo $?)"
ok_rc "error answer threaded under its own request" \
	"$(grep -q '^In-Reply-To: <hugh.2@example.org>' "$T/runout/$files"; echo $?)"

# --- expiry --------------------------------------------------------------
up=$(git -C "$T/repo" rev-parse HEAD~14)	# "mm: unrelated upstream change": no results
L request --message '<hugh.3@example.org>' 1 compare "$(short10 $P06)" "$up" >/dev/null 2>&1
L run --dry-run "$T/runout" >"$T/o" 2>&1
is "compare with a commit without results: queued" "$(req_state 3)" queued
sqlite3 "$T/db" "UPDATE requests SET created_at = created_at - 15 * 86400 WHERE id = 3"
L run --dry-run "$T/runout" >"$T/o" 2>&1
is "15 days later: expired" "$(req_state 3)" expired
L run --dry-run "$T/runout" >"$T/o" 2>&1
is "one queued and one expired answer, nothing more" "$(outbox_kinds)" \
	"queued series-report error queued expired "
files=$(send_new)
ok_rc "the expired answer names the commit still without results" \
	"$(for f in $files; do tr -d '\r' <"$T/runout/$f"; done | grep -q "^  $(echo $up | cut -c1-12)$"; echo $?)"

# --- retest: jobs even though results exist; done when new runs appear --
# the runs so far are older than the retest (this test makes them
# seconds before it; in life they are days old)
find "$RT" -mindepth 2 -maxdepth 2 -type d -exec touch -d '2 hours ago' {} +
L request --message '<hugh.1@example.org>' 1 retest >/dev/null 2>&1
L run --dry-run "$T/runout" >"$T/o" 2>&1
is "retest: queued although old results exist" "$(req_state 4)" queued
ok_rc "retest: a job file for the report's full commit sha" \
	"$(grep -lx "commit: '$P07'" "$T/queue"/*.yaml | grep -q .; echo $?)"
L run --dry-run "$T/runout" >"$T/o" 2>&1
is "retest: no new runs yet, still queued" "$(req_state 4)" queued
cp -r "$RT/$P07/0" "$RT/$P07/10"
L run --dry-run "$T/runout" >"$T/o" 2>&1
is "retest: a new run arrives, done" "$(req_state 4)" done
is "retest: one queued and one compare-report answer" \
	"$(sqlite3 "$T/db" "SELECT group_concat(kind, ' ') FROM outbox WHERE request_id = 'request-4'")" "queued compare-report"

# --- lkpbot compare at the terminal, byte for byte -----------------------
# Hand-made tree: base runs 100 101 102, patch runs 50 51 52 of
# stress-ng.remap.ops_per_sec. Means 101 and 51: %change = -50/101 =
# -49.5%; population stddevs sqrt(2/3) = 0.82 (0.8 % of 101, 1.6 % of
# 51: not shown, <= 2 %); noise verdict: Welch, sample variances 1,
# t = -50 / sqrt(1/3 + 1/3) = -61.24 with 4 df, p < 0.00005.
S=$T/small/stress-ng/memory-100%-remap-60s/lkp-icl-2sp8/debian-12-x86_64-20240206.cgz/x86_64-rhel-9.4/gcc-12
i=0
for v in 100 101 102; do
	mkdir -p "$S/$P06/$i" "$S/$P07/$i"
	echo "{\"stress-ng.remap.ops_per_sec\": $v}" >"$S/$P06/$i/stats.json"
	echo "{\"stress-ng.remap.ops_per_sec\": $((v - 50))}" >"$S/$P07/$i/stats.json"
	i=$((i + 1))
done
sed "s|^root = .*|root = $T/small|" "$T/config" >"$T/config.small"
{
	printf '%s\n' "$(printf '=%.0s' $(seq 89))"
	printf '%s\n' "class/compiler/kconfig/nr_threads/rootfs/tbox_group/test/testcase/testtime:"
	printf '%s\n' "  memory/gcc-12/x86_64-rhel-9.4/100%/debian-12-x86_64-20240206.cgz/lkp-icl-2sp8/remap/stress-ng/60s"
	printf '\ncommit: \n'
	printf '  %s ("[PATCH v2 06/13] mm/remap: step 06")\n' "$(short10 $P06)"
	printf '  %s ("[PATCH v2 07/13] mm/remap: step 07")\n\n' "$(short10 $P07)"
	printf '%s %s \n' "$(echo $P06 | cut -c1-16)" "$(echo $P07 | cut -c1-27)"
	printf '%s %s \n' "----------------" "---------------------------"
	printf '         %%stddev     %%change         %%stddev\n'
	printf '             \\          |                \\  \n'
	printf '    101.00           -49.5%%      51.00        stress-ng.remap.ops_per_sec\n\n'
	printf 'Where the change comes from (each step compares a column with the one before it):\n\n'
	printf 'stress-ng.remap.ops_per_sec\n'
	printf '  largest step: #1 %s: -49.5%% (regression)\n' "$(short10 $P07)"
	printf '  net change:   base -> #1: -49.5%%, clear (Welch t -61.24, 4.0 df, p 0.0000)\n\n'
} >"$T/compare.expect"
"$LKPBOT" -c "$T/config.small" -d "$T/db" compare 1 >"$T/compare.out" 2>"$T/compare.err"
ok_rc "lkpbot compare REPORT prints the hand-computed table byte for byte" \
	"$(cmp -s "$T/compare.expect" "$T/compare.out"; echo $?)"
rm -rf "$S/$P07"
"$LKPBOT" -c "$T/config.small" -d "$T/db" compare 1 >/dev/null 2>"$T/compare.err"
rc=$?
ok_rc "missing results: exit 1 naming the commit" \
	"$([ $rc -eq 1 ] && grep -q "no results for 1 of 2 commits: $(short10 $P07)" "$T/compare.err"; echo $?)"
# --- the requests stage's deadline (issue 18): a git that sleeps 5 s,
# [requests] deadline = 1: git is killed when the stage's time is up, the
# request stays open (no "not a commit" answer), the next one waits; a
# later run with time left decides both.
mkdir -p "$T/slow"
printf '#!/bin/sh\nsleep 5\nexec %s "$@"\n' "$(command -v git)" >"$T/slow/git"
chmod +x "$T/slow/git"
printf '[requests]\ndeadline = 1\n' | cat "$T/config" - >"$T/config.slow"
L request --message "<hugh.2@example.org>" 1 compare-series >/dev/null 2>&1
L request --message "<hugh.3@example.org>" 1 compare-series >/dev/null 2>&1
rows=$(outbox_rows)
t0=$(date +%s)
PATH="$T/slow:$PATH" "$LKPBOT" -c "$T/config.slow" -d "$T/db" run \
	--dry-run "$T/runout" >"$T/o" 2>&1
t1=$(date +%s)
ok_rc "a slow git is cut at the stage's deadline ($((t1 - t0)) s, git sleeps 5 s)" \
	"$([ $((t1 - t0)) -lt 5 ]; echo $?)"
is "both requests stay open" "$(req_state 5) $(req_state 6)" "new new"
is "no answer written" "$(outbox_rows)" "$rows"
ok_rc "the warning names [requests] deadline" \
	"$(grep -q 'git ran out of what is left of \[requests\] deadline' "$T/o"; echo $?)"
L run --dry-run "$T/runout" >"$T/o" 2>&1
is "the next run with time left decides both" "$(req_state 5) $(req_state 6)" "done done"
done_testing
