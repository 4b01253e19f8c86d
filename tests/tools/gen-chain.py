#!/usr/bin/env python3
"""gen-chain.py DIR N [fwd|rev] - N replies in the thread of story report
000, each answering the previous one (In-Reply-To the previous one,
References: the report and the previous one), as files in DIR named so
that a Maildir reads them in order (fwd, the default) or each before its
parent (rev). Used by tests/sh/t0145-deep-chain.sh and
bench/chain-bench.sh."""
import os
import sys

ROOT = "20190930014612.story000@shao2-debian"


def main():
    d, n = sys.argv[1], int(sys.argv[2])
    order = sys.argv[3] if len(sys.argv) > 3 else "fwd"
    for i in range(n):
        parent = ROOT if i == 0 else "c%d@chain.test" % (i - 1)
        name = "c%06d" % (i if order == "fwd" else n - i)
        with open(os.path.join(d, name), "w") as f:
            f.write("From: P%d <p%d@people.example>\nTo: x@y.example\n"
                    "Subject: Re: regression\n"
                    "Date: Tue, 1 Oct 2019 %02d:%02d:%02d +0000\n"
                    "Message-ID: <c%d@chain.test>\nIn-Reply-To: <%s>\n"
                    "References: <%s> <%s>\n\nI looked again (%d).\n"
                    % (i % 97, i % 97, 10 + i // 3600 % 12, i // 60 % 60,
                       i % 60, i, parent, ROOT, parent, i))


if __name__ == "__main__":
    main()
