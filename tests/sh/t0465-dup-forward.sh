#!/bin/sh
# t0465-dup-forward.sh - migration 18 -> 19 (issue 38 row 7):
# duplicates point forward in time. A schema 18 store of real reports
# (tests/data/groups) is given the backward rows older lkpbot wrote:
# linux-next's report of 2 Jul closed as the duplicate of linus/master's
# of 29 Jul, its history row dated before its own report; an earlier
# version of a patch the duplicate of a later one that was closed as
# fixed; a chain of three reports each the duplicate of a later one.
# After `lkpbot db migrate`: each set's earliest report is the original
# with the state (and related commits) its original had, every other
# member its duplicate, each change a history row dated at the
# migration, no history row before its report; a forward duplicate and
# the reports in no set are left as they were.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
command -v sqlite3 >/dev/null || bail_out "sqlite3 is needed"
triage_conf "akpm@linux-foundation.org"
for f in "$LKB_TEST_DATA"/groups/*.eml; do
	deliver "$f"
done
ok_if "real reports imported and triaged" run
A=$(rid 202409291630.6349557c-oliver.sang@intel.com)	# 29 Sep 2024
B=$(rid 202406252157.348c160f-oliver.sang@intel.com)	# 25 Jun 2024
C=$(rid 202407291554.5c76ba13-oliver.sang@intel.com)	# 29 Jul 2024
CD=$(rid 202407022125.e7ba93db-oliver.sang@intel.com)	# 2 Jul 2024
V6=$(rid 202310172345.jViTGPKD-lkp@intel.com)	# 17 Oct 2023
V5=$(rid 202309281916.qy89onYp-lkp@intel.com)	# 28 Sep 2023
# three reports of 15 May 2024, in the order of their dates
set -- $(q "select id from reports where msg_id in (select id from messages where message_id in ('202405151142.8COQSJsa-lkp@intel.com', '202405150852.LoiNtqk4-lkp@intel.com', '202405151219.H2vlwtc0-lkp@intel.com')) order by date, id")
P1=$1 P2=$2 P3=$3
N53=$(rid 202308031027.5941ce5f-oliver.sang@intel.com)
FIX=0123456789abcdef0123456789abcdef01234567
state() { q "select state || ' ' || coalesce(close_reason, '-') || ' ' || coalesce(duplicate_of, '-') from reports where id = $1"; }
is "the dates the sets rely on" \
	"$(q "select group_concat(id, ' ') from (select id from reports where id in ($CD, $C, $V5, $V6, $P1, $P2, $P3) order by date)")" \
	"$V5 $V6 $P1 $P2 $P3 $CD $C"

sqlite3 "$T/db" "
UPDATE reports SET state = 'open', close_reason = NULL, duplicate_of = NULL;
DELETE FROM report_history;
UPDATE reports SET state = 'closed', close_reason = 'duplicate',
  duplicate_of = $C WHERE id = $CD;
INSERT INTO report_history (report_id, date, from_state, to_state, reason,
  cause) SELECT $CD, date - 86400, 'open', 'closed', 'duplicate',
  'auto: same commit and metric as report $C' FROM reports WHERE id = $CD;
UPDATE reports SET state = 'closed', close_reason = 'fixed' WHERE id = $V6;
INSERT INTO report_related (report_id, sha, relation)
  VALUES ($V6, '$FIX', 'fixed-by');
UPDATE reports SET state = 'closed', close_reason = 'duplicate',
  duplicate_of = $V6 WHERE id = $V5;
UPDATE reports SET state = 'acknowledged' WHERE id = $P3;
UPDATE reports SET state = 'closed', close_reason = 'duplicate',
  duplicate_of = $P3 WHERE id = $P2;
UPDATE reports SET state = 'closed', close_reason = 'duplicate',
  duplicate_of = $P2 WHERE id = $P1;
UPDATE reports SET state = 'closed', close_reason = 'duplicate',
  duplicate_of = $B WHERE id = $A;
ALTER TABLE reports DROP COLUMN unverified;
ALTER TABLE messages DROP COLUMN trusted;
PRAGMA user_version = 18;" || bail_out "cannot make the schema 18 store"
is "the old store has 4 duplicates pointing back in time" \
	"$(q "select count(*) from reports r join reports o on o.id = r.duplicate_of where (o.date, o.id) > (r.date, r.id)")" 4

start=$(date +%s)
ok_if "lkpbot db migrate" "$LKPBOT" -q -c "$T/conf" db migrate
is "... schema 20" "$(q "PRAGMA user_version")" 20
is "2 Jul's report is the original, open as 29 Jul's was" "$(state $CD)" "open - -"
is "... 29 Jul's its duplicate" "$(state $C)" "closed duplicate $CD"
is "the earlier version is the original, closed as fixed" "$(state $V5)" "closed fixed -"
is "... with the fix of the later one" \
	"$(q "select sha || ' ' || relation from report_related where report_id = $V5")" "$FIX fixed-by"
is "... the later version its duplicate" "$(state $V6)" "closed duplicate $V5"
is "a chain of three: the earliest has the original's state" "$(state $P1)" "acknowledged - -"
is "... both others are its duplicates" "$(state $P2), $(state $P3)" \
	"closed duplicate $P1, closed duplicate $P1"
is "a forward duplicate is left" "$(state $A)" "closed duplicate $B"
is "... and its original, and a report in no set" "$(state $B), $(state $N53)" "open - -, open - -"
is "no duplicate points back in time" \
	"$(q "select count(*) from reports r join reports o on o.id = r.duplicate_of where (o.date, o.id) > (r.date, r.id)")" 0
is "a history row per change, naming the original" \
	"$(q "select group_concat(report_id || ':' || from_state || '>' || to_state || ':' || substr(cause, -length('report $CD is the earliest')), ' ') from (select * from report_history where cause like 'schema 19:%' and report_id in ($C, $CD) order by report_id)")" \
	"$(if [ $C -lt $CD ]; then echo "$C:open>closed:report $CD is the earliest $CD:closed>open:report $CD is the earliest"; else echo "$CD:closed>open:report $CD is the earliest $C:open>closed:report $CD is the earliest"; fi)"
is "... seven changes, none elsewhere" \
	"$(q "select group_concat(report_id) from (select report_id from report_history where cause like 'schema 19:%' order by report_id)")" \
	"$(printf '%s\n' $C $CD $V5 $V6 $P1 $P2 $P3 | sort -n | paste -sd, -)"
is "... dated when the migration decided" \
	"$(q "select count(*) from report_history where cause like 'schema 19:%' and date between $start and $(($(date +%s) + 1))")" 7
is "no history row is dated before its report" \
	"$(q "select count(*) from report_history h join reports r on r.id = h.report_id where h.date < r.date")" 0
ok_if "lkpbot db check" "$LKPBOT" -q -c "$T/conf" db check
"$LKPBOT" -c "$T/conf" show $C >"$T/c.txt"
ok_if "show names the original" grep -q "^duplicate of  *report $CD" "$T/c.txt"
ok_if "a run on the migrated store" run
is "... changes no state" "$(state $CD) / $(state $C)" "open - - / closed duplicate $CD"
done_testing
