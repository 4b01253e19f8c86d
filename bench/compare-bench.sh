#!/bin/sh
# compare-bench.sh [BUILDDIR] - lkp comparison speed: 14 commits x 10 runs
# x 3,000 metrics (matrix.json each, written by tests/tools/gen-results.py
# bench), compared and rendered by tests/tools/lkp-compare; prints the
# time compare_run() took (find + load + statistics + render), best of 5.
# Target: < 100 ms.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bld=${1:-$top/_build}
tool=$bld/tests/tools/lkp-compare
[ -x "$tool" ] || make -C "$bld" tests/tools/lkp-compare >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
shas=$(python3 "$top/tests/tools/gen-results.py" bench "$tmp/res" 14 10 3000)
axes="-a testcase=stress-ng -a tbox_group=lkp-icl-2sp8
 -a rootfs=debian-12-x86_64-20240206.cgz -a kconfig=x86_64-rhel-9.4
 -a compiler=gcc-12 -a class=memory -a nr_threads=100% -a test=remap
 -a testtime=60s"
best=
for i in 1 2 3 4 5; do
	t=$("$tool" compare -T -r "$tmp/res" $axes $shas 2>&1 >"$tmp/out" |
		sed -n 's/^compare_run: \([0-9.]*\) ms$/\1/p')
	best=$(echo "$best $t" | awk '{ if (NF == 1 || $2 + 0 < $1 + 0) print $NF; else print $1 }')
done
rows=$(grep -c '  [a-z]' "$tmp/out" || true)
echo "compare-bench: 14 commits x 10 runs x 3000 metrics -> $rows rows," \
	"$(wc -c <"$tmp/out") bytes: best of 5 = $best ms (target < 100 ms)"
