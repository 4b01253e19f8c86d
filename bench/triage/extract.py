#!/usr/bin/env python3
"""Extract replies to LKP / 0-Day (kernel test robot) mails from public-inbox
git archives, for hand labelling.  Python 3 standard library only.

USAGE
    # 1. bring the archives here with the session's `fetch` tool, e.g.
    #    fetch github:linux-mailinglist-archives/linux-block.vger.kernel.org.0
    # 2. run (about 20 minutes for the 33 archives on 2 CPUs; the
    #    per-list scans run --jobs at a time and are kept in --cache-dir):
    python3 extract.py [--mirror /work/.mirror] [--out DIR] \
        [--cache-dir DIR] [--jobs N] [--holdout FILE]
    #    (DIR defaults to this script's folder; the repository keeps the
    #    mboxes compressed: xz -6 replies/*.mbox reports/*.mbox)
    #    --cache FILE pickles the archive scan; later runs with the same
    #    FILE skip the scan (classification is redone; output identical).

INPUT (read-only; fetched with the `fetch` tool as bare git dirs under
/work/.mirror/<owner>+<name>/repo).  The archives and the snapshot HEAD
commits this data was built from (see SOURCES.md for counts):

    list         repo                                                   HEAD
    linux-block  linux-mailinglist-archives/linux-block.vger.kernel.org.0 edde705473d0d84a5d70df6b804c72e42150e5a2
    io-uring     linux-mailinglist-archives/io-uring.vger.kernel.org.0    13402fd07a919d07992615928b9d609b620717d9
    linux-ext4   linux-mailinglist-archives/linux-ext4.vger.kernel.org.0  934fee7b906a742104b1f1b6b6c54c3c428ab0c5
    linux-btrfs  linux-mailinglist-archives/linux-btrfs.vger.kernel.org.0 21ffbbb65ef85e3a4b12318e27b8ae622929eaa9
    linux-nfs    linux-mailinglist-archives/linux-nfs.vger.kernel.org.0   e2131c3c99e6c2fb66da3bdd7b5cb7c24e3af831
    linux-pm     linux-mailinglist-archives/linux-pm.vger.kernel.org.0    33c525055eebb4844d4f7a9e1cbfa9bec4b17e5c

The archive walk is pinned to those commits (PINNED below), so a newer
snapshot gives the same output.  Archives listed in LISTS but not present
on disk are skipped and reported (linux-fsdevel, bpf, netdev, LKML and
linux-mm were refused by `fetch` as over 500 MiB; see SOURCES.md).

OUTPUT (all under --out, rebuilt from scratch each run)
    replies/<list>.mbox   raw bytes of each kept reply (mboxrd), archive order
    reports/<list>.mbox   raw bytes of each robot mail that a reply in
                          replies/<list>.mbox descends from (mboxrd)
    index.tsv             one line per reply (header line first)
    counts.json           numbers used in SOURCES.md
    SOURCES.md            archives, HEAD commits, counts, fetch refusals

METHOD
 * Every commit of each archive (one message per commit, file `m`) is read
   with one `git cat-file --batch` pipeline per archive.
 * Robot mail: From display name contains "kernel test robot" / "kbuild
   test robot" with an @intel.com address, or the address lkp@intel.com.
   A robot mail is a *report* (fresh report text), a *robot patch*
   ("[PATCH] ... cocci warnings", no "Re:") or a *follow-up* (an LKP team
   answer sent from the robot identity, e.g. a retest result).  Reports
   and robot patches are thread roots and never appear as replies;
   follow-ups that descend from a report are kept as replies (role
   lkp-team).
 * A reply is any message whose In-Reply-To/References lead, transitively
   through messages present in any fetched archive, to a robot root.  The
   root recorded is the nearest one up the parent chain.  When the chain
   reaches a Message-ID that is not in any archive but has the robot's
   form (`<date>.<tag>-lkp@intel.com`, `...%lkp@intel.com`,
   `...-oliver.sang@intel.com`, ...; or a `@xsang-OptiPlex-9020` /
   `@shao2-debian` id when the reply subject looks like a robot subject),
   that id is an *orphan* root: report_in_archives=no, kind guessed from
   the reply subject.
 * Dan Carpenter-style smatch reports sent under a human From are not
   robot mails here (human From wins).
 * Threads (connected components over In-Reply-To/References) containing
   any message sent (To/Cc) to a reserved list (cgroups, linux-crypto,
   linux-kbuild, linux-cifs: RESERVED) are dropped whole, and so is every
   thread holding a Message-ID whose SHA-256 is in --holdout.
 * Messages are deduplicated by Message-ID; a message is assigned to the
   first list in LISTS order that has it, and all lists it was seen on are
   recorded.
 * mboxrd: each message starts with "From <commit author email>
   <asctime(commit author time, UTC)>", lines matching ^>*From  get one
   more '>', and an empty line follows each message.
 * The `hint` column is a crude keyword guess to help find rare acts.  It
   is NOT a label.
"""
import argparse, json, os, re, subprocess, sys, time
from collections import defaultdict, Counter
from email.header import decode_header, make_header
from email.utils import getaddresses, parseaddr, parsedate_to_datetime
import email
import email.policy

