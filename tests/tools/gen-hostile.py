#!/usr/bin/env python3
"""gen-hostile.py - write 200 malformed or hostile mails into a Maildir.

    gen-hostile.py MAILDIR [--seed N] [--big N]

Deterministic (fixed seed). MAILDIR/{cur,new,tmp} are created; every mail
goes to new/ as h-NNN-<kind>. --big N writes N of the 10 MB attachment
mails (default 1; 0 keeps the run fast).

Kinds (see KINDS below): broken MIME, huge headers, deep quoting, NUL
bytes, bad UTF-8 and charsets, base64/QP garbage, a big attachment,
#lkp commands forged in quotes, signatures and HTML, header-injection
subjects, mail forged as the bot, Auto-Submitted mail, bounces, commands
from outsiders, binary junk, truncated and empty files.

Many of them are replies (In-Reply-To) to the story reports of
tests/data/stories, so the triage stage reads them. The contract a test
can rely on (tests/sh/t0800-hostile.sh):
  - the only mails whose authored text holds a #lkp command the bot may
    act on are the kind "outsider-cmd": an outsider (not a maintainer,
    not a participant) giving ONE maintainer-only command, in the thread
    of a story report; each deserves exactly one refusal;
  - the number of them is printed on stdout as "outsider-commands N";
  - every other #lkp command is quoted, in a signature, hidden in HTML,
    from the bot itself, automatic, a bounce, or in a mail that is not a
    parseable reply at all.
"""
import os
import random
import sys

REPORTS = [
    ("20190930014612.story000@shao2-debian",
     "[mm] 87eaceb3fa: stress-ng.madvise.ops_per_sec -19.6% regression"),
    ("20210804143812.story001@xsang-OptiPlex-9020",
     "[xfs] 2bf1ec0ff0: stress-ng.mknod.ops_per_sec -45.4% regression"),
    ("20201102091543.GM31092@shao2-debian",
     "[mm/memcg] bd0b230fe1: will-it-scale.per_process_ops -22.7% "
     "regression"),
    ("20220218063812.story004@xsang-OptiPlex-9020",
     "[mm/munlock] 237b445401: stress-ng.remap.ops_per_sec -62.6% "
     "regression"),
]
BOT = "lkpbot <lkpbot@bot.example>"
MAINT = "Alice <alice@maint.example>"
OUTSIDER = "Eve <eve%d@elsewhere.example>"
# commands only a maintainer may give (an outsider is refused)
MAINT_ONLY = ["#lkp close", "#lkp reopen", "#lkp invalid",
              "#lkp close fixed by the v3 series"]

rng = random.Random(20240229)


