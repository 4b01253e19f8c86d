#!/bin/sh
# t0010-fresh-machine.sh - the README's two commands on a machine without
# the test-only packages, proven without a fresh machine.
#
# A clean clone of HEAD; in a private mount namespace every file of the
# test-only packages (Check, dovecot, postfix, valgrind, clang, debhelper)
# is hidden behind /dev/null, and scripts/quickstart.sh must build and run
# there.
# Then, with the packages visible again (as after check.sh installs them),
# `scripts/check.sh --build-only` in the same clone must configure anew and
# build every test program: the stale-configuration failure of old.
#
# Run by scripts/check.sh (not by `make check`: it builds the tree twice).
# Needs root for unshare -m; fails, never skips, when it cannot set up.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/tap.sh"

hidden_pkgs="check dovecot-core dovecot-imapd dovecot-submissiond postfix valgrind
clang-14 debhelper"

tmp=$(mktemp -d /tmp/lkb-fresh.XXXXXX) || { echo "Bail out! mktemp"; exit 1; }
trap 'rm -rf "$tmp"' EXIT
TAP_TMP=$tmp
export TAP_TMP

command -v unshare >/dev/null || { echo "Bail out! unshare(1) missing"; exit 1; }
[ "$(id -u)" = 0 ] || { echo "Bail out! needs root for unshare -m"; exit 1; }
for p in $hidden_pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		{ echo "Bail out! $p is not installed: nothing to hide"; exit 1; }
done

# Every regular file the packages own (symlinks resolve to one of them).
for p in $hidden_pkgs; do dpkg -L "$p"; done | sort -u |
	while read -r f; do [ -f "$f" ] && [ ! -L "$f" ] && echo "$f"; done \
	>"$tmp/hide"
ok_if "the test-only packages own files to hide ($(wc -l <"$tmp/hide"))" \
	test "$(wc -l <"$tmp/hide")" -gt 50

ok_if "clean clone of HEAD" git clone -q "$top" "$tmp/clone"

cat >"$tmp/ns.sh" <<'NS'
set -u
while read -r f; do mount --bind /dev/null "$f" || exit 90; done <"$1"
# The namespace must really lack them, or the test proves nothing.
pkg-config --exists check && { echo "check.pc still visible"; exit 91; }
[ -s /usr/include/check.h ] && { echo "check.h still visible"; exit 91; }
command -v smtp-sink >/dev/null && [ -s "$(command -v smtp-sink)" ] &&
	{ echo "smtp-sink still visible"; exit 91; }
echo "namespace ready"
cd "$2" && scripts/quickstart.sh
NS
unshare -m --propagation private sh "$tmp/ns.sh" "$tmp/hide" "$tmp/clone" \
	>"$tmp/quickstart.out" 2>&1
rc=$?
if [ $rc -eq 90 ] || [ $rc -eq 91 ]; then
	cat "$tmp/quickstart.out" | sed 's/^/# /' | tail -n 20
	echo "Bail out! cannot hide the test-only packages (exit $rc)"
	exit 1
fi
is "quickstart.sh succeeds with the test-only packages hidden" "$rc" 0
[ $rc -ne 0 ] && sed 's/^/# /' "$tmp/quickstart.out" | tail -n 40
ok_if "the namespace hid them" grep -qx "namespace ready" "$tmp/quickstart.out"
ok_if "configure said make check will need Check" \
	grep -q "make check. will need it" "$tmp/clone/_build/configure.log"
ok_if "quickstart listed the sample's reports" \
	grep -q "perf-regression" "$tmp/quickstart.out"
ok_if "make built no test-only program" \
	test ! -e "$tmp/clone/_build/tests/unit/libcheckmain.a"

# Outside the namespace Check is back: the stale-configuration case.
(cd "$tmp/clone" && scripts/check.sh --build-only) >"$tmp/build.out" 2>&1
rc=$?
is "check.sh --build-only succeeds after quickstart" "$rc" 0
[ $rc -ne 0 ] && sed 's/^/# /' "$tmp/build.out" | tail -n 40
ok_if "it linked the unit programs against Check" \
	test -x "$tmp/clone/_check/build/tests/unit/test-lib"
(cd "$tmp/clone" && scripts/check.sh --build-only) >"$tmp/again.out" 2>&1
ok_if "a second --build-only succeeds" grep -q '^built:' "$tmp/again.out"
ok_if "and reuses the configured tree" \
	sh -c "! grep -q 'configuring anew' '$tmp/again.out'"

# A build that fails says so, with the compiler's words, never a bare count.
printf '#error lkb-fresh-machine-probe\n' >>"$tmp/clone/lib/log.c"
(cd "$tmp/clone" && scripts/check.sh --build-only) >"$tmp/broken.out" 2>&1
rc=$?
ok_if "a broken build fails check.sh" test $rc -ne 0
ok_if "it shows the compiler's error" \
	grep -q "error: #error lkb-fresh-machine-probe" "$tmp/broken.out"
ok_if "its last line says the build failed" \
	sh -c "tail -n 1 '$tmp/broken.out' | grep -q '^build-failed: [0-9]* passed, [1-9][0-9]* failed$'"
done_testing
