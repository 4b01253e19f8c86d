#!/usr/bin/env python3
"""gen-mailbox.py - build a large benchmark Maildir (and mbox) by repeating
a corpus with fresh Message-IDs.

    gen-mailbox.py SRC_MAILDIR OUT_DIR COPIES

Copy k of each message gets every <id> in Message-ID, In-Reply-To and
References rewritten to <k.id>, so threads stay threads within a copy and
no copy deduplicates against another. Writes OUT_DIR/maildir/{cur,new,tmp}
and OUT_DIR/mailbox.mbox (mboxrd).
"""
import os
import re
import sys

ID = re.compile(rb"<([^<>\s]+@[^<>\s]+)>")
HDR = re.compile(rb"^(message-id|in-reply-to|references):", re.I)


def rewrite(raw, k):
    end = raw.find(b"\n\n")
    if end < 0:
        end = len(raw)
    head, body = raw[:end], raw[end:]
    out, cur = [], False
    for line in head.split(b"\n"):
        if HDR.match(line):
            cur = True
        elif line[:1] not in (b" ", b"\t"):
            cur = False
        if cur:
            line = ID.sub(lambda m: b"<%d.%s>" % (k, m.group(1)), line)
        out.append(line)
    return b"\n".join(out) + body


def main():
    src, out, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
    files = []
    for sub in ("cur", "new"):
        d = os.path.join(src, sub)
        for n in sorted(os.listdir(d)):
            if not n.startswith("."):
                with open(os.path.join(d, n), "rb") as f:
                    files.append(f.read())
    md = os.path.join(out, "maildir")
    for sub in ("cur", "new", "tmp"):
        os.makedirs(os.path.join(md, sub), exist_ok=True)
    with open(os.path.join(out, "mailbox.mbox"), "wb") as mbox:
        n = 0
        for k in range(copies):
            for raw in files:
                data = rewrite(raw, k)
                with open(os.path.join(md, "cur", "%08d.bench:2," % n), "wb") as f:
                    f.write(data)
                mbox.write(b"From bench@example.org Thu Jan  1 00:00:00 2026\n")
                for line in data.split(b"\n"):
                    if re.match(rb">*From ", line):
                        line = b">" + line
                    mbox.write(line + b"\n")
                mbox.write(b"\n")
                n += 1
    print("%d messages" % n)


if __name__ == "__main__":
    main()
