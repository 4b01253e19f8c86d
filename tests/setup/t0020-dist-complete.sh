#!/bin/sh
# t0020-dist-complete.sh - the release tarball carries every tracked file
# and no build product. The cheap half of `make distcheck`, run by
# scripts/check.sh on every run; scripts/release-check.sh runs the whole
# distcheck (tarball built, tested and installed out of tree).
#
# Usage: t0020-dist-complete.sh BUILDDIR (a configured build of this tree)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/tap.sh"
b=${1:?usage: t0020-dist-complete.sh BUILDDIR}

tmp=$(mktemp -d /tmp/lkb-dist.XXXXXX) || { echo "Bail out! mktemp"; exit 1; }
trap 'rm -rf "$tmp"' EXIT
TAP_TMP=$tmp
export TAP_TMP

rm -f "$b"/lkpbot-*.tar.gz
ok_if "make dist" make -C "$b" dist-gzip
tarball=$(ls "$b"/lkpbot-*.tar.gz 2>/dev/null | head -n 1)
mv "$tarball" "$tmp/" 2>/dev/null
tar -tzf "$tmp/${tarball##*/}" 2>/dev/null | sed 's#^[^/]*/##' |
	grep -v -e '/$' -e '^$' | sort >"$tmp/in-tarball"
# Tracked files that are not part of a release: git and CI plumbing.
git -C "$top" ls-files | grep -v -E '^(\.gitignore|\.ci/)' | sort >"$tmp/tracked"
comm -23 "$tmp/tracked" "$tmp/in-tarball" >"$tmp/missing"
ok_if "every tracked file is in the tarball" test ! -s "$tmp/missing"
sed 's/^/# missing: /' "$tmp/missing" | head -n 20
grep -E '\.(o|a|log|trs)$|/\.deps/|\.dirstamp$' "$tmp/in-tarball" >"$tmp/junk"
ok_if "no build product is in it" test ! -s "$tmp/junk"
sed 's/^/# build product: /' "$tmp/junk" | head -n 20
done_testing
