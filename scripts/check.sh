#!/bin/sh
# check.sh - install what the tests need, build (normal and sanitizer
# builds) and run the whole suite. Ends with one line "N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
jobs=$(nproc 2>/dev/null || echo 2)

scripts/deps.sh test || exit 1

[ -x configure ] || ./autogen.sh || exit 1

status=0
run_build() {
	dir=$1; shift
	mkdir -p "$dir"
	( cd "$dir" &&
	  { [ -f Makefile ] || ../configure --enable-werror "$@" >configure.log 2>&1 ||
	    { cat configure.log; exit 1; }; } &&
	  make -j"$jobs" >build.log 2>&1 || { cat build.log; exit 1; }
	  make -j"$jobs" check >check.log 2>&1
	  rc=$?
	  grep -E '^(FAIL|ERROR|XPASS)' check.log
	  [ $rc -eq 0 ] || { for f in $(find . -name '*.log' -newer build.log); do
		grep -l -E '^(not ok|FAIL|ERROR)' "$f"; done | head -5 |
		while read -r f; do echo "--- $f"; tail -40 "$f"; done; }
	  exit $rc ) || status=1
}

echo "== normal build"
run_build _build
echo "== lint (include direction, banned functions)"
( cd _build && make lint ) || status=1
echo "== sanitizer build (ASan + UBSan)"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	run_build _build-san --enable-sanitizers CFLAGS="-O1 -g"

# Sum every test result of both builds.
pass=0 fail=0
for f in $(find _build _build-san -name '*.trs' 2>/dev/null); do
	p=$(grep -c '^:test-result: PASS' "$f")
	x=$(grep -c -E '^:test-result: (FAIL|ERROR|XPASS)' "$f")
	s=$(grep -c '^:test-result: SKIP' "$f")
	pass=$((pass + p))
	fail=$((fail + x + s))	# a skip is not a pass here
done
[ $status -ne 0 ] && [ $fail -eq 0 ] && fail=1
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $status -eq 0 ]
