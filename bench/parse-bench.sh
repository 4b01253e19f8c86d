#!/bin/sh
# parse-bench.sh - LKP report parse throughput, lkpbot vs the Python
# baseline (the reference parser pyref.py: $PYREF, or ../shared/bench/ beside
# the tree, the project's task material), parse only: both
# get the same decoded inputs (tests/data/report/*.in bodies), MIME
# decoding and SQLite are left out on both sides.
#
#   bench/parse-bench.sh [BUILDDIR] [ITERATIONS]
#
# Prints MB/s and reports/s of each side and the ratio of medians of 5
# runs. Run by hand on an idle machine; record numbers in BENCHMARKS.md.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build}
iters=${2:-20}
tool=$build/tests/tools/dump-report
pyref=${PYREF:-}
for p in "$top/bench/pyref.py" "$top/../shared/bench/pyref.py" \
	/work/shared/bench/pyref.py; do
	[ -z "$pyref" ] && [ -f "$p" ] && pyref=$p
done
[ -x "$tool" ] || { echo "build $tool first (make check)" >&2; exit 1; }
data=$top/tests/data/report

c_runs=""
for i in 1 2 3 4 5; do
	out=$("$tool" -b "$iters" "$data"/*.in)
	echo "lkpbot: $out"
	c_runs="$c_runs $(echo "$out" | sed -n 's/.* \([0-9.]*\) reports\/s.*/\1/p')"
done
[ -n "$pyref" ] || { echo "pyref.py not found: no comparison"; exit 0; }
py_runs=$(python3 - "$pyref" "$data" "$iters" <<'PY'
import glob, importlib.util, sys, time
spec = importlib.util.spec_from_file_location("pyref", sys.argv[1])
pyref = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pyref)
inputs = []
for f in sorted(glob.glob(sys.argv[2] + "/*.in")):
    raw = open(f, "rb").read()
    head, rest = raw.split(b"\n\n", 1)
    h = dict(l.split(": ", 1) for l in head.decode().split("\n") if ": " in l)
    n = int(h["Body-Length"])
    inputs.append((h.get("Subject", ""), rest[:n].decode("utf-8", "replace")))
iters = int(sys.argv[3])
runs = []
for _ in range(5):
    t0 = time.time()
    nb = 0
    for _ in range(iters):
        for subj, body in inputs:
            kind, sub = pyref.classify(subj, body)
            pyref.extract_report(kind, sub, subj, body)
            nb += len(body)
    dt = time.time() - t0
    print("pyref: %d parses in %.3f s: %.1f MB/s, %.0f reports/s"
          % (iters * len(inputs), dt, nb / 1e6 / dt, iters * len(inputs) / dt),
          file=sys.stderr)
    runs.append(iters * len(inputs) / dt)
print(" ".join("%.1f" % r for r in runs))
PY
)
python3 - "$c_runs" "$py_runs" <<'PY'
import statistics, sys
c = [float(x) for x in sys.argv[1].split()]
p = [float(x) for x in sys.argv[2].split()]
print("median reports/s: lkpbot %.0f, pyref %.0f, ratio %.1fx"
      % (statistics.median(c), statistics.median(p),
         statistics.median(c) / statistics.median(p)))
PY
