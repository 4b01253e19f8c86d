#!/bin/sh
# t0655-lkp-jobfile.sh - the job files lkpbot queues are jobs lkp runs.
#
# tests/data/lkp-golden/jobfiles/lkpbot-job.yaml is the job lkpbot wrote
# for a missing commit of the clean-regression tree, and lkpbot-job.lkp
# what the real lkp-tests answered when it loaded it (Job.open, `lkp
# job-path`, `lkp split-job`; tests/tools/lkp-regen-goldens.sh makes
# both). Here, without Ruby: lkpbot still writes that job byte for byte,
# lkp's _result_root for it is where lkp's unite_to put that commit's
# runs, and lkpbot finds results put at lkp's _result_root. TAP output.
set -u
src=${LKB_SRCDIR:-.}
bld=${LKB_BUILDDIR:-.}
. "$src/tests/tap.sh"
tool=$bld/tests/tools/lkp-compare
golden=${LKB_TEST_DATA:-$src/tests/data}/lkp-golden
case=$golden/cases/clean-regression
tmp=$(mktemp -d) || exit 99
TAP_TMP=$tmp
trap 'rm -rf "$tmp"' EXIT
[ -x "$tool" ] || bail_out "no $tool"
mkdir "$tmp/tree" "$tmp/empty"
tar -xzf "$case/result.tar.gz" -C "$tmp/tree" || bail_out "cannot unpack"

# the group's axes and commits from lkpbot.cmd (TREE/result replaced)
set -- $(sed -n 1p "$case/lkpbot.cmd")
shift 2
axes=
for a in "$@"; do
	case $a in
	-N | TREE/result | -r) ;;
	*) axes="$axes $a" ;;
	esac
done
base=$(sed -n 1p "$case/lkpbot.cmd" | awk '{print $(NF-1)}')
# shellcheck disable=SC2086
"$tool" compare -N -q "$tmp/q" -r "$tmp/empty" $axes >"$tmp/out" 2>&1
is "missing results: exit 3, jobs queued" "$?" 3
job=$(ls "$tmp/q/stress-ng-$(echo "$base" | cut -c1-12)"-*.yaml 2>/dev/null)
ok_if "the base commit's job is the one lkp accepted" \
	cmp "$golden/jobfiles/lkpbot-job.yaml" "$job"
ok_if "options under the program's key, as lkp's job.yaml has them" \
	grep -q '^stress-ng:$' "$job"
ok_if "lkp loaded it with its parameters" \
	grep -q '^  path_params:  memory-100%-remap-60s$' \
	"$golden/jobfiles/lkpbot-job.lkp"
rr=$(sed -n 's|^  _result_root: /lkp/result/||p' "$golden/jobfiles/lkpbot-job.lkp")
ok_if "lkp's _result_root is where lkp's unite_to put the runs" \
	test -n "$rr" -a -f "$tmp/tree/result/$rr/matrix.json"
# lkpbot looks there: without the directory the commit is missing, with
# it moved back to lkp's _result_root the comparison runs
mv "$tmp/tree/result/$rr" "$tmp/moved"
# shellcheck disable=SC2086
"$tool" compare -N -r "$tmp/tree/result" $axes >"$tmp/out" 2>"$tmp/err"
is "without lkp's _result_root: results missing" "$?" 1
ok_if "the missing one is the base" grep -q "$(echo "$base" | cut -c1-10) (base)" "$tmp/err"
mv "$tmp/moved" "$tmp/tree/result/$rr"
# shellcheck disable=SC2086
"$tool" compare -N -L -r "$tmp/tree/result" $axes >"$tmp/out" 2>"$tmp/err"
is "at lkp's _result_root: lkpbot finds them" "$?" 0
ok_if "and prints lkp's table" cmp "$case/ncompare.out" "$tmp/out"
done_testing
