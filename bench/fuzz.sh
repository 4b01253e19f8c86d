#!/bin/sh
# fuzz.sh - run every fuzz target with libFuzzer for a fixed budget
# (by hand; not part of CI). Builds with clang, --enable-fuzzing and
# ASan + UBSan in _build-fuzz, the whole library instrumented for
# coverage, then runs each target with its .dict and seeds.
#
#   bench/fuzz.sh [SECONDS-PER-TARGET [TARGET...]]   (default 60, all)
#
# Prints one line per target: name, seconds, executions, findings. A
# crash, leak or UB report is left in _build-fuzz/fuzz-out/<target>/
# (crash-*, leak-*, timeout-* files and <target>.log).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
budget=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-message report reply imap-resp template config rules address date header}
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
	esac
}

export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
printf '%-10s %8s %12s  %s\n' target seconds execs findings
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
	dict=$top/tests/fuzz/fuzz_$(echo "$t" | tr - _).dict
	start=$(date +%s)
	( cd "$out" && "$B/tests/fuzz/fuzz-$t" -max_total_time="$budget" \
		-dict="$dict" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 corpus >"$t.log" 2>&1 )
	rc=$?
	secs=$(( $(date +%s) - start ))
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$t.log" | tail -1)
	found=$(cd "$out" && ls crash-* leak-* timeout-* oom-* slow-unit-* 2>/dev/null | tr '\n' ' ')
	[ $rc -ne 0 ] && [ -z "$found" ] && found="exit $rc (see $out/$t.log)"
	[ -n "$found" ] && status=1
	printf '%-10s %8s %12s  %s\n' "$t" "$secs" "${execs:-?}" "${found:-none}"
done
exit $status
