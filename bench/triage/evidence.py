#!/usr/bin/env python3
"""Find the mail outside a report's own thread that decides what became of
it (REPORT-STATES.md of the labelling brief, doc/reply-acts.md): fix
patches that name the report, the replies to them, later versions of the
reported patch.  Python 3 standard library; reads the per-list scans that
extract.py keeps in --cache-dir (run extract.py first).

USAGE
    python3 evidence.py --cache-dir DIR [--mirror /work/.mirror]
                        [--out DIR] [--dossiers DIR] [LIST...]

For each robot report of the reports/<list>.mbox files (the reports that
have replies) and every other robot report first seen on LIST, it takes:

  fix patch   a mail (not the robot's) whose trailers name the report:
              Closes:/Link: with the report's Message-ID, or
              Reported-by: kernel test robot together with Fixes: naming
              the report's culprit commit (12+ hex digits)
  its replies mails below a fix patch, up to depth 3 (an "Applied" there
              decides `fixed`)
  next version a mail from the reported patch's author whose subject,
              after Re:/[PATCH vN k/M], is the reported patch's, posted
              after the report (a changelog crediting the robot decides
              `superseded`)

Threads sent to a reserved list or holding a held-out Message-ID were
dropped by extract.py; here, a mail sent to a reserved list, one that
answers or refers to such a mail, and one near a held-out Message-ID
(itself, its parent, its References) are never taken either.

OUTPUT
    OUT/evidence/<list>.mbox   those mails (mboxrd, archive order), for
                               triage-accuracy.sh to import beside the
                               thread
    OUT/evidence.tsv           report_message_id, list, relation,
                               message_id, date, from, subject, why
    DOSSIERS/<list>.txt        (with --dossiers) per report: its subject,
                               its thread's mails (own words) and the
                               evidence, for labelling final states
"""
import argparse, csv, glob, hashlib, os, pickle, re, subprocess, sys
from collections import defaultdict
from email.utils import parseaddr, parsedate_to_datetime

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import extract as X  # noqa: E402  (same folder: its parsing helpers)

csv.field_size_limit(1 << 30)
SUBJ_PREFIX = re.compile(r"^\s*(?:(?:re|aw|fwd?)\s*:\s*|\[[^\]]*\]\s*)+", re.I)
VERSION = re.compile(r"\[[^\]]*?\bv(\d+)\b[^\]]*\]", re.I)
SHA = re.compile(r"\b([0-9a-f]{12,40})\b")
ROBOT_CREDIT = re.compile(r"kernel test robot|lkp@intel\.com|0-?day", re.I)


def norm_subject(s):
    return re.sub(r"\s+", " ", SUBJ_PREFIX.sub("", s or "")).strip().lower()


def version(s):
    m = VERSION.search(s or "")
    return int(m.group(1)) if m else 1


def addr(b):
    return parseaddr(X.dec(b) if isinstance(b, bytes) else b)[1].lower()


def when(info):
    try:
        return parsedate_to_datetime(info["date"]).timestamp()
    except Exception:
        return float(info["atime"])


