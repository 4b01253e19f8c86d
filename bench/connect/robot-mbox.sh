#!/bin/sh
# robot-mbox.sh OUT.mbox: every robot mail (From lkp@intel.com or a
# "kernel test robot"/"kbuild test robot" @intel.com) of the six archives
for r in linux-block io-uring linux-ext4 linux-btrfs linux-nfs linux-pm; do
	g=/work/.mirror/linux-mailinglist-archives+$r.vger.kernel.org.0/repo
	git -C "$g" log --format='%H|%an|%ae' HEAD |
	awk -F'|' 'tolower($3) ~ /@intel\.com$/ && (tolower($2) ~ /(kernel|kbuild) test robot/ || tolower($3) == "lkp@intel.com") { print $1 ":m" }' |
	git -C "$g" cat-file --batch |
	python3 -c '
import sys
data = sys.stdin.buffer
out = sys.stdout.buffer
while True:
    hdr = data.readline()
    if not hdr:
        break
    parts = hdr.split()
    n = int(parts[2])
    body = data.read(n)
    data.read(1)
    out.write(b"From robot@lkp Thu Jan  1 00:00:00 1970\n")
    for line in body.split(b"\n"):
        s = line.lstrip(b">")
        if s.startswith(b"From "):
            line = b">" + line
        out.write(line + b"\n")
    out.write(b"\n")
'
done > "$1"
