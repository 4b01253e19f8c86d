#!/bin/sh
# t0470-undone.sh - regressions undone, on real robot mail
# (tests/data/undone): a later report on the same testcase, parameters,
# machine group and metric whose change cancels an open regression
# within the noise of both is a proposal in `show` and the digest, with
# the ready `lkpbot fixed-by` and `#lkp fixed-by` lines; one that does
# not cancel (the real report with its numbers made smaller) is none;
# nothing closes until the maintainer runs the command.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
triage_conf "akpm@linux-foundation.org"
D=$LKB_TEST_DATA/undone
deliver "$D/r1520.eml"
deliver "$D/r1767.eml"
# the NFSD improvement with +8.1 % instead of +16.6 %: no longer cancels
sed -e 's/16\.6%/8.1%/g' -e 's/149\.15/138.28/' \
	-e 's/202505291023\.d4c802b1-lkp@intel\.com/weak.d4c802b1-lkp@intel.com/' \
	"$D/r1733.eml" >"$T/weak.eml"
deliver "$T/weak.eml"
ok_if "an open regression and a report that does not undo it" run
R=$(rid 20210808134519.GC27482@xsang-OptiPlex-9020)
N=$(rid 202410281526.4971befc-oliver.sang@intel.com)
W=$(rid weak.d4c802b1-lkp@intel.com)
is "... the weak one parsed as +8.1 %" "$(q "select change_pct from reports where id = $W")" 8.1
"$LKPBOT" -c "$T/conf" show $N >"$T/n.txt"
ok_if "... +8.1 % does not cancel -15.4 %: no proposal" sh -c "! grep -q '^proposal' '$T/n.txt'"
"$LKPBOT" -c "$T/conf" show $R >"$T/r.txt"
ok_if "... nor for a regression nothing undid" sh -c "! grep -q '^proposal' '$T/r.txt'"

deliver "$D/r1516.eml"
deliver "$D/r1733.eml"
ok_if "the reports that undo them arrive" run
F=$(rid 20210822150411.GA29963@xsang-OptiPlex-9020)
K=$(rid 202505291023.d4c802b1-lkp@intel.com)
"$LKPBOT" -c "$T/conf" show $R >"$T/r.txt"
ok_if "show: the regression looks recovered, by whom, by how much" \
	grep -q "^proposal  *the -81.7% of report $R looks recovered by 6e3688e66f2f (report $F, +443.3%): same testcase, parameters, machine group and metric, within the noise of both" "$T/r.txt"
ok_if "... the ready command" grep -q "^  *lkpbot fixed-by $R 6e3688e66f2ff414a5f37afba2cb80755c85ae25\$" "$T/r.txt"
ok_if "... the ready mail command" grep -q "^  *#lkp fixed-by 6e3688e66f2ff414a5f37afba2cb80755c85ae25\$" "$T/r.txt"
"$LKPBOT" -c "$T/conf" show $N >"$T/n.txt"
ok_if "the real +16.6 % undoes the -15.4 %" grep -q "^proposal  *the -15.4% of report $N looks recovered by 26a80762153b (report $K, +16.6%)" "$T/n.txt"
# (the real NFSD report is closed as a duplicate of the weak copy, same
# commit and metric: triage's rule, not a proposal)
is "nothing closed by a proposal" "$(q "select count(*) from reports where state = 'closed' and close_reason != 'duplicate'")" 0
"$LKPBOT" -c "$T/conf" show $F >"$T/f.txt"
ok_if "the improvement itself gets no proposal" sh -c "! grep -q '^proposal' '$T/f.txt'"
"$LKPBOT" -c "$T/conf" show --json $R >"$T/r.json"
ok_if "show --json: proposals before history" python3 -c "
import json, sys
d = json.load(open('$T/r.json'))
p = d['proposals']
ok = len(p) == 1 and p[0]['mail'] == '#lkp fixed-by 6e3688e66f2ff414a5f37afba2cb80755c85ae25'
sys.exit(0 if ok and list(d)[-1] == 'history' else 1)"
"$LKPBOT" -c "$T/conf" digest --print >"$T/digest"
is "the digest carries both proposals" "$(grep -c '^Proposal: the ' "$T/digest")" 2
ok_if "... with the ready command" grep -q "^    lkpbot fixed-by $R 6e3688e66f2ff414a5f37afba2cb80755c85ae25\$" "$T/digest"
ok_if "the maintainer runs it" sh -c "$LKPBOT -c '$T/conf' fixed-by $R 6e3688e66f2ff414a5f37afba2cb80755c85ae25 >/dev/null"
is "... closed as fixed by that commit" "$(q "select state || ' ' || close_reason from reports where id = $R")" "closed fixed"
"$LKPBOT" -c "$T/conf" show $R >"$T/r.txt"
ok_if "... and the proposal is gone" sh -c "! grep -q '^proposal' '$T/r.txt'"
"$LKPBOT" -c "$T/conf" digest --print >"$T/digest"
is "... from the digest too" "$(grep -c '^Proposal: the ' "$T/digest")" 1
done_testing
