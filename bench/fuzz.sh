#!/bin/sh
# fuzz.sh - run every fuzz target with libFuzzer for a fixed budget
# (by hand; not part of CI). Builds with clang, --enable-fuzzing and
# ASan + UBSan in _build-fuzz, the whole library instrumented for
# coverage, then runs each target with its .dict and seeds.
#
#   bench/fuzz.sh [-r RUNS] [-c CPUSECS] [-k] [SECONDS-PER-TARGET [TARGET...]]
#
#   SECONDS  wall-clock budget per target (default 60); all targets if
#            none is named
#   -r RUNS  stop a target after RUNS executions (SECONDS still caps it)
#   -c CPUSECS  stop a target once it has used CPUSECS seconds of CPU
#            (checked every 5 s; the fuzzer is interrupted and prints
#            its figures): a busy machine then lengthens the run instead
#            of shortening the fuzzing
#   -k       keep: minimise the corpus (libFuzzer -merge=1) and store it
#            as tests/fuzz/corpus/<target>.tar.xz, where t0820 replays it
#            and the next run starts from it
#
# Prints one line per target: name, seconds, CPU seconds, executions,
# corpus kept, findings. A crash, leak or UB report is left in
# _build-fuzz/fuzz-out/<target>/ (crash-*, leak-*, timeout-* files and
# <target>.log).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
runs=-1
cpumax=
keep=
while getopts r:c:k opt; do
	case $opt in
	r) runs=$OPTARG ;;
	c) cpumax=$OPTARG ;;
	k) keep=1 ;;
	*) echo "usage: bench/fuzz.sh [-r RUNS] [-c CPUSECS] [-k] [SECONDS [TARGET...]]" >&2
	   exit 2 ;;
	esac
done
shift $((OPTIND - 1))
budget=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-message report reply imap-resp template config rules address date header git-trailers}
B=$top/_build-fuzz
D=$top/tests/data

[ -x configure ] || ./autogen.sh || exit 1
mkdir -p "$B"
if [ ! -f "$B/Makefile" ]; then
	( cd "$B" && ../configure --enable-fuzzing --enable-sanitizers \
		CC=clang CFLAGS='-O1 -g -fsanitize=fuzzer-no-link' \
		>configure.log 2>&1 ) || { cat "$B/configure.log"; exit 1; }
fi
progs=
for t in $targets; do progs="$progs tests/fuzz/fuzz-$t"; done
# shellcheck disable=SC2086
make -C "$B" -j2 $progs >"$B/build.log" 2>&1 || { tail -30 "$B/build.log"; exit 1; }

# seeds TARGET: seed directories/files (same choice as t0820-fuzz-replay.sh)
seeds() {
	case $1 in
	message) echo "$D/msg $D/stories $D/imap/maildir $D/corpus/maildir" ;;
	report) echo "$D/report $D/reply $D/stories" ;;
	reply) echo "$D/reply $D/stories $D/seeds" ;;
	imap-resp) echo "$D/imap" ;;
	template) echo "$top/templates/mail $D/render/bad" ;;
	config) echo "$top/tests/fuzz/seeds/config" ;;
	rules) echo "$top/rules" ;;
	address|date|header) echo "$D/msg $D/stories" ;;
	git-trailers) echo "$top/tests/fuzz/seeds/git-trailers" ;;
	esac
}

# keep_corpus TARGET OUT: minimise OUT/corpus into OUT/min and store it
# as $K/TARGET.tar.xz (sorted, no owners or times: the same corpus gives
# the same bytes); prints the number of inputs kept
keep_corpus() {
	rm -rf "$2/min"
	mkdir -p "$2/min/$1" "$K"
	( cd "$2" && "$B/tests/fuzz/fuzz-$1" -merge=1 -max_len=65536 \
		-timeout=10 -rss_limit_mb=2048 "min/$1" corpus >merge.log 2>&1 ) ||
		return 1
	( cd "$2/min" && find "$1" -type f | LC_ALL=C sort |
		tar -cf - --owner=0 --group=0 --numeric-owner --mtime=@0 \
			--mode=go-w --no-recursion -T - ) |
		xz -9e >"$K/$1.tar.xz.tmp" && mv "$K/$1.tar.xz.tmp" "$K/$1.tar.xz" ||
		return 1
	find "$2/min/$1" -type f | wc -l
}

export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
K=$top/tests/fuzz/corpus
printf '%-10s %8s %8s %12s %7s  %s\n' target seconds cpu-s execs kept findings
status=0
for t in $targets; do
	out=$B/fuzz-out/$t
	rm -rf "$out"
	mkdir -p "$out/corpus"
	# copy the seeds: libFuzzer writes new inputs into the first dir
	for s in $(seeds "$t"); do
		[ -e "$s" ] || continue
		find "$s" -type f -size -1M | while read -r f; do
			cp "$f" "$out/corpus/$(echo "$f" | cksum | cut -d' ' -f1)"
		done
	done
	[ -d "$D/fuzz-regress/$t" ] && cp "$D/fuzz-regress/$t"/* "$out/corpus/" 2>/dev/null
	[ -f "$K/$t.tar.xz" ] && tar -xJf "$K/$t.tar.xz" -C "$out/corpus" \
		--strip-components=1
	dict=$top/tests/fuzz/fuzz_$(echo "$t" | tr - _).dict
	start=$(date +%s)
	( cd "$out" && exec /usr/bin/time -f '%U %S' -o cpu \
		"$B/tests/fuzz/fuzz-$t" -max_total_time="$budget" -runs="$runs" \
		-dict="$dict" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 corpus >"$t.log" 2>&1 ) &
	tpid=$!
	stopped=
	if [ -n "$cpumax" ]; then
		while kill -0 "$tpid" 2>/dev/null; do
			sleep 5
			fpid=$(pgrep -P "$tpid" | head -1)
			[ -n "$fpid" ] || continue
			used=$(awk -v hz="$(getconf CLK_TCK)" \
				'{ printf "%d", ($14 + $15) / hz }' \
				"/proc/$fpid/stat" 2>/dev/null) || continue
			if [ "${used:-0}" -ge "$cpumax" ]; then
				stopped=1
				kill -INT "$fpid" 2>/dev/null
				break
			fi
		done
	fi
	wait "$tpid"
	rc=$?
	# libFuzzer leaves with 72 when interrupted; that was us
	[ -n "$stopped" ] && [ $rc -eq 72 ] && rc=0
	secs=$(( $(date +%s) - start ))
	cpu=$(awk '/^[0-9.]+ [0-9.]+$/ { printf "%d", $1 + $2 }' "$out/cpu")
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$t.log" | tail -1)
	found=$(cd "$out" && ls crash-* leak-* timeout-* oom-* slow-unit-* 2>/dev/null | tr '\n' ' ')
	[ $rc -ne 0 ] && [ -z "$found" ] && found="exit $rc (see $out/$t.log)"
	[ -n "$found" ] && status=1
	kept=-
	if [ -n "$keep" ] && [ -z "$found" ]; then
		kept=$(keep_corpus "$t" "$out") || { status=1; kept=failed; }
	fi
	printf '%-10s %8s %8s %12s %7s  %s\n' "$t" "$secs" "${cpu:-?}" \
		"${execs:-?}" "$kept" "${found:-none}"
done
exit $status
