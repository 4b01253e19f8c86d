#!/bin/sh
# t0710-lkp-compare.sh - whole-series comparison from a generated lkp result
# tree and a generated git series (tests/tools/make-series-repo.sh,
# tests/tools/gen-results.py writes the tree AND the expected text it
# computed itself). TAP output.
set -u
src=${LKB_SRCDIR:-.}
. "$src/tests/tap.sh"
bld=${LKB_BUILDDIR:-.}
tool=$bld/tests/tools/lkp-compare
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TAP_TMP=$tmp

if ! command -v python3 >/dev/null || ! command -v git >/dev/null; then
	bail_out "python3 or git missing"
fi
plan 16
sh "$src/tests/tools/make-series-repo.sh" "$tmp/repo" 13 >/dev/null 2>&1
shas=$(git -C "$tmp/repo" rev-list --reverse -14 HEAD)
python3 "$src/tests/tools/gen-results.py" series "$tmp/res" "$tmp/expect" $shas
tested=$(git -C "$tmp/repo" rev-parse HEAD~6)
url=https://github.com/intel-lab-lkp/linux/commits/Jane-Doe/mm-remap-steps/20240102-030405
axes="-a testcase=stress-ng -a tbox_group=lkp-icl-2sp8
 -a rootfs=debian-12-x86_64-20240206.cgz -a kconfig=x86_64-rhel-9.4
 -a compiler=gcc-12 -a class=memory -a nr_threads=100% -a test=remap
 -a testtime=60s"
run() { "$tool" series-compare -g "$tmp/repo" -c "$tested" -t "$url" "$@"; }

run -r "$tmp/res" $axes >"$tmp/out" 2>"$tmp/err"
rc=$?
ok_if "series compare succeeds" eval '[ $rc -eq 0 ] && [ -s "$tmp/out" ]'
sed -n 's/^HEAD //p' "$tmp/expect" >"$tmp/head"
hl=$(wc -l <"$tmp/head")
head -n "$hl" "$tmp/out" >"$tmp/out.head"
ok_if "section header byte for byte (14 columns, commit list)" eval \
	'cmp -s "$tmp/head" "$tmp/out.head"'
ok_if "dash line has 14 columns" eval \
	'[ "$(sed -n "${hl}p" "$tmp/out" | wc -w)" -eq 14 ]'
sed -n 's/^ROW //p' "$tmp/expect" >"$tmp/rows"
missing=0
while IFS= read -r line; do
	grep -Fxq -- "$line" "$tmp/out" || missing=1
done <"$tmp/rows"
ok_if "KPI rows byte for byte" eval '[ $missing -eq 0 ]'
sed -n 's/^ATTR //p' "$tmp/expect" >"$tmp/attr"
grep -v '^$' "$tmp/out" | grep -A3 -Fx 'stress-ng.remap.ops_per_sec' >"$tmp/attr.out"
grep -v '^$' "$tmp/out" | grep -A3 -Fx 'stress-ng.remap.ops' >>"$tmp/attr.out"
grep -Fxvf "$tmp/attr.out" "$tmp/attr" >"$tmp/attr.miss"
ok_if "attribution lines (07/13 regresses, 10/13 gives back)" eval \
	'[ ! -s "$tmp/attr.miss" ] && grep -q "largest step: 07/13" "$tmp/attr" && grep -q "given back:   10/13" "$tmp/attr"'
ok_if "fail:runs table precedes the perf table" eval \
	'[ "$(grep -n "fail:runs" "$tmp/out" | head -1 | cut -d: -f1)" -lt "$(grep -n "%stddev" "$tmp/out" | cut -d: -f1)" ]'

