#!/usr/bin/env python3
"""fake-smtp.py - a scripted SMTP server for faults smtp-sink cannot make.

    fake-smtp.py PORTFILE DIR

Listens on 127.0.0.1 (a free port, written to PORTFILE); each connection
runs in a thread as a small state machine (greeting, EHLO/HELO, MAIL,
RCPT, DATA, the message, QUIT). Every message whose DATA reached the
final "." is written to DIR/N.eml, after X-Rcpt: lines naming the
accepted recipients, whatever happens next. The faults:

  RCPT TO a local part starting "dead"   550 for that recipient only
  a message holding "X-Fault: close"     connection closed before the 250
  a message holding "X-Fault: hang"      no answer ever (silent after DATA)

Used by tests/sh/t0130-smtp-hostile.sh. Runs until killed.
"""
import os
import socket
import sys
import threading
import time

COUNT = [0]
LOCK = threading.Lock()


class Session:
    """States: 'mail' (want MAIL), 'rcpt', 'data' (reading the message)."""

    def __init__(self, sock, outdir):
        self.sock = sock
        self.outdir = outdir
        self.f = sock.makefile("rb")
        self.reset()

    def reset(self):
        self.state = "mail"
        self.rcpt = []
        self.data = []

    def say(self, line):
        self.sock.sendall(line.encode() + b"\r\n")

    def save(self):
        with LOCK:
            COUNT[0] += 1
            n = COUNT[0]
        path = os.path.join(self.outdir, "%d.eml" % n)
        with open(path + ".tmp", "wb") as f:
            for r in self.rcpt:
                f.write(b"X-Rcpt: " + r + b"\n")
            f.write(b"".join(self.data))
        os.rename(path + ".tmp", path)

    def on_data_line(self, line):
        if line.rstrip(b"\r\n") != b".":
            self.data.append(line[1:] if line.startswith(b"..") else line)
            return True
        self.save()
        text = b"".join(self.data)
        self.reset()
        if b"X-Fault: close" in text:
            return False
        if b"X-Fault: hang" in text:
            time.sleep(3600)
            return False
        self.say("250 2.0.0 queued")
        return True

    def on_command(self, line):
        verb = line[:4].upper()
        if verb in (b"EHLO", b"HELO"):
            self.say("250-fake\r\n250 8BITMIME" if verb == b"EHLO"
                     else "250 fake")
        elif verb == b"MAIL" and self.state == "mail":
            self.state = "rcpt"
            self.say("250 2.1.0 ok")
        elif verb == b"RCPT" and self.state == "rcpt":
            addr = line[8:].strip().strip(b"<>")
            if addr.lower().startswith(b"dead"):
                self.say("550 5.1.1 <%s>: no such user" % addr.decode())
            else:
                self.rcpt.append(addr)
                self.say("250 2.1.5 ok")
        elif verb == b"DATA" and self.state == "rcpt" and self.rcpt:
            self.state = "data"
            self.say("354 go ahead")
        elif verb == b"RSET":
            self.reset()
            self.say("250 ok")
        elif verb == b"NOOP":
            self.say("250 ok")
        elif verb == b"QUIT":
            self.say("221 bye")
            return False
        else:
            self.say("503 5.5.1 bad sequence")
        return True

    def run(self):
        self.say("220 fake ESMTP")
        for line in self.f:
            go = (self.on_data_line(line) if self.state == "data"
                  else self.on_command(line.rstrip(b"\r\n")))
            if not go:
                break
        self.sock.close()


def serve(sock, outdir):
    try:
        Session(sock, outdir).run()
    except OSError:
        pass


def main():
    portfile, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    with open(portfile + ".tmp", "w") as f:
        f.write("%d\n" % srv.getsockname()[1])
    os.rename(portfile + ".tmp", portfile)
    while True:
        sock, _ = srv.accept()
        threading.Thread(target=serve, args=(sock, outdir),
                         daemon=True).start()


if __name__ == "__main__":
    main()
