#!/usr/bin/env python3
"""make-story-mails.py - build raw RFC 5322 mails for the seed stories.

    make-story-mails.py SEEDS_DIR OUT_DIR

The seeds are scraped web pages (headers lost, quote markers sometimes
lost). The stories need real mail, so each seed is turned into the robot's
report (the quoted report text with its markers removed) and the human
reply (the seed's text, report lines quoted again where the scrape lost
the '>'), with headers written from what the seed says (subject, author,
date). Message-IDs are made up in the robot's style of the era and marked
".story" so nobody mistakes them for archive ids. Seed 002 has real
headers; its report is not in the seed, so a minimal report with the
Message-ID its References name is written.
"""
import os
import re
import sys

NAV = re.compile(r"^(Next message:|Previous message:|In reply to:|Messages sorted by:)")


def mail(headers, body):
    out = "".join("%s: %s\n" % kv for kv in headers)
    out += "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
    out += "Content-Transfer-Encoding: 8bit\n\n" + body
    if not out.endswith("\n"):
        out += "\n"
    return out


def write(outdir, name, text):
    with open(os.path.join(outdir, name), "w", encoding="utf-8") as f:
        f.write(text)


def story000(seed, outdir):
    lines = open(seed, encoding="utf-8").read().split("\n")
    subj = lines[0][4:]  # strip "Re: "
    start = next(i for i, l in enumerate(lines) if l.endswith("kernel test robot wrote:"))
    mine = re.compile(r"^(Thanks for reporting|In 5\.3 the|Actually, I already|I already came up|I'm going to post)")
    report, reply = [], [lines[start]]
    for l in lines[start + 1:]:
        if NAV.match(l):
            break
        if mine.match(l):
            reply += ["", l]
            continue
        report.append(l)
        reply.append("> " + l if l else ">")
    rid = "20190930014612.story000@shao2-debian"
    write(outdir, "000-report.eml", mail([
        ("From", "kernel test robot <rong.a.chen@intel.com>"),
        ("To", "Yang Shi <yang.shi@linux.alibaba.com>"),
        ("Cc", "Andrew Morton <akpm@linux-foundation.org>, LKML <linux-kernel@vger.kernel.org>, lkp@lists.01.org"),
        ("Subject", subj), ("Date", "Mon, 30 Sep 2019 01:46:12 +0800"),
        ("Message-ID", "<%s>" % rid)], "\n".join(report)))
    write(outdir, "000-reply.eml", mail([
        ("From", "Yang Shi <yang.shi@linux.alibaba.com>"),
        ("To", "kernel test robot <rong.a.chen@intel.com>"),
        ("Cc", "Andrew Morton <akpm@linux-foundation.org>, LKML <linux-kernel@vger.kernel.org>, lkp@lists.01.org"),
        ("Subject", "Re: " + subj), ("Date", "Mon, 30 Sep 2019 17:27:24 -0500"),
        ("Message-ID", "<story000.reply@linux.alibaba.com>"),
        ("In-Reply-To", "<%s>" % rid), ("References", "<%s>" % rid)],
        "\n".join(reply)))


def story001(seed, outdir):
    lines = open(seed, encoding="utf-8").read().split("\n")
    subj = re.sub(r"^(Re: |\[LKP\] )+", "", lines[0])
    report = [re.sub(r"^>> ?", "", l) for l in lines if l.startswith(">>")]
    body = [l for l in lines[3:] if not NAV.match(l)]
    rid = "20210804143812.story001@xsang-OptiPlex-9020"
    mid = "story001.xing@linux.intel.com"
    write(outdir, "001-report.eml", mail([
        ("From", "kernel test robot <oliver.sang@intel.com>"),
        ("To", "Dave Chinner <dchinner@redhat.com>"),
        ("Cc", "Darrick J. Wong <djwong@kernel.org>, LKML <linux-kernel@vger.kernel.org>, lkp@lists.01.org, lkp@intel.com"),
        ("Subject", "[xfs] 2bf1ec0ff0: stress-ng.mknod.ops_per_sec -45.4% regression"),
        ("Date", "Wed, 4 Aug 2021 22:38:12 +0800"),
        ("Message-ID", "<%s>" % rid)], "\n".join(report)))
    # Xing Zhengjun's ping is not in the seed: the reply's parent is missing
    write(outdir, "001-reply.eml", mail([
        ("From", "Yin Fengwei <fengwei.yin@intel.com>"),
        ("To", "Dave Chinner <dchinner@redhat.com>"),
        ("Cc", "LKML <linux-kernel@vger.kernel.org>, lkp@lists.01.org, lkp@intel.com"),
        ("Subject", "Re: [LKP] Re: " + subj),
        ("Date", "Thu, 9 Sep 2021 15:07:55 +0800"),
        ("Message-ID", "<story001.reply@intel.com>"),
        ("In-Reply-To", "<%s>" % mid), ("References", "<%s> <%s>" % (rid, mid))],
        "\n".join(body)))


