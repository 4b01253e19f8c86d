#!/bin/sh
# t0490-triage-accuracy.sh - bench/triage-accuracy.sh on a labelled set
# of its own (three seed reports, two replies): it scores the replies
# against their labels (an accepted alternative counts as right), the
# reports against their final states, and says why each report in the
# wrong state is wrong, by the mail its labeller named as deciding.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
for c in sqlite3 python3; do
	command -v $c >/dev/null || bail_out "$c is needed"
done
D=$T/set
mkdir -p "$D/labels" "$D/states" "$D/reports" "$D/replies"
printf 'l\ttest\n' >"$D/split.tsv"
echo 'akpm@linux-foundation.org' >"$D/maintainers.txt"
printf '[rules]\nact_model = none\n' >"$T/triage.conf"
P0=20190930014612.story000@shao2-debian
P2=20201102091543.GM31092@shao2-debian
P4=20220218063812.story004@xsang-OptiPlex-9020
for s in 000 002 004; do
	printf 'From lkp@intel.com Mon Jan  1 00:00:00 2024\n'
	cat "$LKB_TEST_DATA/stories/$s-report.eml"
	printf '\n'
done >"$D/reports/l.mbox"
reply() {	# FROM PARENT MESSAGE-ID BODY
	printf 'From x@y Mon Jan  1 00:00:00 2024\nFrom: %s\n' "$1"
	printf 'To: kernel test robot <lkp@intel.com>\nSubject: Re: report\n'
	printf 'Date: Tue, 01 Mar 2022 10:00:00 +0000\n'
	printf 'Message-ID: <%s>\nIn-Reply-To: <%s>\nReferences: <%s>\n\n' \
		"$3" "$2" "$2"
	printf '%b\n\n' "$4"
}
{
	reply "Andrew Morton <akpm@linux-foundation.org>" $P0 applied@test \
		"Applied to mm-hotfixes, thanks."
	reply "Yang Shi <yang.shi@linux.alibaba.com>" $P2 promise@test \
		"Thanks for the report, I will look into it."
} >"$D/replies/l.mbox"
# the second reply is labelled as a fix on purpose: read wrong
printf 'message_id\tlist\tacts\talt\treason\n' >"$D/labels/l.tsv"
printf 'applied@test\tl\tfix-applied\t\tApplied\n' >>"$D/labels/l.tsv"
printf 'promise@test\tl\tproposes-fix\t\tlook into\n' >>"$D/labels/l.tsv"
{
	printf 'report_message_id\tlist\tstate\talt\tdeciding\toutside\tsure\tquote\n'
	printf '%s\tl\tfixed\t\tapplied@test\tno\thigh\tApplied\n' $P0
	printf '%s\tl\tfix-proposed\t\tpromise@test\tno\thigh\tlook\n' $P2
	printf '%s\tl\tnot-a-bug\t\tx@elsewhere\tyes\thigh\tno bug\n' $P4
} >"$D/states/l.tsv"

acc() {
	TRIAGE_CONF=$T/triage.conf LKPBOT=$LKPBOT \
		sh "$LKB_SRCDIR/bench/triage-accuracy.sh" "$@" >"$T/acc.out" \
		2>"$T/acc.err"
}
acc --data "$D" l
is "a test list needs --test" "$?" 2
grep -q 'l is a test list: use --test' "$T/acc.err"
is "... and says so" "$?" 0
ok_if "the set is measured with --test" acc --test --misses --data "$D"
has() { grep -qF -- "$2" "$T/acc.out"; is "$1" "$?" 0; }
has "two replies, both found" "lists: l; 2 replies (0 not found in the store)"
has "per-act figures: fix-applied" "fix-applied                     1     100 %   100 %   100 %"
has "... proposes-fix missed" "proposes-fix                    1         -     0 %     0 %"
has "replies right" "replies handled right: 50.0 % (1 of 2)"
has "the reply read wrong is listed" "promise@test	want proposes-fix	got acknowledges"
has "three reports" "reports: 3 labelled (0 not found as reports)"
has "reports right: the maintainer's 'Applied' closed one" \
	"reports in the right final state: 33.3 % (1 of 3)"
has "automatic closes" "automatic closes (fixed, not-a-bug) right: 100.0 % (1 of 1)"
has "causes: the misread reply" "     1  50.0 %  deciding reply read wrong"
has "causes: mail outside the thread" \
	"     1  50.0 %  decided by mail outside the thread"
has "each wrong report names its cause" \
	"$P2	want fix-proposed	got open	deciding reply read wrong"
# an accepted alternative is right, and a set without the deciding
# column has no causes
printf 'promise@test\tl\tproposes-fix\tacknowledges\tlook into\n' \
	>"$T/row" && sed -i '3d' "$D/labels/l.tsv" && cat "$T/row" >>"$D/labels/l.tsv"
cut -f1-4 "$D/states/l.tsv" >"$T/st" && mv "$T/st" "$D/states/l.tsv"
ok_if "measured again" acc --test --data "$D"
has "the alternative counts as right" "replies handled right: 100.0 % (2 of 2)"
grep -q 'by cause' "$T/acc.out"
is "no deciding column, no causes" "$?" 1
done_testing