LISTS = [  # (list, repo) in priority order: a mail on two lists is the first's
    ("linux-block", "linux-mailinglist-archives/linux-block.vger.kernel.org.0"),
    ("io-uring", "linux-mailinglist-archives/io-uring.vger.kernel.org.0"),
    ("linux-fsdevel", "linux-mailinglist-archives/linux-fsdevel.vger.kernel.org.0"),
    ("linux-ext4", "linux-mailinglist-archives/linux-ext4.vger.kernel.org.0"),
    ("linux-btrfs", "linux-mailinglist-archives/linux-btrfs.vger.kernel.org.0"),
    ("linux-nfs", "linux-mailinglist-archives/linux-nfs.vger.kernel.org.0"),
    ("bpf", "linux-mailinglist-archives/bpf.vger.kernel.org.0"),
    ("netdev", "linux-mailinglist-archives/netdev.vger.kernel.org.0"),
    ("linux-pm", "linux-mailinglist-archives/linux-pm.vger.kernel.org.0"),
    ("lkml", "linux-mailinglist-archives/linux-kernel.vger.kernel.org.7"),
    ("linux-mm", "sjp38/lore-linux-mm"),
    # added for issue 34 (2026-12-04): every list under the size limit
    ("linux-xfs", "linux-mailinglist-archives/linux-xfs.vger.kernel.org.0"),
    ("linux-scsi", "linux-mailinglist-archives/linux-scsi.vger.kernel.org.0"),
    ("linux-usb", "linux-mailinglist-archives/linux-usb.vger.kernel.org.0"),
    ("linux-kselftest", "linux-mailinglist-archives/linux-kselftest.vger.kernel.org.0"),
    ("linux-pci", "linux-mailinglist-archives/linux-pci.vger.kernel.org.0"),
    ("linux-rdma", "linux-mailinglist-archives/linux-rdma.vger.kernel.org.0"),
    ("linux-acpi", "linux-mailinglist-archives/linux-acpi.vger.kernel.org.0"),
    ("linux-gpio", "linux-mailinglist-archives/linux-gpio.vger.kernel.org.0"),
    ("linux-iio", "linux-mailinglist-archives/linux-iio.vger.kernel.org.0"),
    ("linux-i2c", "linux-mailinglist-archives/linux-i2c.vger.kernel.org.0"),
    ("linux-input", "linux-mailinglist-archives/linux-input.vger.kernel.org.0"),
    ("linux-spi", "linux-mailinglist-archives/linux-spi.vger.kernel.org.0"),
    ("linux-mips", "linux-mailinglist-archives/linux-mips.vger.kernel.org.0"),
    ("linux-raid", "linux-mailinglist-archives/linux-raid.vger.kernel.org.0"),
    ("linux-f2fs-devel", "linux-mailinglist-archives/linux-f2fs-devel.lists.sourceforge.net.0"),
    ("linux-erofs", "linux-mailinglist-archives/linux-erofs.lists.ozlabs.org.0"),
    ("linux-next", "linux-mailinglist-archives/linux-next.vger.kernel.org.0"),
    ("linux-arch", "linux-mailinglist-archives/linux-arch.vger.kernel.org.0"),
    ("linux-wireless", "linux-mailinglist-archives/linux-wireless.vger.kernel.org.0"),
    ("linuxppc-dev", "linux-mailinglist-archives/linuxppc-dev.lists.ozlabs.org.0"),
    ("linux-arm-kernel", "linux-mailinglist-archives/linux-arm-kernel.lists.infradead.org.0"),
    ("linux-clk", "linux-mailinglist-archives/linux-clk.vger.kernel.org.0"),
    ("linux-hwmon", "linux-mailinglist-archives/linux-hwmon.vger.kernel.org.0"),
    ("linux-security-module", "linux-mailinglist-archives/linux-security-module.vger.kernel.org.0"),
    ("linux-s390", "linux-mailinglist-archives/linux-s390.vger.kernel.org.0"),
    ("linux-pwm", "linux-mailinglist-archives/linux-pwm.vger.kernel.org.0"),
    ("linux-hyperv", "linux-mailinglist-archives/linux-hyperv.vger.kernel.org.0"),
]
# Kept for evaluation by others: never fetched, and every thread with a
# mail sent (To/Cc) to one of them is dropped whole.
RESERVED = (b"cgroups@vger.kernel.org", b"linux-crypto@vger.kernel.org",
            b"linux-kbuild@vger.kernel.org", b"linux-cifs@vger.kernel.org")
PINNED = {  # the snapshot HEAD each list was read at
    "linux-mailinglist-archives/linux-block.vger.kernel.org.0": "edde705473d0d84a5d70df6b804c72e42150e5a2",
    "linux-mailinglist-archives/io-uring.vger.kernel.org.0": "13402fd07a919d07992615928b9d609b620717d9",
    "linux-mailinglist-archives/linux-ext4.vger.kernel.org.0": "934fee7b906a742104b1f1b6b6c54c3c428ab0c5",
    "linux-mailinglist-archives/linux-btrfs.vger.kernel.org.0": "21ffbbb65ef85e3a4b12318e27b8ae622929eaa9",
    "linux-mailinglist-archives/linux-nfs.vger.kernel.org.0": "e2131c3c99e6c2fb66da3bdd7b5cb7c24e3af831",
    "linux-mailinglist-archives/linux-pm.vger.kernel.org.0": "33c525055eebb4844d4f7a9e1cbfa9bec4b17e5c",
    "linux-mailinglist-archives/linux-xfs.vger.kernel.org.0": "7d87ec653d2fee6724cef0ee820257a66d873360",
    "linux-mailinglist-archives/linux-scsi.vger.kernel.org.0": "745d2a211851f0c173516072def5a95e4f2b41cd",
    "linux-mailinglist-archives/linux-usb.vger.kernel.org.0": "22c5a01ea2d3d8b313d2a78b6eef13d6bad89a13",
    "linux-mailinglist-archives/linux-kselftest.vger.kernel.org.0": "1d47e00f47ac751ce2a9c1fa01507edfbb029eb7",
    "linux-mailinglist-archives/linux-pci.vger.kernel.org.0": "4645c13623701efa02dc64acb288c917972e4c44",
    "linux-mailinglist-archives/linux-rdma.vger.kernel.org.0": "d5bb0b1f3c8af24ab090a3366e20a4d9105668dd",
    "linux-mailinglist-archives/linux-acpi.vger.kernel.org.0": "b5ca579a20f1ac5c23e4f9fbe0b82501b062dfc0",
    "linux-mailinglist-archives/linux-gpio.vger.kernel.org.0": "d5ee68a33783bb2b2214f96ec3bb6bfea99db273",
    "linux-mailinglist-archives/linux-iio.vger.kernel.org.0": "939b2ca6ff5b99ea460668d91b6aa51ab5c15d0a",
    "linux-mailinglist-archives/linux-i2c.vger.kernel.org.0": "0a53485e3093fe365d24ad13c4a03926a1bcdb33",
    "linux-mailinglist-archives/linux-input.vger.kernel.org.0": "c11fc827517745175f39b3af5b5ab2bed48eb7dc",
    "linux-mailinglist-archives/linux-spi.vger.kernel.org.0": "6cd2ed4876a52f1f87f043bef75cf554bd343bc3",
    "linux-mailinglist-archives/linux-mips.vger.kernel.org.0": "941c8071bee8d3b1658676bd4ef39dcd167a4e96",
    "linux-mailinglist-archives/linux-raid.vger.kernel.org.0": "845bc001f40a90a3a40374f616ca8e9f99674e27",
    "linux-mailinglist-archives/linux-f2fs-devel.lists.sourceforge.net.0": "cf8220238d004c6cbc73310d315fc02aeea36766",
    "linux-mailinglist-archives/linux-erofs.lists.ozlabs.org.0": "b091b47ea5b1fc4b7a6e7e4ec595a3e997b3a83d",
    "linux-mailinglist-archives/linux-next.vger.kernel.org.0": "338a23f0c83d638048215483bcd4e2c74284ecac",
    "linux-mailinglist-archives/linux-arch.vger.kernel.org.0": "e1923b54d0251a5537c7280c3d9b7bd66611255e",
    "linux-mailinglist-archives/linux-wireless.vger.kernel.org.0": "3dad7ddeaad20fc6c5d8414ebd8a2b3e2dc35b70",
    "linux-mailinglist-archives/linuxppc-dev.lists.ozlabs.org.0": "1f63ba56c83aeef60596aa4e96a998244c8082eb",
    "linux-mailinglist-archives/linux-arm-kernel.lists.infradead.org.0": "965ee2ba877cdebbf51f205e7e42ea321265f693",
    "linux-mailinglist-archives/linux-clk.vger.kernel.org.0": "b14c112dff7054d3e109523199c5f130d66ecd5a",
    "linux-mailinglist-archives/linux-hwmon.vger.kernel.org.0": "6caf602944ab4f11f8a6e987d4d6448ecb2bd95d",
    "linux-mailinglist-archives/linux-security-module.vger.kernel.org.0": "99aa1e009915e06a020f114fdf6868bdd1d65e5f",
    "linux-mailinglist-archives/linux-s390.vger.kernel.org.0": "ea1beacbfe116058effb4344bcf4fdaba96ce6cc",
    "linux-mailinglist-archives/linux-pwm.vger.kernel.org.0": "153d785a1d348799c52d3f60a2b800c9720eda55",
    "linux-mailinglist-archives/linux-hyperv.vger.kernel.org.0": "b22dfe3300dfffcf3c3db5b05e2fefae4595e467",
}