def story002(seed, outdir):
    raw = open(seed, encoding="utf-8").read()
    rid = "20201102091543.GM31092@shao2-debian"
    write(outdir, "002-report.eml", mail([
        ("From", "kernel test robot <rong.a.chen@intel.com>"),
        ("To", "Waiman Long <longman@redhat.com>"),
        ("Cc", "Michal Hocko <mhocko@suse.com>, LKML <linux-kernel@vger.kernel.org>, lkp@lists.01.org, lkp@intel.com"),
        ("Subject", "[mm/memcg] bd0b230fe1: will-it-scale.per_process_ops -22.7% regression"),
        ("Date", "Mon, 2 Nov 2020 17:15:43 +0800"),
        ("Message-ID", "<%s>" % rid)],
        "Greeting,\n\nFYI, we noticed a -22.7% regression of will-it-scale.per_process_ops due to commit:\n\n\n"
        "commit: bd0b230fe14554bfffbae54e19038716f96f5a41 (\"mm/memcg: unify swap and memsw page counters\")\n"
        "https://git.kernel.org/cgit/linux/kernel/git/torvalds/linux.git master\n\n\n"
        "in testcase: will-it-scale\n"
        "on test machine: 192 threads Intel(R) Xeon(R) Platinum 9242 CPU @ 2.30GHz with 192G memory\n"
        "with following parameters:\n\n\tnr_task: 50%\n\tmode: process\n\ttest: page_fault2\n"
        "\tcpufreq_governor: performance\n\tucode: 0x5002f01\n\n\nThanks,\nRong Chen\n"))
    # the seed is a header dump: keep the headers lkpbot reads, as they are
    head, _, body = raw.partition("\n\n")
    keep = re.compile(r"^(Date|From|To|Cc|Subject|Message-ID|References|In-Reply-To|MIME-Version|Content-Type|Content-Disposition):")
    out, cur = [], False
    for l in head.split("\n"):
        if l[:1] in (" ", "\t"):
            if cur:
                out.append(l)
            continue
        cur = bool(keep.match(l))
        if cur:
            out.append(l)
    write(outdir, "002-reply.eml", "\n".join(out) + "\n\n" + body)


def story004(seed, outdir):
    lines = open(seed, encoding="utf-8").read().split("\n")
    subj = lines[0][4:]
    report = [re.sub(r"^> ?", "", l) for l in lines if l.startswith(">")]
    body = lines[4:]
    rid = "20220218063812.story004@xsang-OptiPlex-9020"
    patch = "d39f6e4d-aa4f-731a-68ee-e77cdbf1d7bb@google.com"
    write(outdir, "004-report.eml", mail([
        ("From", "kernel test robot <oliver.sang@intel.com>"),
        ("To", "Hugh Dickins <hughd@google.com>"),
        ("Cc", "Andrew Morton <akpm@linux-foundation.org>, Vlastimil Babka <vbabka@suse.cz>, LKML <linux-kernel@vger.kernel.org>, lkp@lists.01.org, lkp@intel.com"),
        ("Subject", subj), ("Date", "Fri, 18 Feb 2022 14:38:12 +0800"),
        ("Message-ID", "<%s>" % rid), ("In-Reply-To", "<%s>" % patch),
        ("References", "<%s>" % patch)], "\n".join(report)))
    write(outdir, "004-reply.eml", mail([
        ("From", "Hugh Dickins <hughd@google.com>"),
        ("To", "kernel test robot <oliver.sang@intel.com>"),
        ("Cc", "Andrew Morton <akpm@linux-foundation.org>, Vlastimil Babka <vbabka@suse.cz>, LKML <linux-kernel@vger.kernel.org>, lkp@lists.01.org, lkp@intel.com"),
        ("Subject", "Re: " + subj), ("Date", "Fri, 18 Feb 2022 21:09:30 -0800"),
        ("Message-ID", "<story004.reply@google.com>"),
        ("In-Reply-To", "<%s>" % rid), ("References", "<%s> <%s>" % (patch, rid))],
        "\n".join(body)))


def main():
    seeds, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    by = {n[:3]: os.path.join(seeds, n) for n in os.listdir(seeds)}
    story000(by["000"], out)
    story001(by["001"], out)
    story002(by["002"], out)
    story004(by["004"], out)


if __name__ == "__main__":
    main()
