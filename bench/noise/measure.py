#!/usr/bin/env python3
"""measure.py DATA LIST_JSON TABLE_EVENTS - the figures of measure.sh."""
import csv
import glob
import json
import os
import re
import sys

csv.field_size_limit(1 << 30)
NOISE_WORDS = re.compile(r"random|noise|variation|fluctuat|jitter|"
                         r"within (?:the )?(?:acceptable|expected|normal) "
                         r"range|run-to-run", re.I)


def tsv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def main():
    data, list_json, table_events = sys.argv[1:4]
    split = {}
    for line in open(os.path.join(data, "split.tsv")):
        if line.strip():
            name, kind = line.split("\t")[:2]
            split[name] = kind.strip()
    reports = {r["message_id"]: r
               for r in json.load(open(list_json))["reports"]
               if r["kind"] in ("perf-regression", "perf-improvement")}
    report_of = {r["message_id"]: r["report_message_id"]
                 for r in tsv(os.path.join(data, "index.tsv"))}
    table = {}
    for line in open(table_events):
        mid, typ, ev = (line.rstrip("\n").split("\t") + ["", ""])[:3]
        table.setdefault(mid, []).append((typ, ev))
    confirmed, noise = {}, {}
    for f in sorted(glob.glob(os.path.join(data, "labels", "*.tsv"))):
        for lab in tsv(f):
            acts = (lab["acts"] + "+" + lab["alt"]).split("+")
            rep = reports.get(report_of.get(lab["message_id"], ""))
            if not rep:
                continue
            if "robot-confirms-fix" in acts:
                confirmed.setdefault(rep["message_id"], []).append(lab)
            if ("closes-not-a-bug" in acts and
                    NOISE_WORDS.search(lab["reason"])):
                noise.setdefault(rep["message_id"], []).append(lab)
    print("perf reports in the labelled set: %d; headline verdicts: %s" %
          (len(reports), ", ".join("%s %d" % (k or "none", sum(
              1 for r in reports.values() if r.get("noise") == k))
              for k in ("clear", "likely", "within noise", None))))
    rows = []
    for mid, labs in sorted(confirmed.items()):
        r = reports[mid]
        # no headline verdict (no row or figures found) agrees with
        # nothing: counted apart, never as agreeing
        agree = r.get("noise") not in (None, "within noise")
        tabs = [t for lab in labs for t in table.get(lab["message_id"], [])]
        tab_noise = [t for t in tabs if "within noise" in t[1]]
        rows.append(("fix confirmed", labs[0]["list"], r, agree,
                     "retest table: %s" % (
                         "; ".join(t[0] for t in tabs) or "none judged") +
                     (" (within noise)" if tab_noise else "")))
    for mid, labs in sorted(noise.items()):
        r = reports[mid]
        rows.append(("dismissed as noise", labs[0]["list"], r,
                     r.get("noise") == "within noise",
                     "lenient (not clear): %s; %s" % (
                         "agrees" if r.get("noise") != "clear" else
                         "disagrees", labs[0]["reason"][:70])))
    print("\n| outcome | list | set | report | headline | verdict | agrees "
          "| note |\n|---|---|---|---|---|---|---|---|")
    for what, lst, r, agree, note in rows:
        print("| %s | %s | %s | %d | %s | %s | %s | %s |" % (
            what, lst, split.get(lst, "?"), r["id"],
            r["subject"][:60].replace("|", "/"), r.get("noise"),
            "yes" if agree else "no", note.replace("|", "/")))
    for what in ("fix confirmed", "dismissed as noise"):
        sel = [x for x in rows if x[0] == what]
        for s in ("tuning", "test", None):
            part = [x for x in sel if s is None or split.get(x[1]) == s]
            print("%s, %s: %d of %d agree (%d without a headline "
                  "verdict)" % (
                      what, s or "all lists", sum(1 for x in part if x[3]),
                      len(part),
                      sum(1 for x in part if x[2].get("noise") is None)))
    labels = {}
    for f in sorted(glob.glob(os.path.join(data, "labels", "*.tsv"))):
        for lab in tsv(f):
            labels[lab["message_id"]] = lab
    tab_all = [(m, t) for m, ts in sorted(table.items()) for t in ts]
    print("\nretest tables judged by triage: %d, within noise: %d" % (
        len(tab_all), sum(1 for _, t in tab_all if "within noise" in t[1])))
    for mid, (typ, ev) in tab_all:
        if "within noise" not in ev:
            continue
        lab = labels.get(mid, {})
        print("  %s (%s, %s): %s\n    label: %s %s" % (
            mid, lab.get("list", "?"), split.get(lab.get("list"), "?"), ev,
            lab.get("acts", "?"), lab.get("reason", "")[:90]))


if __name__ == "__main__":
    main()
