#!/usr/bin/env python3
"""decode-mail.py - turn one raw RFC 5322 mail into the .in format that
tests/tools/dump-report reads (stdlib only; independent of lkpbot's own
MIME decoder, which the golden tests must not depend on).

    decode-mail.py MAILFILE > NAME.in

Output: pseudo-header lines, a blank line, then the decoded main text
body followed by every extra text part, back to back:

    Subject: <decoded, unfolded, whitespace collapsed>
    From-Name: <display name>
    From-Addr: <address>
    Message-ID: <id without angle brackets>
    Date: <seconds since the epoch, or -1>
    Body-Length: <bytes of the main body>
    Part: <bytes> <filename>          (one per extra text part)

Text is UTF-8 with LF line ends.  The plus-minus rule of doc/lkp-format.md
section 1.3 is applied after transfer decoding: a byte 0xB1 not preceded
by 0xC2, and the pair C2 B1, both become U+00B1 whatever the charset label
says.  Kernel config attachments (config-*) are left out: they never hold
tables and would only bloat the test data.
"""
import email
import email.header
import email.policy
import email.utils
import re
import sys

PM = b"\x00LKBPM\x00"


def hdr(v):
    if v is None:
        return ""
    v = re.sub(r"\r?\n(?=[ \t])", "", str(v))
    try:
        v = str(email.header.make_header(email.header.decode_header(v)))
    except Exception:
        pass
    return " ".join(v.split())


def text_of(part):
    data = part.get_payload(decode=True)
    if data is None:
        p = part.get_payload()
        data = p.encode("utf-8", "surrogateescape") if isinstance(p, str) else b""
    data = data.replace(b"\xc2\xb1", PM).replace(b"\xb1", PM)
    cs = (part.get_content_charset() or "us-ascii").lower()
    if cs in ("utf-8", "utf8", "us-ascii", "ascii"):
        try:
            s = data.decode("utf-8")
        except UnicodeDecodeError:
            s = data.decode("utf-8" if cs.startswith("utf") else "latin-1",
                            "replace")
    else:
        try:
            s = data.decode(cs, "replace")
        except LookupError:
            s = data.decode("latin-1")
    s = s.replace(PM.decode("latin-1"), "\u00b1")
    return s.replace("\r\n", "\n").replace("\r", "\n")


def main():
    raw = open(sys.argv[1], "rb").read()
    msg = email.message_from_bytes(raw, policy=email.policy.compat32)
    name, addr = email.utils.parseaddr(hdr(msg.get("From")))
    mids = re.findall(r"<([^<>\s]+)>", str(msg.get("Message-ID") or ""))
    date = -1
    try:
        date = int(email.utils.parsedate_to_datetime(msg.get("Date")).timestamp())
    except Exception:
        pass
    body = None
    parts = []
    for p in msg.walk():
        if p.is_multipart() or p.get_content_maintype() != "text":
            continue
        fn = p.get_filename()
        if body is None and p.get_content_type() == "text/plain" and not fn:
            body = text_of(p)
        elif fn and fn.startswith("config-"):
            continue
        else:
            parts.append((fn or "part", text_of(p)))
    body = body or ""
    out = []
    out.append("Subject: %s" % hdr(msg.get("Subject")))
    out.append("From-Name: %s" % name)
    out.append("From-Addr: %s" % addr)
    out.append("Message-ID: %s" % (mids[0] if mids else ""))
    out.append("Date: %d" % date)
    out.append("Body-Length: %d" % len(body.encode("utf-8")))
    for fn, t in parts:
        out.append("Part: %d %s" % (len(t.encode("utf-8")), fn))
    sys.stdout.buffer.write(("\n".join(out) + "\n\n").encode("utf-8"))
    sys.stdout.buffer.write(body.encode("utf-8"))
    for _, t in parts:
        sys.stdout.buffer.write(t.encode("utf-8"))


if __name__ == "__main__":
    main()
