#!/bin/sh
# t0360-job-quota.sh - lkp job files have quotas per asker, per report
# and per day (audit F7: "20 mails of #lkp compare with 16 made-up shas
# gave 1,600 job files"). The quotas hold across mails; a commit left
# without a job is named in the answer, never dropped silently; the
# maintainers have a pool of their own that others cannot use up; the
# day is a window bounded on both sides.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap '[ -n "$KEEP" ] || rm -rf "$T"' EXIT
TAP_TMP=$T
S=$LKB_TEST_DATA/stories
mkdir -p "$T/md/cur" "$T/md/new" "$T/md/tmp" "$T/out" "$T/res" "$T/queue"
conf() { # [EXTRA-REQUESTS-LINES] [MAX-PER-THREAD]
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
maintainers = alice@maint.example
max_per_hour = 1000
max_per_thread = ${2:-1000}
[results]
root = $T/res
queue = $T/queue
[requests]
jobs_per_asker = 5
jobs_per_report = 8
jobs_per_day = 10
${1:-}
[db]
path = $T/db
CONF
}
conf
q() { sqlite3 "$T/db" "$1"; }
run() { "$LKPBOT" -c "$T/conf" run --dry-run "$T/out" >/dev/null 2>"$T/run.err"; }
rid() { q "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = '$1'"; }
n=0
# mail FROM PARENT BODY
mail() {
	n=$((n + 1))
	{
		printf 'From: %s\nTo: lkp@intel.com\n' "$1"
		printf 'Subject: Re: report\nDate: Tue, 1 Oct 2019 11:%02d:00 +0000\n' $((n % 60))
		printf 'Message-ID: <q%d@test>\n' $n
		printf 'In-Reply-To: <%s>\nReferences: <%s>\n' "$2" "$2"
		printf '\n%s\n' "$3"
	} > "$T/md/new/q$n"
}
# shas K: K made-up shas for the next mail, used by no other
shas() {
	for i in $(seq 1 "$1"); do
		printf ' abc%04x%05x' $((n + 1)) "$i"
	done
}
req() { q "select id from requests where msg_id = (select id from messages where message_id = 'q$1@test')"; }
jobs() { q "select jobs from requests where id = $(req $1)"; }
answer() { q "select raw from outbox where request_id = 'request-$(req $1)' and kind = 'queued'" | tr -d '\r'; }
nfiles() { ls "$T/queue" | wc -l | tr -d ' '; }

cp "$S"/000-report.eml "$S"/001-report.eml "$T/md/new/"
ok_if "run over the story reports" run
P0=20190930014612.story000@shao2-debian
P1=20210804143812.story001@xsang-OptiPlex-9020

# one run, five mails: the quotas hold across mails, in mail order
mail "Yang Shi <yang.shi@linux.alibaba.com>" $P0 "#lkp compare$(shas 7)"	# 1
mail "Yang Shi <yang.shi@linux.alibaba.com>" $P0 "#lkp compare$(shas 2)"	# 2
mail "Andrew Morton <akpm@linux-foundation.org>" $P0 "#lkp compare$(shas 4)"	# 3
mail "Alice <alice@maint.example>" $P0 "#lkp compare$(shas 3)"		# 4
mail "Dave Chinner <dchinner@redhat.com>" $P1 "#lkp compare$(shas 4)"	# 5
run
ok_rc "the run exits 0" $?
is "13 job files, not 20" "$(nfiles)" 13
is "F7 per asker: 5 of 7 written" "$(jobs 1)" 5
ok_if "... the answer says 2 got none, and why" sh -c "printf '%s' \"\$1\" | grep -q '^2 commits got no lkp job (\[requests\] jobs_per_asker = 5):$'" - "$(answer 1)"
is "... the request is queued, not dropped" "$(q "select state from requests where id = $(req 1)")" queued
ok_if "... its result says so" sh -c "q() { sqlite3 '$T/db' \"\$1\"; }; q \"select result from requests where id = $(req 1)\" | grep -q '; 2 without a job (quota)$'"
is "per asker across mails: nothing for her second mail" "$(jobs 2)" 0
ok_if "... answered: none queued, 2 got no job" sh -c "printf '%s' \"\$1\" | grep -q '^  (none)$' && printf '%s' \"\$1\" | grep -q '^2 commits got no lkp job (\[requests\] jobs_per_asker = 5):$'" - "$(answer 2)"
is "per report: the second asker gets the 3 left of 8" "$(jobs 3)" 3
ok_if "... 1 got no job: jobs_per_report" sh -c "printf '%s' \"\$1\" | grep -q '^1 commit got no lkp job (\[requests\] jobs_per_report = 8):$'" - "$(answer 3)"
is "the maintainer is not starved: all 3 written" "$(jobs 4)" 3
ok_if "... and nothing held" sh -c "! printf '%s' \"\$1\" | grep -q 'got no lkp job'" - "$(answer 4)"
is "per day, another report: 2 of 4 (10 a day, 8 used)" "$(jobs 5)" 2
ok_if "... 2 got no job: jobs_per_day" sh -c "printf '%s' \"\$1\" | grep -q '^2 commits got no lkp job (\[requests\] jobs_per_day = 10):$'" - "$(answer 5)"
is "five queued answers" "$(q "select count(*) from outbox where kind = 'queued'")" 5

