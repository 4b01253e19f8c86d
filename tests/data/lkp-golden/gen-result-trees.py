#!/usr/bin/env python3
"""gen-result-trees.py - write seeded lkp result trees (per-run job.yaml +
stats.json) that both `lkp ncompare` and lkpbot read.  Python 3 stdlib only.

  gen-result-trees.py list
  gen-result-trees.py case NAME ROOT [--seed N]
  gen-result-trees.py random ROOT --seed N [--groups K]

ROOT plays the part of lkp's /lkp: runs go to
  ROOT/result/<testcase>/<path_params>/<tbox_group>/<rootfs>/<kconfig>/
        <compiler>/<commit>/<run>/{job.yaml,stats.json}
(lib/result.rb PATH_SCHEME 'default').  Nothing else is written into the
tree: matrix.json, avg.json, stddev.json, params.yaml and the
/lkp/data/mresult_root index are lkp's own work (regen-goldens.sh runs
lkp's unite_to / unite-params / convert_mrt on every run, as bin/proc-local
does after a run).

ROOT/manifest.json describes what was written: the commits in column
order (base first) and, per comparison group, the axes and the lkpbot
command-line arguments (-a KEY=VALUE) that name the same result root.

JSON types are kept exactly: a stat generated as an integer is written as
a JSON integer (`3`), a float as a JSON float (`3.0`, repr of the Python
float, which Ruby's JSON parser reads back to the same double).
"""
import hashlib
import json
import math
import os
import random
import sys

TBOX = "lkp-icl-2sp8"
ROOTFS = "debian-12-x86_64-20240206.cgz"
KCONFIG = "x86_64-rhel-9.4"
COMPILER = "gcc-12"


def sha_of(seed, i):
    return hashlib.sha1(("%s/%d" % (seed, i)).encode()).hexdigest()


def path_params(params):
    """lkp Job#path_params for plain (non '=') options, sorted by key."""
    out = []
    for k in sorted(params):
        v = str(params[k])[:31]
        out.append(v)
    s = "-".join(out)
    return "".join(c if (c.isascii() and (c.isalnum() or c in "-+=:.%"))
                   else "_" for c in s) or "defaults"


class Group:
    """One comparison group: a testcase + parameters; runs per commit."""

    def __init__(self, testcase, top, prog):
        self.testcase = testcase
        self.top = dict(top)     # top-level params (nr_threads, testtime)
        self.prog = dict(prog)   # params under the program's key
        self.runs = {}           # sha -> [stats dict per run]

    def params(self):
        p = dict(self.top)
        p.update(self.prog)
        return p

    def rt(self, root, sha):
        return os.path.join(root, "result", self.testcase,
                            path_params(self.params()), TBOX, ROOTFS,
                            KCONFIG, COMPILER, sha)

    def job_yaml(self, sha):
        cat = "functional" if self.testcase.startswith("kselftests") \
            else "benchmark"
        lines = ["suite: %s" % self.testcase,
                 "testcase: %s" % self.testcase,
                 "category: %s" % cat]
        for k in sorted(self.top):
            lines.append("%s: %s" % (k, yq(self.top[k])))
        lines.append("%s:" % self.testcase)
        for k in sorted(self.prog):
            lines.append("  %s: %s" % (k, yq(self.prog[k])))
        lines += ["tbox_group: %s" % TBOX, "rootfs: %s" % ROOTFS,
                  "kconfig: %s" % KCONFIG, "compiler: %s" % COMPILER,
                  "commit: %s" % sha]
        return "\n".join(lines) + "\n"

    def write(self, root, shas):
        for sha in shas:
            for i, stats in enumerate(self.runs.get(sha, [])):
                d = os.path.join(self.rt(root, sha), str(i))
                os.makedirs(d, exist_ok=True)
                with open(os.path.join(d, "job.yaml"), "w") as f:
                    f.write(self.job_yaml(sha))
                with open(os.path.join(d, "stats.json"), "w") as f:
                    f.write(dump_stats(stats))

    def manifest(self):
        args = ["-a", "testcase=" + self.testcase, "-a", "tbox_group=" + TBOX,
                "-a", "rootfs=" + ROOTFS, "-a", "kconfig=" + KCONFIG,
                "-a", "compiler=" + COMPILER]
        for k in sorted(self.params()):
            args += ["-a", "%s=%s" % (k, self.params()[k])]
        return {"testcase": self.testcase, "params": self.params(),
                "path_params": path_params(self.params()),
                "lkpbot_args": args}


