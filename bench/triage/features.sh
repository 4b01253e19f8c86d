#!/bin/sh
# features.sh - the act model's features of every labelled reply, made by
# lkpbot itself: the labelled lists' reports and replies imported into a
# fresh database, triaged with --features. train.py learns from them.
#
#   bench/triage/features.sh OUT.tsv
#
# Needs a built lkpbot in _build/ (or $LKPBOT) and xz.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
LKPBOT=${LKPBOT:-$top/_build/bot/lkpbot}
data=$top/bench/triage
[ $# = 1 ] || { echo "usage: bench/triage/features.sh OUT.tsv" >&2; exit 2; }
out=$1
[ -x "$LKPBOT" ] || { echo "features.sh: no $LKPBOT" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$top/bench/lib-conf.sh"
bench_conf "$tmp"
for f in "$data"/labels/*.tsv; do
	l=$(basename "$f" .tsv)
	xz -dc "$data/reports/$l.mbox.xz" >"$tmp/rep.mbox"
	xz -dc "$data/replies/$l.mbox.xz" >"$tmp/rpl.mbox"
	"$LKPBOT" -q -c "$tmp/conf" import "$tmp/rep.mbox" "$tmp/rpl.mbox" \
		>/dev/null
done
"$LKPBOT" -q -c "$tmp/conf" triage --features "$out"
echo "features.sh: $(wc -l <"$out") replies in $out"
