#!/bin/sh
# t0310-triage-threads.sh - triage on worker threads decides exactly what
# triage in one thread decides: the same mailbox (the corpus, the seed
# stories, command replies from every tier) imported once, triaged with
# [bot] threads = 0, 1 and 3 on copies of the database; every row triage
# writes is compared (times left out: they are the clock's).
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
mkdir -p "$T/md/cur" "$T/md/new" "$T/md/tmp"
cp "$LKB_TEST_DATA"/corpus/maildir/cur/* "$T/md/cur/"
for f in "$LKB_TEST_DATA"/stories/*.eml; do
	cp "$f" "$T/md/new/$(basename "$f")"
done

# replies with commands in the seed 004 thread, from each tier, in order
n=0
for who in "Alice <alice@maint.example>" "Eve <eve@elsewhere.example>" \
	"Hugh Dickins <hughd@google.com>" "Bob <bob@maint2.example>"; do
	for body in "#lkp status" "#lkp close fixed in v3" "#lkp reopen" \
		"#lkp retest" "Thanks, I can reproduce it.\n#lkp compare-series" \
		"> #lkp close\nquoted, not a command"; do
		n=$((n + 1))
		{
			printf 'From: %s\nTo: kernel test robot <oliver.sang@intel.com>\n' "$who"
			printf 'Cc: Hugh Dickins <hughd@google.com>\n'
			printf 'Subject: Re: [mm/munlock] 237b445401: stress-ng.remap.ops_per_sec -62.6%% regression\n'
			printf 'Date: Sat, 19 Feb 2022 11:%02d:00 +0000\n' "$n"
			printf 'Message-ID: <t0310.%d@test>\n' "$n"
			printf 'In-Reply-To: <20220218063812.story004@xsang-OptiPlex-9020>\n\n%b\n' "$body"
		} > "$T/md/new/cmd$n"
	done
done

conf() { # FILE THREADS
	cat > "$1" <<CONF
[bot]
address = lkpbot@bot.example
maintainers = alice@maint.example, @maint2.example
max_per_hour = 1000
max_per_thread = 1000
threads = $2
[smtp]
from = lkpbot <lkpbot@bot.example>
CONF
}
ok_if "import the mailbox" "$LKPBOT" -q -d "$T/db" import "$T/md"
for k in 0 1 3; do
	cp "$T/db" "$T/db$k"
	cp "$T/db.raw" "$T/db$k.raw"
	conf "$T/conf$k" $k
	"$LKPBOT" -vv -c "$T/conf$k" -d "$T/db$k" triage >/dev/null 2>"$T/err$k"
	is "triage with threads = $k: exit 0" $? 0
	is "threads = $k: that many workers" \
		"$(sed -n 's/.*triage: [0-9]* messages, \([0-9]*\) worker threads.*/\1/p' "$T/err$k" | head -1)" $k
done

# what triage wrote, without the clock's columns
dump() {
	sqlite3 "$1" "
select 'event', report_id, msg_id, type, source, author, evidence, sha, reason from events order by id;
select 'command', msg_id, report_id, idx, verb, args, author, tier, allowed, result from commands order by id;
select 'history', report_id, from_state, to_state, reason, cause, msg_id from report_history order by id;
select 'report', id, state, close_reason, duplicate_of from reports order by id;
select 'related', * from report_related order by 2, 3, 4;
select 'triaged', * from triaged order by msg_id;
select 'table', msg_id, report_id, json from reply_tables order by msg_id;
select 'request', report_id, msg_id, asker, kind, args, state from requests order by id;
select 'outbox', request_key, kind, thread_id, report_id, message_id, recipients, subject, state from outbox order by id;"
}
dump "$T/db0" > "$T/d0"
is "one thread: every message triaged" "$(grep -c '^triaged' "$T/d0")" \
	"$(sqlite3 "$T/db0" 'select count(*) from messages')"
ok_if "one thread: events found" test "$(grep -c '^event' "$T/d0")" -ge 20
ok_if "one thread: commands recorded" test "$(grep -c '^command' "$T/d0")" -ge 12
ok_if "one thread: answers queued" test "$(grep -c '^outbox' "$T/d0")" -ge 10
for k in 1 3; do
	dump "$T/db$k" > "$T/d$k"
	ok_if "threads = $k decides what one thread decides" cmp -s "$T/d0" "$T/d$k"
done
diff "$T/d0" "$T/d3" | head -5 >&2
done_testing
