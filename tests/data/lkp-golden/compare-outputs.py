#!/usr/bin/env python3
"""compare-outputs.py - ours: compare `lkp ncompare` output with lkpbot's
for one tree and classify each difference.

  compare-outputs.py TREE NCOMPARE.OUT LKPBOT.OUT [--quiet] [--strict]

TREE is the result tree (with manifest.json and lkp's matrix.json files),
LKPBOT.OUT holds one block per manifest group, each ended by a line
"#### end of group N" (lib.sh lkpbot_compare).

ncompare prints one section per comparison group (a line of 89 '='), in
an order of its own; sections are matched to groups by their axes-value
line.  Before comparing, the commit list (the lines between "commit: "
and the next blank line) is normalised on both sides to the first 10
characters of each entry: ncompare prints full 40-hex shas, lkpbot the
sha10 it also puts in mails.  Everything else - axes header, column
header, dash line, table headers, every row, the trailing blank line -
is compared byte for byte.  With --strict (lkpbot run with -L, which
prints ncompare's whole shas) nothing is normalised: every section byte
for byte.

Causes (issue 19):
  1 rounding   Ruby format('%.2f') vs C printf on a few-ulp half-way value
  2 pp-thresh  perf-profile threshold branch (Integer upper median)
  3 empty      ncompare prints nothing, lkpbot prints header only
  4 stddev-sum the stddev cell: lkp's Array#sample_variance sums (x-avg)**2
               left to right from Integer 0 and multiplies by 1/n; lkpbot
               sums with Kahan-Babuska and divides by n; a 1-ulp difference
               at an exact integer percentage flips the truncated %d
               (e.g. 49.999999999999993 -> "± 49%" vs 50 -> "± 50%")
  order-follows  common rows in another order only because rows that one
               side alone prints changed the group rank (Compare.sort_stats)
  new          anything else
Last line: "RESULT identical=N groups=M" (and per group lines above).
"""
import json
import os
import re
import sys

SEP = "=" * 89


def split_ncompare(text):
    blocks, cur = [], None
    for line in text.splitlines(keepends=True):
        if line.rstrip("\n") == SEP:
            cur = [line]
            blocks.append(cur)
        elif cur is not None:
            cur.append(line)
        else:
            blocks.append(["<stray>" + line])
    return ["".join(b) for b in blocks]


def split_lkpbot(text):
    out, cur = [], []
    for line in text.splitlines(keepends=True):
        if line.startswith("#### end of group "):
            out.append("".join(cur))
            cur = []
        else:
            cur.append(line)
    return out


def values_line(block):
    lines = block.splitlines()
    return lines[2] if len(lines) > 2 else None


STRICT = False


def normalise(block):
    if STRICT:
        return block
    out, in_list = [], False
    for line in block.splitlines(keepends=True):
        if line.startswith("commit: "):
            in_list = True
            out.append(line)
            continue
        if in_list:
            if line.strip() == "":
                in_list = False
                out.append(line)
                continue
            tok = line.split()[0]
            out.append("  %s\n" % tok[:10])
            continue
        out.append(line)
    return "".join(out)


def rows(block):
    """name -> row line, for the fail:runs and %stddev tables."""
    r, on = {}, False
    lines = block.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("       fail:runs") or line.startswith("         %stddev"):
            on = True
            continue
        if not on or line.strip() == "" or line.lstrip().startswith("|") or \
                line.startswith("             \\") or line.startswith("           |"):
            continue
        name = line.split("  ")[-1].strip()
        r[name] = line
    return r


SD = re.compile(r"±\s*(\d+)%")
NUM = re.compile(r"[-+]?\d+(?:\.\d+)?(?:e[-+]\d+)?")


def rounding_pair(a, b):
    """Same row except numbers that differ by one unit in the last
    printed decimal place."""
    ta, tb = NUM.split(a), NUM.split(b)
    na, nb = NUM.findall(a), NUM.findall(b)
    if ta != tb or len(na) != len(nb):
        return False
    diff = False
    for x, y in zip(na, nb):
        if x == y:
            continue
        if "." not in x or "." not in y or "e" in x or "e" in y:
            return False
        dx = len(x.split(".")[1])
        if dx != len(y.split(".")[1]):
            return False
        if abs(round((float(x) - float(y)) * 10 ** dx)) != 1:
            return False
        diff = True
    return diff


def load_matrices(tree, man, group):
    base = os.path.join(tree, "result", man["groups"][group]["testcase"],
                        man["groups"][group]["path_params"])
    out = []
    for sha in man["commits"]:
        m = None
        for dp, dn, fn in os.walk(base):
            if os.path.basename(dp) == sha and "matrix.json" in fn:
                with open(os.path.join(dp, "matrix.json")) as f:
                    m = json.load(f)
        out.append(m or {})
    return out


