#!/usr/bin/env python3
"""Build a git history from the patches posted to the archives, for
measuring lkpbot's git watch (BENCHMARKS.md, "Connecting the dots on real data").

    python3 make-history.py [--mirror /work/.mirror] REPO

Every message of the six public-inbox archives whose text has a
Closes:/Link: to lore's oe-lkp, a "Reported-by: kernel test robot", a
Fixes: with a sha or a revert line, and that is a patch (subject starts
with [PATCH...], no "Re:"), becomes one commit of branch master in REPO
(a new repository, written with git fast-import): the commit message is
the subject after the [PATCH ...] prefix and the body up to the "---"
line, the author and date the mail's. Commits are in date order. This
is the patches as posted (every version), not a tree's history: a
trailer of a version that was never merged still counts.
Python 3 standard library and git only.
"""
import argparse
import email
import email.policy
import email.utils
import os
import re
import subprocess
import sys
import threading

LISTS = ["linux-block", "io-uring", "linux-ext4", "linux-btrfs",
         "linux-nfs", "linux-pm"]
PICK = (r"(Closes|Link): .*lore\.kernel\.org/oe-lkp/|Reported-by: kernel "
        r"test robot|^Fixes: [0-9a-f]{12}|This reverts commit [0-9a-f]{40}")
PREFIX = re.compile(r"^\s*(\[[^\]]*\]\s*)+")


def messages(repo):
    shas = subprocess.run(
        ["git", "-C", repo, "log", "--format=%H", "-G", PICK, "HEAD"],
        capture_output=True, check=False).stdout.decode().split()
    p = subprocess.Popen(["git", "-C", repo, "cat-file", "--batch"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def feed():
        p.stdin.write("".join(s + ":m\n" for s in shas).encode())
        p.stdin.close()
    threading.Thread(target=feed, daemon=True).start()
    while True:
        hdr = p.stdout.readline()
        if not hdr:
            break
        parts = hdr.split()
        if len(parts) < 3 or parts[1] != b"blob":
            continue
        data = p.stdout.read(int(parts[2]))
        p.stdout.read(1)
        yield data
    p.wait()


def commit_of(raw):
    m = email.message_from_bytes(raw, policy=email.policy.default)
    subj = str(m.get("subject", "") or "")
    if not re.match(r"^\s*\[[^\]]*PATCH", subj):
        return None
    body = m.get_body(preferencelist=("plain",))
    if body is None:
        return None
    try:
        text = body.get_content()
    except Exception:
        return None
    lines = []
    for line in text.splitlines():
        if line.rstrip() == "---":
            break
        lines.append(line.rstrip())
    title = PREFIX.sub("", subj).strip()
    name, addr = email.utils.parseaddr(str(m.get("from", "")))
    try:
        when = int(email.utils.parsedate_to_datetime(
            str(m.get("date"))).timestamp())
    except Exception:
        return None
    msg = title + "\n\n" + "\n".join(lines).strip() + "\n"
    return when, name or addr, addr or "unknown@example.org", msg, \
        str(m.get("message-id", ""))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default="/work/.mirror")
    ap.add_argument("repo")
    a = ap.parse_args()
    seen, commits = set(), []
    for lst in LISTS:
        g = os.path.join(a.mirror, "linux-mailinglist-archives+%s.vger."
                         "kernel.org.0" % lst, "repo")
        if not os.path.isdir(g):
            print("skipped %s: not fetched" % lst, file=sys.stderr)
            continue
        n = 0
        for raw in messages(g):
            c = commit_of(raw)
            if c and c[4] not in seen:
                seen.add(c[4])
                commits.append(c)
                n += 1
        print("%s: %d patches" % (lst, n), file=sys.stderr)
    commits.sort(key=lambda c: c[0])
    subprocess.run(["git", "init", "-q", "-b", "master", a.repo], check=True)
    fi = subprocess.Popen(["git", "-C", a.repo, "fast-import", "--quiet"],
                          stdin=subprocess.PIPE)
    out = fi.stdin
    for i, (when, name, addr, msg, _) in enumerate(commits):
        name = re.sub(r"[<>\n]", "", name)
        addr = re.sub(r"[<>\n ]", "", addr)
        data = msg.encode("utf-8", "replace")
        out.write(b"commit refs/heads/master\n")
        out.write(("author %s <%s> %d +0000\n" % (name, addr, when)).encode())
        out.write(("committer %s <%s> %d +0000\n" % (name, addr, when)).encode())
        out.write(b"data %d\n" % len(data) + data + b"\n")
        if i == 0:
            out.write(b"deleteall\n")
    out.close()
    fi.wait()
    print("%d commits" % len(commits), file=sys.stderr)


if __name__ == "__main__":
    main()