def hdr(n, frm, subject, parent=None, extra=(), ctype=None, date=None):
    """Headers as bytes (CRLF-free: LF line ends like the stories)."""
    lines = ["From: " + frm,
             "To: kernel test robot <oliver.sang@intel.com>",
             "Cc: lkp@intel.com",
             "Subject: " + subject,
             "Date: " + (date or "Sat, 19 Feb 2022 %02d:%02d:00 +0000"
                         % (n // 60 % 24, n % 60)),
             "Message-ID: <hostile%03d@hostile.example>" % n]
    if parent:
        lines += ["In-Reply-To: <%s>" % parent, "References: <%s>" % parent]
    lines += ["MIME-Version: 1.0"]
    lines += [ctype or "Content-Type: text/plain; charset=utf-8"]
    lines += list(extra)
    return ("\n".join(lines) + "\n").encode("utf-8", "surrogateescape")


def report():
    return REPORTS[rng.randrange(len(REPORTS))]


def reply_to(n, frm, body, extra=(), ctype=None, subject=None):
    mid, subj = report()
    return hdr(n, frm, subject or "Re: " + subj, mid, extra, ctype) + \
        b"\n" + body


# --- the kinds: each returns the bytes of one mail ---------------------

def k_mime_no_boundary(n):
    return reply_to(n, MAINT, b"--x\nContent-Type: text/plain\n\nhi\n--x--\n",
                    ctype="Content-Type: multipart/mixed")


def k_mime_dup_boundary(n):
    b = (b"--b\nContent-Type: text/plain\n\none\n--b\n--b\n--b\n"
         b"Content-Type: multipart/mixed; boundary=b\n\n--b\n"
         b"Content-Type: text/plain\n\ntwo\n--b--\n--b--\n--b--\n")
    return reply_to(n, MAINT, b, ctype='Content-Type: multipart/mixed; '
                    'boundary="b"; boundary="c"')


def k_mime_nested(n):
    depth = 100
    body = b""
    for i in range(depth):
        body += b"--n%d\nContent-Type: multipart/mixed; boundary=n%d\n\n" % (
            i, i + 1)
    body += b"--n%d\nContent-Type: text/plain\n\ndeep\n" % depth
    for i in range(depth, -1, -1):
        body += b"--n%d--\n" % i
    return reply_to(n, MAINT, body,
                    ctype="Content-Type: multipart/mixed; boundary=n0")


def k_mime_missing_end(n):
    b = b"--q\nContent-Type: text/plain\n\nno closing boundary\n--q\n" + \
        b"Content-Type: text/plain; charset=\n\n" + b"x" * 5000
    return reply_to(n, MAINT, b,
                    ctype="Content-Type: multipart/alternative; boundary=q")


def k_huge_header(n):
    big = "X-Huge: " + "a" * (1024 * 1024)
    return reply_to(n, MAINT, b"a reply with a 1 MB header\n", extra=[big])


def k_many_headers(n):
    extra = ["X-Many-%d: %d" % (i, rng.randrange(1 << 30))
             for i in range(5000)]
    return reply_to(n, MAINT, b"5000 header lines\n", extra=extra)


def k_long_fold(n):
    subj = "Re: " + REPORTS[0][1] + "".join(
        "\n word%d" % i for i in range(3000))
    return hdr(n, MAINT, subj, REPORTS[0][0]) + b"\nfolded\n"


def k_deep_quote(n):
    lines = [b"> " * d + b"level %d" % d for d in range(50, 0, -1)]
    lines += [b">" * 50 + b" #lkp close", b"", b"Fine with me."]
    return reply_to(n, MAINT, b"\n".join(lines) + b"\n")


def k_nul(n):
    b = b"before\0after\n\0\0\0#lkp\0close\n" + bytes(range(0, 32)) + b"\n"
    return reply_to(n, OUTSIDER % n, b)


def k_nul_header(n):
    return hdr(n, "Eve\0 <eve@x\0.example>", "Re: nul\0subject",
               REPORTS[1][0]) + b"\nbody\n"


def k_bad_utf8(n):
    b = b"\xc3\x28 \xa0\xa1 \xe2\x82 \xf0\x28\x8c\x28 \xff\xfe\xfd\n" * 50
    return reply_to(n, MAINT, b)


def k_bad_charset(n):
    cs = rng.choice(["x-unknown", "utf-7", "utf-32", "iso-2022-jp",
                     "\"\"", "utf-8\x01", "gb18030", "ucs-2" * 40])
    return reply_to(n, MAINT, b"\x1b$B\x1b(B \xa4\xa2\xa4\xa4 text\n",
                    ctype="Content-Type: text/plain; charset=" + cs)


def k_base64_garbage(n):
    junk = bytes(rng.randrange(256) for _ in range(3000))
    return reply_to(n, MAINT, junk.replace(b"\n", b"") + b"\n====\n%%%\n",
                    extra=["Content-Transfer-Encoding: base64"])


def k_qp_garbage(n):
    b = b"=\n=Z=\n=0=1=GG=\r\n=" + b"=" * 200 + b"=F\n=3D=3D#lkp close=\n"
    return reply_to(n, MAINT, b"> " + b,
                    extra=["Content-Transfer-Encoding: quoted-printable"])


def k_unknown_cte(n):
    return reply_to(n, MAINT, b"begin 644 x\nM86)C\nend\n",
                    extra=["Content-Transfer-Encoding: x-uuencode-weird"])


def k_big_attachment(n):
    data = bytes(rng.randrange(256) for _ in range(4096)) * 2560  # 10 MB
    import base64
    enc = base64.encodebytes(data)
    b = (b"--big\nContent-Type: text/plain\n\nlog attached\n--big\n"
         b"Content-Type: application/octet-stream\n"
         b"Content-Transfer-Encoding: base64\n"
         b"Content-Disposition: attachment; filename=dmesg.bin\n\n" + enc +
         b"--big--\n")
    return reply_to(n, MAINT, b,
                    ctype="Content-Type: multipart/mixed; boundary=big")


def k_quoted_cmd(n):
    frm = rng.choice([MAINT, OUTSIDER % n])
    b = (b"On Fri, someone wrote:\n> #lkp close\n>> #lkp reopen\n"
         b"> #lkp: invalid\n\nI agree with the above.\n")
    return reply_to(n, frm, b)


def k_signature_cmd(n):
    frm = rng.choice([MAINT, OUTSIDER % n])
    b = b"See below.\n\n-- \n#lkp close\n#lkp invalid\n"
    return reply_to(n, frm, b)


def k_html_hidden_cmd(n):
    h = rng.choice([b"<!-- #lkp close -->", b"<script>#lkp close</script>",
                    b"<style>#lkp invalid</style>",
                    b"<p>&gt; #lkp close</p>"])
    b = b"<html><body><p>Looks fine.</p>" + h + b"</body></html>\n"
    return reply_to(n, OUTSIDER % n, b,
                    ctype="Content-Type: text/html; charset=utf-8")


INJECT = [
    "Re: x\r\nBcc: victim@evil.example",
    "Re: x\nX-Injected: yes",
    "=?UTF-8?Q?Re=3A_x=0D=0ABcc=3A_victim=40evil.example?=",
    "=?UTF-8?B?UmU6IHgNCkJjYzogdmljdGltQGV2aWwuZXhhbXBsZQ==?=",
    "Re: =?utf-8?q?a=0Ab?= =?utf-8?q?=0D=0AX-Injected=3A_1?=",
]


def k_injection_subject(n):
    return reply_to(n, MAINT, b"see the subject\n",
                    subject=rng.choice(INJECT))


def k_forged_bot(n):
    return reply_to(n, BOT, b"#lkp close\n#lkp invalid\n")


def k_auto_submitted(n):
    return reply_to(n, OUTSIDER % n, b"#lkp close\n",
                    extra=["Auto-Submitted: auto-replied"])


def k_bounce(n):
    mid, subj = report()
    b = (b"--r\nContent-Type: text/plain\n\nDelivery failed.\n#lkp close\n"
         b"--r\nContent-Type: message/delivery-status\n\n"
         b"Reporting-MTA: dns; mx.example\n--r--\n")
    return hdr(n, "Mail Delivery System <MAILER-DAEMON@mx.example>",
               "Undelivered Mail Returned to Sender", mid,
               ["Return-Path: <>"],
               "Content-Type: multipart/report; report-type=delivery-status;"
               " boundary=r") + b"\n" + b


def k_outsider_cmd(n):
    """The only kind that deserves an answer: one refusal each."""
    cmd = rng.choice(MAINT_ONLY).encode()
    # half of them with a header-injection subject: the refusal's
    # Subject: is built from it
    subj = INJECT[n % len(INJECT)] if n % 2 else None
    return reply_to(n, OUTSIDER % n, b"Please do this:\n\n" + cmd +
                    b"\n\nThanks\n", subject=subj)


def k_binary(n):
    return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 20000)))