def yq(v):
    s = str(v)
    if s.endswith("%") or s[:1].isdigit():
        return "'%s'" % s
    return s


def num(v):
    if isinstance(v, bool):
        raise TypeError("bool")
    if isinstance(v, int):
        return str(v)
    if math.isnan(v) or math.isinf(v):
        raise ValueError("non-finite")
    return repr(float(v))


def dump_stats(stats):
    # lkp's save_json is JSON.pretty_generate: 2-space indent, "k": v
    items = ['  %s: %s' % (json.dumps(k), num(v)) for k, v in stats.items()]
    return "{\n" + ",\n".join(items) + "\n}\n"


# --- sample models --------------------------------------------------------

def sample(rng, mean, noise, kind):
    """kind: 'i' integer, 'f2' float rounded to 2 decimals (what most lkp
    monitors print), 'f' full-precision float (a mean of time samples)."""
    x = mean * (1.0 + rng.gauss(0.0, noise)) if noise else float(mean)
    if kind == "i":
        return int(round(x))
    if kind == "f2":
        return round(x, 2)
    return x


def fill(rng, g, shas, runs, spec):
    """spec: list of (name, kind, means[per commit] or None, noise,
    p_missing).  A mean of None leaves the stat out of that commit."""
    for ci, sha in enumerate(shas):
        n = runs[ci] if isinstance(runs, list) else runs
        g.runs[sha] = []
        for r in range(n):
            st = {}
            for name, kind, means, noise, pmiss in spec:
                m = means[ci] if isinstance(means, list) else means
                if m is None or (pmiss and rng.random() < pmiss):
                    continue
                st[name] = sample(rng, m, noise, kind)
            g.runs[sha].append(st)


def stress(test="remap"):
    return Group("stress-ng", {"nr_threads": "100%", "testtime": "60s"},
                 {"class": "memory", "test": test})


def std_spec(t, ncol, kpi, noise=0.01):
    """A realistic stress-ng stat set; kpi: factor per column."""
    k = kpi
    return [
        ("stress-ng.%s.ops_per_sec" % t, "f2", [1234.56 * f for f in k], noise, 0),
        ("stress-ng.%s.ops" % t, "i", [74073 * f for f in k], noise, 0),
        ("stress-ng.time.elapsed_time", "f2", 60.21, 0.001, 0),
        ("stress-ng.time.voluntary_context_switches", "i",
         [1.2e6 / f for f in k], 0.02, 0),
        ("perf-stat.ps.instructions", "f", [2.3e9 * f for f in k], 0.01, 0),
        ("perf-stat.i.cache-miss-rate%", "f2", [12.5 + 4 * (1 - f) for f in k], 0.02, 0),
        ("perf-stat.overall.ipc", "f2", [1.23 * f for f in k], 0.01, 0),
        ("proc-vmstat.pgfault", "i", [1.5e7 * f for f in k], 0.01, 0),
        ("meminfo.Active", "i", 812345, 0.001, 0),
        ("vmstat.system.cs", "i", [25000 / f for f in k], 0.03, 0),
        ("mpstat.cpu.all.sys%", "f2", [35.5 / f for f in k], 0.01, 0),
        ("sched_debug.cpu.nr_uninterruptible.min", "f2", -16.5, 0.1, 0),
        ("turbostat.Avg_MHz", "i", 2450, 0.002, 0),
        ("perf-profile.calltrace.cycles-pp.remap_file_pages.do_syscall_64",
         "f2", [30.2 * f for f in k], 0.02, 0),
        ("perf-profile.children.cycles-pp.do_syscall_64", "f2",
         [45.1 * f for f in k], 0.01, 0),
        ("perf-profile.self.cycles-pp.native_queued_spin_lock_slowpath",
         "f2", [12.3 / f for f in k], 0.03, 0),
    ]


