#!/usr/bin/env python3
"""export-archive.py - a public-inbox git archive as a Maildir and an mbox.

    export-archive.py GITDIR OUT_DIR [HEAD]

Reads every commit of GITDIR (a bare public-inbox v2 epoch: one message
per commit, in the file `m`), oldest first, with one `git cat-file
--batch`, and writes each message as it is to OUT_DIR/maildir/cur/ (one
file each, named by its place in the archive) and to OUT_DIR/mailbox.mbox
(mboxrd: a "From " line of the commit's author and time, ">" added before
every line that matches ^>*From , an empty line after each message).
Commits without `m` (deletions) are skipped. HEAD defaults to HEAD.
Prints the number of messages written.
"""
import os
import re
import subprocess
import sys
import threading
import time

FROM_LINE = re.compile(rb"^>*From ", re.M)


def main():
    gitdir, out = sys.argv[1], sys.argv[2]
    head = sys.argv[3] if len(sys.argv) > 3 else "HEAD"
    log = subprocess.run(["git", "--git-dir", gitdir, "log", "--reverse",
                          "--format=%H %ae %at", head],
                         stdout=subprocess.PIPE, check=True).stdout.decode()
    commits = [l.split(" ") for l in log.splitlines() if l]
    p = subprocess.Popen(["git", "--git-dir", gitdir, "cat-file", "--batch"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def feed():
        for c in commits:
            p.stdin.write((c[0] + ":m\n").encode())
        p.stdin.close()

    threading.Thread(target=feed, daemon=True).start()
    md = os.path.join(out, "maildir")
    for sub in ("cur", "new", "tmp"):
        os.makedirs(os.path.join(md, sub), exist_ok=True)
    n = 0
    with open(os.path.join(out, "mailbox.mbox"), "wb") as mbox:
        for c in commits:
            hdr = p.stdout.readline()
            if hdr.endswith(b" missing\n"):
                continue
            size = int(hdr.split()[2])
            raw = p.stdout.read(size)
            p.stdout.read(1)
            with open(os.path.join(md, "cur", "%08d.archive:2,S" % n),
                      "wb") as f:
                f.write(raw)
            when = time.asctime(time.gmtime(int(c[2])))
            mbox.write(b"From %s %s\n" % (c[1].encode() or b"-",
                                          when.encode()))
            body = FROM_LINE.sub(lambda m: b">" + m.group(0), raw)
            mbox.write(body)
            if not body.endswith(b"\n"):
                mbox.write(b"\n")
            mbox.write(b"\n")
            n += 1
    p.wait()
    print("%d messages" % n)


if __name__ == "__main__":
    main()
