#!/bin/sh
# features.sh - the act model's features of every labelled reply, made by
# lkpbot itself: the labelled lists' reports and replies imported into a
# fresh database, triaged with --features. train.py learns from them.
#
#   bench/triage/features.sh OUT.tsv [SET...]
#
# SET: a later labelled set (a folder here, e.g. unseen2) to take as
# well, once it has been measured. The maintainers are those of every
# set taken (maintainers.txt), as triage-accuracy.sh names them, so the
# role features are the same as when a set is measured.
#
# Needs a built lkpbot in _build/ (or $LKPBOT) and xz.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
LKPBOT=${LKPBOT:-$top/_build/bot/lkpbot}
data=$top/bench/triage
[ $# -ge 1 ] || { echo "usage: bench/triage/features.sh OUT.tsv [SET...]" >&2; exit 2; }
out=$1
shift
sets=$data
for s in "$@"; do
	[ -d "$data/$s/labels" ] || { echo "features.sh: no set $data/$s" >&2; exit 2; }
	sets="$sets $data/$s"
done
[ -x "$LKPBOT" ] || { echo "features.sh: no $LKPBOT" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$top/bench/lib-conf.sh"
bench_conf "$tmp"
{ echo '[bot]'; echo 'maintainers ='
  for d in $sets; do
	[ -f "$d/maintainers.txt" ] && grep -v '^#' "$d/maintainers.txt"
  done | sort -u | sed 's/^/ /'; } >>"$tmp/conf"
for d in $sets; do
	for f in "$d"/labels/*.tsv; do
		l=$(basename "$f" .tsv)
		: >"$tmp/rep.mbox"
		[ -f "$d/reports/$l.mbox.xz" ] &&
			xz -dc "$d/reports/$l.mbox.xz" >"$tmp/rep.mbox"
		xz -dc "$d/replies/$l.mbox.xz" >"$tmp/rpl.mbox"
		"$LKPBOT" -q -c "$tmp/conf" import "$tmp/rep.mbox" \
			"$tmp/rpl.mbox" >/dev/null
	done
done
"$LKPBOT" -q -c "$tmp/conf" triage --features "$out"
echo "features.sh: $(wc -l <"$out") replies in $out"