# --- named cases ----------------------------------------------------------

def c_clean_regression(rng, shas):
    g = stress()
    fill(rng, g, shas, 6, std_spec("remap", 2, [1.0, 0.80], 0.005))
    return [g]


def c_noisy_threshold(rng, shas):
    g = stress()
    t = "remap"
    spec = [
        # separated, ratio just over / under 1.01 and 1.05
        ("stress-ng.%s.ops_per_sec" % t, "f2", [1000.0, 1010.5], 0.001, 0),
        ("stress-ng.%s.ops" % t, "i", [60000, 63300], 0.002, 0),
        ("stress-ng.%s.bogo_per_iter" % t, "f2", [100.0, 101.0], 0.0005, 0),
        ("perf-stat.ps.cycles", "f", [1.0e11, 1.011e11], 0.0003, 0),
        ("perf-stat.ps.branches", "f", [5.0e10, 5.0e10 * 1.049], 0.003, 0),
        ("proc-vmstat.nr_dirty", "i", [950, 1060], 0.01, 0),
        ("proc-vmstat.pgfree", "i", [100000, 106000], 0.02, 0),
        ("meminfo.Dirty", "i", [900, 990], 0.01, 0),
        ("vmstat.system.in", "i", [10000, 10700], 0.03, 0),
        ("interrupts.CAL:Function_call_interrupts", "i", [9000, 9900], 0.02, 0),
        ("mpstat.cpu.all.idle%", "f2", [22.48, 18.08], 0.08, 0),
        ("sched_debug.cfs_rq:/.load.avg", "f2", [1024.0, 1100.0], 0.05, 0),
        ("iostat.sda.util", "f2", [8.0, 12.0], 0.05, 0),
        ("time.elapsed_time", "f2", [60.0, 66.0], 0.01, 0),
        ("time.user_time", "f2", [9.0, 10.5], 0.01, 0),
        ("cpuidle.C1.usage", "i", [50000, 53000], 0.04, 0),
        ("numa-numastat.node0.local_node", "i", [7.0e6, 7.6e6], 0.05, 0),
    ]
    fill(rng, g, shas, 10, spec)
    return [g]


def runs_case(nruns):
    def f(rng, shas):
        g = stress()
        spec = std_spec("remap", 2, [1.0, 0.93], 0.02)
        spec += [("perf-profile.self.cycles-pp.clear_page_erms", "f2",
                  [2.99, 3.0], 0.004, 0),
                 ("mpstat.cpu.all.usr%", "f2", [3.005, 4.415], 0.004, 0)]
        fill(rng, g, shas, nruns, spec)
        return [g]
    return f


def c_missing_stats(rng, shas):
    g = stress()
    spec = std_spec("remap", 2, [1.0, 0.85], 0.01)
    spec += [
        # absent from some runs (lkp pads Integer 0)
        ("proc-vmstat.thp_fault_alloc", "i", [12000, 30000], 0.05, 0.3),
        ("meminfo.AnonHugePages", "i", [204800, 512000], 0.05, 0.4),
        ("vmstat.cpu.sy", "i", [30, 45], 0.05, 0.2),
        ("mpstat.cpu.all.soft%", "f2", [0.5, 1.9], 0.05, 0.3),
        # absent from the whole base commit / whole head commit
        ("proc-vmstat.compact_stall", "i", [None, 5400], 0.05, 0),
        ("proc-vmstat.numa_pte_updates", "i", [880000, None], 0.05, 0),
        ("sched_debug.cpu.clock.stddev", "f2", [None, 12.5], 0.1, 0),
        ("turbostat.C6%", "f2", [18.4, None], 0.05, 0),
        ("stress-ng.remap.extra_metric", "f2", [None, 250.0], 0.01, 0),
    ]
    fill(rng, g, shas, 6, spec)
    return [g]


