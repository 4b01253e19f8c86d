#!/bin/sh
# triage-accuracy.sh - how well triage tells what real replies do and
# what became of each report: a labelled set (bench/triage by default:
# labels/<list>.tsv, and states/<list>.tsv where the reports' final
# states are labelled) and its mail are imported into a fresh database,
# triaged, each reply's events turned into acts and each report's state
# into a final state, and both compared with the labels. Prints per-act
# precision and recall, the share of replies handled right, the share of
# discussion replies given a state event, the share of replies whose
# event waits in the review queue (below [triage] auto_confidence,
# lkpbot-review(1)), per-state figures and the precision of automatic
# closes. Where the states name the mail that decided each report (the
# `deciding` and `outside` columns), it also says why the reports in
# the wrong state are wrong: that mail was outside the thread, or is no
# labelled reply, or was read wrong, or was read right (by its act or
# its accepted alternative) and gave no event, or its event waits in
# review, or moved nothing (an outsider's word, or the life cycle), or
# a later event moved the state on.
#
#   bench/triage-accuracy.sh [--test] [--misses] [--data DIR] [LIST...]
#
# A label counts as right when the acts found equal its acts, or equal
# its accepted alternative (the `alt` column: a second act a careful
# reader could defend). --misses also lists every reply and report
# handled wrong, with the events and the rules that gave them.
#
# The split of the lists is DIR/split.tsv (list, tuning|test): without
# --test only the tuning lists are measured; the test lists are measured
# once, when the work is done, with --test, and the figures recorded in
# BENCHMARKS.md. DIR holds labels/, replies/, reports/ and, when there
# is one, evidence/ (mail outside the threads that refers to a report)
# and maintainers.txt (one address a line: [bot] maintainers):
# <list>.mbox or <list>.mbox.xz each. Needs a built lkpbot in _build/
# (or $LKPBOT), sqlite3, python3, xz.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
LKPBOT=${LKPBOT:-$top/_build/bot/lkpbot}
data=$top/bench/triage

test_flag=0
misses=0
while [ $# -gt 0 ]; do
	case $1 in
	--test) test_flag=1 ;;
	--misses) misses=1 ;;
	--data) data=$(cd "$2" && pwd); shift ;;
	*) break ;;
	esac
	shift
done
split=$data/split.tsv
set_of() { [ -f "$split" ] && awk -F'\t' -v l="$1" '$1 == l { print $2 }' "$split"; }
lists="$*"
if [ -z "$lists" ]; then
	want=tuning
	[ $test_flag = 1 ] && want=test
	if [ -f "$split" ]; then
		lists=$(awk -F'\t' -v w=$want '$2 == w { print $1 }' "$split" | tr '\n' ' ')
	else
		lists=$(cd "$data/labels" && ls *.tsv | sed 's/\.tsv$//' | tr '\n' ' ')
	fi
fi
for l in $lists; do
	if [ "$(set_of "$l")" = test ] && [ $test_flag = 0 ]; then
		echo "triage-accuracy.sh: $l is a test list: use --test" >&2
		exit 2
	fi
	[ -f "$data/labels/$l.tsv" ] || [ -f "$data/states/$l.tsv" ] || {
		echo "triage-accuracy.sh: no labels for $l in $data" >&2; exit 2; }