LKP_LOCALPARTS = {
    "lkp", "oliver.sang", "philip.li", "yujie.liu", "feng.tang", "yu.c.chen",
    "carel.si", "rong.a.chen", "fengguang.wu", "xiaolong.ye", "ying.huang",
    "aaron.lu", "zhengjun.xing", "zhijianx.li", "fengwei.yin", "jiaxin.zhang",
}
BOT_RE = re.compile(r"patchwork-bot|regzbot|syzbot|tip-bot|pr-tracker-bot|"
                    r"noreply|no-reply|bot@kernel\.org|kernelci", re.I)
ID_RE = re.compile(rb"<([^<>\s]+)>")

# ---------------------------------------------------------------- helpers

def git(gitdir, *args):
    return subprocess.run(["git", "--git-dir", gitdir] + list(args),
                          check=True, stdout=subprocess.PIPE).stdout


def split_headers(raw):
    """Return dict lower-name -> list of unfolded raw bytes values."""
    m = re.search(rb"\r?\n\r?\n", raw)
    head = raw[:m.start()] if m else raw
    out = defaultdict(list)
    name = None
    for line in re.split(rb"\r?\n", head):
        if not line:
            continue
        if line[:1] in (b" ", b"\t") and name is not None:
            out[name][-1] += b" " + line.strip()
            continue
        i = line.find(b":")
        if i <= 0:
            name = None
            continue
        name = line[:i].strip().lower().decode("ascii", "replace")
        out[name].append(line[i + 1:].strip())
    return out


def dec(b):
    s = b.decode("utf-8", "replace")
    try:
        return str(make_header(decode_header(s)))
    except Exception:
        return s


def first(h, name):
    v = h.get(name)
    return v[0] if v else b""


def ids(b):
    return [x.decode("utf-8", "replace") for x in ID_RE.findall(b)]


def clean(s):
    return re.sub(r"[\t\r\n]+", " ", s).strip()


def body_text(raw):
    """Decoded text/plain parts (best effort)."""
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.compat32)
        parts = []
        for part in msg.walk():
            if part.get_content_maintype() == "multipart":
                continue
            if part.get_content_type() != "text/plain":
                continue
            if part.get_filename():
                continue
            payload = part.get_payload(decode=True) or b""
            cs = part.get_content_charset() or "utf-8"
            try:
                parts.append(payload.decode(cs, "replace"))
            except LookupError:
                parts.append(payload.decode("utf-8", "replace"))
        return "\n".join(parts)
    except Exception:
        return raw.decode("utf-8", "replace")


def unquoted(text):
    out = []
    for line in text.splitlines():
        s = line.lstrip()
        if s.startswith(">") or s.startswith("|"):
            continue
        if re.match(r"^On .* wrote:\s*$", s) or re.match(r".*\bwrote:\s*$", s):
            continue
        out.append(line)
    # cut the signature-ish tail
    return "\n".join(out)


# ---------------------------------------------------------------- robot logic

def is_robot_sender(from_b):
    name, addr = parseaddr(dec(from_b))
    addr = addr.lower()
    name = name.lower()
    if addr == "lkp@intel.com":
        return True
    if ("test robot" in name or "kbuild robot" in name) and addr.endswith("intel.com"):
        return True
    return False


REPORT_MARKERS = re.compile(
    r"(Thank you for|I love your) (the )?patch! (Yet|Perhaps) something to improve|"
    r"auto build test (ERROR|WARNING)|"
    r"kernel test robot noticed|FYI, we noticed|FYI, the error/warning|"
    r"first_new_problem|BUILD (REGRESSION|SUCCESS)|tree/branch: |"
    r"If you fix the issue(, kindly add| in a separate patch)|"
    r"kbuild test robot (noticed|reported)|"
    r"^\s*url:\s+https://github\.com/(0day-ci|intel-lab-lkp)/linux|"
    r"^\s*tree:\s+https?://\S+\s*\n\s*head:\s+[0-9a-f]{7,}", re.M | re.I)


def robot_type(subject, text):
    """report | patch | followup"""
    s = subject.strip()
    uq = unquoted(text)
    if re.match(r"^\s*\[(RFC )?PATCH", s, re.I) and not re.match(r"^\s*re:", s, re.I):
        return "patch"
    if re.search(r"BUILD (REGRESSION|SUCCESS)", s):
        return "report"
    if REPORT_MARKERS.search(uq):
        return "report"
    if not re.match(r"^\s*(re|aw):", s, re.I):
        return "report"
    return "followup"