def c_integer_stats(rng, shas):
    g = stress()
    spec = [
        ("stress-ng.remap.ops_per_sec", "i", [1200, 1000], 0.01, 0),
        ("stress-ng.remap.ops", "i", [72000, 60000], 0.01, 0),
        ("proc-vmstat.pgfault", "i", [15000000, 12000000], 0.01, 0),
        ("proc-vmstat.nr_dirty", "i", [50, 2000], 0.1, 0),
        ("meminfo.Shmem", "i", [20000, 26000], 0.01, 0),
        ("vmstat.system.cs", "i", [3000, 30000], 0.02, 0),
        ("vmstat.cpu.id", "i", [60, 40], 0.02, 0),
        ("slabinfo.kmalloc-64.active_objs", "i", [10000, 14000], 0.01, 0),
        ("interrupts.LOC:Local_timer_interrupts", "i", [500000, 700000], 0.01, 0),
        ("softirqs.RCU", "i", [90000, 120000], 0.01, 0),
        ("perf-stat.total.instructions", "i", [230000000000, 190000000000], 0.01, 0),
        ("stress-ng.time.minor_page_faults", "i", [100000, 200000], 0.01, 0),
        ("stress-ng.time.percent_of_cpu_this_job_got", "i", [750, 640], 0.005, 0),
        ("perf-profile.self.cycles-pp.memset", "i", [8, 2], 0, 0),
        ("perf-profile.children.cycles-pp.clear_page", "i", [0, 7], 0, 0),
    ]
    fill(rng, g, shas, 5, spec)
    return [g]


def c_perf_profile(rng, shas):
    g = stress()
    pc, ch, se = ("perf-profile.calltrace.cycles-pp.", "perf-profile.children.cycles-pp.",
                  "perf-profile.self.cycles-pp.")
    spec = [
        ("stress-ng.remap.ops_per_sec", "f2", [1234.5, 1000.1], 0.005, 0),
        ("stress-ng.remap.ops", "i", [74070, 60006], 0.005, 0),
        # present both sides, large change
        (pc + "remap_file_pages.do_syscall_64", "f2", [30.2, 10.1], 0.02, 0),
        (ch + "do_syscall_64", "f2", [45.1, 44.0], 0.01, 0),
        (se + "native_queued_spin_lock_slowpath", "f2", [12.3, 30.5], 0.02, 0),
        # vanish in head (whole commit absent -> [0]*cols Integer)
        (pc + "asm_exc_page_fault", "f2", [6.5, None], 0.05, 0),
        (ch + "asm_exc_page_fault", "f2", [7.1, None], 0.05, 0),
        (se + "clear_page_erms", "f2", [5.6, None], 0.05, 0),
        (se + "small_vanish", "f2", [0.9, None], 0.05, 0),
        # appear in head (absent from whole base)
        (pc + "rwsem_down_write_slowpath", "f2", [None, 9.8], 0.05, 0),
        (ch + "rwsem_down_write_slowpath", "f2", [None, 10.2], 0.05, 0),
        (se + "osq_lock", "f2", [None, 4.9], 0.05, 0),
        (se + "tiny_appear", "f2", [None, 0.06], 0.1, 0),
        # flicker: absent from some runs on one side
        (ch + "flicker_a", "f2", [6.2, 6.0], 0.02, 0.5),
        (se + "flicker_b", "f2", [0.07, 5.5], 0.1, 0.34),
        (ch + "flicker_c", "f2", [4.8, 5.2], 0.02, 0.5),
        # below the threshold both sides but well separated
        (se + "below_threshold", "f2", [1.0, 3.0], 0.01, 0),
        (ch + "steady", "f2", [8.0, 8.05], 0.001, 0),
    ]
    fill(rng, g, shas, 6, spec)
    return [g]