def k_truncated(n):
    full = reply_to(n, MAINT, b"--t\nContent-Type: text/plain\n\n" +
                    b"truncated " * 100,
                    ctype="Content-Type: multipart/mixed; boundary=t")
    return full[:rng.randrange(1, len(full))]


def k_empty(n):
    return b""


def k_headers_only(n):
    return b"From: x@y\nSubject: no body, no blank line"


def k_bad_addresses(n):
    frm = rng.choice(["<<<@@@>>>", "\"unterminated <a@b", "(comment only)",
                      "a@b, c@d, e@f", "@", "=?utf-8?b?////?= <x@y>",
                      "undisclosed-recipients:;"])
    return reply_to(n, frm, b"#lkp close\n")


def k_bad_dates(n):
    d = rng.choice(["Feb 30 2022", "Mon, 99 Foo 99999 99:99:99 +9999",
                    "", "0", "Thu, 1 Jan 1970 00:00:00 -2400",
                    "Sun, 31 Dec 9999 23:59:60 +1400"])
    return hdr(n, MAINT, "Re: " + REPORTS[2][1], REPORTS[2][0],
               date=d) + b"\nbad date\n"


def k_bad_ids(n):
    mid, subj = report()
    ids = "<" + "x" * 5000 + "@y> <a> <> <<>> " + " ".join(
        "<r%d@x>" % i for i in range(2000)) + " <" + mid + ">"
    return ("From: %s\nSubject: Re: %s\nMessage-ID: <hostile%03d@h>\n"
            "In-Reply-To: <%s>\nReferences: %s\n\nids\n"
            % (MAINT, subj, n, mid, ids)).encode()


