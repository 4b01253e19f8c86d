#!/bin/sh
# measure.sh - do lkpbot's noise verdicts agree with how reports ended?
# The robot's reports of bench/triage (reports/<list>.mbox.xz) and the
# replies to them (replies/) are imported into a fresh database and
# triaged; then, for every perf report whose outcome the labels know,
# its headline verdict (lkpbot list --json, "noise") is set against it:
#
#   fix confirmed by the robot (a reply labelled robot-confirms-fix, as
#   act or accepted alternative): the regression was real, the verdict
#   agrees unless it is "within noise"; and the LKP retest table of that
#   reply, judged by triage (rules_table_verdict), must not come out
#   within noise (evidence "the fix's change is within noise");
#   dismissed as noise (a closes-not-a-bug label, act or alternative,
#   whose reason speaks of randomness, noise, variation or an acceptable
#   range): the verdict agrees when it is "within noise" (strict) or at
#   least not "clear" (lenient).
#
#   bench/noise/measure.sh [--data DIR]
#
# Needs a built lkpbot in _build/ (or $LKPBOT), sqlite3, python3, xz.
# The thresholds (lib/noise.h) were fixed before this was first run and
# are not tuned on it; the test lists of DIR/split.tsv are read here
# only to count, and are printed apart.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
LKPBOT=${LKPBOT:-$top/_build/bot/lkpbot}
data=$top/bench/triage
if [ "${1:-}" = --data ]; then
	data=$(cd "$2" && pwd)
fi
. "$top/bench/lib-conf.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bench_conf "$tmp"
for f in "$data"/reports/*.mbox.xz; do
	xz -dc "$f" >"$tmp/reports-$(basename "$f" .xz)"
done
for f in "$data"/replies/*.mbox.xz; do
	xz -dc "$f" >"$tmp/replies-$(basename "$f" .xz)"
done
"$LKPBOT" -q -c "$tmp/conf" import "$tmp"/reports-*.mbox >/dev/null
"$LKPBOT" -q -c "$tmp/conf" import "$tmp"/replies-*.mbox >/dev/null
"$LKPBOT" -q -c "$tmp/conf" triage >/dev/null
"$LKPBOT" -c "$tmp/conf" list --json >"$tmp/list.json"
sqlite3 -separator '	' "$tmp/db" \
	"SELECT m.message_id, e.type, e.evidence FROM events e
	 JOIN messages m ON m.id = e.msg_id WHERE e.source LIKE '%table%'
	 OR e.evidence LIKE '%within noise%'" >"$tmp/table-events.tsv"
cp "$tmp/table-events.tsv" "${NOISE_KEEP:-/dev/null}" 2>/dev/null || :
python3 "$top/bench/noise/measure.py" "$data" "$tmp/list.json" \
	"$tmp/table-events.tsv"
