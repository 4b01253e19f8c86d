#!/usr/bin/env python3
"""archive-headlines.py MIRROR_DIR [HOLDOUT] - how often a robot perf
report's own headline row prints a stddev larger than its change.

Reads every public-inbox archive under MIRROR_DIR (<name>/repo, as the
fetch tool leaves them), takes each mail of the kernel test robot whose
subject is "...: METRIC N% regression|improvement", finds the METRIC row
of its first table and counts the rows whose largest printed "± N%" is
larger than the printed change. Mail sent (To/Cc) to a reserved list
(cgroups, linux-crypto, linux-kbuild, linux-cifs) and mail whose
Message-ID's SHA-256 is in HOLDOUT (default /work/shared/
holdout-ids.sha256) are skipped unread beyond their headers.
"""
import email
import email.policy
import hashlib
import os
import re
import subprocess
import sys

RESERVED = re.compile(r"\b(cgroups|linux-crypto|linux-kbuild|linux-cifs)@",
                      re.I)
SUBJECT = re.compile(r":\s+(\S+)\s+(-?[\d.]+)%\s+(regression|improvement)")


def git(repo, *args):
    return subprocess.run(["git", "--git-dir", repo] + list(args),
                          capture_output=True, check=False).stdout


def body_of(msg):
    for part in msg.walk():
        if part.get_content_type() == "text/plain":
            data = part.get_payload(decode=True) or b""
            return data.decode("utf-8", "replace")
    return ""


def main():
    mirror = sys.argv[1]
    holdout = sys.argv[2] if len(sys.argv) > 2 else \
        "/work/shared/holdout-ids.sha256"
    held = set()
    if os.path.exists(holdout):
        held = {l.strip() for l in open(holdout) if l.strip()}
    total = with_sd = noisy = skipped = 0
    for name in sorted(os.listdir(mirror)):
        repo = os.path.join(mirror, name, "repo")
        if not os.path.isdir(repo) or RESERVED.search(name + "@"):
            continue
        log = git(repo, "log", "--all", "--author=test robot",
                  "--format=%H%x09%s").decode("utf-8", "replace")
        for line in log.splitlines():
            sha, _, subject = line.partition("\t")
            m = SUBJECT.search(subject)
            if not m:
                continue
            msg = email.message_from_bytes(git(repo, "show", sha + ":m"),
                                           policy=email.policy.compat32)
            mid = (msg.get("Message-ID") or "").strip().strip("<>")
            rcpt = " ".join(str(msg.get_all(h) or "") for h in ("To", "Cc"))
            if (hashlib.sha256(mid.encode()).hexdigest() in held or
                    RESERVED.search(rcpt)):
                skipped += 1
                continue
            for row in body_of(msg).splitlines():
                tok = row.split()
                if not tok or tok[-1] != m.group(1) or "%" not in row:
                    continue
                total += 1
                sds = [int(x) for x in re.findall(r"±\s*(\d+)%", row)]
                chg = re.findall(r"([+-][\d.]+)%", row)
                if sds:
                    with_sd += 1
                if sds and chg and max(sds) > abs(float(chg[0])):
                    noisy += 1
                    print("%s %s: %s" % (name, mid, row.strip()))
                break
    print("robot perf reports with their headline row found: %d; with a "
          "printed stddev: %d; stddev larger than the change: %d "
          "(skipped: %d reserved or held out)" % (total, with_sd, noisy,
                                                  skipped))


if __name__ == "__main__":
    main()
