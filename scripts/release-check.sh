#!/bin/sh
# release-check.sh - `make distcheck`: the release tarball configures,
# builds, passes the whole suite and installs out of tree, from a
# read-only source. Takes about six minutes on two cores, so it is not
# part of scripts/check.sh (which checks the tarball's contents on every
# run: tests/setup/t0020-dist-complete.sh). Run it before a release.
set -u
lkb_top=$(cd "$(dirname "$0")/.." && pwd)
cd "$lkb_top" || exit 1
lkb_jobs=$(nproc 2>/dev/null || echo 2)
. scripts/build-lib.sh

scripts/deps.sh test || exit 1
lkb_autogen || exit 1
lkb_configure _check/release || exit 1
echo "== make distcheck (_check/release/distcheck.log)"
if lkb_make _check/release _check/release/distcheck.log distcheck; then
	grep -A3 'archives ready for distribution' _check/release/distcheck.log
	echo "1 passed, 0 failed"
else
	grep -E '^(FAIL|ERROR)' _check/release/distcheck.log
	echo "release-failed: 0 passed, 1 failed"
	exit 1
fi