BUILD_BODY = re.compile(
    r"(Thank you for|I love your) (the )?patch! (Yet|Perhaps) something to improve|"
    r"auto build test (ERROR|WARNING)|"
    r"FYI, the error/warning|noticed the following build (errors|warnings)|"
    r"All (errors|warnings) \(new ones prefixed by >+\)|BUILD (REGRESSION|SUCCESS)")


def report_kind(subject, text):
    """(kind, detail) guessed from a robot mail's subject, then its body."""
    s = subject
    t = unquoted(text[:20000])[:8000]
    if re.search(r"BUILD (REGRESSION|SUCCESS)", s):
        return "build", ("build-regression" if "REGRESSION" in s else "build-success")
    if re.search(r"\d(\.\d+)?% (regression|improvement)", s):
        return "perf", ("perf-improvement" if "improvement" in s else "perf-regression")
    functional_s = re.search(r"BUG:|WARNING:|Oops|KASAN|UBSAN|KCSAN|kernel_BUG|"
                             r"general_protection|INFO:|RIP:|Kernel_panic|"
                             r"Unable_to_handle|boot_failures|_fail\b|\.fail\b|"
                             r"calltrace|possible_circular|lockdep|Assertion|"
                             r"use-after-free|null-ptr-deref|hung_task|stall|"
                             r"\b(ltp|blktests|xfstests|kunit|kselftests?|"
                             r"fsmark|trinity)\.", s)
    build_s = (re.search(r"\[[^\]\s]+:[^\]\s]+ \d+/\d+\]", s)
               or re.search(r"\.(c|h|S|rs|o|ko|lds|dtsi?|sh|py|rst|txt)(:\d+)*: ", s)
               or re.search(r"\b(error|warning|note)s?:|undefined reference|sparse:|"
                            r"cocci|smatch|modpost|unmet direct|implicit declaration|"
                            r"undefined symbol|section mismatch|-Wframe|-Werror", s))
    if BUILD_BODY.search(t) or (build_s and not functional_s):
        if re.search(r"auto build test ERROR|patch! Yet something", t):
            return "build", "build-error"
        if re.search(r"auto build test WARNING|patch! Perhaps something", t):
            return "build", "build-warning"
        if re.search(r"error|undefined", s, re.I) or \
                (not re.search(r"warning", s, re.I) and
                 re.search(r"(error|undefined reference|undefined symbol)", t[:4000])):
            return "build", "build-error"
        return "build", "build-warning"
    m = re.search(r"noticed a [-+]?\d+(\.\d+)?% (regression|improvement)", t)
    if m:
        return "perf", ("perf-improvement" if m.group(2) == "improvement" else "perf-regression")
    if re.match(r"^\s*\[(RFC )?PATCH", s, re.I):
        return "other", "robot-patch"
    if functional_s or re.search(r"noticed \"|FYI, we noticed the following commit|"
                                 r"FYI, we noticed", t) or \
            re.search(r"\b[0-9a-f]{10}: \S", s):
        return "functional", "functional"
    return "other", "other"


def subject_report_kind(subject):
    """Kind for an orphan reply (report not in any archive): from the reply subject."""
    s = re.sub(r"^\s*((re|aw|fwd?)\s*:\s*|\[(lkp|kbuild-all|LTP)\]\s*)+", "", subject, flags=re.I)
    return report_kind(s, "")


ORPHAN_ID = re.compile(
    r"^(\d{12}\.[A-Za-z0-9]{6,8}-(lkp|oliver\.sang|yujie\.liu|rong\.a\.chen)@intel\.com|"
    r"\d{12}\.[A-Za-z0-9]{6,8}%lkp@intel\.com|"
    r"[0-9a-f]{8}\.[A-Za-z0-9/+=_-]{8,24}%lkp@intel\.com)$")
# kbuild (build robot) ids carry a mixed-case random tag, LKP perf/functional
# ids a lower-case hex one
KBUILD_ID = re.compile(r"^\d{12}\.(?![0-9a-f]{6,8}[-%])[A-Za-z0-9]{8}[-%]lkp@intel\.com$")
ORPHAN_HOST_ID = re.compile(r"@(xsang-OptiPlex-9020|shao2-debian|yujie-X299)$")
ROBOTISH_SUBJ = re.compile(r"BUILD (REGRESSION|SUCCESS)|\d% (regression|improvement)|"
                           r"\b[0-9a-f]{10}: \S|\[[^\]\s]+:[^\]\s]+ \d+/\d+\]")


def role_of(from_b, report_targets):
    name, addr = parseaddr(dec(from_b))
    addr_l = addr.lower()
    local, _, dom = addr_l.partition("@")
    if BOT_RE.search(name) or BOT_RE.search(addr_l) or "(on behalf of" in name.lower():
        return "bot"
    if dom.endswith("intel.com") and (local in LKP_LOCALPARTS or is_robot_sender(from_b)):
        return "lkp-team"
    if addr_l and addr_l in report_targets:
        return "patch-author-of-report"
    return "other"


def hint_of(subject, text, from_role):
    uq = unquoted(text)
    low = uq.lower()
    h = []
    if re.search(r"^(diff --git|--- a/|\+\+\+ b/|@@ -\d)", uq, re.M):
        h.append("diff")
    if re.search(r"\b(applied|queued|picked up|folded|squashed|merged)\b", low):
        h.append("applied")
    if "this patch was applied to" in low or "this series was applied to" in low \
            or "has been merged into" in low:
        h.append("bot-applied")
    if re.search(r"tested-by:\s*kernel test robot|tested-by:.*(lkp|oliver\.sang|yujie\.liu)@intel", low):
        h.append("tested-by-robot")
    if re.search(r"(please|could you|can you|would you|pls).{0,40}(test|try|verify|check)|"
                 r"\bretest|re-test|give it a try|does (this|the below) (fix|help)", low):
        h.append("please-test")
    if re.search(r"\bv\d+\b|next version|new version|respin|resend", low):
        h.append("next-version")
    if re.search(r"false positive|not a (real )?(bug|problem|issue)|bogus|please ignore|"
                 r"can be ignored|is expected|as expected|known issue|already fixed|"
                 r"not related|unrelated|noise", low):
        h.append("dispute")
    if re.search(r"recover|resolved|fixed by|fixes the|regression is gone|"
                 r"no longer (see|reproduce)", low):
        h.append("recovered")
    if re.search(r"little (impact|effect)|no (impact|effect|difference)|failed to apply|"
                 r"can't apply|cannot apply|partial", low):
        h.append("no-effect/partial")
    if re.search(r"(share|send|provide|attach).{0,30}(config|dmesg|log|kconfig|reproduc)|"
                 r"which (fs|filesystem|config|compiler)|rerun with|re-run with", low):
        h.append("asks-data")
    if re.search(r"\b(series|baseline|base commit|parent commit|whole set)\b", low) and \
            re.search(r"compar|bisect|base", low):
        h.append("series/base")
    if re.search(r"thanks? (you )?for (the|your) report|will (fix|send|look)|looking into|"
                 r"my (bad|mistake)|sorry", low):
        h.append("ack-words")
    if re.match(r"^\s*\[(RFC )?PATCH", subject, re.I):
        h.append("new-patch-mail")
    return ",".join(h)


