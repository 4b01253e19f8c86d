#!/bin/sh
# t0650-lkp-golden.sh - lkpbot's comparison tables against the real lkp.
#
# tests/data/lkp-golden/cases/<case>/ncompare.out is what the real
# lkp-tests `lkp ncompare` printed (unmodified Ruby, commit and Ruby
# version in cases/VERSIONS) for the result tree in result.tar.gz, which
# lkp's own unite_to built. For every case the tree is unpacked, lkpbot's
# comparison runs once per comparison group (cases/<case>/lkpbot.cmd, in
# ncompare's order) with ncompare's commit list (-L: whole shas) and no
# attribution (-N), and the concatenated output must equal ncompare.out
# byte for byte - no normalisation. Ruby is not needed; to make the
# goldens again with the real lkp: tests/tools/lkp-regen-goldens.sh.
# TAP output.
set -u
src=${LKB_SRCDIR:-.}
bld=${LKB_BUILDDIR:-.}
. "$src/tests/tap.sh"
tool=$bld/tests/tools/lkp-compare
cases=${LKB_TEST_DATA:-$src/tests/data}/lkp-golden/cases
tmp=$(mktemp -d) || exit 99
TAP_TMP=$tmp
trap 'rm -rf "$tmp"' EXIT
[ -x "$tool" ] || bail_out "no $tool"
command -v tar >/dev/null || bail_out "tar missing"

# run_case DIR OUT : lkpbot's tables for every group of DIR into OUT.
run_case() {
	dir=$1
	out=$2
	rm -rf "$tmp/tree"
	mkdir "$tmp/tree"
	tar -xzf "$dir/result.tar.gz" -C "$tmp/tree" || return 1
	: >"$out"
	while IFS= read -r line; do
		# shellcheck disable=SC2086
		set -- $line
		[ "$1 $2" = "lkp-compare compare" ] || return 1
		shift 2
		for a in "$@"; do
			case $a in
			TREE/*) a=$tmp/tree/${a#TREE/} ;;
			esac
			set -- "$@" "$a"
			shift
		done
		"$tool" compare -L "$@" >>"$out" 2>"$tmp/err" || {
			cat "$tmp/err"
			return 1
		}
	done <"$dir/lkpbot.cmd"
}

n=0
for d in "$cases"/*/; do
	d=${d%/}
	name=$(basename "$d")
	[ -f "$d/ncompare.out" ] || continue
	n=$((n + 1))
	if run_case "$d" "$tmp/out"; then
		ok_if "$name: byte-identical to lkp ncompare" \
			cmp "$d/ncompare.out" "$tmp/out"
		cmp -s "$d/ncompare.out" "$tmp/out" ||
			diff "$d/ncompare.out" "$tmp/out" | head -20 | sed 's/^/# /'
	else
		ok_rc "$name: lkpbot compares the tree" 1
	fi
done
# the cases the issue names are all there (and a tree without rows)
for c in clean-regression noisy-threshold runs-2 runs-3 runs-5 runs-6 \
	 runs-10 runs-40 missing-stats integer-stats perf-profile failures \
	 zero-base format-boundaries three-columns fourteen-columns rounding \
	 no-rows; do
	[ -f "$cases/$c/ncompare.out" ] || ok_rc "case $c is present" 1
done
ok_if "18 or more golden cases" test "$n" -ge 18
# nothing to show: lkp prints nothing, and so does lkpbot
is "no-rows: lkp's golden is empty" "$(wc -c <"$cases/no-rows/ncompare.out")" 0
done_testing
