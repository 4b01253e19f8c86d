#!/bin/sh
# t0400-triage-acts.sh - the events fix-applied, retest-failed and
# data-provided through `lkpbot run` on real-looking mail: who may close
# a report by applying its fix (a maintainer, a known bot), who only
# moves it on; the migration of a database from before them.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
triage_conf "akpm@linux-foundation.org"
stories

# a maintainer's b4 "thank you": closed as fixed by the applied commit
mail "Andrew Morton <akpm@linux-foundation.org>" $P0 "[mm] 87eaceb3fa: stress-ng.madvise.ops_per_sec -19.6% regression" \
	"On Mon, 30 Sep 2019 09:46:12 +0800, kernel test robot wrote:\n> FYI, we noticed a -19.6% regression\n\nApplied, thanks!\n\n[1/1] mm: thp: fix deferred split shrinker\n      commit: 5347c9321845e5a94be19ea951746d4f2b8b194f\n\nBest regards,\n-- \nAndrew"
# the patch's author (a recipient, no maintainer): a fix exists, no more
mail "Waiman Long <longman@redhat.com>" $P2 "[mm/memcg] bd0b230fe1: will-it-scale.per_process_ops -22.7% regression" \
	"On 11/2/20 5:15 AM, kernel test robot wrote:\n> FYI, we noticed a -22.7% regression\n\nThanks, fixed.\n\nCheers,\nLongman"
# patchwork-bot, automatic mail, is read all the same
mail "patchwork-bot+linux-mm@kernel.org" $P4 "[mm/munlock] 237b445401: stress-ng.remap.ops_per_sec -62.6% regression" \
	"Hello:\n\nThis patch was applied to akpm/mm.git (mm-stable)\nby Andrew Morton <akpm@linux-foundation.org>:\n\nOn Fri, 18 Feb 2022 14:38:12 +0800 you wrote:\n> FYI, we noticed a -62.6% regression\n\nHere is the summary with links:\n  - mm/munlock: fix the remap regression\n    https://git.kernel.org/akpm/mm/c/0a1b2c3d4e5f\n\nYou are awesome, thank you!\n-- \nDeet-doot-dot, I am a bot.\nhttps://korg.docs.kernel.org/patchwork/pwbot.html" \
	"Auto-Submitted: auto-generated"
ok_if "run over the replies" run
is "b4 ty: fix-applied by rule applied-b4-ty" "$(q "select type || ' ' || source || ' ' || sha from events where report_id = $R0 and type = 'fix-applied'")" \
	"fix-applied rule:applied-b4-ty 5347c9321845e5a94be19ea951746d4f2b8b194f"
is "... a maintainer's: closed as fixed" "$(q "select state || ' ' || close_reason from reports where id = $R0")" "closed fixed"
is "... by the applied commit" "$(q "select sha || ' ' || relation from report_related where report_id = $R0")" \
	"5347c9321845e5a94be19ea951746d4f2b8b194f fixed-by"
is "patch author's 'Thanks, fixed.': fix-applied" "$(q "select type || ' ' || source from events where report_id = $R2")" \
	"fix-applied rule:applied"
is "... not a maintainer: fix-proposed, not closed" "$(q "select state from reports where id = $R2")" fix-proposed
is "patchwork-bot: fix-applied with the commit of its link" "$(q "select source || ' ' || sha from events where report_id = $R4 and type = 'fix-applied'")" \
	"rule:applied-bot 0a1b2c3d4e5f"
is "... a known bot: closed as fixed" "$(q "select state || ' ' || close_reason from reports where id = $R4")" "closed fixed"
ok_if "lkpbot thread says which rule and which line" sh -c "'$LKPBOT' -c '$T/conf' thread $R0 | grep 'fix-applied' | grep -q 'applied-b4-ty'"
ok_if "... and the evidence" sh -c "'$LKPBOT' -c '$T/conf' thread $R0 | grep -q 'Applied, thanks!'"

# An LKP reply is data asked for when it answers a retest request (its
# parent's own rules say so): the rule says if answers-retest.
mail "Waiman Long <longman@redhat.com>" $P2 "[mm/memcg] bd0b230fe1: will-it-scale.per_process_ops -22.7% regression" \
	"On 11/2/20 5:15 AM, kernel test robot wrote:\n> FYI\n\nCould you please test the patch below?\n\ndiff --git a/mm/memcontrol.c b/mm/memcontrol.c\n--- a/mm/memcontrol.c\n+++ b/mm/memcontrol.c\n@@ -1 +1 @@\n-a\n+b\n"
