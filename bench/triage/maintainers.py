#!/usr/bin/env python3
"""Who counts as a maintainer when triage is measured on the labelled
set (bench/triage-accuracy.sh puts them in [bot] maintainers): everyone
who sent two or more "[GIT PULL]" mails, or two or more b4 "thank you"
mails (a Message-ID with "b4-ty": `b4 ty` sends them when a maintainer
applies a patch), on the archives extract.py read, as a stand-in for the MAINTAINERS file a real deployment names its
maintainers from. Taken from the mail, never from the labels.

    python3 maintainers.py --cache-dir DIR > maintainers.txt
"""
import argparse, collections, glob, os, pickle, re
from email.utils import parseaddr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache-dir", required=True)
    ap.add_argument("--min", type=int, default=2)
    a = ap.parse_args()
    n = collections.Counter()
    for f in sorted(glob.glob(os.path.join(a.cache_dir, "*.pickle"))):
        with open(f, "rb") as fh:
            _, rows = pickle.load(fh)
        for mid, info in rows:
            if not (re.match(r"\s*\[GIT\s+PULL", info["subject"], re.I)
                    or ".b4-ty@" in mid):
                continue
            fr = info["from"]
            fr = fr.decode("utf-8", "replace") if isinstance(fr, bytes) else fr
            addr = parseaddr(fr)[1].lower()
            if "@" in addr:
                n[addr] += 1
    print("# senders of %d or more [GIT PULL] or b4-ty mails on the "
          "archives of extract.py (maintainers.py)" % a.min)
    for addr in sorted(x for x, c in n.items() if c >= a.min):
        print(addr)


if __name__ == "__main__":
    main()
