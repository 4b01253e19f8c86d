#!/usr/bin/env python3
"""Write the reading dossiers report states are labelled from, using only
a data folder of this directory (index.tsv, reports/, replies/,
evidence/, evidence.tsv), so that they can be rebuilt without the archive
mirrors evidence.py --dossiers reads.  Python 3 standard library.

USAGE
    python3 dossier.py --data DIR --out DIR [LIST...]

One file OUT/<list>.txt per list: for each report that has replies, its
subject, its first words, every reply below it (own words, quotes left
out) and the mail outside its thread that evidence.py found, each with its
Message-ID.  The layout is evidence.py's, so one labelling brief serves
both.
"""
import argparse, csv, email, email.policy, os, re, sys
from collections import defaultdict
from email.utils import parsedate_to_datetime

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pack as P  # noqa: E402  (same folder: mbox reading, text helpers)

csv.field_size_limit(1 << 30)


def load_mboxes(folder):
    """Message-ID -> parsed message, over every .mbox(.xz) in folder."""
    out = {}
    if not os.path.isdir(folder):
        return out
    for fn in sorted(os.listdir(folder)):
        if not (fn.endswith(".mbox") or fn.endswith(".mbox.xz")):
            continue
        for raw in P.read_mbox(os.path.join(folder, fn)):
            msg = email.message_from_bytes(raw, policy=email.policy.default)
            mid = P.mid_of(msg)
            if mid and mid not in out:
                out[mid] = msg
    return out


def own(msg, limit):
    if msg is None:
        return "(mail not in the data folder)"
    text, _ = P.text_of(msg)
    text = text.split("\ndiff --git", 1)[0]
    return P.own_words(text, limit).replace("\n", " | ")


def stamp(date):
    try:
        return parsedate_to_datetime(date).timestamp()
    except Exception:
        return 0.0


def tsv(path):
    with open(path, encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def raw_header(m, name):
    """A header as written: Python's parser gives up on some address
    lists ("a group: b;" forms), which must not stop a dossier."""
    try:
        return str(m[name] or "")
    except (AttributeError, IndexError, TypeError, ValueError):
        for k, v in m.raw_items():
            if k.lower() == name.lower():
                return str(v)
        return ""


def write_list(o, lst, rids, thread, ev, mail):
    for rid in sorted(rids, key=lambda r: stamp(str(mail[r]["Date"]))
                      if r in mail else 0):
        R = mail.get(rid)
        o.write(f"##### REPORT {rid}\n")
        o.write(f"list: {lst}   date: {R['Date'] if R else '?'}\n")
        o.write(f"subject: {R['Subject'] if R else thread[rid][0]['report_subject']}\n")
        o.write(f"to: {raw_header(R, 'To')[:200] if R else '?'}\n")
        o.write("report text: " + own(R, 700) + "\n")
        o.write("--- thread (replies below the report, oldest first)\n")
        for r in sorted(thread[rid], key=lambda r: stamp(r["date"])):
            o.write(f"* {r['date']} | {r['from']} ({r['author_role_guess']}) | "
                    f"{r['subject'][:100]} | id {r['message_id']}\n")
            o.write("    " + own(mail.get(r["message_id"]), 500) + "\n")
        o.write("--- outside the thread\n")
        rows = ev.get(rid, [])
        nv = [r for r in rows if r["relation"] == "next-version"][:3]
        other = [r for r in rows if r["relation"] != "next-version"]
        if not nv and not other:
            o.write("  (nothing found)\n")
        for r in other + nv:
            m = mail.get(r["message_id"])
            txt = own(m, 700)
            extra = ""
            if r["relation"] == "next-version":
                hit = re.search(r"kernel test robot|lkp@intel\.com|0-?day", txt, re.I)
                extra = f" | credits robot/report: {'yes' if hit or rid in txt else 'no'}"
            o.write(f"* [{r['relation']}] {r['date']} | {r['from']} | "
                    f"{r['subject'][:110]} | {r['why']}{extra} | id {r['message_id']}\n")
            o.write("    " + txt + "\n")
        o.write("\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("lists", nargs="*")
    a = ap.parse_args()
    idx = tsv(os.path.join(a.data, "index.tsv"))
    evp = os.path.join(a.data, "evidence.tsv")
    ev = defaultdict(list)
    for r in (tsv(evp) if os.path.exists(evp) else []):
        ev[r["report_message_id"]].append(r)
    mail = {}
    for sub in ("reports", "replies", "evidence"):
        mail.update(load_mboxes(os.path.join(a.data, sub)))
    thread, reports = defaultdict(list), defaultdict(set)
    for r in idx:
        if a.lists and r["list"] not in a.lists:
            continue
        thread[r["report_message_id"]].append(r)
        reports[r["list"]].add(r["report_message_id"])
    os.makedirs(a.out, exist_ok=True)
    for lst in sorted(reports):
        with open(os.path.join(a.out, lst + ".txt"), "w", encoding="utf-8") as o:
            write_list(o, lst, reports[lst], thread, ev, mail)
        print(f"dossiers {lst}: {len(reports[lst])} reports", file=sys.stderr)


if __name__ == "__main__":
    main()
