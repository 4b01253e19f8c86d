#!/usr/bin/env python3
"""gen-results.py - write an lkp result tree and, independently, what a
comparison of it must print.

  gen-results.py series ROOT EXPECT SHA... (base first, then patches 01..M)
  gen-results.py bench ROOT NCOMMITS NRUNS NMETRICS

series: testcase stress-ng, 10 runs per commit with seeded noise (1 %).
stress-ng.remap.ops_per_sec (and .ops) drop to 37.4 % at patch 07 and come
back to 100.4 % of the base at patch 10; a dmesg warning appears in patches
07-09; perf-profile shifts at 07. Half the commits get a matrix.json, the
others only per-run stats.json (one gzipped); a stat is left out of one run
(counts 0). EXPECT receives, computed here with the rules of
doc/lkp-format.md 4.7/4.8 and the attribution rules of bot/lkp_format.h (a
Python re-implementation, never the C code): the section header, the KPI
rows and the attribution lines.
"""
import gzip
import json
import math
import os
import random
import sys

AXES = {"testcase": "stress-ng", "tbox_group": "lkp-icl-2sp8",
        "rootfs": "debian-12-x86_64-20240206.cgz",
        "kconfig": "x86_64-rhel-9.4", "compiler": "gcc-12"}
PARAMS = {"class": "memory", "nr_threads": "100%", "test": "remap",
          "testtime": "60s"}


def path_params(params):
    out = []
    for k in sorted(params):
        v = params[k][:31]
        out.append("".join(c if c.isascii() and (c.isalnum() or c in "-+=:.%")
                           else "_" for c in v))
    return "-".join(out) or "defaults"


def result_root(root, sha):
    return os.path.join(root, AXES["testcase"], path_params(PARAMS),
                        AXES["tbox_group"], AXES["rootfs"], AXES["kconfig"],
                        AXES["compiler"], sha)


def write_json(path, obj, gz=False):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    data = json.dumps(obj, indent=2).encode()
    if gz:
        with gzip.open(path + ".gz", "wb") as f:
            f.write(data)
    else:
        with open(path, "wb") as f:
            f.write(data)


def job_yaml(sha):
    lines = ["suite: stress-ng", "testcase: stress-ng", "commit: " + sha]
    lines += ["%s: %s" % (k, v) for k, v in AXES.items() if k != "testcase"]
    lines += ["stress-ng:"] + ["  %s: '%s'" % (k, v) for k, v in PARAMS.items()]
    return "\n".join(lines) + "\n"


def write_commit(root, sha, runs, col, as_matrix):
    """runs: list of {stat: value}; as_matrix: write matrix.json."""
    rt = result_root(root, sha)
    for i, stats in enumerate(runs):
        d = os.path.join(rt, str(i))
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "job.yaml"), "w") as f:
            f.write(job_yaml(sha))
        write_json(os.path.join(d, "stats.json"), stats,
                   gz=(not as_matrix and col == 3 and i == 0))
    if as_matrix:
        keys = []
        for stats in runs:
            keys += [k for k in stats if k not in keys]
        m = {k: [stats.get(k, 0) for stats in runs] for k in keys}
        m["stats_source"] = [os.path.join(rt, str(i), "stats.json")
                             for i in range(len(runs))]
        write_json(os.path.join(rt, "matrix.json"), m)


# --- lkp's numbers and formats, re-implemented -------------------------

def mean(v):
    return math.fsum(v) / len(v) if v else 0.0


def stddev(v):
    if len(v) < 2:
        return -1.0
    m = mean(v)
    return math.sqrt(math.fsum((x - m) ** 2 for x in v) / len(v))


def change(avg, avg0, absolute):
    if absolute:
        return avg - avg0
    if avg0 == 0:
        avg0 = 1e-100
    return 100.0 * (avg - avg0) / avg0


def fmt_value(avg, sd):
    if abs(avg) < 1000:
        s = "%10.2f" % avg
    elif abs(avg) > 1e8:
        s = "%10.4g" % avg
    else:
        s = "%10d" % int(avg)
    if avg != 0:
        sd = 100 * sd / avg
    return s + (" \u00b1%3d%%" % int(sd) if sd > 2 else " " * 6)


