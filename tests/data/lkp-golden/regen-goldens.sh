#!/bin/sh
# regen-goldens.sh - ours: regenerate the lkp ncompare goldens.
#
#   LKP_SRC=/path/to/lkp-tests [RUBY=ruby] [LKPBOT_COMPARE=.../_b/tests/tools/lkp-compare] \
#       sh regen-goldens.sh [CASE...]
#
# For every case (default: all of `gen-result-trees.py list`):
#  1. gen-result-trees.py writes per-run job.yaml + stats.json (seeded);
#  2. lkp-unite.rb runs lkp's unite_to / unite_params / convert_mrt on every
#     run, as lkp's bin/proc-local does after a run (matrix.json, avg.json,
#     stddev.json, params.yaml, /lkp/data/mresult_root index);
#  3. `lkp ncompare <base sha> <sha>...` -> cases/<name>/ncompare.out
#     (the golden: lkp's stdout, byte for byte; stderr -> ncompare.err);
#  4. with LKPBOT_COMPARE set: lkpbot's comparison of the same tree ->
#     cases/<name>/lkpbot.out, and compare-outputs.py -> cases/<name>/diff.txt.
# cases/<name>/ keeps: gen.args (generator command), manifest.json,
# ncompare.cmd / lkpbot.cmd (exact command lines), result.tar.gz (the tree
# after lkp's unite: job.yaml, stats.json, matrix.json, avg.json,
# stddev.json, params.yaml; what lkpbot reads).
# cases/VERSIONS records the lkp-tests commit and `ruby --version`.
set -eu
. "$(cd "$(dirname "$0")" && pwd)/lib.sh"
out=${OUT:-$here/cases}
mkdir -p "$out"
seed=${SEED:-19}
[ $# -gt 0 ] || set -- $(python3 "$here/gen-result-trees.py" list)
{
	echo "lkp-tests $(git -C "$LKP_SRC" rev-parse HEAD) $(git -C "$LKP_SRC" log -1 --format='%cd %s' --date=short)"
	echo "ruby $("$RUBY" --version)"
	echo "python $(python3 --version 2>&1)"
	echo "seed $seed"
} >"$out/VERSIONS"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for name in "$@"; do
	d=$out/$name
	rm -rf "$d"
	mkdir -p "$d"
	tree=$work/$name
	echo "python3 gen-result-trees.py case $name TREE --seed $seed" >"$d/gen.args"
	python3 "$here/gen-result-trees.py" case "$name" "$tree" --seed "$seed"
	cp "$tree/manifest.json" "$d/"
	lkp_unite "$tree" 2>"$d/unite.err" || { cat "$d/unite.err" >&2; exit 1; }
	# lkp prints harmless "skip non-executable ..." warnings; keep only others
	grep -v 'WARN -- skip non-executable' "$d/unite.err" >"$d/unite.err.tmp" || true
	mv "$d/unite.err.tmp" "$d/unite.err"
	[ -s "$d/unite.err" ] || rm -f "$d/unite.err"
	commits=$(manifest_get "$tree" commits)
	echo "unshare -m sh -c 'mount --bind TREE /lkp && exec \$LKP_SRC/bin/lkp ncompare $commits'" >"$d/ncompare.cmd"
	# shellcheck disable=SC2086
	lkp_ncompare "$tree" $commits >"$d/ncompare.out" 2>"$d/ncompare.err"
	grep -v 'WARN -- skip non-executable' "$d/ncompare.err" >"$d/ncompare.err.tmp" || true
	mv "$d/ncompare.err.tmp" "$d/ncompare.err"
	[ -s "$d/ncompare.err" ] || rm -f "$d/ncompare.err"
	(cd "$tree" && tar --sort=name --mtime=@0 --owner=0 --group=0 -czf "$d/result.tar.gz" result)
	if [ -n "${LKPBOT_COMPARE:-}" ]; then
		n=$(manifest_get "$tree" ngroups)
		: >"$d/lkpbot.cmd"
		i=0
		while [ "$i" -lt "$n" ]; do
			echo "lkp-compare compare -N -r TREE/result $(manifest_get "$tree" args "$i") $commits" >>"$d/lkpbot.cmd"
			i=$((i + 1))
		done
		lkpbot_compare "$tree" >"$d/lkpbot.out" 2>"$d/lkpbot.err" || true
		[ -s "$d/lkpbot.err" ] || rm -f "$d/lkpbot.err"
		python3 "$here/compare-outputs.py" --strict "$tree" "$d/ncompare.out" "$d/lkpbot.out" >"$d/diff.txt"
		printf '%-20s %s\n' "$name" "$(tail -1 "$d/diff.txt")"
	else
		printf '%-20s %s lines\n' "$name" "$(wc -l <"$d/ncompare.out")"
	fi
done