# fallback: path_params directory renamed, found through job.yaml
mv "$tmp/res/stress-ng/memory-100%-remap-60s" "$tmp/res/stress-ng/renamed"
run -r "$tmp/res" $axes >"$tmp/out2" 2>"$tmp/err"
ok_if "runs found by job.yaml when path_params differs" eval 'cmp -s "$tmp/out" "$tmp/out2"'
cp -r "$tmp/res/stress-ng/renamed" "$tmp/res/stress-ng/renamed2"
run -r "$tmp/res" $axes >/dev/null 2>"$tmp/err"
ok_if "two matching directories are an error" eval 'grep -q ambiguous "$tmp/err"'
rm -rf "$tmp/res/stress-ng/renamed2"

# missing results: jobs queued once
rt5=$tmp/res/stress-ng/renamed/lkp-icl-2sp8/debian-12-x86_64-20240206.cgz/x86_64-rhel-9.4/gcc-12/$(echo $shas | cut -d' ' -f6)
mv "$rt5" "$tmp/held"
run -r "$tmp/res" $axes -q "$tmp/queue" >"$tmp/q1" 2>"$tmp/err"
rc=$?
ok_if "missing results exit 3 and name the commit" eval \
	'[ $rc -eq 3 ] && grep -q "no results for 1 of 14 commits" "$tmp/err"'
run -r "$tmp/res" $axes -q "$tmp/queue" >"$tmp/q2" 2>/dev/null
ok_if "one job file, not rewritten" eval \
	'[ "$(ls "$tmp/queue" | wc -l)" -eq 1 ] && grep -q "queued 0 new" "$tmp/q2"'
job=$(ls "$tmp/queue"/*)
ok_if "job file names testcase, params (under the program's key), machine and commit" eval \
	'grep -qx "commit: '"'"'$(echo $shas | cut -d" " -f6)'"'"'" "$job" && grep -qx "stress-ng:" "$job" && grep -qx "  nr_threads: '"'"'100%'"'"'" "$job" && grep -qx "tbox_group: lkp-icl-2sp8" "$job"'
mv "$tmp/held" "$rt5"

# bad trees: never a table
base_rt=$tmp/res/stress-ng/renamed/lkp-icl-2sp8/debian-12-x86_64-20240206.cgz/x86_64-rhel-9.4/gcc-12/$(echo $shas | cut -d' ' -f1)
cp "$base_rt/matrix.json" "$tmp/m.save"
head -c 300 "$tmp/m.save" >"$base_rt/matrix.json"
run -r "$tmp/res" $axes >"$tmp/bad" 2>"$tmp/err"
ok_if "truncated matrix.json is an error, no table" eval \
	'[ ! -s "$tmp/bad" ] && grep -q "cannot parse" "$tmp/err"'
sed 's/"stress-ng.remap.ops": \[/"stress-ng.remap.ops": [NaN, /' "$tmp/m.save" >"$base_rt/matrix.json"
run -r "$tmp/res" $axes >"$tmp/bad" 2>"$tmp/err"
ok_if "NaN in matrix.json is an error" eval '[ ! -s "$tmp/bad" ] && grep -q "cannot parse" "$tmp/err"'
sed 's/"stress-ng.remap.ops": \[/"stress-ng.remap.ops": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, /' "$tmp/m.save" >"$base_rt/matrix.json"
run -r "$tmp/res" $axes >"$tmp/bad" 2>"$tmp/err"
ok_if "more samples than runs is an error" eval '[ ! -s "$tmp/bad" ] && grep -q "at most 10 runs" "$tmp/err"'
cp "$tmp/m.save" "$base_rt/matrix.json"

"$tool" series-compare -g "$tmp/repo" -c "$tested" -r "$tmp/res" $axes >/dev/null 2>"$tmp/err"
ok_if "patch 07/13 without a branch tip cannot be resolved" eval \
	'grep -q "cannot resolve the series: .* is patch 07/13 and no branch tip" "$tmp/err"'
"$tool" series -g "$tmp/repo" -c "$tested" -t "$url" -b "$(git -C "$tmp/repo" rev-parse HEAD~14)" >/dev/null 2>"$tmp/err"
ok_if "a base one commit too old fails the count check" eval \
	'grep -q "expected 13 commits .* found more than 13" "$tmp/err"'
done_testing
