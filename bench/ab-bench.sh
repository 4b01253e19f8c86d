#!/bin/sh
# ab-bench.sh - two builds of lkpbot side by side, in turn, on the same
# input: import of the benchmark mailbox into a fresh database, triage of
# all of it, and the comparison benchmark; medians and the ratio B/A.
#
#   bench/ab-bench.sh BUILD_A BUILD_B [COPIES] [ROUNDS]   (100 and 5)
#
# BUILD_A and BUILD_B are build directories (each with the program and
# tests/tools/lkp-compare), e.g. one of the commit before a change and
# one of the change. The mailbox is bench/import-bench.sh's (made the
# same way when missing, in $BENCH_DIR, default /tmp/lkpbot-bench).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
a=${1:?usage: ab-bench.sh BUILD_A BUILD_B [COPIES] [ROUNDS]}
b=${2:?usage: ab-bench.sh BUILD_A BUILD_B [COPIES] [ROUNDS]}
copies=${3:-100}
rounds=${4:-5}
dir=${BENCH_DIR:-/tmp/lkpbot-bench}
export LKPBOT_DATADIR=$top	# the same rules for both builds

if [ ! -f "$dir/.done-$copies" ]; then
	rm -rf "$dir"; mkdir -p "$dir"
	python3 "$top/bench/gen-mailbox.py" "$top/tests/data/corpus/maildir" \
		"$dir" "$copies" >&2
	touch "$dir/.done-$copies"
fi
echo "mailbox: $(ls "$dir/maildir/cur" | wc -l) messages ($(nproc) cores)"

# secs CMD...: wall seconds of CMD (output dropped; failure is fatal)
secs() {
	t0=$(date +%s.%N)
	"$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
	t1=$(date +%s.%N)
	echo "$t0 $t1" | awk '{ printf "%.3f\n", $2 - $1 }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

: >"$dir/ab.import.a"; : >"$dir/ab.import.b"
: >"$dir/ab.triage.a"; : >"$dir/ab.triage.b"
for r in $(seq "$rounds"); do
	for side in a b; do
		eval bld=\$$side
		db=$dir/ab-$side.db
		rm -f "$db" "$db"-* "$db".*
		sync
		secs "$bld/bot/lkpbot" -q -d "$db" import "$dir/maildir" \
			>>"$dir/ab.import.$side"
		sync
		secs "$bld/bot/lkpbot" -q -d "$db" triage \
			>>"$dir/ab.triage.$side"
	done
done
for what in import triage; do
	ma=$(median <"$dir/ab.$what.a")
	mb=$(median <"$dir/ab.$what.b")
	echo "$what: A $ma s, B $mb s, B/A $(echo "$ma $mb" |
		awk '{ printf "%.3f", $2 / $1 }') (medians of $rounds)"
done
for side in a b; do
	eval bld=\$$side
	echo "compare ($side): $(sh "$top/bench/compare-bench.sh" "$bld" | tail -n 1)"
done