def c_failures(rng, shas):
    g = stress()
    spec = std_spec("remap", 2, [1.0, 0.7], 0.005)
    fill(rng, g, shas, 8, spec)
    base, head = shas
    for i, st in enumerate(g.runs[head]):
        if i % 2 == 0:
            st["dmesg.WARNING:at_mm/mremap.c:123_move_page_tables"] = 1
            st["dmesg.WARNING:possible_recursive_locking_detected"] = 1
        if i in (1, 6):
            st["kmsg.remap:unexpected_pte_state"] = 1
        st["last_state.is_incomplete_run"] = 1 if i == 7 else 0
        if i == 7:  # incomplete run: nonsense perf numbers
            st["stress-ng.remap.ops_per_sec"] = 1.5
    for i, st in enumerate(g.runs[base]):
        if i < 3:
            st["dmesg.BUG:kernel_NULL_pointer_dereference,address"] = 1
        st["last_state.is_incomplete_run"] = 0
        st["dmesg.timestamp:last"] = 112.5 + i
    k = Group("kselftests", {}, {"group": "cgroup"})
    pre = "kselftests.cgroup."
    kspec = []
    fill(rng, k, shas, [9, 6], kspec)
    for ci, sha in enumerate(shas):
        for i, st in enumerate(k.runs[sha]):
            broken = ci == 1 and i < 6
            st[pre + "test_core.test_cgcore_destroy.fail"] = 1 if broken else 0
            st[pre + "test_core.test_cgcore_destroy.pass"] = 0 if broken else 1
            st[pre + "test_stress.sh.pass"] = 1
            st[pre + "test_kmem.test_kmem_basic.fail"] = 1 if (ci == 0 and i < 4) else 0
            st[pre + "test_kmem.test_kmem_basic.pass"] = 0 if (ci == 0 and i < 4) else 1
            st[pre + "test_freezer.test_cgfreezer_ptrace.fail"] = 1 if ci == 1 and i == 2 else 0
            st["kselftests.time.elapsed_time"] = round(300 + 10 * rng.random(), 2)
            if ci == 1 and i >= 3:
                st["dmesg.WARNING:at_kernel/cgroup/cgroup.c:3029_cgroup_destroy"] = 1
    return [g, k]


def c_zero_base(rng, shas):
    g = stress()
    spec = [
        ("stress-ng.remap.ops_per_sec", "f2", [0.0, 10.5], 0.01, 0),
        ("stress-ng.remap.ops", "i", [0, 630], 0.01, 0),
        ("stress-ng.remap.nanosecs_per_op", "f2", [0.0, 0.0], 0, 0),
        ("proc-vmstat.nr_zero_base", "i", [0, 5000], 0.05, 0),
        ("sched_debug.cfs_rq:/.spread0.avg", "f2", [0.0, -1159.4], 0.05, 0),
        ("mpstat.cpu.all.iowait%", "f2", [0.0, 2.5], 0.05, 0),
        ("perf-profile.self.cycles-pp.zero_then_some", "f2", [0.0, 6.4], 0.05, 0),
        ("perf-stat.ps.dTLB-load-misses", "f", [0.0, 2.2e8], 0.02, 0),
    ]
    fill(rng, g, shas, 5, spec)
    return [g]


def c_format_boundaries(rng, shas):
    g = stress()
    spec = [
        ("stress-ng.remap.ops_per_sec", "f2", [999.99, 1000.01], 0, 0),
        ("stress-ng.remap.ops", "f2", [99999999.0, 100000001.0], 0, 0),
        ("stress-ng.remap.neg_ops", "f2", [-999.99, -1000.01], 0, 0),
        ("stress-ng.remap.a_999_995", "f2", [999.99, 1000.0], 0, 0),
        ("stress-ng.remap.b_1e8_edge", "f", [99999999.5, 100000000.5], 0, 0),
        ("stress-ng.remap.c_big", "f", [6.44e10, 1.2e11], 0, 0),
        ("stress-ng.remap.d_bigger", "f", [1.0e15, 5.78e17], 0, 0),
        ("stress-ng.remap.e_neg_big", "f", [-2.0e8, -4.0e8], 0, 0),
        ("stress-ng.remap.f_1000_int", "i", [999, 1000], 0, 0),
        ("stress-ng.remap.g_frac", "f2", [0.01, 0.05], 0, 0),
        ("stress-ng.remap.h_huge_change", "f2", [0.01, 12000.0], 0, 0),
    ]
    # per-run jitter so stddev cells appear on some rows
    fill(rng, g, shas, 4, spec)
    for sha in shas:
        for i, st in enumerate(g.runs[sha]):
            if i == 3:
                st["stress-ng.remap.g_frac"] = round(st["stress-ng.remap.g_frac"] * 2, 2)
    return [g]