# ---------------------------------------------------------------- archive walk

def read_archive(gitdir, head):
    """Yield (commit, author_email, author_time, raw) in archive order."""
    log = git(gitdir, "log", "--reverse", "--format=%H%x00%ae%x00%at", head)
    log = log.decode("utf-8", "replace")
    commits = [l.split("\0") for l in log.splitlines() if l]
    p = subprocess.Popen(["git", "--git-dir", gitdir, "cat-file", "--batch"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    import threading

    def feed():
        for c in commits:
            p.stdin.write((c[0] + ":m\n").encode())
        p.stdin.close()
    th = threading.Thread(target=feed, daemon=True)
    th.start()
    out = p.stdout
    for c in commits:
        line = out.readline()
        if line.endswith(b"missing\n"):
            continue
        size = int(line.split()[2])
        raw = out.read(size)
        out.read(1)
        yield c[0], c[1], int(c[2]), raw
    th.join()
    p.wait()


def mboxrd(raw, from_addr, t):
    ts = time.asctime(time.gmtime(t))
    lines = raw.split(b"\n")
    if lines and lines[-1] == b"":
        lines = lines[:-1]
    q = [re.sub(rb"^(>*From )", rb">\1", l) for l in lines]
    return (b"From " + (from_addr or "MAILER-DAEMON").encode() + b" " + ts.encode()
            + b"\n" + b"\n".join(q) + b"\n\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default="/work/.mirror")
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--cache", default="",
                    help="optional pickle of the archive scan (speeds up reruns; "
                         "delete it to rescan)")
    ap.add_argument("--cache-dir", default="",
                    help="optional folder of per-list scan pickles, keyed by "
                         "list and pinned head")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--holdout", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared",
        "holdout-ids.sha256"),
        help="SHA-256 of Message-IDs never to take (one a line)")
    a = ap.parse_args()
    if a.cache and os.path.exists(a.cache):
        import pickle
        with open(a.cache, "rb") as f:
            msgs, seen_on, per_list, missing = pickle.load(f)
    else:
        msgs, seen_on, per_list, missing = scan(a)
        if a.cache:
            import pickle
            with open(a.cache, "wb") as f:
                pickle.dump((msgs, seen_on, per_list, missing), f)
    for mid, info in msgs.items():
        if info["rtext"] is not None:
            info["robot"] = robot_type(info["subject"], info["rtext"])
            info["kind"] = report_kind(info["subject"], info["rtext"])
    for st in per_list.values():
        st["robot"] = Counter()
    for info in msgs.values():
        if info["robot"]:
            per_list[info["list"]]["robot"][info["robot"]] += 1
    process(a, msgs, seen_on, per_list, missing)


TRAILER_RE = re.compile(rb"^[ \t]*(closes|link|reported-by|fixes|tested-by)[ \t]*:[ \t]*(.{1,300})$",
                        re.I | re.M)