ASK=act$n@test
mail "Oliver Sang <oliver.sang@intel.com>" $ASK "[mm/memcg] bd0b230fe1: will-it-scale.per_process_ops -22.7% regression" \
	"hi Waiman,\n\nOn Tue, Waiman Long wrote:\n> Could you please test the patch below?\n\nthe numbers of three runs on your patch: 1234, 1240, 1236\n"
ANS=act$n@test
# the same words answering the robot's own mail ask nothing
mail "Oliver Sang <oliver.sang@intel.com>" $P2 "[mm/memcg] bd0b230fe1: will-it-scale.per_process_ops -22.7% regression" \
	"hi,\n\nthe numbers of three runs on your patch: 1234, 1240, 1236\n"
NOASK=act$n@test
ok_if "run over a retest request and its answers" run
is "the request is a retest request" "$(q "select group_concat(type, ',') from (select type from events e join messages m on m.id = e.msg_id where m.message_id = '$ASK' order by type)")" "fix-proposed,retest-request"
is "LKP's answer to it: data-provided by lkp-answers-retest" "$(q "select e.type || ' ' || e.source from events e join messages m on m.id = e.msg_id where m.message_id = '$ANS'")" \
	"data-provided rule:lkp-answers-retest"
is "... the same words to the robot's mail: no event" "$(q "select count(*) from events e join messages m on m.id = e.msg_id where m.message_id = '$NOASK'")" 0

# A wrong event overridden by a maintainer (CLI, #lkp) stays overridden
# across reparse and the runs after it.
ok_if "CLI: reopen 000 (closed by the b4 mail)" "$LKPBOT" -c "$T/conf" reopen $R0
mail "Andrew Morton <akpm@linux-foundation.org>" $P2 "[mm/memcg] bd0b230fe1: will-it-scale.per_process_ops -22.7% regression" \
	"On Tue, Waiman Long wrote:\n> Thanks, fixed.\n\n#lkp invalid\n"
ok_if "run with the maintainer's #lkp invalid" run
is "002 closed invalid by the command" "$(q "select state || ' ' || close_reason from reports where id = $R2")" "closed invalid"
ok_if "lkpbot reparse" "$LKPBOT" -c "$T/conf" reparse
ok_if "run after the reparse" run
ok_if "lkpbot triage" "$LKPBOT" -c "$T/conf" triage
is "000 stays open (the CLI override)" "$(q "select state from reports where id = $R0")" open
is "002 stays closed invalid (the #lkp override)" "$(q "select state || ' ' || close_reason from reports where id = $R2")" "closed invalid"
is "the events that were overridden are still there, once" "$(q "select count(*) from events where report_id = $R0 and type = 'fix-applied'")" 1

# An LKP retest with the headline metric in three columns is judged by
# its numbers, whatever its words say.
TABLE='hi Yang,\n\nwe tested your patch, it has little impact on the other tests:\n\n'
TABLE=$TABLE'commit:\n  a8a8c0f5e1e7e4b4\n  87eaceb3faa59b9b\n  0f1e2d3c4b5a6978\n\n'
TABLE=$TABLE'a8a8c0f5e1e7e4b4 87eaceb3faa59b9b 0f1e2d3c4b5a6978\n'
TABLE=$TABLE'---------------- --------------------------- ---------------------------\n'
TABLE=$TABLE'         %stddev     %change         %stddev     %change         %stddev\n'
TABLE=$TABLE'             \\          |                \\          |                \\  \n'
TABLE=$TABLE'      6409            -19.6%       5154            -0.5%       6377        stress-ng.madvise.ops_per_sec\n'
mail "Oliver Sang <oliver.sang@intel.com>" $P0 "[mm] 87eaceb3fa: stress-ng.madvise.ops_per_sec -19.6% regression" "$TABLE"
TAB=act$n@test
ok_if "run over an LKP retest table" run
is "the table's verdict, not the words'" "$(q "select group_concat(e.type || ' ' || e.source, ',') from events e join messages m on m.id = e.msg_id where m.message_id = '$TAB'")" \
	"fix-confirmed rule:table"
is "... with the numbers as evidence" "$(q "select e.evidence from events e join messages m on m.id = e.msg_id where m.message_id = '$TAB'")" \
	"stress-ng.madvise.ops_per_sec: base 6409, culprit 5154, fix 6377: the fix recovers it (97 % of the change)"