def upper_median_types(mats, k):
    """Python estimate of lkp's StatSummary mean class for each later
    column (sorted, margin-trimmed upper median), complete runs only."""
    types = []
    b = mats[0]
    for m in mats[1:]:
        cols = len(m.get("stats_source", []))
        inc = m.get("last_state.is_incomplete_run")
        v = list(m.get(k, [0] * cols))
        v += [0] * (cols - len(v))
        if inc:
            inc = inc + [0] * (cols - len(inc))
            v = [x for x, i in zip(v, inc) if i != 1]
        colsb = len(b.get("stats_source", []))
        margin = min(len(v) >> 5, 3)
        if colsb <= 3:
            margin = min(margin, 1)
        s = sorted(v)
        s = s[margin:len(s) - margin] if margin else s
        types.append(type(s[len(s) // 2]).__name__ if s else "-")
    return types


def classify(tree, man, gi, nc, lb):
    """Return list of (cause, text) for one group."""
    notes = []
    if not nc:
        if rows(lb):
            return [("new", "ncompare printed nothing, lkpbot printed rows:\n" +
                     "".join("    " + l + "\n" for l in rows(lb).values()))]
        return [("3-empty", "ncompare printed nothing; lkpbot printed the "
                 "header, commit list and column header (%d lines)"
                 % len(lb.splitlines()))]
    if not lb:
        return [("new", "lkpbot printed nothing")]
    rn, rl = rows(nc), rows(lb)
    mats = None
    for name in list(rn) + [n for n in rl if n not in rn]:
        a, b = rn.get(name), rl.get(name)
        if a == b:
            continue
        if a is not None and b is not None:
            sa, sb = SD.findall(a), SD.findall(b)
            if SD.sub("±", a) == SD.sub("±", b) and len(sa) == len(sb) and \
                    all(abs(int(x) - int(y)) <= 1 for x, y in zip(sa, sb)):
                notes.append(("4-stddev-sum", "ncompare: %s\n    lkpbot:   %s" % (a, b)))
            elif rounding_pair(a, b):
                notes.append(("1-rounding", "ncompare: %s\n    lkpbot:   %s" % (a, b)))
            else:
                notes.append(("new", "ncompare: %s\n    lkpbot:   %s" % (a, b)))
            continue
        who = "ncompare" if a is not None else "lkpbot"
        line = a if a is not None else b
        if name.startswith("perf-profile."):
            mats = mats or load_matrices(tree, man, gi)
            t = upper_median_types(mats, name)
            cause = "2-pp-thresh" if "int" in t else "new"
            notes.append((cause, "only %s prints: %s\n    (later columns' "
                          "upper-median sample type: %s)" % (who, line, ",".join(t))))
        else:
            notes.append(("new", "only %s prints: %s" % (who, line)))
    # header / order differences not explained by rows
    if not notes:
        notes.append(("new", "rows equal, layout differs:\n" + udiff(nc, lb)))
    elif [l for l in nc.splitlines() if l not in rn.values()] != \
            [l for l in lb.splitlines() if l not in rl.values()]:
        notes.append(("new", "non-row lines differ:\n" + udiff(nc, lb)))
    else:
        ra = [n for n in rn if n in rl]
        rb = [n for n in rl if n in rn]
        if ra != rb:
            one = [c for c, _ in notes]
            if any(n not in rl for n in rn) or any(n not in rn for n in rl):
                notes.append(("order-follows", "row order of common rows "
                              "differs: the rows only one side prints change "
                              "the group's rank (Compare.sort_stats)"))
            else:
                notes.append(("new", "row order differs"))
    return notes


def udiff(a, b):
    import difflib
    return "".join("    " + l for l in difflib.unified_diff(
        a.splitlines(keepends=True), b.splitlines(keepends=True),
        "ncompare", "lkpbot", n=1))


def main(argv):
    global STRICT
    quiet = "--quiet" in argv
    STRICT = "--strict" in argv
    argv = [a for a in argv if a not in ("--quiet", "--strict")]
    tree, ncf, lbf = argv[1:4]
    man = json.load(open(os.path.join(tree, "manifest.json")))
    nblocks = split_ncompare(open(ncf).read())
    lblocks = split_lkpbot(open(lbf).read())
    by_axes = {}
    for b in nblocks:
        by_axes.setdefault(values_line(b), []).append(b)
    ident = 0
    causes = {}
    for gi, g in enumerate(man["groups"]):
        lb = normalise(lblocks[gi]) if gi < len(lblocks) else ""
        key = values_line(lb) if lb else None
        nc = ""
        if key in by_axes and by_axes[key]:
            nc = normalise(by_axes[key].pop(0))
        elif not lb:
            pass
        if nc == lb:
            ident += 1
            if not quiet:
                print("group %d (%s): identical%s" % (
                    gi, g["path_params"], "" if nc else " (both empty)"))
            continue
        notes = classify(tree, man, gi, nc, lb)
        kinds = sorted(set(c for c, _ in notes))
        for c in kinds:
            causes[c] = causes.get(c, 0) + 1
        print("group %d (%s): DIFFERENT [%s]" % (gi, g["path_params"], " ".join(kinds)))
        if not quiet:
            for c, t in notes:
                print("  %s: %s" % (c, t))
    left = [b for v in by_axes.values() for b in v]
    if left:
        print("unmatched ncompare sections: %d" % len(left))
    print("CAUSES " + " ".join("%s=%d" % kv for kv in sorted(causes.items())))
    print("RESULT identical=%d groups=%d" % (ident, len(man["groups"])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
