#!/bin/sh
# triage-bench.sh - what triage adds to an import: `lkpbot import` of the
# benchmark mailbox into a fresh database, then `lkpbot triage` of all of
# it, in turn, several rounds; medians and their ratio.
#
#   bench/triage-bench.sh [COPIES] [ROUNDS]     (defaults 100 and 5)
#
# The mailbox is bench/import-bench.sh's (built the same way when
# missing). Needs a built lkpbot in _build/ (or $LKPBOT).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
copies=${1:-100}
rounds=${2:-5}
LKPBOT=${LKPBOT:-$top/_build/bot/lkpbot}
dir=${BENCH_DIR:-/tmp/lkpbot-bench}
export LKPBOT_DATADIR=$top	# the default rules, uninstalled

if [ ! -f "$dir/.done-$copies" ]; then
	rm -rf "$dir"; mkdir -p "$dir"
	python3 "$top/bench/gen-mailbox.py" "$top/tests/data/corpus/maildir" "$dir" "$copies" >&2
	touch "$dir/.done-$copies"
fi
echo "mailbox: $(ls "$dir/maildir/cur" | wc -l) messages ($(nproc) cores)"
: > "$dir/triage-results"
for r in $(seq "$rounds"); do
	rm -f "$dir/tr.db"*
	/usr/bin/time -f "import %e" -a -o "$dir/triage-results" \
		"$LKPBOT" -q -d "$dir/tr.db" import "$dir/maildir"
	/usr/bin/time -f "triage %e" -a -o "$dir/triage-results" \
		"$LKPBOT" -q -d "$dir/tr.db" triage
done
for k in import triage; do
	grep "^$k " "$dir/triage-results" | sort -k2 -n |
		awk -v k="$k" '{ t[NR] = $2 } END { printf "%s median %.2f s (of %d)\n", k, t[int((NR + 1) / 2)], NR }'
done | tee "$dir/triage-medians"
awk '{ m[$1] = $3 } END { printf "triage adds %.0f %% to the import\n", 100 * m["triage"] / m["import"] }' "$dir/triage-medians"
