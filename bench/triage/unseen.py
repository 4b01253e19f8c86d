#!/usr/bin/env python3
"""Rebuild a later test set (unseen/, unseen2/, ...) from its sources.

    python3 unseen.py --set unseen --cache-dir DIR [--mirror /work/.mirror]

The same walk as extract.py and evidence.py, on the lists the set's
sources.tsv names (list, repository, snapshot head: the archives are read
at those heads), writing under the set's folder: replies/, reports/
(mboxrd, compressed afterwards with `xz -6`), index.tsv, evidence.tsv and
evidence/. A reply or report already in the main index.tsv, or in an
earlier set, is left out, so nothing in a set was seen before it; a
list the set's sample.tsv names keeps only the reports it lists. The
labels (labels/, states/, second/) are hand work and are not rebuilt.
"""
import argparse
import csv
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import extract as X  # noqa: E402

MBOX_SPLIT = re.compile(
    rb"(?:^|\n)(?=From \S+ \w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}\n)")
MSGID = re.compile(rb"^message-id:\s*<?([^>\s]+)>?", re.I | re.M)


def tsv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t",
                                   quoting=csv.QUOTE_NONE))


def earlier_indexes(name):
    """The main index and those of the sets made before NAME."""
    yield os.path.join(HERE, "index.tsv")
    for d in sorted(glob.glob(os.path.join(HERE, "unseen*"))):
        if os.path.basename(d) == name:
            break
        if os.path.exists(os.path.join(d, "index.tsv")):
            yield os.path.join(d, "index.tsv")


def sampled(out):
    """The set's sample.tsv, if any: {list: report Message-IDs}. A list
    named there is kept for those reports only (a list too big to read
    whole is labelled on a random sample of its reports)."""
    p = os.path.join(out, "sample.tsv")
    sample = {}
    if os.path.exists(p):
        for r in tsv(p):
            sample.setdefault(r["list"], set()).add(r["report_message_id"])
    return sample


def keep_new(raw, out, name):
    """Copy raw/ to out/ without what an earlier index already holds."""
    seen, seen_rep = set(), set()
    for p in earlier_indexes(name):
        for r in tsv(p):
            seen.add(r["message_id"])
            seen_rep.add(r["report_message_id"])
    rows = tsv(os.path.join(raw, "index.tsv"))
    sample = sampled(out)
    keep = [r for r in rows if r["message_id"] not in seen
            and r["report_message_id"] not in seen_rep
            and (r["list"] not in sample
                 or r["report_message_id"] in sample[r["list"]])]
    with open(os.path.join(out, "index.tsv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()),
                           delimiter="\t", quoting=csv.QUOTE_NONE,
                           lineterminator="\n", escapechar="\\")
        w.writeheader()
        w.writerows(keep)
    want = {"replies": {r["message_id"] for r in keep},
            "reports": {r["report_message_id"] for r in keep}}
    for kind, ids in want.items():
        os.makedirs(os.path.join(out, kind), exist_ok=True)
        for p in glob.glob(os.path.join(raw, kind, "*.mbox")):
            with open(p, "rb") as f:
                data = f.read()
            mails = []
            for chunk in MBOX_SPLIT.split(data):
                m = MSGID.search(chunk.split(b"\n\n", 1)[0])
                if m and m.group(1).decode("utf-8", "replace") in ids:
                    mails.append(chunk.rstrip(b"\n") + b"\n\n")
            with open(os.path.join(out, kind, os.path.basename(p)),
                      "wb") as f:
                f.write(b"".join(mails))
    return len(keep), len(want["reports"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", default="unseen")
    ap.add_argument("--cache-dir", required=True)
    ap.add_argument("--mirror", default="/work/.mirror")
    ap.add_argument("--jobs", default="2")
    ap.add_argument("--dossiers", default="",
                    help="also write the reading dossiers here")
    ap.add_argument("--holdout", default=os.path.join(
        HERE, "..", "..", "..", "shared", "holdout-ids.sha256"))
    a = ap.parse_args()
    out = os.path.join(HERE, a.set)
    raw = os.path.join(a.cache_dir, a.set + "-raw")
    os.makedirs(raw, exist_ok=True)
    sources = [(r["list"], r["repo"], r["head"])
               for r in tsv(os.path.join(out, "sources.tsv"))]
    X.LISTS[:] = [(lst, repo) for lst, repo, _ in sources]
    X.PINNED.update({repo: head for _, repo, head in sources})
    common = ["--mirror", a.mirror, "--cache-dir", a.cache_dir,
              "--holdout", a.holdout]
    sys.argv = ["extract.py", "--out", raw, "--jobs", a.jobs] + common
    X.main()
    replies, reports = keep_new(raw, out, a.set)
    print(f"{a.set}: {replies} replies to {reports} reports", file=sys.stderr)
    import evidence
    sys.argv = ["evidence.py", "--out", out,
                "--index", os.path.join(out, "index.tsv")] + common
    if a.dossiers:
        sys.argv += ["--dossiers", a.dossiers]
    evidence.main()


if __name__ == "__main__":
    main()
