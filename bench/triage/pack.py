#!/usr/bin/env python3
"""Write reading packs for hand labelling: one plain-text file per chunk
of replies, each reply with what a labeller needs to judge it (who wrote
it, the report it answers, the mail it answers, its own words with long
quotes cut) and nothing of lkpbot's rules.  Python 3 standard library.

USAGE
    python3 pack.py [--data DIR] [--out DIR] [--chunk N] [--skip-labelled]
                    [--sample FRACTION --seed S] [LIST...]

    --data   the folder extract.py wrote (index.tsv, replies/, reports/;
             .mbox or .mbox.xz); default: this script's folder
    --out    where the packs go (default ./packs); each pack is
             <list>-<k>.txt with at most --chunk replies (default 350)
    --skip-labelled   leave out replies that labels/<list>.tsv has
    --sample F        take a seeded random share F of the replies instead
                      (the second, blind labelling), one pack per list

Each reply in a pack starts with a line `=== <message-id>`; a labeller
writes one TSV line per reply into labels/<list>.tsv (see README.md).
"""
import argparse, csv, email, email.policy, lzma, os, random, re, sys
from collections import defaultdict

csv.field_size_limit(1 << 30)


def read_mbox(path):
    """Yield raw messages of an mboxrd file (.xz allowed)."""
    op = lzma.open if path.endswith(".xz") else open
    with op(path, "rb") as f:
        data = f.read()
    cur = []
    for line in data.split(b"\n"):
        if line.startswith(b"From ") and (not cur or cur[-1] == b""):
            if cur:
                yield b"\n".join(cur)
            cur = []
            continue
        if re.match(rb"^>+From ", line):
            line = line[1:]
        cur.append(line)
    if cur:
        yield b"\n".join(cur)


def mid_of(msg):
    m = re.search(r"<([^<>\s]+)>", str(msg.get("Message-ID", "")))
    return m.group(1) if m else ""


def text_of(msg):
    """The text/plain parts (or HTML stripped), and attachment names."""
    parts, atts = [], []
    for p in msg.walk():
        if p.is_multipart():
            continue
        ct = p.get_content_type()
        fn = p.get_filename()
        if fn and not ct.startswith("text/plain"):
            atts.append(f"{fn} ({ct})")
            continue
        if fn:
            atts.append(f"{fn} ({ct}, shown below)")
        try:
            s = p.get_content()
        except Exception:
            s = p.get_payload(decode=True) or b""
            s = s.decode("utf-8", "replace")
        if not isinstance(s, str):
            continue
        if ct == "text/html":
            s = re.sub(r"<[^>]+>", "", s)
        if ct.startswith("text/"):
            parts.append(s)
    return "\n".join(parts), atts


def cut_quotes(text, keep=4, limit=6000):
    out, q = [], []

    def flush():
        if not q:
            return
        if len(q) <= keep + 1:
            out.extend(q)
        else:
            out.extend(q[:keep])
            out.append(f">   [... {len(q) - keep} more quoted lines]")
        q.clear()
    for line in text.splitlines():
        if line.startswith(">"):
            q.append(line)
        else:
            flush()
            out.append(line)
    flush()
    s = "\n".join(out).strip()
    s = re.sub(r"\n{3,}", "\n\n", s)
    if len(s) > limit:
        s = s[:limit] + f"\n[... cut: {len(s) - limit} more characters]"
    return s


def own_words(text, limit=600):
    s = "\n".join(l for l in text.splitlines() if not l.startswith(">"))
    s = re.sub(r"\n{2,}", "\n", s).strip()
    return s[:limit] + (" [...]" if len(s) > limit else "")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=here)
    ap.add_argument("--out", default="packs")
    ap.add_argument("--chunk", type=int, default=350)
    ap.add_argument("--skip-labelled", action="store_true")
    ap.add_argument("--sample", type=float, default=0.0)
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--first", default="",
                    help="file of Message-IDs to put first in each pack "
                         "(those the second reader also labels)")
    ap.add_argument("--ids", default="",
                    help="file of Message-IDs: pack only these")
    ap.add_argument("lists", nargs="*")
    a = ap.parse_args()

    rows = defaultdict(list)
    with open(os.path.join(a.data, "index.tsv"), encoding="utf-8") as f:
        for r in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            rows[r["list"]].append(r)
    lists = a.lists or sorted(rows)
    os.makedirs(a.out, exist_ok=True)
    for lst in lists:
        def path(d):
            for ext in (".mbox", ".mbox.xz"):
                p = os.path.join(a.data, d, lst + ext)
                if os.path.exists(p):
                    return p
            return None
        msgs = {}
        for d in ("reports", "replies"):
            p = path(d)
            if p:
                for raw in read_mbox(p):
                    m = email.message_from_bytes(raw, policy=email.policy.default)
                    msgs[mid_of(m)] = m
        done = set()
        lab = os.path.join(here, "labels", lst + ".tsv")
        if a.skip_labelled and os.path.exists(lab):
            with open(lab, encoding="utf-8") as f:
                done = {l.split("\t", 1)[0] for l in f}
        todo = [r for r in rows[lst] if r["message_id"] not in done]
        if a.ids:
            only = set(open(a.ids).read().split())
            todo = [r for r in todo if r["message_id"] in only]
        if a.first:
            first = set(open(a.first).read().split())
            todo.sort(key=lambda r: r["message_id"] not in first)
        if a.sample:
            rnd = random.Random(f"{a.seed}:{lst}")
            n = max(1, round(len(todo) * a.sample))
            todo = sorted(rnd.sample(todo, min(n, len(todo))),
                          key=lambda r: rows[lst].index(r))
        chunks = [todo[i:i + a.chunk] for i in range(0, len(todo), a.chunk)]
        for k, chunk in enumerate(chunks):
            name = f"{lst}-{k + 1}.txt" if not a.sample else f"{lst}-sample.txt"
            with open(os.path.join(a.out, name), "w", encoding="utf-8") as o:
                for r in chunk:
                    o.write(render(r, msgs))
            print(f"{name}: {len(chunk)} replies", file=sys.stderr)


def render(r, msgs):
    m = msgs.get(r["message_id"])
    out = [f"=== {r['message_id']}",
           f"list: {r['list']}    date: {r['date']}",
           f"from: {r['from']}    (role guess: {r['author_role_guess']}"
           + (", sent from the robot's address" if r["robot_identity_followup"] else "")
           + ")",
           f"subject: {r['subject']}",
           f"answers report: {r['report_message_id']}  [{r['report_kind_detail']}]"
           f"  depth {r['depth']}",
           f"report subject: {r['report_subject']}"]
    rep = msgs.get(r["report_message_id"])
    if rep is not None:
        t, _ = text_of(rep)
        out.append("report (first lines): " + own_words(t, 500).replace("\n", " | "))
    par = msgs.get(r["in_reply_to"])
    if par is not None and r["in_reply_to"] != r["report_message_id"]:
        t, _ = text_of(par)
        out.append(f"in reply to: {par.get('From', '')} — {par.get('Subject', '')}")
        out.append("  its own words: " + own_words(t, 500).replace("\n", " | "))
    out.append("--- text")
    if m is None:
        out.append("[mail not found in the mbox]")
    else:
        t, atts = text_of(m)
        if atts:
            out.append("attachments: " + "; ".join(atts))
        out.append(cut_quotes(t))
    out.append("")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