def load(cache_dir, lists):
    msgs, order = {}, 0
    for lst, repo in X.LISTS:
        files = glob.glob(os.path.join(cache_dir, f"{lst}-*.pickle"))
        if not files:
            continue
        with open(files[0], "rb") as f:
            st, rows = pickle.load(f)
        for mid, info in rows:
            if mid in msgs:
                continue
            info["order"] = order
            order += 1
            msgs[mid] = info
        print(f"loaded {lst}: {len(rows)}", file=sys.stderr)
    return msgs


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache-dir", required=True)
    ap.add_argument("--mirror", default="/work/.mirror")
    ap.add_argument("--out", default=here)
    ap.add_argument("--dossiers", default="")
    ap.add_argument("--holdout", default=os.path.join(
        here, "..", "..", "..", "shared", "holdout-ids.sha256"),
        help="SHA-256 of Message-IDs never to take (one a line)")
    ap.add_argument("--index", default=os.path.join(here, "index.tsv"),
                    help="the replies whose reports are looked for")
    ap.add_argument("lists", nargs="*")
    a = ap.parse_args()

    idx = list(csv.DictReader(open(a.index, encoding="utf-8"),
                              delimiter="\t", quoting=csv.QUOTE_NONE))
    kept = {r["message_id"] for r in idx}           # replies kept by extract.py
    lists = a.lists or sorted({r["list"] for r in idx})
    msgs = load(a.cache_dir, lists)

    # the reports: roots of kept replies, on the chosen lists
    reports = defaultdict(set)
    for r in idx:
        if r["list"] in lists and r["report_message_id"] in msgs:
            reports[r["list"]].add(r["report_message_id"])
    # thread membership (drop what extract.py dropped: reserved/held out)
    thread_of = {r["message_id"]: r["report_message_id"] for r in idx}

    # mail kept for evaluation by others is never evidence: a mail sent
    # to a reserved list, below one, or with a held-out Message-ID near it
    import hashlib
    held = set()
    if os.path.exists(a.holdout):
        with open(a.holdout) as f:
            held = {l.strip() for l in f if l.strip()}
    reserved = {mid for mid, m in msgs.items() if m["reserved"]}

    def banned(mid):
        m = msgs[mid]
        near = [mid] + ([m["irt"]] if m["irt"] else []) + m["refs"]
        return (any(x in reserved for x in near) or
                any(hashlib.sha256(x.encode()).hexdigest() in held
                    for x in near))

    # indexes over all mail
    children = defaultdict(list)
    by_subject = defaultdict(list)
    trailer_hits = defaultdict(list)   # report mid -> [(mid, why)]
    fixes_sha = defaultdict(list)      # sha prefix 12 -> [mid]
    for mid, m in msgs.items():
        if m["irt"]:
            children[m["irt"]].append(mid)
        if m["rtext"] is None and "[patch" in m["subject"].lower():
            by_subject[norm_subject(m["subject"])].append(mid)
        for k, v in m.get("ev") or ():
            if k in ("closes", "link"):
                for rid in re.findall(r"([^/<>\s]+@[^/<>\s]+)", v):
                    rid = rid.replace("%40", "@").rstrip(".,)")
                    trailer_hits[rid].append((mid, f"{k}: {v[:120]}"))
            elif k == "fixes":
                mm = SHA.search(v)
                if mm and any(kk == "reported-by" and ROBOT_CREDIT.search(vv)
                              for kk, vv in m["ev"]):
                    fixes_sha[mm.group(1)[:12]].append(mid)

    rows, take = [], defaultdict(set)
    for lst in lists:
        for rid in sorted(reports[lst], key=lambda x: msgs[x]["order"]):
            R = msgs[rid]
            found = []
            for mid, why in trailer_hits.get(rid, ()):
                if thread_of.get(mid) != rid and mid != rid:
                    found.append(("fix-patch", mid, why))
            culprit = re.search(r"\bcommit:?\s+([0-9a-f]{12,40})\b", R["rtext"] or "")
            if culprit:
                for mid in fixes_sha.get(culprit.group(1)[:12], ()):
                    found.append(("fix-patch", mid, "Reported-by robot + Fixes: " + culprit.group(1)[:12]))
            # replies to the fix patches
            for rel, mid, _ in list(found):
                stack = [(c, 1) for c in children.get(mid, ())]
                while stack:
                    c, d = stack.pop()
                    if c in msgs and msgs[c]["rtext"] is None:
                        found.append(("fix-reply", c, f"depth {d} below {mid}"))
                    if d < 3:
                        stack += [(cc, d + 1) for cc in children.get(c, ())]
            # later versions of the reported patch
            if R["irt"] in msgs and "[patch" in msgs[R["irt"]]["subject"].lower():
                P = msgs[R["irt"]]
                author, subj = addr(P["from"]), norm_subject(P["subject"])
                t0 = when(R)
                for mid in by_subject.get(subj, ()):
                    m = msgs[mid]
                    if mid == R["irt"] or addr(m["from"]) != author:
                        continue
                    if m["subject"].lower().startswith("re:"):
                        continue
                    if when(m) <= t0 and version(m["subject"]) <= version(P["subject"]):
                        continue
                    found.append(("next-version", mid, f"v{version(m['subject'])} of v{version(P['subject'])}"))
            seen = set()
            for rel, mid, why in found:
                if (rel, mid) in seen or mid in thread_of and thread_of[mid] == rid:
                    continue
                if banned(mid):
                    continue
                seen.add((rel, mid))
                m = msgs[mid]
                rows.append([rid, lst, rel, mid, m["date"], X.clean(X.dec(m["from"])),
                             m["subject"], why])
                take[lst].add(mid)
    write(a, msgs, rows, take, kept, reports)
    if a.dossiers:
        dossiers(a, msgs, rows, idx, reports)


def fetch_raw(msgs, mids, mirror):
    need = defaultdict(list)
    for mid in mids:
        m = msgs[mid]
        need[os.path.join(mirror, m["repo"].replace("/", "+"), "repo")].append(m["commit"])
    raws = {}
    for gitdir, commits in need.items():
        commits = sorted(set(commits))
        p = subprocess.run(["git", "--git-dir", gitdir, "cat-file", "--batch"],
                           input="".join(c + ":m\n" for c in commits).encode(),
                           stdout=subprocess.PIPE, check=True)
        buf, pos = p.stdout, 0
        for c in commits:
            nl = buf.index(b"\n", pos)
            size = int(buf[pos:nl].split()[2])
            raws[c] = buf[nl + 1:nl + 1 + size]
            pos = nl + 1 + size + 1
    return raws


