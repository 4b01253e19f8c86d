#!/usr/bin/env python3
"""export-archive.py - a public-inbox git archive as a Maildir and an mbox.

    export-archive.py [--mbox-only] GITDIR OUT_DIR [HEAD]

Reads every commit of GITDIR (a bare public-inbox v2 epoch: one message
per commit, in the file `m`), oldest first, with one `git cat-file
--batch`, and writes each message as it is to OUT_DIR/maildir/cur/ (one
file each, named by its place in the archive) and to OUT_DIR/mailbox.mbox
(mboxrd: a "From " line of the commit's author and time, ">" added before
every line that matches ^>*From , an empty line after each message).
Commits without `m` (deletions) are skipped. HEAD defaults to HEAD.
--mbox-only writes the mbox alone (bench/import-all.sh: millions of
mails are no Maildir to keep).
Prints the number of messages written.
"""
import os
import re
import sys
import time

# the archive walk of the triage set's extractor (one git cat-file --batch)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "triage"))
from extract import read_archive  # noqa: E402

FROM_LINE = re.compile(rb"^>*From ", re.M)


def main():
    args = sys.argv[1:]
    mbox_only = bool(args) and args[0] == "--mbox-only"
    if mbox_only:
        args = args[1:]
    gitdir, out = args[0], args[1]
    head = args[2] if len(args) > 2 else "HEAD"
    md = os.path.join(out, "maildir")
    os.makedirs(out, exist_ok=True)
    for sub in ("cur", "new", "tmp"):
        if not mbox_only:
            os.makedirs(os.path.join(md, sub), exist_ok=True)
    n = 0
    with open(os.path.join(out, "mailbox.mbox"), "wb") as mbox:
        for _, addr, t, raw in read_archive(gitdir, head):
            if not mbox_only:
                with open(os.path.join(md, "cur", "%08d.archive:2,S" % n),
                          "wb") as f:
                    f.write(raw)
            when = time.asctime(time.gmtime(t))
            mbox.write(b"From %s %s\n" % (addr.encode() or b"-",
                                          when.encode()))
            body = FROM_LINE.sub(lambda m: b">" + m.group(0), raw)
            mbox.write(body)
            if not body.endswith(b"\n"):
                mbox.write(b"\n")
            mbox.write(b"\n")
            n += 1
    print("%d messages" % n)


if __name__ == "__main__":
    main()