# the day is over: the quotas count only the last 24 hours
q "update requests set jobs_at = jobs_at - 86401 where jobs > 0"
mail "Yang Shi <yang.shi@linux.alibaba.com>" $P0 "#lkp compare$(shas 3)"
run
is "a day later the asker may again" "$(jobs $n)" 3
# jobs dated ahead of the clock (a run with the clock wrong) do not count
q "update requests set jobs_at = jobs_at + 10 * 86400 where jobs > 0"
mail "Andrew Morton <akpm@linux-foundation.org>" $P0 "#lkp compare$(shas 3)"
run
is "future-dated jobs do not silence the quotas" "$(jobs $n)" 3
is "every job file written is counted" "$(q "select sum(jobs) from requests")" "$(nfiles)"

# requests too have quotas per asker and per report over a day (the
# same pools): others asking cannot use up a maintainer's
conf "per_report = 2"
q "update requests set created_at = created_at - 86401"
allowed() { q "select allowed from commands where msg_id = (select id from messages where message_id = 'q$1@test')"; }
mail "Yang Shi <yang.shi@linux.alibaba.com>" $P0 "#lkp retest"
mail "Andrew Morton <akpm@linux-foundation.org>" $P0 "#lkp retest"
mail "Yang Shi <yang.shi@linux.alibaba.com>" $P0 "#lkp compare-series"
mail "Alice <alice@maint.example>" $P0 "#lkp compare-series"
run
is "requests per report: the first two of the day recorded" "$(allowed $((n - 3)))$(allowed $((n - 2)))" 11
is "... the third refused" "$(allowed $((n - 1)))" 0
ok_if "... saying why" sh -c "sqlite3 '$T/db' \"select result from commands where msg_id = (select id from messages where message_id = 'q$((n - 1))@test')\" | grep -q 'as many requests as it may in a day'"
is "... a maintainer's still recorded" "$(allowed $n)" 1
q "update requests set created_at = created_at + 10 * 86400"
mail "Yang Shi <yang.shi@linux.alibaba.com>" $P0 "#lkp compare-series"
run
is "future-dated requests do not count" "$(allowed $n)" 1

# every answer kind obeys the per-thread limit, request answers too
# (F7: "100 queued answers in one thread; request answers skip
# max_per_thread")
inthread() { q "select count(*) from outbox where thread_id = (select thread_id from messages where message_id = '$P1')"; }
c=$(inthread)
conf "" $((c + 2))
for i in 1 2 3; do
	mail "Dave Chinner <dchinner@redhat.com>" $P1 "#lkp compare$(shas 2)"
done
run
is "requests past the thread limit: still recorded" "$(q "select count(*) from requests where asker = 'dchinner@redhat.com'")" 4
is "... but the thread gets no more answers than max_per_thread" "$(inthread)" $((c + 2))
ok_if "database intact" "$LKPBOT" -c "$T/conf" db check
done_testing
