#!/bin/sh
# check.sh - install what the tests need, build (normal and sanitizer
# builds), run the whole suite, the set-up tests (fresh machine, release
# tarball, Debian package install) and distcheck.
# Ends with one line "N passed, N failed" ("build-failed: ..." when a
# configure or build step failed, after its first error).
#
#   scripts/check.sh               everything
#   scripts/check.sh --build-only  configure and build the normal build
#                                  with its test programs, run nothing
#
# Its build directories are its own (_check/build, _check/build-san) and
# are configured anew whenever what configure finds has changed
# (scripts/build-lib.sh), so no earlier state of the tree can break it.
# SPDX-License-Identifier: GPL-2.0-or-later
set -u
lkb_top=$(cd "$(dirname "$0")/.." && pwd)
cd "$lkb_top" || exit 1
lkb_jobs=$(nproc 2>/dev/null || echo 2)
. scripts/build-lib.sh

build_only=0
case "${1:-}" in
--build-only) build_only=1 ;;
"") ;;
-h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
*) echo "usage: scripts/check.sh [--build-only]" >&2; exit 2 ;;
esac

scripts/deps.sh test || { echo "build-failed: 0 passed, 1 failed"; exit 1; }
lkb_autogen || { echo "build-failed: 0 passed, 1 failed"; exit 1; }

build_failed=0 status=0

# build DIR CONFIGURE-ARGS...: configure, build lkpbot, build every test
# program (`make check TESTS=`), so a compile or link error is shown as
# one and is never counted as a failing test.
build() {
	d=$1; shift
	lkb_configure "$d" --enable-werror "$@" &&
	lkb_make "$d" "$d/build.log" all &&
	lkb_make "$d" "$d/build-tests.log" check TESTS=
}

# run_suite DIR: `make check`; the failing tests' logs are shown.
run_suite() {
	d=$1
	make -C "$d" -j"$lkb_jobs" check >"$d/check.log" 2>&1
	rc=$?
	grep -E '^(FAIL|ERROR|XPASS)' "$d/check.log"
	if [ $rc -ne 0 ]; then
		if ! grep -q -E '^(PASS|FAIL|ERROR|SKIP|XFAIL|XPASS):' "$d/check.log"; then
			lkb_show_error "$d/check.log"
		fi
		grep -l -E '^(not ok|FAIL|ERROR|Bail out)' \
			$(find "$d" -name '*.log' -newer "$d/build-tests.log") 2>/dev/null |
			grep -v -e '/check.log$' -e '/test-suite.log$' | head -n 5 |
			while read -r f; do echo "--- $f"; tail -n 40 "$f"; done
		status=1
	fi
}

# The build's result counts as a test line: a build that fails ends the
# summary as "build-failed:".
echo "== normal build"
if ! build _check/build; then
	build_failed=1
fi
if [ $build_only -eq 1 ]; then
	if [ $build_failed -eq 1 ]; then
		echo "build-failed: 0 passed, 1 failed"
		exit 1
	fi
	echo "built: _check/build (lkpbot and every test program)"
	exit 0
fi

[ $build_failed -eq 0 ] && run_suite _check/build
echo "== lint (include direction, banned functions, named paths)"
make -C _check/build lint >_check/lint.log 2>&1 || { cat _check/lint.log; status=1; }

echo "== sanitizer build (ASan + UBSan)"
if build _check/build-san --enable-sanitizers CFLAGS="-O1 -g"; then
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		run_suite _check/build-san
else
	build_failed=1
fi

# Tests run by this script itself (not by `make check`): TAP on stdout.
extra_pass=0 extra_fail=0
run_tap() {
	log=_check/$(basename "$1" .sh).log
	echo "== $*"
	sh "$@" >"$log" 2>&1
	rc=$?
	p=$(grep -c '^ok ' "$log")
	f=$(grep -c -E '^(not ok|Bail out)' "$log")
	[ $rc -ne 0 ] && [ "$f" -eq 0 ] && f=1
	[ "$p" -eq 0 ] && [ "$f" -eq 0 ] && f=1	# ran nothing: not a pass
	if [ "$f" -ne 0 ]; then
		tail -n 40 "$log"
	fi
	grep -E '^(not ok|Bail out)' "$log"
	extra_pass=$((extra_pass + p))
	extra_fail=$((extra_fail + f))
}
run_tap tests/setup/t0010-fresh-machine.sh
run_tap tests/setup/t0020-dist-complete.sh _check/build
run_tap tests/setup/t0030-deb-install.sh

# Sum every test result of both builds and of the setup tests.
pass=$extra_pass fail=$extra_fail
for f in $(find _check/build _check/build-san -name '*.trs' 2>/dev/null); do
	p=$(grep -c '^:test-result: PASS' "$f")
	x=$(grep -c -E '^:test-result: (FAIL|ERROR|XPASS)' "$f")
	s=$(grep -c '^:test-result: SKIP' "$f")
	pass=$((pass + p))
	fail=$((fail + x + s))	# a skip is not a pass here
done
if [ $build_failed -ne 0 ]; then
	echo "build-failed: $pass passed, $((fail + 1)) failed"
	exit 1
fi
[ $status -ne 0 ] && [ $fail -eq 0 ] && fail=1
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $status -eq 0 ]