def c_rounding(rng, shas):
    """Averages that land a few ulp off a decimal half-way point."""
    g = stress()
    spec = [
        ("stress-ng.remap.ops_per_sec", "f2", [2.99, 3.50], 0, 0),
        ("mpstat.cpu.all.sys%", "f2", [3.0, 4.0], 0, 0),
        ("perf-profile.self.cycles-pp.half_a", "f2", [3.0, 6.0], 0, 0),
        ("perf-profile.self.cycles-pp.half_b", "f2", [44.72, 20.0], 0, 0),
    ]
    fill(rng, g, shas, 2, spec)
    b, h = shas
    # 2.99, 3.00 -> 2.9949999999999997 (Ruby 3.00, C 2.99)
    for st, v in zip(g.runs[b], [2.99, 3.0]):
        st["stress-ng.remap.ops_per_sec"] = v
    # 3.00, 3.01 -> 3.0050000000000003 (Ruby 3.00, C 3.01)
    for st, v in zip(g.runs[b], [3.0, 3.01]):
        st["mpstat.cpu.all.sys%"] = v
    for st, v in zip(g.runs[b], [44.72, 44.73]):
        st["perf-profile.self.cycles-pp.half_b"] = v
    for st, v in zip(g.runs[h], [5.9, 5.93]):
        st["perf-profile.self.cycles-pp.half_a"] = v
    # 3 runs each so regular stats are not skipped (<3 runs both sides)
    for sha, extra in ((b, {"stress-ng.remap.ops_per_sec": 2.99,
                            "mpstat.cpu.all.sys%": 3.0,
                            "perf-profile.self.cycles-pp.half_a": 3.0,
                            "perf-profile.self.cycles-pp.half_b": 44.725}),
                       (h, {"stress-ng.remap.ops_per_sec": 3.5,
                            "mpstat.cpu.all.sys%": 4.0,
                            "perf-profile.self.cycles-pp.half_a": 5.915,
                            "perf-profile.self.cycles-pp.half_b": 20.0})):
        g.runs[sha].append(extra)
        g.runs[sha].append(dict(extra))
    # base: 2.99, 3.00, 2.99, 3.00 (mean 2.995) and 3.00, 3.01, 3.00, 3.01
    g.runs[b][3]["stress-ng.remap.ops_per_sec"] = 3.0
    g.runs[b][3]["mpstat.cpu.all.sys%"] = 3.01
    return [g]


def c_no_rows(rng, shas):
    g = stress()
    spec = std_spec("remap", 2, [1.0, 1.0], 0.01)
    fill(rng, g, shas, 6, spec)
    return [g]


def c_fourteen(rng, shas):
    g = stress()
    n = len(shas)
    k = [1.0] * 6 + [0.374] * 3 + [1.004] * (n - 9)
    spec = std_spec("remap", n, k, 0.01)
    fill(rng, g, shas, 5, spec)
    for ci in (6, 7, 8):
        for st in g.runs[shas[ci]]:
            st["dmesg.WARNING:at_mm/mremap.c:123_move_page_tables"] = 1
    return [g]


def c_three_columns(rng, shas):
    g = stress()
    spec = std_spec("remap", 3, [1.0, 0.62, 0.98], 0.01)
    fill(rng, g, shas, [6, 4, 6], spec)
    for i, st in enumerate(g.runs[shas[1]]):
        if i < 3:
            st["dmesg.BUG:bar"] = 1
    for st in g.runs[shas[2]]:
        st["dmesg.BUG:bar"] = 1
    return [g]