is "... the report's state follows" "$(q "select state from reports where id = $R0")" fix-confirmed

# [bot] bots = none: patchwork-bot is nobody; its word changes nothing
sed 's/^maintainers = .*/&\nbots = nobody@nowhere.example/' "$T/conf" > "$T/conf2"
mv "$T/conf2" "$T/conf"
ok_if "reopen 004 from the terminal" "$LKPBOT" -c "$T/conf" reopen $R4
mail "patchwork-bot+linux-mm@kernel.org" $P4 "[mm/munlock] 237b445401: stress-ng.remap.ops_per_sec -62.6% regression" \
	"Hello:\n\nThis series was applied to akpm/mm.git (mm-unstable)\n\n  - mm/munlock: fix\n    https://git.kernel.org/akpm/mm/c/ffeeddccbbaa\n" \
	"Auto-Submitted: auto-generated"
ok_if "run" run
is "an unknown bot's applied: no event (automatic mail unread)" "$(q "select count(*) from events where report_id = $R4 and sha = 'ffeeddccbbaa'")" 0
is "... the report stays open" "$(q "select state from reports where id = $R4")" open

# A database from before the three events (schema 10): the events table
# with the old CHECK, one event in it. Opening it migrates; the event is
# kept and the new ones can be stored.
cp "$T/db" "$T/old.db"
sqlite3 "$T/old.db" "PRAGMA foreign_keys=OFF;
CREATE TABLE ev8 (id INTEGER PRIMARY KEY,
  report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
  msg_id INTEGER REFERENCES messages(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('ack','fix-proposed',
    'retest-request','fix-confirmed','fix-partial','fix-no-effect',
    'cannot-reproduce','root-caused','more-data-request',
    'series-compare-request','dispute','close','command','reopen',
    'duplicate','regression-again')),
  source TEXT NOT NULL, author TEXT, evidence TEXT, sha TEXT, reason TEXT,
  created_at INTEGER NOT NULL);
INSERT INTO ev8 SELECT id, report_id, msg_id, type, source, author,
  evidence, sha, reason, created_at FROM events
  WHERE type NOT IN ('fix-applied', 'retest-failed', 'data-provided');
DROP TABLE events;
ALTER TABLE ev8 RENAME TO events;
CREATE UNIQUE INDEX events_once ON events(report_id, coalesce(msg_id, 0),
  type, source, coalesce(evidence, ''));
DROP TABLE git_positions; DROP TABLE report_splits;
DROP TABLE patch_keys; DROP TABLE fix_links; DROP TABLE skips;
ALTER TABLE outbox DROP COLUMN team; ALTER TABLE requests DROP COLUMN outsider;
ALTER TABLE reports DROP COLUMN unverified; ALTER TABLE messages DROP COLUMN trusted;
PRAGMA user_version=10;"
old_n=$(sqlite3 "$T/old.db" "select count(*) from events")
ok_if "the old table refuses fix-applied" sh -c "! sqlite3 '$T/old.db' \"insert into events (report_id, type, source, created_at) values ($R2, 'fix-applied', 'test:mig', 0)\" 2>/dev/null"
sed "s|^path = $T/db|path = $T/old.db|" "$T/conf" > "$T/conf.old"
ok_if "lkpbot db migrate on the old database" "$LKPBOT" -c "$T/conf.old" db migrate
is "... migrated to the head, schema 20" "$(sqlite3 "$T/old.db" "PRAGMA user_version")" 20
is "... its events kept" "$(sqlite3 "$T/old.db" "select count(*) from events")" "$old_n"
ok_if "... fix-applied now fits" sqlite3 "$T/old.db" "insert into events (report_id, type, source, created_at) values ($R2, 'fix-applied', 'test:mig', 0)"
ok_if "... retest-failed and data-provided too" sqlite3 "$T/old.db" "insert into events (report_id, type, source, created_at) values ($R2, 'retest-failed', 'test:mig', 0), ($R2, 'data-provided', 'test:mig', 0)"
ok_if "... one event once (the unique index is back)" sh -c "! sqlite3 '$T/old.db' \"insert into events (report_id, type, source, created_at) values ($R2, 'data-provided', 'test:mig', 0)\" 2>/dev/null"
ok_if "... integrity" sh -c "sqlite3 '$T/old.db' 'PRAGMA integrity_check' | grep -qx ok"
done_testing