def fmt_change(p, absolute):
    s = ("%+10.1f" if abs(p) < 100000 else "%+10.2g") % p
    return s + ("  " if absolute else "% ")


def perf_row(name, cols, absolute=False):
    avgs = [mean(c) for c in cols]
    out = ""
    for i, c in enumerate(cols):
        if i:
            out += fmt_change(change(avgs[i], avgs[0], absolute), absolute)
        out += fmt_value(avgs[i], stddev(c))
    return out + "  " + name


def pct_text(p, absolute=False):
    s = ("%+.1f" if abs(p) < 100000 else "%+.2g") % p
    return s if absolute else s + "%"


def t_pvalue(t, df, steps=20000):
    """Two-sided P(|T| >= |t|): 1 - 2 * the integral of Student's density
    from 0 to |t|, by Simpson's rule (not the C code's continued
    fraction)."""
    c = math.gamma((df + 1) / 2) / (math.sqrt(df * math.pi) *
                                    math.gamma(df / 2))
    a = abs(t)
    h = a / steps
    f = [c * (1 + (i * h) ** 2 / df) ** (-(df + 1) / 2)
         for i in range(steps + 1)]
    s = f[0] + f[-1] + sum((4 if i % 2 else 2) * f[i]
                           for i in range(1, steps))
    return max(0.0, 1 - 2 * s * h / 3)


def welch(a, b):
    """Welch's t-test of two samples: t, degrees of freedom, p."""
    def svar(v):
        m = mean(v)
        return sum((x - m) ** 2 for x in v) / (len(v) - 1)
    e0, e1 = svar(a) / len(a), svar(b) / len(b)
    t = (mean(b) - mean(a)) / math.sqrt(e0 + e1)
    df = (e0 + e1) ** 2 / (e0 ** 2 / (len(a) - 1) + e1 ** 2 / (len(b) - 1))
    return t, df, t_pvalue(t, df)


def attribution(name, cols, shas, labels, direction):
    avgs = [mean(c) for c in cols]
    steps = [(avgs[i] - avgs[i - 1], i) for i in range(1, len(avgs))]
    # furthest away from the base; the earlier step on ties
    away = [(abs(avgs[i] - avgs[0]) - abs(avgs[i - 1] - avgs[0]), -i)
            for i in range(1, len(avgs))]
    big = -max(away)[1]
    big_d = avgs[big] - avgs[big - 1]
    lines = [name]
    pc = change(avgs[big], avgs[big - 1], False)
    lines.append("  %-14s%s %s: %s (%s)" % ("largest step:", labels[big],
                 shas[big][:10], pct_text(pc), direction(pc)))
    back = [(d, i) for d, i in steps if i > big and d != 0 and
            (d > 0) != (big_d > 0)]
    if back:
        d, i = max(back, key=lambda s: (abs(s[0]), -s[1]))
        if abs(d) * 2 >= abs(big_d):
            lines.append("  %-14s%s %s: %s" % ("given back:", labels[i],
                         shas[i][:10], pct_text(change(avgs[i], avgs[i - 1],
                                                       False))))
    t, df, p = welch(cols[0], cols[-1])
    verdict = ("clear" if p < 0.01 else "likely" if p < 0.05
               else "within noise")
    lines.append("  %-14sbase -> %s: %s, %s (Welch t %.2f, %.1f df, p %.4f)" %
                 ("net change:", labels[-1],
                  pct_text(change(avgs[-1], avgs[0], False)), verdict, t, df,
                  p))
    return lines


def header(shas, subjects):
    ax = dict(AXES)
    ax.update(PARAMS)
    keys = sorted(ax)
    lines = ["=" * 89, "/".join(keys) + ":",
             "  " + "/".join(ax[k] for k in keys), "", "commit: "]
    lines += ['  %s ("%s")' % (s[:10], subj) for s, subj in zip(shas, subjects)]
    lines.append("")
    lines.append("%16s " % shas[0][:16] +
                 "".join("%27s " % s[:27] for s in shas[1:]))
    lines.append("-" * 16 + " " + "".join("-" * 27 + " " for _ in shas[1:]))
    return lines