def scan_list(job):
    """Scan one archive: its messages in archive order and its counts.
    Cached per list and pinned head in the folder --cache names."""
    lst, repo, gitdir, cache = job
    head = PINNED.get(repo) or git(gitdir, "rev-parse", "HEAD").decode().strip()
    cfile = os.path.join(cache, f"{lst}-{head}.pickle") if cache else ""
    if cfile and os.path.exists(cfile):
        import pickle
        with open(cfile, "rb") as f:
            return pickle.load(f)
    st = {"repo": repo, "head": head, "scanned": 0, "robot": Counter(),
          "robot_all": 0, "gitdir": gitdir}
    rows = []
    t0 = time.time()
    for commit, aemail, atime, raw in read_archive(gitdir, head):
        st["scanned"] += 1
        h = split_headers(raw)
        mid_l = ids(first(h, "message-id"))
        if not mid_l:
            continue
        mid = mid_l[0]
        frm = first(h, "from")
        robot = is_robot_sender(frm)
        if robot:
            st["robot_all"] += 1
        tocc = b" ".join(h.get("to", []) + h.get("cc", [])).lower()
        irt = ids(first(h, "in-reply-to"))
        refs = ids(b" ".join(h.get("references", [])))
        info = {
            "list": lst, "repo": repo, "commit": commit, "aemail": aemail,
            "atime": atime, "from": frm,
            "subject": clean(dec(first(h, "subject"))),
            "date": clean(first(h, "date").decode("utf-8", "replace")),
            "irt": irt[0] if irt else "", "refs": refs,
            "reserved": any(r in tocc for r in RESERVED),
            "xfs": b"linux-xfs@vger.kernel.org" in tocc,
            "to": [x[1].lower() for x in getaddresses([dec(b) for b in h.get("to", [])])],
            "robot": None, "rtext": None, "ev": None,
        }
        if robot:
            info["rtext"] = body_text(raw)[:30000]
        elif (b"lkp@intel.com" in raw or b"test robot" in raw
              or b"lore.kernel.org" in raw):
            ev = [(k.decode().lower(), v.strip().decode("utf-8", "replace"))
                  for k, v in TRAILER_RE.findall(raw)]
            if ev:
                info["ev"] = ev[:40]
        rows.append((mid, info))
    print(f"{lst}: {st['scanned']} msgs in {time.time()-t0:.0f}s", file=sys.stderr)
    out = (st, rows)
    if cfile:
        import pickle
        os.makedirs(cache, exist_ok=True)
        with open(cfile + ".tmp", "wb") as f:
            pickle.dump(out, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(cfile + ".tmp", cfile)
    return out


def scan(a):
    msgs = {}          # mid -> info dict (first list in priority order)
    seen_on = defaultdict(list)
    per_list = {}
    missing = []
    jobs = []
    for lst, repo in LISTS:
        gitdir = os.path.join(a.mirror, repo.replace("/", "+"), "repo")
        if not os.path.isdir(gitdir):
            missing.append((lst, repo))
            print("skip (not fetched):", lst, repo, file=sys.stderr)
            continue
        jobs.append((lst, repo, gitdir, a.cache_dir))
    import multiprocessing
    with multiprocessing.Pool(a.jobs) as pool:
        results = pool.map(scan_list, jobs, chunksize=1)
    order = 0
    for (lst, _, _, _), (st, rows) in zip(jobs, results):
        per_list[lst] = st
        st["robot"] = Counter()
        for mid, info in rows:
            if lst not in seen_on[mid]:
                seen_on[mid].append(lst)
            if mid in msgs:
                continue
            info["order"] = order
            order += 1
            msgs[mid] = info
    return msgs, seen_on, per_list, missing


def process(a, msgs, seen_on, per_list, missing):

    # ---- thread components (union-find) for the reserved-list rule
    parent = {}

    def find(x):
        while parent.get(x, x) != x:
            parent[x] = parent.get(parent[x], parent[x])
            x = parent[x]
        return x

    def union(x, y):
        rx, ry = find(x), find(y)
        if rx != ry:
            parent[rx] = ry
    for mid, m in msgs.items():
        for r in ([m["irt"]] if m["irt"] else []) + m["refs"]:
            union(mid, r)
    import hashlib
    held = set()
    if os.path.exists(a.holdout):
        with open(a.holdout) as f:
            held = {l.strip() for l in f if l.strip()}
    else:
        sys.exit(f"extract.py: no held-out list at {a.holdout}: without it "
                 "held-out mail could enter the set; give --holdout FILE")
    nodes = set(msgs) | set(parent)
    held_ids = {x for x in nodes
                if hashlib.sha256(x.encode()).hexdigest() in held}
    cg_comp = {find(mid) for mid, m in msgs.items() if m["reserved"]}
    cg_comp |= {find(x) for x in held_ids}
    print(f"reserved/held-out threads: {len(cg_comp)} "
          f"({len(held_ids)} held-out ids seen)", file=sys.stderr)

    roots = {mid for mid, m in msgs.items() if m["robot"] in ("report", "patch")}

    # ---- nearest robot root for each message (memoised walk up)
    sys.setrecursionlimit(1000000)
    memo = {}
    orphan_roots = set()

    def cands(m):
        c = []
        if m["irt"]:
            c.append(m["irt"])
        for r in reversed(m["refs"]):
            if r not in c:
                c.append(r)
        return c

    def up(mid, stack):
        if mid in memo:
            return memo[mid]
        stack.add(mid)
        res = None
        m = msgs[mid]
        for c in cands(m):
            if c == mid or c in stack:
                continue
            if c in roots:
                res = (c, 1)
                break
            if c not in msgs and (ORPHAN_ID.match(c) or (
                    ORPHAN_HOST_ID.search(c) and ROBOTISH_SUBJ.search(m["subject"]))):
                orphan_roots.add(c)
                res = (c, 1)
                break
            if c in msgs:
                r = up(c, stack)
                if r:
                    res = (r[0], r[1] + 1)
                    break
        stack.discard(mid)
        memo[mid] = res
        return res

    replies = []
    dropped_threads = defaultdict(set)
    dropped_msgs = Counter()
    for mid, m in sorted(msgs.items(), key=lambda kv: kv[1]["order"]):
        if mid in roots:
            continue
        r = up(mid, set())
        if not r:
            continue
        comp = find(mid)
        if comp in cg_comp:
            dropped_threads[m["list"]].add(comp)
            dropped_msgs[m["list"]] += 1
            continue
        replies.append((mid, r[0], r[1]))

    # ---- second pass: fetch raw bytes of replies and their reports
    need = defaultdict(set)  # gitdir -> commits
    for mid, rep, d in replies:
        need[per_list[msgs[mid]["list"]]["gitdir"]].add(msgs[mid]["commit"])
        if rep in msgs:
            need[per_list[msgs[rep]["list"]]["gitdir"]].add(msgs[rep]["commit"])
    raws = {}
    for gitdir, commits in need.items():
        commits = sorted(commits)
        p = subprocess.run(["git", "--git-dir", gitdir, "cat-file", "--batch"],
                           input=("".join(c + ":m\n" for c in commits)).encode(),
                           stdout=subprocess.PIPE, check=True)
        buf = p.stdout
        pos = 0
        for c in commits:
            nl = buf.index(b"\n", pos)
            hdr = buf[pos:nl].split()
            size = int(hdr[2])
            raws[c] = buf[nl + 1:nl + 1 + size]
            pos = nl + 1 + size + 1

    os.makedirs(os.path.join(a.out, "replies"), exist_ok=True)
    os.makedirs(os.path.join(a.out, "reports"), exist_ok=True)
    for d in ("replies", "reports"):
        for f in os.listdir(os.path.join(a.out, d)):
            if f.endswith(".mbox"):
                os.remove(os.path.join(a.out, d, f))

    rep_files = {}
    reports_written = defaultdict(set)
    reply_files = {}
    rows = []
    counts = defaultdict(lambda: {"kind": Counter(), "role": Counter(),
                                  "kind_detail": Counter(), "reports": set()})
    # orphan reports (not in any fetched archive): described by the subject
    # of their earliest, shallowest reply
    orphan_subj = {}
    for mid, rep, depth in sorted(replies, key=lambda x: (x[2], msgs[x[0]]["order"])):
        if rep not in msgs and rep not in orphan_subj:
            orphan_subj[rep] = msgs[mid]["subject"]
    for mid, rep, depth in replies:
        m = msgs[mid]
        R = msgs.get(rep)
        if R is None:
            subj = re.sub(r"^\s*((re|aw|fwd?)\s*:\s*|\[(lkp|kbuild-all|LTP)\]\s*)+", "",
                          orphan_subj[rep], flags=re.I)
            kd = subject_report_kind(subj)
            if kd[0] == "other" and KBUILD_ID.match(rep):
                kd = ("build", "build-unknown")  # kbuild robot id, report text unseen
            R = {"to": [], "irt": "", "kind": kd, "robot": "orphan", "subject": subj}
        lst = m["list"]
        raw = raws[m["commit"]]
        # targets: report To + author of the mail the report replies to
        targets = set(R["to"])
        if R["irt"] in msgs:
            targets.add(parseaddr(dec(msgs[R["irt"]]["from"]))[1].lower())
        if m["robot"] == "followup":
            role = "lkp-team"
        else:
            role = role_of(m["from"], targets)
        text = body_text(raw)
        kind, kdetail = R["kind"]
        if R["robot"] == "patch":
            kind, kdetail = "other", "robot-patch"
        hint = hint_of(m["subject"], text, role)
        rows.append([mid, lst, m["repo"], m["commit"], m["date"],
                     clean(dec(m["from"])), m["subject"], m["irt"], rep,
                     kind, kdetail, str(depth), role, R["subject"],
                     ",".join(seen_on[mid]), "yes" if m["xfs"] else "",
                     "robot-followup" if m["robot"] == "followup" else "",
                     "no" if R["robot"] == "orphan" else "yes", hint])
        c = counts[lst]
        c["kind"][kind] += 1
        c["kind_detail"][kdetail] += 1
        c["role"][role] += 1
        c["reports"].add(rep)
        if lst not in reply_files:
            reply_files[lst] = open(os.path.join(a.out, "replies", lst + ".mbox"), "wb")
            rep_files[lst] = open(os.path.join(a.out, "reports", lst + ".mbox"), "wb")
        reply_files[lst].write(mboxrd(raw, m["aemail"], m["atime"]))
        if rep not in reports_written[lst] and R["robot"] != "orphan":
            reports_written[lst].add(rep)
            rep_files[lst].write(mboxrd(raws[R["commit"]], R["aemail"], R["atime"]))
    for f in list(reply_files.values()) + list(rep_files.values()):
        f.close()

    hdr = ["message_id", "list", "archive_repo", "commit", "date", "from",
           "subject", "in_reply_to", "report_message_id", "report_kind",
           "report_kind_detail", "depth", "author_role_guess", "report_subject",
           "lists_seen", "cc_linux_xfs", "robot_identity_followup", "report_in_archives", "hint"]
    with open(os.path.join(a.out, "index.tsv"), "w", encoding="utf-8") as f:
        f.write("\t".join(hdr) + "\n")
        for r in rows:
            f.write("\t".join(clean(x) for x in r) + "\n")

    out = {"lists": {}, "missing": missing, "total_replies": len(rows)}
    for lst, st in per_list.items():
        c = counts.get(lst)
        out["lists"][lst] = {
            "repo": st["repo"], "head": st["head"], "scanned": st["scanned"],
            "robot_mails_first_seen_here": dict(st["robot"]),
            "robot_mails_in_archive": st["robot_all"],
            "replies_kept": sum(c["kind"].values()) if c else 0,
            "reports_with_replies": len(c["reports"]) if c else 0,
            "by_kind": dict(c["kind"]) if c else {},
            "by_kind_detail": dict(c["kind_detail"]) if c else {},
            "by_role": dict(c["role"]) if c else {},
            "cgroups_threads_dropped": len(dropped_threads[lst]),
            "cgroups_reply_msgs_dropped": dropped_msgs[lst],
        }
    out["robot_roots_total"] = len(roots)
    out["orphan_report_ids"] = len(orphan_roots)
    out["orphan_replies"] = sum(1 for r in rows if r[-2] == "no")
    # kind x role and hint tallies per list
    for lst in out["lists"]:
        out["lists"][lst]["kind_x_role"] = {}
        out["lists"][lst]["hints"] = {}
    for r in rows:
        kr = out["lists"][r[1]]["kind_x_role"]
        key = r[9] + "/" + r[12]
        kr[key] = kr.get(key, 0) + 1
        for hnt in filter(None, r[-1].split(",")):
            hh = out["lists"][r[1]]["hints"]
            hh[hnt] = hh.get(hnt, 0) + 1
    with open(os.path.join(a.out, "counts.json"), "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
    write_sources(a.out, out)
    print(json.dumps(out, indent=1, sort_keys=True))


REFUSED = [  # exact words of the fetch tool, 2026-11-30 and 2026-12-04
    ("linux-doc", "linux-mailinglist-archives/linux-doc.vger.kernel.org.0",
     "That snapshot has 614123520 bytes. The most that can be brought here is 524288000 bytes."),
    ("kvm", "linux-mailinglist-archives/kvm.vger.kernel.org.0",
     "That snapshot has 844400640 bytes. The most that can be brought here is 524288000 bytes."),
    ("linux-media", "linux-mailinglist-archives/linux-media.vger.kernel.org.0",
     "That snapshot has 537088000 bytes. The most that can be brought here is 524288000 bytes."),
    ("linux-fsdevel", "linux-mailinglist-archives/linux-fsdevel.vger.kernel.org.0",
     "That snapshot has 703447040 bytes. The most that can be brought here is 524288000 bytes."),
    ("bpf", "linux-mailinglist-archives/bpf.vger.kernel.org.0",
     "That snapshot has 600791040 bytes. The most that can be brought here is 524288000 bytes."),
    ("netdev", "linux-mailinglist-archives/netdev.vger.kernel.org.0",
     "That snapshot has 1286574080 bytes. The most that can be brought here is 524288000 bytes."),
    ("netdev", "linux-mailinglist-archives/netdev.vger.kernel.org.1",
     "That snapshot has 979169280 bytes. The most that can be brought here is 524288000 bytes."),
    ("lkml", "linux-mailinglist-archives/linux-kernel.vger.kernel.org.7",
     "That snapshot has 1594716160 bytes. The most that can be brought here is 524288000 bytes."),
    ("lkml", "linux-mailinglist-archives/linux-kernel.vger.kernel.org.6",
     "That snapshot has 1738444800 bytes. The most that can be brought here is 524288000 bytes."),
    ("lkml", "linux-mailinglist-archives/linux-kernel.vger.kernel.org.5",
     "That snapshot has 1485475840 bytes. The most that can be brought here is 524288000 bytes."),
    ("lkml", "linux-mailinglist-archives/linux-kernel.vger.kernel.org.4",
     "That snapshot has 1458913280 bytes. The most that can be brought here is 524288000 bytes."),
    ("lkml", "linux-mailinglist-archives/linux-kernel.vger.kernel.org.3",
     "That snapshot has 1292769280 bytes. The most that can be brought here is 524288000 bytes."),
    ("lkml", "linux-mailinglist-archives/linux-kernel.vger.kernel.org.2",
     "That snapshot has 1352325120 bytes. The most that can be brought here is 524288000 bytes."),
    ("lkml", "linux-mailinglist-archives/linux-kernel.vger.kernel.org.1",
     "That snapshot has 1261752320 bytes. The most that can be brought here is 524288000 bytes."),
    ("lkml", "linux-mailinglist-archives/linux-kernel.vger.kernel.org.0",
     "That snapshot has 1096560640 bytes. The most that can be brought here is 524288000 bytes."),
    ("lkml", "linux-mailinglist-archives/linux-kernel.vger.kernel.org.8",
     "No snapshot of that repository can be had here."),
    ("lkml", "linux-mailinglist-archives/linux-kernel.vger.kernel.org.9",
     "No snapshot of that repository can be had here."),
    ("linux-mm", "sjp38/lore-linux-mm",
     "That snapshot has 727848960 bytes. The most that can be brought here is 524288000 bytes."),
]


def write_sources(outdir, out):
    L = []
    w = L.append
    w("# Sources of the LKP reply triage set")
    w("")
    w("Written by `extract.py` (rerun it to regenerate; numbers come from")
    w("`counts.json`). Replies are *candidates for hand labelling*; the `hint`")
    w("column of `index.tsv` is a keyword guess, not a label.")
    w("")
    w("## Archives used (public-inbox git, one message per commit in `m`)")
    w("")
    w("| list | repo | snapshot HEAD (pinned) | messages scanned | robot mails in archive | robot roots first seen here (after dedup) | replies kept | reports with replies (incl. orphan ids) | reserved threads dropped (reply msgs) |")
    w("|---|---|---|---|---|---|---|---|---|")
    tot = Counter()
    for lst, v in out["lists"].items():
        rf = v["robot_mails_first_seen_here"]
        roots = rf.get("report", 0) + rf.get("patch", 0)
        w(f"| {lst} | `{v['repo']}` | `{v['head']}` | {v['scanned']} | "
          f"{v['robot_mails_in_archive']} | {roots} ({rf.get('report', 0)} reports, "
          f"{rf.get('patch', 0)} robot patches, {rf.get('followup', 0)} follow-ups) | "
          f"{v['replies_kept']} | {v['reports_with_replies']} | "
          f"{v['cgroups_threads_dropped']} ({v['cgroups_reply_msgs_dropped']}) |")
        tot["scanned"] += v["scanned"]
        tot["robot"] += v["robot_mails_in_archive"]
        tot["replies"] += v["replies_kept"]
        tot["cg"] += v["cgroups_threads_dropped"]
        tot["cgm"] += v["cgroups_reply_msgs_dropped"]
    w(f"| **total** | | | {tot['scanned']} | {tot['robot']} | {out['robot_roots_total']} | "
      f"**{tot['replies']}** | | {tot['cg']} ({tot['cgm']}) |")
    w("")
    w(f"Orphan replies (their robot report is in none of these archives, linked "
      f"through a robot-style Message-ID in In-Reply-To/References): "
      f"{out['orphan_replies']} replies under {out['orphan_report_ids']} report ids; "
      f"`report_in_archives=no` in index.tsv, kind guessed from the reply subject, "
      f"no entry in reports/*.mbox.")
    w("")
    w("## Archives refused by `fetch` (exact words)")
    w("")
    w("| list | repo | fetch said |")
    w("|---|---|---|")
    for lst, repo, msg in REFUSED:
        w(f"| {lst} | `{repo}` | {msg} |")
    w("")
    w("No other epoch of the fetched lists exists in the store (find_repos). "
      "The reserved lists (cgroups, linux-crypto, linux-kbuild, linux-cifs) were never fetched.")
    w("")
    w("## Replies by report kind (per list)")
    w("")
    kinds = ["build", "functional", "perf", "other"]
    w("| list | " + " | ".join(kinds) + " | total |")
    w("|---|" + "---|" * (len(kinds) + 1))
    for lst, v in out["lists"].items():
        w(f"| {lst} | " + " | ".join(str(v["by_kind"].get(k, 0)) for k in kinds)
          + f" | {v['replies_kept']} |")
    w("")
    details = sorted({d for v in out["lists"].values() for d in v["by_kind_detail"]})
    w("Finer kind (`report_kind_detail`):")
    w("")
    w("| list | " + " | ".join(details) + " |")
    w("|---|" + "---|" * len(details))
    for lst, v in out["lists"].items():
        w(f"| {lst} | " + " | ".join(str(v["by_kind_detail"].get(d, 0)) for d in details) + " |")
    w("")
    w("## Replies by author role guess (per list)")
    w("")
    roles = ["lkp-team", "patch-author-of-report", "bot", "other"]
    w("| list | " + " | ".join(roles) + " |")
    w("|---|" + "---|" * len(roles))
    for lst, v in out["lists"].items():
        w(f"| {lst} | " + " | ".join(str(v["by_role"].get(r, 0)) for r in roles) + " |")
    w("")
    w("## Kind x role (all lists)")
    w("")
    kr = Counter()
    for v in out["lists"].values():
        for k, n in v["kind_x_role"].items():
            kr[k] += n
    w("| kind | " + " | ".join(roles) + " |")
    w("|---|" + "---|" * len(roles))
    for k in kinds:
        w(f"| {k} | " + " | ".join(str(kr.get(k + "/" + r, 0)) for r in roles) + " |")
    w("")
    w("## Hint keyword tallies (NOT labels; a reply can carry several)")
    w("")
    hs = sorted({h for v in out["lists"].values() for h in v["hints"]})
    w("| list | " + " | ".join(hs) + " |")
    w("|---|" + "---|" * len(hs))
    for lst, v in out["lists"].items():
        w(f"| {lst} | " + " | ".join(str(v["hints"].get(h, 0)) for h in hs) + " |")
    w("")
    with open(os.path.join(outdir, "SOURCES.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(L))


if __name__ == "__main__":
    main()