done
[ -x "$LKPBOT" ] || { echo "triage-accuracy.sh: no $LKPBOT" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'if [ -n "${KEEP:-}" ]; then echo "kept $tmp" >&2; else rm -rf "$tmp"; fi' EXIT
. "$top/bench/lib-conf.sh"
bench_conf "$tmp"
# the maintainers, as a deployment names them: DIR/maintainers.txt (for
# bench/triage: the senders of [GIT PULL] mails, maintainers.py)
if [ -f "$data/maintainers.txt" ]; then
	{ echo '[bot]'; echo 'maintainers ='
	  grep -v '^#' "$data/maintainers.txt" | sed 's/^/ /'; } >>"$tmp/conf"
fi
# settings to try, appended as they are (e.g. "[triage]" and
# "model_fill = 0.7"): the file $TRIAGE_CONF
if [ -n "${TRIAGE_CONF:-}" ]; then
	cat "$TRIAGE_CONF" >>"$tmp/conf"
fi
# unpack DIR/KIND/LIST.mbox[.xz] into $tmp, print its path (or nothing)
unpack() {
	if [ -f "$data/$1/$2.mbox.xz" ]; then
		xz -dc "$data/$1/$2.mbox.xz" >"$tmp/$2.$1.mbox"
		echo "$tmp/$2.$1.mbox"
	elif [ -f "$data/$1/$2.mbox" ]; then
		echo "$data/$1/$2.mbox"
	fi
}
for l in $lists; do
	# reports first, then the mail around them in archive order
	"$LKPBOT" -q -c "$tmp/conf" import $(unpack reports "$l") \
		$(unpack replies "$l") $(unpack evidence "$l") >/dev/null
done
"$LKPBOT" -q -c "$tmp/conf" triage >/dev/null
sqlite3 -separator '	' "$tmp/db" "SELECT m.message_id,
	coalesce(group_concat(e.type, ','), ''),
	coalesce(group_concat(e.type || '=' || e.source, ' '), ''),
	(SELECT count(*) FROM triaged t WHERE t.msg_id = m.id
	 AND t.report_id IS NOT NULL),
	(SELECT count(*) FROM events q WHERE q.msg_id = m.id
	 AND q.review = 'pending')
	FROM messages m
	LEFT JOIN events e ON e.msg_id = m.id GROUP BY m.id" >"$tmp/events.tsv"
sqlite3 -separator '	' "$tmp/db" "SELECT m.message_id, r.state,
	coalesce(r.close_reason, '')
	FROM reports r JOIN messages m ON m.id = r.msg_id" >"$tmp/states.tsv"
# the mails that moved a report's state (for the causes below)
sqlite3 "$tmp/db" "SELECT DISTINCT m.message_id FROM report_history h
	JOIN messages m ON m.id = h.msg_id" >"$tmp/moved.tsv"

python3 - "$tmp/events.tsv" "$tmp/states.tsv" "$data" $misses "$tmp/moved.tsv" \
	$lists <<'PY'
import os, sys, collections
events_file, states_file, data, misses, moved_file, lists = (
    sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1", sys.argv[5],
    sys.argv[6:])
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
def act_of(t, src):
    """The act an event records. A close a new version of the patch
    posted in the thread makes (source patch:...) supersedes the report:
    the reply proposed a fix, it did not dismiss the report."""
    if t == "close" and src.startswith("patch:"):
        return "proposes-fix"
    return ACT.get(t)
pairs = {}
ev, why, linked, queued = {}, {}, set(), set()
for line in open(events_file, encoding="utf-8", errors="replace"):
    mid, types, sources, lk, pend = (line.rstrip("\n").split("\t") +
                                     ["", "", "", ""])[:5]
    ev[mid.strip("<>")] = [t for t in types.split(",") if t]
    why[mid.strip("<>")] = sources
    pairs[mid.strip("<>")] = [tuple((x.split("=", 1) + [""])[:2])
                              for x in sources.split(" ") if x]
    if lk not in ("", "0"):
        linked.add(mid.strip("<>"))
    if pend not in ("", "0"):
        queued.add(mid.strip("<>"))
wrong = []
wrong_ids = set()
acts = ["discussion", "acknowledges", "proposes-fix", "fix-applied",
        "asks-retest", "series-compare-request", "asks-more-data",
        "robot-confirms-fix", "robot-retest-result", "closes-not-a-bug"]
tp, fp, fn = collections.Counter(), collections.Counter(), collections.Counter()
ok_act = collections.Counter()	# replies labelled with the act handled right
n = right = disc = disc_state = missing = nlinked = right_linked = nq = 0
def table(path):
    """Rows of a labels TSV as dicts (its header names the columns)."""
    if not os.path.exists(path):
        return []
    lines = open(path, encoding="utf-8").read().splitlines()
    cols = lines[0].split("\t")
    return [dict(zip(cols, x.split("\t"))) for x in lines[1:] if x]
for l in lists:
    for row in table("%s/labels/%s.tsv" % (data, l)):
        mid = row["message_id"]
        want = set(row["acts"].split("+"))
        alt = row.get("alt", "")
        if mid not in ev:
            missing += 1
        types = ev.get(mid, [])
        got = {act_of(t, src) for t, src in pairs.get(mid, [])
               if act_of(t, src)} or {"discussion"}
        ok = got == want or (alt != "" and got == {alt})
        if ok:
            want = got	# scored as the accepted reading
        n += 1
        nq += mid in queued
        right += ok
        for a in want:
            ok_act[a] += ok
        if mid in linked:
            nlinked += 1
            right_linked += ok
        if not ok:
            wrong_ids.add(mid)
            wrong.append("%s\twant %s%s\tgot %s\t%s" % (
                mid, "+".join(sorted(want)), " (or %s)" % alt if alt else "",
                "+".join(sorted(got)), why.get(mid, "")))
        if want == {"discussion"}:
            disc += 1
            disc_state += any(t in STATE for t in types)
        for a in acts:
            if a in got and a in want: tp[a] += 1
            elif a in got: fp[a] += 1
            elif a in want: fn[a] += 1
if n == 0:
    print("lists: %s; no labelled replies" % " ".join(lists))
else:
    print("lists: %s; %d replies (%d not found in the store)" %
          (" ".join(lists), n, missing))
if n:
    print("%-24s %8s %9s %7s %7s" % ("act", "labelled", "precision",
                                     "recall", "right"))
for a in acts if n else ():
    lab = tp[a] + fn[a]
    prec = "%.0f %%" % (100.0 * tp[a] / (tp[a] + fp[a])) if tp[a] + fp[a] else "-"
    rec = "%.0f %%" % (100.0 * tp[a] / lab) if lab else "-"
    # right: of the replies labelled with the act, those whose acts
    # found equal their labels exactly
    rgt = "%.0f %%" % (100.0 * ok_act[a] / lab) if lab else "-"
    print("%-24s %8d %9s %7s %7s" % (a, lab, prec, rec, rgt))
if n:
    print("replies handled right: %.1f %% (%d of %d)" % (100.0 * right / n, right, n))
# a reply whose report is not in the set links to nothing and gets no
# event: the share of the others handled right
if n:
    print("... of the replies linked to a report: %.1f %% (%d of %d)" %
          (100.0 * right_linked / nlinked if nlinked else 0, right_linked,
           nlinked))
    print("discussion replies given a state event: %.1f %% (%d of %d)" %
          (100.0 * disc_state / disc if disc else 0, disc_state, disc))
    print("replies sent to review: %.1f %% (%d of %d)" %
          (100.0 * nq / n, nq, n))

# ---- the reports' final states (REPORT-STATES.md's names)
def final(state, reason):
    if state == "closed":
        return {"fixed": "fixed", "superseded": "superseded",
                "duplicate": "duplicate", "reverted": "reverted"}.get(
                    reason, "not-a-bug")
    # waiting (a retest asked): the fix it asks about is proposed
    return {"fix-confirmed": "fixed", "waiting": "fix-proposed"}.get(
        state, state)
have = {}
for line in open(states_file, encoding="utf-8", errors="replace"):
    mid, st, why_ = (line.rstrip("\n").split("\t") + ["", ""])[:3]
    have[mid.strip("<>")] = final(st, why_)
states = ["open", "acknowledged", "fix-proposed", "fixed", "superseded",
          "not-a-bug", "duplicate", "reverted"]
stp, sfp, sfn = collections.Counter(), collections.Counter(), collections.Counter()
sn = sright = smissing = 0
swrong = []
moved = {l.strip().strip("<>") for l in open(moved_file, encoding="utf-8",
                                             errors="replace")}
labelled = set()
for l in lists:
    labelled.update(r["message_id"] for r in
                    table("%s/labels/%s.tsv" % (data, l)))
def cause(row):
    """Why a report ends in the wrong state, by the mail its labeller
    named as deciding (the states' `deciding` and `outside` columns)."""
    d = row.get("deciding", "").strip().strip("<>")
    if row.get("outside", "") == "yes":
        return "decided by mail outside the thread"
    if d not in labelled:
        return "deciding mail is no labelled reply"
    if d in wrong_ids:
        return "deciding reply read wrong"
    if not ev.get(d):
        return "deciding reply read right, no event"
    if d in queued:
        return "deciding event waits in review"
    if d not in moved:
        return "deciding event moved nothing (outsider, or the life cycle)"
    return "deciding event applied, a later one moved the state"
causes = collections.Counter()
for l in lists:
    for row in table("%s/states/%s.tsv" % (data, l)):
        mid, want, alt = row["report_message_id"], row["state"], row.get("alt", "")
        got = have.get(mid)
        if got is None:
            smissing += 1
            got = "(not a report)"
        ok = got == want or (alt != "" and got == alt)
        if ok:
            want = got
        sn += 1
        sright += ok
        if ok:
            stp[want] += 1
        else:
            sfp[got] += 1
            sfn[want] += 1
            why_ = cause(row) if "deciding" in row else ""
            causes[why_] += 1
            swrong.append("%s\twant %s%s\tgot %s\t%s" % (
                mid, want, " (or %s)" % alt if alt else "", got, why_))
if sn:
    print("\nreports: %d labelled (%d not found as reports)" % (sn, smissing))
    print("%-16s %8s %9s %7s" % ("state", "labelled", "precision", "recall"))
    for s_ in states + sorted(set(sfp) - set(states)):
        lab = stp[s_] + sfn[s_]
        prec = "%.0f %%" % (100.0 * stp[s_] / (stp[s_] + sfp[s_])) if stp[s_] + sfp[s_] else "-"
        rec = "%.0f %%" % (100.0 * stp[s_] / lab) if lab else "-"
        print("%-16s %8d %9s %7s" % (s_, lab, prec, rec))
    print("reports in the right final state: %.1f %% (%d of %d)" %
          (100.0 * sright / sn, sright, sn))
    closes = ("fixed", "not-a-bug")
    ctp = sum(stp[c] for c in closes)
    cfp = sum(sfp[c] for c in closes)
    print("automatic closes (fixed, not-a-bug) right: %s (%d of %d)" % (
        "%.1f %%" % (100.0 * ctp / (ctp + cfp)) if ctp + cfp else "-",
        ctp, ctp + cfp))
    if sn > sright and "" not in causes:
        print("reports in the wrong state, by cause:")
        for c, k in sorted(causes.items(), key=lambda x: (-x[1], x[0])):
            print("  %4d %5.1f %%  %s" % (k, 100.0 * k / (sn - sright), c))
if misses:
    print("\nreplies handled wrong:")
    print("\n".join(wrong))
    if swrong:
        print("\nreports in the wrong state:")
        print("\n".join(swrong))
PY
