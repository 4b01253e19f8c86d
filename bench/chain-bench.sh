#!/bin/sh
# chain-bench.sh - triage of a reply chain: story report 000 and N
# replies, each answering the previous one; synced from a Maildir into a
# fresh database, then `lkpbot triage` timed.
#
#   bench/chain-bench.sh [N]     (default 10000)
#
# Needs a built lkpbot in _build/ (or $LKPBOT).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-10000}
bin=${LKPBOT:-$top/_build/bot/lkpbot}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
mkdir -p "$d/md/cur" "$d/md/new" "$d/md/tmp"
cp "$top/tests/data/stories/000-report.eml" "$d/md/new/a-report"
python3 - "$d/md/new" "$n" <<'PY'
import os, sys
d, n = sys.argv[1], int(sys.argv[2])
root = "20190930014612.story000@shao2-debian"
for i in range(n):
    parent = root if i == 0 else "c%d@chain.test" % (i - 1)
    with open(os.path.join(d, "c%06d" % i), "w") as f:
        f.write("From: P%d <p%d@people.example>\nTo: x@y.example\n"
                "Subject: Re: regression\n"
                "Date: Tue, 1 Oct 2019 %02d:%02d:%02d +0000\n"
                "Message-ID: <c%d@chain.test>\nIn-Reply-To: <%s>\n"
                "References: <%s> <%s>\n\nI looked again (%d).\n"
                % (i % 97, i % 97, 10 + i // 3600 % 12, i // 60 % 60,
                   i % 60, i, parent, root, parent, i))
PY
cat >"$d/conf" <<EOC
[maildir]
path = $d/md
[bot]
address = bot@example.org
threads = 0
[db]
path = $d/db
EOC
"$bin" -c "$d/conf" -q sync
s=$(date +%s.%N)
"$bin" -c "$d/conf" triage
e=$(date +%s.%N)
echo "chain of $n: triage $(echo "$e - $s" | bc) s, $(sqlite3 "$d/db" \
	"SELECT count(*) FROM triaged WHERE report_id IS NOT NULL") linked"
