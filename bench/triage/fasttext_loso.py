#!/usr/bin/python3
"""A second reader beside lkpbot's, for comparison only: fastText's
supervised classifier (Debian's python3-fasttext), trained on the words
of the labelled replies and scored leave-one-set-out on the later sets
(unseen, unseen2, ...), the way bench/triage/train.py --loso scores
lkpbot's act model. Nothing in lkpbot uses it; it answers one question:
does a different learner over the same words read unseen lists better?

    /usr/bin/python3 fasttext_loso.py [--epoch 50] [--ngrams 3] [--lr 0.3]

A reply's text is what its author wrote: quoted lines, the attribution
line and everything below a "-- " signature left out, lower-cased,
links, shas and numbers folded to one token each. A reply counts as
right when the predicted act is one of its acts or its accepted
alternative (as in bench/triage-accuracy.sh). Each held-out set is
scored by a model trained on every other labelled reply: the tuning
lists' and the other sets'.
"""
import argparse
import email
import email.policy
import glob
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import pack as P  # noqa: E402  (same folder: mbox reading, text helpers)


def bodies(paths):
    """{message-id: text} of the mboxrd files (pack.py reads them)."""
    out = {}
    for p in paths:
        for raw in P.read_mbox(p):
            msg = email.message_from_bytes(raw, policy=email.policy.default)
            out.setdefault(P.mid_of(msg), P.text_of(msg)[0])
    return out


def authored(text):
    lines = []
    for line in text.splitlines():
        if line.rstrip() == "--":
            break
        if line.startswith(">") or re.match(r"^On .*wrote:\s*$", line):
            continue
        lines.append(line)
    s = " ".join(lines).lower()
    s = re.sub(r"https?://\S+", " URL ", s)
    s = re.sub(r"\b[0-9a-f]{7,40}\b", " SHA ", s)
    s = re.sub(r"\d+", "0", s)
    s = re.sub(r"([.,!?;:()\"])", r" \1 ", s)
    return " ".join(s.split()[:400]) or "."


def labelled():
    """[(set, message-id, acts, alt)]; the tuning lists are set "main"."""
    rows = []
    for p in sorted(glob.glob(os.path.join(HERE, "labels", "*.tsv")) +
                    glob.glob(os.path.join(HERE, "unseen*", "labels", "*.tsv"))):
        rel = os.path.relpath(p, HERE).split(os.sep)
        st = rel[0] if rel[0].startswith("unseen") else "main"
        lines = open(p, encoding="utf-8").read().splitlines()
        cols = lines[0].split("\t")
        for line in lines[1:]:
            r = dict(zip(cols, line.split("\t")))
            rows.append((st, r["message_id"], r["acts"].split("+"),
                         r.get("alt", "")))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--epoch", type=int, default=50)
    ap.add_argument("--ngrams", type=int, default=3)
    ap.add_argument("--lr", type=float, default=0.3)
    ap.add_argument("--dim", type=int, default=50)
    a = ap.parse_args()
    try:
        import fasttext
    except ImportError:
        sys.exit("fasttext_loso.py: needs Debian's python3-fasttext "
                 "(apt-get install python3-fasttext; run /usr/bin/python3)")
    text = bodies(glob.glob(os.path.join(HERE, "replies", "*.mbox.xz")) +
                  glob.glob(os.path.join(HERE, "unseen*", "replies",
                                         "*.mbox.xz")))
    rows = [r for r in labelled() if r[1] in text]
    words = {mid: authored(text[mid]) for _, mid, _, _ in rows}
    sets = sorted({r[0] for r in rows} - {"main"},
                  key=lambda s: int(s[6:] or 1))
    total = [0, 0]
    with tempfile.TemporaryDirectory() as tmp:
        train = os.path.join(tmp, "train.txt")
        for held in sets:
            with open(train, "w", encoding="utf-8") as f:
                for st, mid, acts, _ in rows:
                    if st != held:
                        for act in acts:
                            f.write("__label__%s %s\n" % (act, words[mid]))
            model = fasttext.train_supervised(
                train, epoch=a.epoch, wordNgrams=a.ngrams, lr=a.lr,
                dim=a.dim, minCount=2, verbose=0, seed=1, thread=2)
            ok = n = 0
            for st, mid, acts, alt in rows:
                if st == held:
                    got = model.predict(words[mid])[0][0][len("__label__"):]
                    ok += got in acts or got == alt
                    n += 1
            total[0] += ok
            total[1] += n
            print("%-8s replies right %5.1f %% (%d of %d)" %
                  (held, 100.0 * ok / n, ok, n), flush=True)
    print("all      replies right %5.1f %% (%d of %d)" %
          (100.0 * total[0] / total[1], total[0], total[1]))


if __name__ == "__main__":
    main()
