#!/bin/sh
# t0060-parse.sh - `lkpbot parse` end to end (libetpan MIME decoding, then
# the report parser) against the golden JSON of every robot mail of the
# corpus (tests/data/report/*.json, made from inputs decoded by Python's
# email package, not by our decoder); the seeds as pasted text; and
# `lkpbot reparse` keeping report ids, states and history.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
C=$LKB_TEST_DATA/corpus/maildir

# message-id -> corpus file
for f in "$C"/cur/* "$C"/new/*; do
	id=$(sed -n '1,200{/^[Mm]essage-[Ii][Dd]:/{s/.*<\(.*\)>.*/\1/p;q}}' "$f")
	echo "$id $f"
done >"$T/ids"

n=0
for g in "$LKB_TEST_DATA"/report/m*.json; do
	mid=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["message_id"] or "")' "$g")
	f=$(awk -v id="$mid" '$1 == id { print $2; exit }' "$T/ids")
	[ -n "$f" ] || continue
	n=$((n + 1))
	"$LKPBOT" parse --json "$f" >"$T/got.json" 2>"$T/err"
	python3 - "$g" "$T/got.json" >"$T/diff" 2>&1 <<'PY'
import json, sys
want, got = (json.load(open(p)) for p in sys.argv[1:])
# the golden inputs leave out config-* attachments (see decode-mail.py)
bad = [k for k in want if k != "warnings" and want[k] != got.get(k)]
sys.exit("differ in %s" % bad if bad else 0)
PY
	ok_if "parse --json of $(basename "$g" .json) ($mid) equals the golden JSON" test ! -s "$T/diff"
	[ -s "$T/diff" ] && sed 's/^/# /' "$T/diff"
done
is "every robot mail of the corpus has a golden JSON" "$n" 29

for s in 000 001 003 004; do
	ok_if "seed $s (scraped text) parses" sh -c "'$LKPBOT' parse '$LKB_TEST_DATA'/seeds/${s}_* >/dev/null"
done
"$LKPBOT" parse "$LKB_TEST_DATA"/seeds/002_* >/dev/null 2>&1
is "seed 002 quotes no report: exit 1" "$?" 1
ok_if "seed 004: the quoted table row" sh -c "'$LKPBOT' parse --json '$LKB_TEST_DATA'/seeds/004_* | grep -q '\"stress-ng.remap.ops_per_sec\"'"
printf 'hello\n' | "$LKPBOT" parse - >/dev/null 2>&1
is "plain text: no report, exit 1" "$?" 1

# reparse keeps ids, states and history
"$LKPBOT" -d "$T/db" import "$C" >/dev/null
"$LKPBOT" -d "$T/db" close 5 --reason invalid >/dev/null
sqlite3 "$T/db" "select id, json from reports order by id" >"$T/before"
sqlite3 "$T/db" "update reports set json = '{}', nrows = 0; delete from report_metrics"
ok_if "reparse" "$LKPBOT" -d "$T/db" reparse
sqlite3 "$T/db" "select id, json from reports order by id" >"$T/after"
ok_if "reparse writes the same reports again" cmp -s "$T/before" "$T/after"
is "metric rows back" "$(sqlite3 "$T/db" 'select count(*) > 1000 from report_metrics')" 1
is "state and history kept" "$(sqlite3 "$T/db" "select state || ' ' || (select count(*) from report_history where report_id = 5) from reports where id = 5")" "closed 1"
done_testing
