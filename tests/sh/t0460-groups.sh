#!/bin/sh
# t0460-groups.sh - one culprit, many reports, on real robot mail
# (tests/data/groups): reports grouped by the same culprit commit, the
# same patch mail, and versions of one patch (same subject after the
# [PATCH vN k/M] prefix, same author); other patches of the same author
# or series stay alone. `list --group` says why, `show` names siblings,
# the digest lists a group once, a close of one member is proposed for
# the others with ready commands and never applied, a maintainer splits
# a group.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
triage_conf "akpm@linux-foundation.org"
D=$LKB_TEST_DATA/groups
for f in "$D"/*.eml; do
	deliver "$f"
done
ok_if "real reports imported" run
A=$(rid 202409291630.6349557c-oliver.sang@intel.com)	# commit 060406c61c
B=$(rid 202406252157.348c160f-oliver.sang@intel.com)
C=$(rid 202407291554.5c76ba13-oliver.sang@intel.com)	# commit 18048c1af7, 29 Jul
CD=$(rid 202407022125.e7ba93db-oliver.sang@intel.com)	# the same, 2 Jul
V6=$(rid 202310172345.jViTGPKD-lkp@intel.com)	# PATCH v3 1/4
V5=$(rid 202309281916.qy89onYp-lkp@intel.com)	# PATCH v2 1/4
P1=$(rid 202405151142.8COQSJsa-lkp@intel.com)	# PATCH 5/6
P2=$(rid 202405150852.LoiNtqk4-lkp@intel.com)	# PATCH 5/6 again
P4=$(rid 202405151219.H2vlwtc0-lkp@intel.com)	# PATCH 4/6
N53=$(rid 202308031027.5941ce5f-oliver.sang@intel.com)	# V6's author, other patch
is "ten reports" "$(q 'select count(*) from reports')" 10
# the later report is the duplicate of the earlier, whichever is read
# first: linus/master's (29 Jul) of linux-next's (2 Jul)
is "triage made the later linus/master report a duplicate" "$(q "select state || ' ' || duplicate_of from reports where id = $C")" "closed $CD"
is "... the earlier linux-next one stays open" "$(q "select state || ' ' || coalesce(duplicate_of, '-') from reports where id = $CD")" "open -"
is "... one history row and one event say so, not one per mail" \
	"$(q "select (select count(*) from report_history where report_id = $C) || ' ' || (select count(*) from events where report_id = $C and type = 'duplicate')")" "1 1"

"$LKPBOT" -c "$T/conf" list --group --json >"$T/g.json"
# each group as "id:why id:why" in id order, the groups sorted
python3 - "$T/g.json" >"$T/groups" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
out = []
for g in d["groups"]:
    out.append(" ".join("%d:%s" % (m["id"], "+".join(w.split()[1] for w in m["why"])) for m in g["members"]))
print("\n".join(sorted(out)))
PY
ok_if "list --group --json has format_version 1" grep -q '"format_version": 1' "$T/g.json"
is "four groups" "$(wc -l <"$T/groups" | tr -d ' ')" 4
# pair ID ID WHY: the line of a group of two, in id order
pair() { if [ "$1" -lt "$2" ]; then echo "$1:$3 $2:$3"; else echo "$2:$3 $1:$3"; fi; }
ok_if "same culprit commit" grep -qx "$(pair $A $B commit)" "$T/groups"
ok_if "the duplicate is in its report's group" grep -qx "$(pair $C $CD commit)" "$T/groups"
ok_if "two versions of one patch: same subject and author" grep -qx "$(pair $V5 $V6 subject)" "$T/groups"
ok_if "two reports on one patch mail: same patch (and subject)" grep -qx "$(pair $P1 $P2 patch+subject)" "$T/groups"
ok_if "another patch of the series is alone" sh -c "! grep -q '\\b$P4:' '$T/groups'"
ok_if "another patch of the same author is alone" sh -c "! grep -q '\\b$N53:' '$T/groups'"

"$LKPBOT" -c "$T/conf" list --group >"$T/g.txt"
ok_if "list --group text: a group header" grep -q '^group 1: 2 reports$' "$T/g.txt"
ok_if "... each member with why" grep -q "^ *$V6 .* same subject and author .*PATCH v3 1/4" "$T/g.txt"
is "... and the count" "$(tail -1 "$T/g.txt")" "4 groups"

"$LKPBOT" -c "$T/conf" show $A >"$T/a.txt"
ok_if "show names the sibling and why" grep -q "^sibling  *report $B, open (same commit)" "$T/a.txt"
"$LKPBOT" -c "$T/conf" show $P4 >"$T/p4.txt"
ok_if "... a report in no group names none" sh -c "! grep -q '^sibling' '$T/p4.txt'"
"$LKPBOT" -c "$T/conf" show --json $P4 >"$T/p4.json"
ok_if "... nor has a group key in show --json" sh -c "! grep -q '\"group\"' '$T/p4.json'"

# the digest: a group once, naming the others. The reports span 14
# months: by default those quiet for 90 days before the newest are
# stale, counted but not listed
"$LKPBOT" -c "$T/conf" digest --print >"$T/digest"
is "digest: reports quiet for 90 days are stale, only counted" "$(grep '^Totals:' "$T/digest")" "Totals: 2 open, 1 closed, 7 stale, 0 informational"
printf '[web]\nstale_days = 3650\n' >>"$T/conf"
"$LKPBOT" -c "$T/conf" digest --print >"$T/digest"
is "digest: one row per group or lone report" "$(grep -c '^[0-9]*\. report ' "$T/digest")" 6
ok_if "... the group's row names the others and why" grep -q "^    with report $B (same commit)" "$T/digest"
ok_if "... totals count every open report" grep -q '^Totals: 9 open (6 listed: siblings once), 1 closed, 0 stale' "$T/digest"
# digest.html folds the same siblings into one item as the mail does
# (report_group_fold): each listed report with the others it names
"$LKPBOT" -c "$T/conf" web --out "$T/site" >/dev/null
folds() {	# FILE mail|html: "lead:other,other" per item, sorted
	python3 - "$1" "$2" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
out = []
if sys.argv[2] == "mail":
    for item in re.split(r"\n(?=[0-9]+\. report )", text)[1:]:
        lead = re.match(r"[0-9]+\. report ([0-9]+)", item).group(1)
        w = re.search(r"^    with reports? ([0-9, ]+) \(", item, re.M)
        out.append(lead + ":" + (w.group(1).replace(" ", "") if w else ""))
else:
    for item in text.split("<li>")[1:]:
        ids = re.findall(r'href="report-([0-9]+)\.html"', item.split("</li>")[0])
        out.append(ids[0] + ":" + ",".join(ids[1:]))
print(" ".join(sorted(out)))
PY
}
is "digest.html: the mailed digest's items, siblings folded alike" \
	"$(folds "$T/site/digest.html" html)" "$(folds "$T/digest" mail)"
ok_if "... the group's item says +1 sibling and links it" \
	grep -q "report-$A\.html.*+1 sibling .*href=\"report-$B\.html\"" "$T/site/digest.html"

# a maintainer closes one member: the other gets a proposal, no change
FIX=0123456789abcdef0123456789abcdef01234567
"$LKPBOT" -c "$T/conf" fixed-by $A $FIX >/dev/null 2>&1
is "fixed-by closes the one report" "$(q "select state || ' ' || close_reason from reports where id = $A")" "closed fixed"
is "... its sibling stays open (never applied)" "$(q "select state from reports where id = $B")" open
"$LKPBOT" -c "$T/conf" show $B >"$T/b.txt"
ok_if "show proposes the same close to the sibling" grep -q "^proposal  *report $A (same commit) was closed as fixed by 0123456789ab: the same for report $B?" "$T/b.txt"
ok_if "... with the ready command" grep -q "^  *lkpbot fixed-by $B $FIX\$" "$T/b.txt"
ok_if "... and the ready mail command" grep -q "^  *#lkp fixed-by $FIX\$" "$T/b.txt"
"$LKPBOT" -c "$T/conf" digest --print >"$T/digest"
ok_if "the digest carries the proposal" grep -q "^Proposal: report $A (same commit) was closed as fixed" "$T/digest"
ok_if "... with the command" grep -q "^    lkpbot fixed-by $B $FIX\$" "$T/digest"
"$LKPBOT" -c "$T/conf" show --json $B >"$T/b.json"
ok_if "show --json: group and proposals" python3 -c "
import json, sys
d = json.load(open('$T/b.json'))
ok = d['group'][0]['id'] == $A and d['proposals'][0]['command'] == 'lkpbot fixed-by $B $FIX'
ok = ok and list(d)[-1] == 'history'
sys.exit(0 if ok else 1)"
ok_if "the ready command works as written" sh -c "$LKPBOT -c '$T/conf' fixed-by $B $FIX >/dev/null"
is "... and closes the sibling" "$(q "select state || ' ' || close_reason from reports where id = $B")" "closed fixed"
"$LKPBOT" -c "$T/conf" show $B >"$T/b.txt"
ok_if "... then no proposal is left" sh -c "! grep -q '^proposal' '$T/b.txt'"

# another version of a patch has bugs of its own: no proposal across
# versions (measured: such proposals were wrong), only the group
"$LKPBOT" -c "$T/conf" fixed-by $V6 $FIX >/dev/null 2>&1
"$LKPBOT" -c "$T/conf" show $V5 >"$T/v5.txt"
ok_if "a closed other version: still a sibling" grep -q "^sibling  *report $V6, closed fixed (same subject and author)" "$T/v5.txt"
ok_if "... but no proposal" sh -c "! grep -q '^proposal' '$T/v5.txt'"
"$LKPBOT" -c "$T/conf" reopen $V6 >/dev/null 2>&1

# a maintainer splits a wrong group
ok_if "lkpbot split" sh -c "$LKPBOT -c '$T/conf' split $V5 >'$T/split.out'"
ok_if "... says so" grep -q "report $V5 is in no group now" "$T/split.out"
"$LKPBOT" -c "$T/conf" list --group >"$T/g.txt"
is "... the group is gone" "$(tail -1 "$T/g.txt")" "3 groups"
"$LKPBOT" -c "$T/conf" show $V6 >"$T/v6.txt"
ok_if "... show names no sibling" sh -c "! grep -q '^sibling' '$T/v6.txt'"
is "... who split it is kept" "$(q "select count(*) from report_splits where report_id = $V5 and author != ''")" 1
ok_if "split --undo" sh -c "$LKPBOT -c '$T/conf' split --undo $V5 >/dev/null"
"$LKPBOT" -c "$T/conf" list --group >"$T/g.txt"
is "... the group is back" "$(tail -1 "$T/g.txt")" "4 groups"
"$LKPBOT" -c "$T/conf" split 99999 >/dev/null 2>"$T/err"
is "split of an unknown report fails" $? 1

# duplicates point forward in time: the later report is the duplicate.
# A maintainer naming a later report as the original, by mail or at the
# terminal, is refused and told the way round; nothing changes
{
	printf 'From: Andrew Morton <akpm@linux-foundation.org>\n'
	printf 'To: kernel test robot <lkp@intel.com>\n'
	printf 'Subject: Re: [PATCH v2 1/4] scsi: core: Add new helper\n'
	printf 'Date: Mon, 30 Oct 2023 10:00:00 +0000\n'
	printf 'Message-ID: <dup-later@test>\n'
	printf 'In-Reply-To: <202309281916.qy89onYp-lkp@intel.com>\n'
	printf 'References: <202309281916.qy89onYp-lkp@intel.com>\n\n'
	printf '#lkp dup-of <202310172345.jViTGPKD-lkp@intel.com>\n'
} >"$T/dup-later.eml"
deliver "$T/dup-later.eml"
run
is "#lkp dup-of a later report is an error" \
	"$(q "select substr(result, 1, 6) from commands where msg_id = (select id from messages where message_id = 'dup-later@test')")" "error:"
ok_if "... saying the later report is the duplicate" \
	grep -rq "later report is the duplicate" "$T/out"
"$LKPBOT" -c "$T/conf" dup $V5 $V6 >"$T/err" 2>&1
is "lkpbot dup EARLIER LATER fails (1)" $? 1
ok_if "... and says how to do it" grep -q "lkpbot dup LATER EARLIER" "$T/err"
is "... the earlier report is left as it was" \
	"$(q "select state || ' ' || coalesce(duplicate_of, '-') from reports where id = $V5")" "open -"
ok_if "lkpbot dup LATER EARLIER" "$LKPBOT" -c "$T/conf" dup $V6 $V5
is "... the later report is the duplicate" \
	"$(q "select state || ' ' || duplicate_of from reports where id = $V6")" "closed $V5"
is "no duplicate points back in time" \
	"$(q "select count(*) from reports r join reports o on o.id = r.duplicate_of where (coalesce(o.date, 0), o.id) > (coalesce(r.date, 0), r.id)")" 0
is "no state change is dated before its report" \
	"$(q "select count(*) from report_history h join reports r on r.id = h.report_id where h.date < r.date")" 0
done_testing
