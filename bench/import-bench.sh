#!/bin/sh
# import-bench.sh - lkpbot import vs the Python stdlib baseline, side by side
# on the same generated mailbox, in turn, several rounds; prints medians.
#
#   bench/import-bench.sh [COPIES] [ROUNDS]     (defaults 100 and 3)
#   bench/import-bench.sh --real [ROUNDS] [LIST...]
#                   real list archives, against pyref and the I/O floor:
#                   bench/import-real.sh
#
# Needs a built lkpbot in _build/ (or $LKPBOT), python3, and the baseline
# ../shared/bench/pyref.py (or $PYREF). Data goes to $BENCH_DIR (default
# /tmp/lkpbot-bench).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --real ]; then
	shift
	exec sh "$top/bench/import-real.sh" "$@"
fi
copies=${1:-100}
rounds=${2:-3}
LKPBOT=${LKPBOT:-$top/_build/bot/lkpbot}
PYREF=${PYREF:-$top/../shared/bench/pyref.py}
dir=${BENCH_DIR:-/tmp/lkpbot-bench}
src=$top/tests/data/corpus/maildir

if [ ! -f "$dir/.done-$copies" ]; then
	rm -rf "$dir"; mkdir -p "$dir"
	python3 "$top/bench/gen-mailbox.py" "$src" "$dir" "$copies" >&2
	touch "$dir/.done-$copies"
fi
n=$(ls "$dir/maildir/cur" | wc -l)
mb=$(du -sm "$dir/maildir" | cut -f1)
echo "mailbox: $n messages, $mb MB ($(nproc) cores, $(uname -m))"

# run LABEL CMD...: wall seconds and peak RSS (KB) via /usr/bin/time;
# the writeback of the run before is done first (sync), for both sides
run() {
	label=$1; shift
	sync
	/usr/bin/time -f "%e %M" -o "$dir/time.out" "$@" >/dev/null 2>"$dir/err.out" ||
		{ cat "$dir/err.out" >&2; exit 1; }
	echo "$label $(cat "$dir/time.out")"
}

: > "$dir/results"
for r in $(seq "$rounds"); do
	for src_kind in maildir mbox; do
		in=$dir/maildir; [ $src_kind = mbox ] && in=$dir/mailbox.mbox
		rm -f "$dir/l.db"*; run "lkpbot-$src_kind" "$LKPBOT" -q -d "$dir/l.db" import "$in" >>"$dir/results"
		rm -f "$dir/p.sqlite"; run "pyref-$src_kind" python3 "$PYREF" "$in" -o "$dir/p.sqlite" --quiet >>"$dir/results"
	done
done
# what each extracted in its last round: reports, metric rows, fail:runs rows
lc=$(sqlite3 -separator ' ' "$dir/l.db" 'select (select count(*) from reports),
	(select count(*) from report_metrics), (select count(*) from report_failures)')
pc=$(sqlite3 -separator ' ' "$dir/p.sqlite" 'select (select count(*) from reports),
	(select count(*) from metric_rows), (select count(*) from repro_rows)')
echo "lkpbot: reports, metric rows, fail:runs rows: $lc"
echo "pyref:  reports, metric rows, fail:runs rows: $pc"
[ "$lc" = "$pc" ] && echo "extracted counts identical" || echo "extracted counts DIFFER"
# medians
for k in lkpbot-maildir pyref-maildir lkpbot-mbox pyref-mbox; do
	grep "^$k " "$dir/results" | sort -k2 -n | awk -v k="$k" -v n="$n" -v mb="$mb" '
		{ t[NR] = $2; m[NR] = $3 }
		END { i = int((NR + 1) / 2); printf "%-15s median %6.2f s  %8.0f msg/s  %6.1f MB/s  peak RSS %6.1f MB\n",
			k, t[i], n / t[i], mb / t[i], m[i] / 1024 }'
done | tee "$dir/medians"
awk '{ s[$1] = $3 } END {
	printf "ratio maildir: %.1fx   ratio mbox: %.1fx (pyref time / lkpbot time)\n",
		s["pyref-maildir"] / s["lkpbot-maildir"], s["pyref-mbox"] / s["lkpbot-mbox"] }' "$dir/medians"
