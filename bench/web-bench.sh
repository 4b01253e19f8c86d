#!/bin/sh
# web-bench.sh - `lkpbot web` over a large database: the corpus repeated
# COPIES times (bench/gen-mailbox.py; 120 copies = 36,240 messages)
# imported and triaged, then the whole site written into an empty
# directory, written again (nothing changed), and written once more
# after one new reply was imported and triaged, and after a second one
# the same day.
#
#   bench/web-bench.sh [COPIES]     (default 120)
#
# Needs a built lkpbot in _build/ (or $LKPBOT) and python3. Data goes to
# $BENCH_DIR (default /tmp/lkpbot-web-bench).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
copies=${1:-120}
LKPBOT=${LKPBOT:-$top/_build/bot/lkpbot}
dir=${BENCH_DIR:-/tmp/lkpbot-web-bench}
src=$top/tests/data/corpus/maildir

if [ ! -f "$dir/.done-$copies" ]; then
	rm -rf "$dir"; mkdir -p "$dir"
	python3 "$top/bench/gen-mailbox.py" "$src" "$dir" "$copies" >&2
	touch "$dir/.done-$copies"
fi
# every sender trusted: the corpus mail cannot be DKIM-verified here (no
# DNS), and a lookup per mail would be timed instead of the site
printf '[bot]\nverify_senders = none\n' >"$dir/empty.conf"
L() { "$LKPBOT" -q -c "$dir/empty.conf" -d "$dir/w.db" "$@"; }
rm -rf "$dir/w.db"* "$dir/site"
L import "$dir/maildir"
L triage
echo "mailbox: $(ls "$dir/maildir/cur" | wc -l) messages; $(sqlite3 "$dir/w.db" \
	'select count(*) from reports') reports ($(nproc) cores, $(uname -m))"
# time LABEL: one `lkpbot web` with its wall time and peak RSS
timed() {
	sync
	/usr/bin/time -f "%e s, peak RSS %M KB" -o "$dir/time.out" \
		"$LKPBOT" -c "$dir/empty.conf" -d "$dir/w.db" web --out "$dir/site" \
		--json >"$dir/web.json"
	printf '%-28s %s; %s\n' "$1" "$(cat "$dir/time.out")" \
		"$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("%d written, %d unchanged" % (d["written"], d["unchanged"]))' "$dir/web.json")"
}
timed "empty directory:"
timed "again, nothing new:"
# one new reply to one report of the first copy, ten minutes after the
# newest mail in the store (the next cron run's news)
parent=$(sqlite3 "$dir/w.db" "select m.message_id from reports r join messages m
	on m.id = r.msg_id where r.kind = 'perf-regression' order by r.id limit 1")
when=$(date -u -R -d "@$(($(sqlite3 "$dir/w.db" 'select max(date) from messages') + 600))")
cat >"$dir/late.eml" <<MAIL
From: Alice Maintainer <alice@maint.example>
To: kernel test robot <oliver.sang@intel.com>
Subject: Re: one late reply
Date: $when
Message-ID: <late.$$@web-bench.test>
In-Reply-To: <$parent>
References: <$parent>

Thanks, I'm looking into it.
MAIL
L import "$dir/late.eml"
L triage
timed "after one new reply:"
echo "rewritten: $(find "$dir/site" -newer "$dir/late.eml" -type f -printf '%f ' | tr ' ' '\n' | sort | tr '\n' ' ')"
# a second reply ten minutes later, the same day
sleep 1
sed -e "s/late\./late2./" -e "s/^Date: .*/Date: $(date -u -R -d "@$(($(sqlite3 "$dir/w.db" 'select max(date) from messages') + 600))")/" \
	"$dir/late.eml" >"$dir/late2.eml"
L import "$dir/late2.eml"
L triage
timed "after a second, same day:"
echo "rewritten: $(find "$dir/site" -newer "$dir/late2.eml" -type f -printf '%f ' | tr ' ' '\n' | sort | tr '\n' ' ')"
du -sh "$dir/site" | sed 's/^/site size: /'