def series(root, expect, shas, subjects):
    rnd = random.Random(20240102)
    n = len(shas)
    level = [1.0] * 7 + [0.374] * 3 + [1.004] * (n - 10)
    ops, opsps = [], []
    for col, sha in enumerate(shas):
        runs = []
        for r in range(10):
            x = 10000 * level[col] * (1 + rnd.gauss(0, 0.01))
            stats = {
                "stress-ng.remap.ops_per_sec": round(x, 2),
                "stress-ng.remap.ops": round(x * 60),
                "stress-ng.time.elapsed_time": 60.1 + rnd.random() / 100,
                "perf-stat.ps.instructions": 2.3e9 * (1 + rnd.gauss(0, .002)),
                "perf-profile.self.cycles-pp.remap_pages":
                    round((20 if 7 <= col <= 9 else 5) + rnd.random(), 2),
                "proc-vmstat.pgfault": 123456 + rnd.randint(0, 100),
            }
            if 7 <= col <= 9:
                stats["dmesg.WARNING:at_mm/mremap.c:#move_page_tables"] = 1
            if col == 5 and r == 4:
                del stats["proc-vmstat.pgfault"]   # absent: counts 0
            runs.append(stats)
        ops.append([s["stress-ng.remap.ops"] for s in runs])
        opsps.append([s["stress-ng.remap.ops_per_sec"] for s in runs])
        write_commit(root, sha, runs, col, as_matrix=(col % 2 == 0))
    labels = ["base"] + ["%02d/%02d" % (i, n - 1) for i in range(1, n)]
    with open(expect, "w") as f:
        for line in header(shas, subjects):
            f.write("HEAD " + line + "\n")
        f.write("ROW " + perf_row("stress-ng.remap.ops_per_sec", opsps) + "\n")
        f.write("ROW " + perf_row("stress-ng.remap.ops", ops) + "\n")
        # etc/index-perf-all.yaml: stress-ng\..+_per_sec: 1 (higher is
        # better); stress-ng.remap.ops has no KPI weight
        kpi = lambda p: "regression" if p < 0 else "improvement"
        for line in attribution("stress-ng.remap.ops_per_sec", opsps, shas,
                                labels, kpi):
            f.write("ATTR " + line + "\n")
        for line in attribution("stress-ng.remap.ops", ops, shas, labels,
                                lambda p: "undefined"):
            f.write("ATTR " + line + "\n")


def bench(root, ncommits, nruns, nmetrics):
    rnd = random.Random(7)
    groups = ["perf-stat.ps", "perf-profile.self.cycles-pp",
              "perf-profile.children.cycles-pp", "proc-vmstat", "meminfo",
              "sched_debug.cpu", "vmstat.system", "stress-ng.bench",
              "dmesg.WARNING:at_x", "mpstat.cpu.all", "interrupts.CPU0"]
    names = ["%s.m%04d%s" % (groups[i % len(groups)], i,
                             "%" if i % 37 == 0 else "")
             for i in range(nmetrics)]
    base = [rnd.uniform(1, 1e6) for _ in names]
    shas = ["%040x" % rnd.getrandbits(160) for _ in range(ncommits)]
    for col, sha in enumerate(shas):
        shift = [1 + (0.3 if (i * 7 + col) % 50 == 0 else 0)
                 for i in range(nmetrics)]
        m = {n: [round(base[i] * shift[i] * (1 + rnd.gauss(0, .02)), 3)
                 for _ in range(nruns)] for i, n in enumerate(names)}
        rt = result_root(root, sha)
        m["stats_source"] = ["%s/%d/stats.json" % (rt, r) for r in range(nruns)]
        write_json(os.path.join(rt, "matrix.json"), m)
    print(" ".join(shas))


def main(argv):
    if len(argv) >= 4 and argv[1] == "series":
        shas = argv[4:]
        subjects = ["mm: base for the series"] + [
            "[PATCH v2 %02d/%02d] mm/remap: step %02d" % (i, len(shas) - 1, i)
            for i in range(1, len(shas))]
        series(argv[2], argv[3], shas, subjects)
        return 0
    if len(argv) == 6 and argv[1] == "bench":
        bench(argv[2], int(argv[3]), int(argv[4]), int(argv[5]))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
