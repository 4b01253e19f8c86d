#!/usr/bin/env python3
"""Agreement between the first reading and a blind second reading.

    agree.py FIRST-DIR SAMPLE.TSV [--key report_message_id --field state]

FIRST-DIR holds one TSV per list (labels/ or states/); SAMPLE.TSV is the
second reader's file with the same columns. Prints the number read by
both, exact agreement, Cohen's kappa over the label sets, agreement when
either reading's `alt` is accepted, and every disagreement (key, first,
second) so they can be settled by a third reading.
"""
import argparse
import collections
import csv
import glob
import os
import sys


def load(path, key, field):
    rows = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            if r.get(key):
                rows[r[key]] = (r.get(field, "").strip(),
                                r.get("alt", "").strip())
    return rows


def kappa(pairs):
    n = len(pairs)
    if n == 0:
        return 0.0
    po = sum(a == b for a, b in pairs) / n
    ca = collections.Counter(a for a, _ in pairs)
    cb = collections.Counter(b for _, b in pairs)
    pe = sum(ca[k] * cb[k] for k in ca) / (n * n)
    return 1.0 if pe == 1 else (po - pe) / (1 - pe)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("first")
    ap.add_argument("sample")
    ap.add_argument("--key", default="message_id")
    ap.add_argument("--field", default="acts")
    a = ap.parse_args()
    first = {}
    for p in sorted(glob.glob(os.path.join(a.first, "*.tsv"))):
        first.update(load(p, a.key, a.field))
    second = load(a.sample, a.key, a.field)
    pairs, loose, diff = [], 0, []
    for k, (s, salt) in second.items():
        if k not in first or not s:
            continue
        f, falt = first[k]
        pairs.append((f, s))
        if f == s or (falt and falt == s) or (salt and salt == f):
            loose += 1
        if f != s:
            diff.append((k, f + (" / " + falt if falt else ""),
                         s + (" / " + salt if salt else "")))
    n = len(pairs)
    if n == 0:
        sys.exit("agree.py: no key is in both readings")
    exact = sum(x == y for x, y in pairs)
    print(f"sampled {len(second)}, both read {n}, "
          f"agree exactly {100 * exact / n:.1f} %, "
          f"kappa {kappa(pairs):.3f}, "
          f"agree with alternatives {100 * loose / n:.1f} %")
    for k, f, s in diff:
        print(f"  {k}\tfirst: {f}\tsecond: {s}")


if __name__ == "__main__":
    main()