CASES = {
    "clean-regression": (2, c_clean_regression),
    "noisy-threshold": (2, c_noisy_threshold),
    "runs-2": (2, runs_case(2)),
    "runs-3": (2, runs_case(3)),
    "runs-5": (2, runs_case(5)),
    "runs-6": (2, runs_case(6)),
    "runs-10": (2, runs_case(10)),
    "runs-40": (2, runs_case(40)),
    "missing-stats": (2, c_missing_stats),
    "integer-stats": (2, c_integer_stats),
    "perf-profile": (2, c_perf_profile),
    "failures": (2, c_failures),
    "zero-base": (2, c_zero_base),
    "format-boundaries": (2, c_format_boundaries),
    "rounding": (2, c_rounding),
    "no-rows": (2, c_no_rows),
    "three-columns": (3, c_three_columns),
    "fourteen-columns": (14, c_fourteen),
}


# --- random mode (property check) -----------------------------------------

VOCAB = [
    # name, kind, mean
    ("stress-ng.{t}.ops_per_sec", "f2", 1234.56),
    ("stress-ng.{t}.ops", "i", 74073),
    ("stress-ng.time.elapsed_time", "f2", 60.2),
    ("stress-ng.time.voluntary_context_switches", "i", 1.2e6),
    ("stress-ng.time.minor_page_faults", "i", 150000),
    ("perf-stat.ps.instructions", "f", 2.3e9),
    ("perf-stat.ps.cycles", "f", 9.9e10),
    ("perf-stat.i.cache-miss-rate%", "f2", 12.5),
    ("perf-stat.overall.ipc", "f2", 1.23),
    ("proc-vmstat.pgfault", "i", 1.5e7),
    ("proc-vmstat.nr_dirty", "i", 900),
    ("meminfo.Active", "i", 812345),
    ("meminfo.Dirty", "i", 1100),
    ("vmstat.system.cs", "i", 25000),
    ("vmstat.cpu.sy", "i", 35),
    ("mpstat.cpu.all.sys%", "f2", 35.5),
    ("mpstat.cpu.all.soft%", "f2", 0.55),
    ("sched_debug.cpu.nr_uninterruptible.min", "f2", -16.5),
    ("sched_debug.cfs_rq:/.load.avg", "f2", 1024.0),
    ("turbostat.Avg_MHz", "i", 2450),
    ("iostat.sda.util", "f2", 8.0),
    ("interrupts.CAL:Function_call_interrupts", "i", 9000),
    ("softirqs.RCU", "i", 90000),
    ("slabinfo.kmalloc-64.active_objs", "i", 10000),
    ("numa-numastat.node0.local_node", "i", 7.0e6),
    ("time.user_time", "f2", 9.1),
    ("cpuidle.C1.usage", "i", 50000),
    ("stress-ng.{t}.tiny", "f2", 2.99),
    ("stress-ng.{t}.huge", "f", 1.0e8),
    ("stress-ng.{t}.edge1000", "f2", 999.99),
]
PP = ["perf-profile.calltrace.cycles-pp.{s}.do_syscall_64",
      "perf-profile.children.cycles-pp.{s}", "perf-profile.self.cycles-pp.{s}"]
SYMS = ["clear_page_erms", "osq_lock", "memset", "copy_page", "remap_file_pages",
        "native_queued_spin_lock_slowpath", "rwsem_down_write_slowpath",
        "asm_exc_page_fault", "do_anonymous_page", "free_pages_ok"]
FAILS = ["dmesg.WARNING:at_mm/mremap.c:123_move_page_tables",
         "dmesg.BUG:kernel_NULL_pointer_dereference,address",
         "kmsg.remap:unexpected_pte_state",
         "stress-ng.{t}.fail", "stress-ng.{t}.pass"]
FACTORS = [1.0, 1.0, 1.0, 1.004, 1.011, 0.989, 1.02, 0.98, 1.049, 1.051,
           0.95, 1.06, 1.2, 0.8, 0.5, 2.0, 0.0]