def k_crlf_mixed(n):
    m = reply_to(n, MAINT, b"mixed\r\nline\rends\n\r\n")
    return m.replace(b"\n", b"\r\n", 3)


KINDS = [
    (k_mime_no_boundary, 8), (k_mime_dup_boundary, 8), (k_mime_nested, 4),
    (k_mime_missing_end, 6), (k_huge_header, 2), (k_many_headers, 2),
    (k_long_fold, 2), (k_deep_quote, 6), (k_nul, 6), (k_nul_header, 4),
    (k_bad_utf8, 6), (k_bad_charset, 8), (k_base64_garbage, 6),
    (k_qp_garbage, 6), (k_unknown_cte, 4), (k_quoted_cmd, 10),
    (k_signature_cmd, 10), (k_html_hidden_cmd, 8),
    (k_injection_subject, 10), (k_forged_bot, 6), (k_auto_submitted, 6),
    (k_bounce, 6), (k_outsider_cmd, 12), (k_binary, 10), (k_truncated, 10),
    (k_empty, 4), (k_headers_only, 4), (k_bad_addresses, 8),
    (k_bad_dates, 6), (k_bad_ids, 4), (k_crlf_mixed, 4),
]


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    md = args[0]
    big = 1
    if "--seed" in args:
        rng.seed(int(args[args.index("--seed") + 1]))
    if "--big" in args:
        big = int(args[args.index("--big") + 1])
    for d in ("cur", "new", "tmp"):
        os.makedirs(os.path.join(md, d), exist_ok=True)
    plan = []
    for fn, count in KINDS:
        plan += [fn] * count
    plan += [k_big_attachment] * big
    # fill to 200 with more junk (no commands in it)
    plan += [k_binary] * (200 - len(plan))
    plan = plan[:200]
    outsiders = 0
    for n, fn in enumerate(plan):
        data = fn(n)
        kind = fn.__name__[2:].replace("_", "-")
        outsiders += kind == "outsider-cmd"
        with open(os.path.join(md, "new", "h-%03d-%s" % (n, kind)),
                  "wb") as f:
            f.write(data)
    print("outsider-commands", outsiders)


if __name__ == "__main__":
    main()
