#!/bin/sh
# triage-accuracy.sh - how well triage tells what real replies do: the
# labelled replies of bench/triage (labels/<list>.tsv, doc/reply-acts.md)
# and the reports they answer are imported into a fresh database,
# triaged, and each reply's events are turned into acts and compared with
# its labels. Prints per-act precision and recall, the share of replies
# handled right, and the share of discussion replies given a state event.
#
#   bench/triage-accuracy.sh [--test] [--misses] [LIST...]
#
# --misses also lists every reply handled wrong: Message-ID, the acts
# labelled, the acts found and the events with the rules that gave them.
#
# Without --test only the tuning lists are measured (linux-block,
# io-uring, linux-btrfs, linux-pm); the test lists (linux-ext4,
# linux-nfs) are measured once, when the rules are done, with --test,
# and the figures recorded in BENCHMARKS.md. Needs a built lkpbot in
# _build/ (or $LKPBOT), sqlite3, python3, xz.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
LKPBOT=${LKPBOT:-$top/_build/bot/lkpbot}
data=$top/bench/triage
tuning="linux-block io-uring linux-btrfs linux-pm"
testing="linux-ext4 linux-nfs"

test_flag=0
misses=0
while [ $# -gt 0 ]; do
	case $1 in
	--test) test_flag=1 ;;
	--misses) misses=1 ;;
	*) break ;;
	esac
	shift
done
lists="$*"
if [ -z "$lists" ]; then
	if [ $test_flag = 1 ]; then lists=$testing; else lists=$tuning; fi
fi
for l in $lists; do
	case " $testing " in
	*" $l "*) [ $test_flag = 1 ] || {
		echo "triage-accuracy.sh: $l is a test list: use --test" >&2
		exit 2; } ;;
	esac
	[ -f "$data/labels/$l.tsv" ] || {
		echo "triage-accuracy.sh: no labels for $l" >&2; exit 2; }
done
[ -x "$LKPBOT" ] || { echo "triage-accuracy.sh: no $LKPBOT" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/conf" <<CONF
[smtp]
from = lkpbot <lkpbot@bench.example>
dry_run_dir = $tmp/out
[bot]
address = lkpbot@bench.example
max_per_hour = 0
max_per_thread = 0
[db]
path = $tmp/db
CONF
mkdir -p "$tmp/out"
for l in $lists; do
	xz -dc "$data/reports/$l.mbox.xz" >"$tmp/$l.reports.mbox"
	xz -dc "$data/replies/$l.mbox.xz" >"$tmp/$l.replies.mbox"
	"$LKPBOT" -q -c "$tmp/conf" import "$tmp/$l.reports.mbox" \
		"$tmp/$l.replies.mbox" >/dev/null
done
"$LKPBOT" -q -c "$tmp/conf" triage >/dev/null
sqlite3 -separator '	' "$tmp/db" "SELECT m.message_id,
	coalesce(group_concat(e.type, ','), ''),
	coalesce(group_concat(e.type || '=' || e.source, ' '), ''),
	(SELECT count(*) FROM triaged t WHERE t.msg_id = m.id
	 AND t.report_id IS NOT NULL)
	FROM messages m
	LEFT JOIN events e ON e.msg_id = m.id GROUP BY m.id" >"$tmp/events.tsv"

python3 - "$tmp/events.tsv" "$data" $misses $lists <<'PY'
import sys, collections
events_file, data, misses, lists = (sys.argv[1], sys.argv[2],
                                    sys.argv[3] == "1", sys.argv[4:])
# events -> the act they record (doc/reply-acts.md); secondary events
# (root-caused, cannot-reproduce) and commands record none
ACT = {
    "ack": "acknowledges", "fix-proposed": "proposes-fix",
    "fix-applied": "fix-applied", "retest-request": "asks-retest",
    "series-compare-request": "series-compare-request",
    "more-data-request": "asks-more-data",
    "fix-confirmed": "robot-confirms-fix",
    "fix-partial": "robot-retest-result",
    "fix-no-effect": "robot-retest-result",
    "retest-failed": "robot-retest-result",
    "data-provided": "robot-retest-result",
    "dispute": "closes-not-a-bug", "close": "closes-not-a-bug",
}
STATE = {"fix-proposed", "fix-applied", "fix-confirmed", "close"}
ev, why, linked = {}, {}, set()
for line in open(events_file, encoding="utf-8", errors="replace"):
    mid, types, sources, lk = (line.rstrip("\n").split("\t") + ["", "", ""])[:4]
    ev[mid.strip("<>")] = [t for t in types.split(",") if t]
    why[mid.strip("<>")] = sources
    if lk not in ("", "0"):
        linked.add(mid.strip("<>"))
wrong = []
acts = ["discussion", "acknowledges", "proposes-fix", "fix-applied",
        "asks-retest", "series-compare-request", "asks-more-data",
        "robot-confirms-fix", "robot-retest-result", "closes-not-a-bug"]
tp, fp, fn = collections.Counter(), collections.Counter(), collections.Counter()
ok_act = collections.Counter()	# replies labelled with the act handled right
n = right = disc = disc_state = missing = nlinked = right_linked = 0
for l in lists:
    rows = [r.rstrip("\n").split("\t") for r in
            open("%s/labels/%s.tsv" % (data, l), encoding="utf-8")][1:]
    for mid, _, labels, _ in rows:
        want = set(labels.split("+"))
        if mid not in ev:
            missing += 1
        types = ev.get(mid, [])
        got = {ACT[t] for t in types if t in ACT} or {"discussion"}
        n += 1
        right += got == want
        for a in want:
            ok_act[a] += got == want
        if mid in linked:
            nlinked += 1
            right_linked += got == want
        if got != want:
            wrong.append("%s\twant %s\tgot %s\t%s" % (
                mid, "+".join(sorted(want)), "+".join(sorted(got)),
                why.get(mid, "")))
        if want == {"discussion"}:
            disc += 1
            disc_state += any(t in STATE for t in types)
        for a in acts:
            if a in got and a in want: tp[a] += 1
            elif a in got: fp[a] += 1
            elif a in want: fn[a] += 1
print("lists: %s; %d replies (%d not found in the store)" %
      (" ".join(lists), n, missing))
print("%-24s %8s %9s %7s %7s" % ("act", "labelled", "precision", "recall",
                                 "right"))
for a in acts:
    lab = tp[a] + fn[a]
    prec = "%.0f %%" % (100.0 * tp[a] / (tp[a] + fp[a])) if tp[a] + fp[a] else "-"
    rec = "%.0f %%" % (100.0 * tp[a] / lab) if lab else "-"
    # right: of the replies labelled with the act, those whose acts
    # found equal their labels exactly
    rgt = "%.0f %%" % (100.0 * ok_act[a] / lab) if lab else "-"
    print("%-24s %8d %9s %7s %7s" % (a, lab, prec, rec, rgt))
print("replies handled right: %.1f %% (%d of %d)" % (100.0 * right / n, right, n))
# a reply whose report is not in the set links to nothing and gets no
# event: the share of the others handled right
print("... of the replies linked to a report: %.1f %% (%d of %d)" %
      (100.0 * right_linked / nlinked if nlinked else 0, right_linked,
       nlinked))
print("discussion replies given a state event: %.1f %% (%d of %d)" %
      (100.0 * disc_state / disc if disc else 0, disc_state, disc))
if misses:
    print("\nreplies handled wrong:")
    print("\n".join(wrong))
PY
