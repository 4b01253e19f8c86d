#!/bin/sh
# property-check.sh - ours: random seeded trees through lkp ncompare and
# lkpbot; prints "N identical of M" (M = comparison tables = groups).
#
#   LKP_SRC=... LKPBOT_COMPARE=.../lkp-compare sh property-check.sh [TREES [FIRST_SEED [GROUPS]]]
#
# Each tree (gen-result-trees.py random ROOT --seed S --groups G) holds G
# comparison groups (stress-ng test=g00..) over the same 2-14 commits, so
# one `lkp ncompare` prints up to G tables.  lkp's unite runs with
# LKP_UNITE_FAST (convert_mrt once per commit directory instead of after
# every run: the index entry is the same symlink either way) and
# LKP_UNITE_NO_PARAMS (no unite_params: params.yaml is read by no part of
# ncompare; regen-goldens.sh does run it).
# Per-tree reports go to $OUT (default ./property), the summary to stdout.
set -eu
. "$(cd "$(dirname "$0")" && pwd)/lib.sh"
: "${LKPBOT_COMPARE:?set LKPBOT_COMPARE to the clone's _b/tests/tools/lkp-compare}"
ntrees=${1:-20}
seed0=${2:-1000}
groups=${3:-25}
out=${OUT:-$here/property}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ident=0
total=0
s=$seed0
while [ "$s" -lt $((seed0 + ntrees)) ]; do
	t=$work/t$s
	python3 "$here/gen-result-trees.py" random "$t" --seed "$s" --groups "$groups"
	LKP_UNITE_FAST=1 LKP_UNITE_NO_PARAMS=1 lkp_unite "$t" 2>/dev/null
	# shellcheck disable=SC2086
	lkp_ncompare "$t" $(manifest_get "$t" commits) >"$out/$s.ncompare.out" 2>/dev/null
	lkpbot_compare "$t" >"$out/$s.lkpbot.out" 2>/dev/null || true
	python3 "$here/compare-outputs.py" --strict "$t" "$out/$s.ncompare.out" "$out/$s.lkpbot.out" >"$out/$s.diff.txt"
	r=$(tail -1 "$out/$s.diff.txt")
	i=${r#*identical=}; i=${i%% *}
	n=${r#*groups=}
	ident=$((ident + i))
	total=$((total + n))
	echo "seed $s: $i identical of $n ($(tail -2 "$out/$s.diff.txt" | head -1))" >&2
	rm -rf "$t"
	s=$((s + 1))
done
echo "$ident identical of $total"
