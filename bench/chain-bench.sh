#!/bin/sh
# chain-bench.sh - triage of a reply chain: story report 000 and N
# replies, each answering the previous one; synced from a Maildir into a
# fresh database, then `lkpbot triage` timed.
#
#   bench/chain-bench.sh [N [fwd|rev]]     (default 10000 fwd)
#
# rev stores each reply before its parent (no shortcuts at import).
#
# Needs a built lkpbot in _build/ (or $LKPBOT).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-10000}
order=${2:-fwd}
bin=${LKPBOT:-$top/_build/bot/lkpbot}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
mkdir -p "$d/md/cur" "$d/md/new" "$d/md/tmp"
cp "$top/tests/data/stories/000-report.eml" "$d/md/new/a-report"
python3 "$top/tests/tools/gen-chain.py" "$d/md/new" "$n" "$order"
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
echo "chain of $n ($order): triage $(echo "$e - $s" | bc) s, $(sqlite3 "$d/db" \
	"SELECT count(*) FROM triaged WHERE report_id IS NOT NULL") linked"