def random_group(rng, shas, gi):
    t = "g%02d" % gi
    g = stress(t)
    nc = len(shas)
    big = rng.random() < 0.03
    runs = [rng.choice([40, 12]) if big else rng.choice([1, 2, 3, 3, 4, 5, 6, 6, 8, 10])
            for _ in range(nc)]
    spec = []
    for name, kind, mean in rng.sample(VOCAB, rng.randint(3, 12)):
        name = name.format(t=t)
        noise = rng.choice([0, 0.001, 0.003, 0.01, 0.02, 0.05, 0.2])
        means = []
        for ci in range(nc):
            f = 1.0 if ci == 0 else rng.choice(FACTORS)
            m = mean * f
            if rng.random() < 0.05:
                m = None
            means.append(m)
        if rng.random() < 0.1:
            kind = rng.choice(["i", "f2", "f"])
        pmiss = rng.choice([0, 0, 0, 0.1, 0.3])
        spec.append((name, kind, means, noise, pmiss))
    for s in rng.sample(SYMS, rng.randint(0, 6)):
        name = rng.choice(PP).format(s=s)
        m0 = rng.choice([0.05, 0.5, 2.99, 4.9, 5.0, 5.01, 7.5, 12.0, 30.0])
        means = []
        for ci in range(nc):
            f = 1.0 if ci == 0 else rng.choice([1.0, 1.05, 0.5, 2.0, 0.01, 1.3])
            m = m0 * f
            if rng.random() < 0.2:
                m = None
            means.append(m)
        kind = "i" if rng.random() < 0.05 else "f2"
        spec.append((name, kind, means, rng.choice([0, 0.01, 0.05, 0.3]),
                     rng.choice([0, 0, 0.2, 0.5])))
    fill(rng, g, shas, runs, spec)
    fails = [f.format(t=t) for f in rng.sample(FAILS, rng.randint(0, 3))]
    incomplete = rng.random() < 0.1
    for ci, sha in enumerate(shas):
        p = rng.choice([0, 0, 0.3, 0.7, 1.0])
        for st in g.runs[sha]:
            for f in fails:
                if rng.random() < p:
                    st[f] = 1
                elif rng.random() < 0.5:
                    st[f] = 0
            if incomplete:
                st["last_state.is_incomplete_run"] = 1 if rng.random() < 0.2 else 0
    # never leave a run empty (lkp would not produce an empty stats.json)
    for sha in shas:
        for st in g.runs[sha]:
            if not st:
                st["stress-ng.%s.ops" % t] = 1
    return g


def write_tree(root, shas, groups, extra=None):
    for g in groups:
        g.write(root, shas)
    man = {"commits": shas, "groups": [g.manifest() for g in groups]}
    if extra:
        man.update(extra)
    with open(os.path.join(root, "manifest.json"), "w") as f:
        json.dump(man, f, indent=1)
        f.write("\n")


def main(argv):
    if len(argv) >= 2 and argv[1] == "list":
        print("\n".join(CASES))
        return 0
    seed = 19
    if "--seed" in argv:
        i = argv.index("--seed")
        seed = int(argv[i + 1])
        del argv[i:i + 2]
    ngroups = 25
    if "--groups" in argv:
        i = argv.index("--groups")
        ngroups = int(argv[i + 1])
        del argv[i:i + 2]
    if len(argv) == 4 and argv[1] == "case":
        name, root = argv[2], argv[3]
        if name not in CASES:
            sys.stderr.write("unknown case %s\n" % name)
            return 2
        ncols, fn = CASES[name]
        rng = random.Random("%s:%d" % (name, seed))
        shas = [sha_of("%s:%d" % (name, seed), i) for i in range(ncols)]
        write_tree(root, shas, fn(rng, shas), {"case": name, "seed": seed})
        return 0
    if len(argv) == 3 and argv[1] == "random":
        root = argv[2]
        rng = random.Random("random:%d" % seed)
        nc = rng.choice([2, 2, 2, 2, 3, 3, 4, 5, 14])
        shas = [sha_of("random:%d" % seed, i) for i in range(nc)]
        groups = [random_group(rng, shas, gi) for gi in range(ngroups)]
        write_tree(root, shas, groups, {"random": seed})
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
