#!/usr/bin/env python3
"""fake-imap.py - a scripted IMAP server for faults dovecot will not make.

    fake-imap.py PORTFILE MODE

Listens on 127.0.0.1 (a free port, written to PORTFILE), serves one
connection at a time, each as a small state machine (greeting, then
CAPABILITY / LOGIN / EXAMINE / SELECT / UID SEARCH / UID FETCH / LOGOUT;
anything else gets BAD). The folder holds two small mails, UIDs 1 and
2. MODE:

  bigliteral  every UID FETCH answer announces a literal {99999999999}
  byemid      the bodies' FETCH sends UID 1, then BYE and closes
  trickle     from EXAMINE on, every byte of every answer is sent alone,
              one every 4 s (the connection never goes quiet for long)
  liesize     UID 1 says RFC822.SIZE 1000 but its body is 70,000,000
              bytes (a header and 100-byte lines); UID 2 is small
  nofolder    EXAMINE/SELECT say NO [NONEXISTENT]; LIST names hostile
              folders: terminal escapes and 8-bit bytes in a literal, a
              quoted name with escapes, a Noselect one, a 300-byte one,
              then plain ones, 34 in all

Used by tests/sh/t0125-imap-hostile.sh. Runs until killed.
"""
import os
import socket
import sys
import time

GREETING = b"* OK [CAPABILITY IMAP4rev1 LITERAL+] fake ready\r\n"
CAPS = b"* CAPABILITY IMAP4rev1 LITERAL+\r\n"
MAIL = (b"From: a@example.org\r\nSubject: s\r\n"
        b"Message-ID: <fake-%d@example.org>\r\n\r\nbody\r\n")


def big_mail(uid):
    """70,000,000 bytes: the mail of uid, then 100-byte lines."""
    m = MAIL % uid
    line = b"x" * 98 + b"\r\n"
    return m + line * ((70000000 - len(m)) // 100) + b"y" * ((70000000 - len(m)) % 100)


def body(uid, big=False):
    """A FETCH response with the whole mail of uid as a literal."""
    m = big_mail(uid) if big else MAIL % uid
    return b"* %d FETCH (UID %d BODY[] {%d}\r\n%s)\r\n" % (uid, uid, len(m), m)


class Conn:
    """One client: the states are 'auth' (before LOGIN) and 'selected'."""

    def __init__(self, sock, mode):
        self.sock = sock
        self.mode = mode
        self.state = "auth"
        self.buf = b""
        self.slow = False

    def send(self, data):
        if not self.slow:
            self.sock.sendall(data)
            return
        for i in range(len(data)):
            self.sock.sendall(data[i:i + 1])
            time.sleep(4)

    def line(self):
        while b"\n" not in self.buf:
            got = self.sock.recv(4096)
            if not got:
                return None
            self.buf += got
        line, self.buf = self.buf.split(b"\n", 1)
        return line.rstrip(b"\r")

    def command(self, tag, verb, rest):
        ok = tag + b" OK done\r\n"
        if verb == b"CAPABILITY":
            return CAPS + ok
        if verb == b"LOGIN" and self.state == "auth":
            self.state = "login"
            return ok
        if verb in (b"EXAMINE", b"SELECT") and self.mode == "nofolder":
            return tag + b" NO [NONEXISTENT] Unknown Mailbox\r\n"
        if verb == b"LIST" and self.mode == "nofolder":
            evil = b"Evil\x1b]0;pwned\x07\x1b[2J\xff"
            out = (b"* LIST () \"/\" {%d}\r\n%s\r\n" % (len(evil), evil)
                   + b'* LIST () "/" "say \\"hi\\" \\\\o/"\r\n'
                   + b"* LIST (\\Noselect) \"/\" Hidden\r\n"
                   + b"* LIST () \"/\" " + b"L" * 300 + b"\r\n")
            for i in range(30):
                out += b"* LIST () \"/\" f%02d\r\n" % i
            return out + ok
        if verb in (b"EXAMINE", b"SELECT") and self.state != "auth":
            self.state = "selected"
            self.slow = self.mode == "trickle"
            return (b"* 2 EXISTS\r\n* OK [UIDVALIDITY 7] v\r\n"
                    b"* OK [UIDNEXT 3] n\r\n" + ok)
        if verb == b"UID" and self.state == "selected":
            sub = rest.split(b" ", 1)[0].upper()
            if sub == b"SEARCH":
                return b"* SEARCH 1 2\r\n" + ok
            if sub == b"FETCH" and self.mode == "bigliteral":
                return b"* 1 FETCH (UID 1 BODY[] {99999999999}\r\n"
            if (sub == b"FETCH" and b"RFC822.SIZE" in rest.upper()
                    and self.mode == "liesize"):
                return (b"* 1 FETCH (UID 1 RFC822.SIZE 1000)\r\n"
                        b"* 2 FETCH (UID 2 RFC822.SIZE 70)\r\n" + ok)
            if sub == b"FETCH" and b"RFC822.SIZE" in rest.upper():
                return (b"* 1 FETCH (UID 1 RFC822.SIZE 70)\r\n"
                        b"* 2 FETCH (UID 2 RFC822.SIZE 70)\r\n" + ok)
            if sub == b"FETCH" and self.mode == "byemid":
                self.state = "logout"
                return body(1) + b"* BYE going away\r\n"
            if sub == b"FETCH" and self.mode == "liesize":
                return body(1, True) + body(2) + ok
            if sub == b"FETCH":
                return body(1) + body(2) + ok
        if verb == b"LOGOUT":
            self.state = "logout"
            return b"* BYE bye\r\n" + ok
        return tag + b" BAD unexpected\r\n"

    def run(self):
        self.send(GREETING)
        while self.state != "logout":
            line = self.line()
            if line is None:
                return
            parts = line.split(b" ", 2) + [b"", b""]
            self.send(self.command(parts[0], parts[1].upper(), parts[2]))


def main():
    portfile, mode = sys.argv[1], sys.argv[2]
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", 0))
    srv.listen(4)
    with open(portfile + ".tmp", "w") as f:
        f.write("%d\n" % srv.getsockname()[1])
    os.rename(portfile + ".tmp", portfile)
    while True:
        sock, _ = srv.accept()
        try:
            Conn(sock, mode).run()
        except OSError:
            pass
        sock.close()


if __name__ == "__main__":
    main()