def write(a, msgs, rows, take, kept, reports):
    os.makedirs(os.path.join(a.out, "evidence"), exist_ok=True)
    allm = {mid for s in take.values() for mid in s}
    raws = fetch_raw(msgs, allm, a.mirror)
    for lst, mids in take.items():
        with open(os.path.join(a.out, "evidence", lst + ".mbox"), "wb") as f:
            for mid in sorted(mids - kept, key=lambda x: msgs[x]["order"]):
                m = msgs[mid]
                f.write(X.mboxrd(raws[m["commit"]], m["aemail"], m["atime"]))
    with open(os.path.join(a.out, "evidence.tsv"), "w", encoding="utf-8") as f:
        f.write("report_message_id\tlist\trelation\tmessage_id\tdate\tfrom\tsubject\twhy\n")
        for r in rows:
            f.write("\t".join(X.clean(str(x)) for x in r) + "\n")
    n = defaultdict(int)
    for r in rows:
        n[r[2]] += 1
    print(f"evidence rows: {len(rows)} {dict(n)}; reports with any: "
          f"{len({r[0] for r in rows})} of {sum(len(v) for v in reports.values())}",
          file=sys.stderr)


def own(raw, limit):
    """A mail's own words: quotes and the diff left out, the changelog kept."""
    t = X.body_text(raw)
    t = t.split("\ndiff --git", 1)[0]
    lines = [l for l in t.splitlines() if not l.startswith(">")]
    s = re.sub(r"\n{2,}", "\n", "\n".join(lines)).strip()
    return (s[:limit] + " [...]") if len(s) > limit else s


def dossiers(a, msgs, rows, idx, reports):
    """One text per list: each report, its thread, its evidence."""
    os.makedirs(a.dossiers, exist_ok=True)
    thread = defaultdict(list)
    for r in idx:
        thread[r["report_message_id"]].append(r)
    ev = defaultdict(list)
    for r in rows:
        ev[r[0]].append(r)
    need = set()
    for lst, rids in reports.items():
        for rid in rids:
            need.add(rid)
            need.update(r["message_id"] for r in thread[rid])
            nv = [r for r in ev[rid] if r[2] == "next-version"]
            need.update(r[3] for r in ev[rid] if r[2] != "next-version")
            need.update(r[3] for r in nv[:3])
            if msgs[rid]["irt"] in msgs:
                need.add(msgs[rid]["irt"])
    raws = fetch_raw(msgs, [m for m in need if m in msgs], a.mirror)
    for lst, rids in reports.items():
        with open(os.path.join(a.dossiers, lst + ".txt"), "w", encoding="utf-8") as o:
            for rid in sorted(rids, key=lambda x: msgs[x]["order"]):
                R = msgs[rid]
                o.write(f"##### REPORT {rid}\n")
                o.write(f"list: {lst}   date: {R['date']}\n")
                o.write(f"subject: {R['subject']}\n")
                o.write(f"to: {', '.join(R['to'][:3])}\n")
                o.write("report text: " + own(raws[R["commit"]], 700).replace("\n", " | ") + "\n")
                P = msgs.get(R["irt"])
                if P is not None:
                    o.write(f"reported patch: {P['subject']}  (from {X.clean(X.dec(P['from']))}, {P['date']})\n")
                o.write("--- thread (replies below the report, oldest first)\n")
                th = sorted(thread[rid], key=lambda r: msgs[r["message_id"]]["order"]
                            if r["message_id"] in msgs else 0)
                if not th:
                    o.write("  (no replies)\n")
                for r in th:
                    m = msgs.get(r["message_id"])
                    txt = own(raws[m["commit"]], 500) if m and m["commit"] in raws else ""
                    o.write(f"* {r['date']} | {r['from']} ({r['author_role_guess']}) | {r['subject'][:100]}"
                            f" | id {r['message_id']}\n")
                    o.write("    " + txt.replace("\n", " | ") + "\n")
                nv = [r for r in ev[rid] if r[2] == "next-version"][:3]
                other = [r for r in ev[rid] if r[2] != "next-version"]
                o.write("--- outside the thread\n")
                if not nv and not other:
                    o.write("  (nothing found)\n")
                for r in other + nv:
                    m = msgs[r[3]]
                    txt = own(raws[m["commit"]], 700) if m["commit"] in raws else ""
                    credit = "yes" if ROBOT_CREDIT.search(txt) or rid in txt else "no"
                    o.write(f"* [{r[2]}] {r[4]} | {r[5]} | {r[6][:110]} | {r[7]}"
                            + (f" | credits robot/report: {credit}" if r[2] == "next-version" else "")
                            + f" | id {r[3]}\n")
                    o.write("    " + txt.replace("\n", " | ") + "\n")
                o.write("\n")
        print(f"dossiers {lst}: {len(rids)} reports", file=sys.stderr)


if __name__ == "__main__":
    main()
