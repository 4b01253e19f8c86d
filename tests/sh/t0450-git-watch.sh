#!/bin/sh
# t0450-git-watch.sh - fixes found in git ([git] watch): real report
# mails are ingested, then a generated repository gets commits with the
# trailers LKP asks for in every form (Closes:/Link: with lore URLs,
# bracketed, percent-encoded, with a trailing slash), Fixes: with 12
# and 40 hex digits, a revert of a culprit, and trailers that must do
# nothing (an unknown report, a report id, hostile text); a Fixes: in a
# commit that does not credit the robot only proposes the fix. A cron run
# with nothing new costs one `git rev-parse` per watched branch (counted
# by a git on PATH that logs its arguments). Also: migration 11 -> 12
# (git_positions, report_splits),
# [git] watch checked as configuration.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
command -v git >/dev/null || bail_out "git missing"
triage_conf "akpm@linux-foundation.org"
C=$LKB_TEST_DATA/corpus/maildir/cur
for f in "$S"/000-report.eml "$S"/001-report.eml "$S"/002-report.eml \
	"$C"/1718346245.059449_4c790b07921cbebfeb241a3638f971b73b026e71.pi:2, \
	"$C"/1712545472.056407_57aaacf6aa7ad8b6d7a7709ab7d5e2e9e5b46bf3.pi:2, \
	"$C"/1744262082.071496_127afc4d6992c510b16289e6b9d3ef4bce3c06bc.pi:2, \
	"$C"/1683598399.044393_2361a4d73d011430584041e051b45a1edb7de41a.pi:2, \
	"$C"/1727620616.063353_e69961512db3f40b90eeb7c71539e076adc8a56c.pi:2, \
	"$C"/1728892524.064233_6dc7996aef0362f48b19bfaeffefd84f57502f28.pi:2, \
	"$C"/1651828970.034275_302bcfa56da986fde54a7f429ef5f9854e59f1f2.pi:2,; do
	cp "$f" "$T/md/new/$(basename "$f" | tr -d ':,').$$"
done
ok_if "reports imported" run
R0=$(rid 20190930014612.story000@shao2-debian)	# culprit 87eaceb3faa5
R1=$(rid 20210804143812.story001@xsang-OptiPlex-9020)	# 2bf1ec0ff067
R2=$(rid 20201102091543.GM31092@shao2-debian)
RA=$(rid 202406141453.7a44f956-oliver.sang@intel.com)
RB=$(rid 202404081036.56aa7de3-lkp@intel.com)
RC=$(rid 202504101036.390f29a5-lkp@intel.com)
RD=$(rid 202305090905.aff4e0e6-oliver.sang@intel.com)
RE=$(rid 202409292200.d8132f52-oliver.sang@intel.com)
RF=$(rid 202410141536.1167190b-oliver.sang@intel.com)	# c5c810b94cfd
RG=$(rid 20220506092250.GI23061@xsang-OptiPlex-9020)
is "ten reports, all open" "$(q "select count(*) || ' ' || group_concat(distinct state) from reports")" "10 open"

# ---- the repository: master and next ----
G=$T/repo
git init -q -b master "$G"
git -C "$G" config user.name "A Developer"
git -C "$G" config user.email "dev@example.org"
commit() { # MESSAGE (printf %b): its sha
	printf '%b\n' "$1" | git -C "$G" commit -q --allow-empty -F -
	git -C "$G" rev-parse HEAD
}
commit "base" >/dev/null
CA=$(commit "mm: fix A\n\nReported-by: kernel test robot <lkp@intel.com>\nCloses: https://lore.kernel.org/oe-lkp/202406141453.7a44f956-oliver.sang@intel.com\nSigned-off-by: A Developer <dev@example.org>")
CB=$(commit "mm: fix B\n\nLink: https://lore.kernel.org/r/<202404081036.56aa7de3-lkp@intel.com>")
CC=$(commit "fs: fix C\n\ncloses: https://lore.kernel.org/all/202504101036.390f29a5-lkp@intel.com/")
CD=$(commit "fs: fix D\n\nLink: http://lore.kernel.org/lkml/202305090905.aff4e0e6-oliver.sang%40intel.com")
CE=$(commit "net: fix E\n\nCloses: https://lore.kernel.org/oe-lkp/%3C202409292200.d8132f52-oliver.sang@intel.com%3E/")
C0=$(commit "mm: thp: fix the madvise regression\n\nFixes: 87eaceb3faa5 (\"mm: the culprit\")\nReported-by: kernel test robot <oliver.sang@intel.com>")
C1=$(commit "xfs: fix the mknod regression\n\nFixes: 2BF1EC0FF067FF8F692D261B29C713F3583F7E2A (\"xfs: the culprit\")")
# nothing here may match: an unknown report, a report's row id, a
# report id as a path, too short a sha, hostile text, a quoted trailer
CN=$(commit "misc: nothing to do with reports\n\nCloses: https://lore.kernel.org/oe-lkp/202501010000.deadbeef-lkp@intel.com\nLink: https://lore.kernel.org/oe-lkp/$RG\nLink: https://lore.kernel.org/oe-lkp/<$RG>/\nFixes: 1234567 (\"short\")\nFixes: \$(touch $T/pwned) 87eaceb3faa5\nCloses: https://lore.kernel.org/oe-lkp/x'; DROP TABLE reports;--@intel.com\nLink: https://example.org/oe-lkp/20220506092250.GI23061@xsang-OptiPlex-9020\n  Closes: https://lore.kernel.org/oe-lkp/20220506092250.GI23061@xsang-OptiPlex-9020\nFixes: 32678f151338b9a321e9e27139a63c81f353acb7x")
git -C "$G" branch next
git -C "$G" checkout -q next
CF=$(commit "Revert \"mm: the culprit of F\"\n\nThis reverts commit c5c810b94cfd818fc2f58c96feee58a9e5ead96d.\n\nIt regressed stress-ng.")
git -C "$G" checkout -q master

# a git that logs what it is asked, ahead of the real one on PATH
mkdir -p "$T/bin"
REALGIT=$(command -v git)
printf '#!/bin/sh\nprintf "%%s\\n" "$*" >>"%s"\nexec "%s" "$@"\n' "$T/git.log" "$REALGIT" >"$T/bin/git"
chmod +x "$T/bin/git"
printf '[git]\nrepo = %s\nwatch = master, next\n' "$G" >>"$T/conf"
wrun() { PATH="$T/bin:$PATH" "$LKPBOT" -c "$T/conf" run --dry-run "$T/out" >"$T/run.out" 2>"$T/run.err"; }

ok_if "a run with [git] watch" wrun
is "... says what it found" "$(grep '^git:' "$T/run.out")" "git: 2 of 2 branches moved, 19 commits read, 15 matches, 7 reports closed, 1 fixes proposed"
st() { q "select state || ' ' || coalesce(close_reason, '-') from reports where id = $1"; }
is "Closes: lore/oe-lkp/ID closes its report as fixed" "$(st $RA)" "closed fixed"
is "Link: lore/r/<ID> (angle brackets)" "$(st $RB)" "closed fixed"
is "closes: (any case) lore/all/ID/ (trailing slash)" "$(st $RC)" "closed fixed"
is "Link: http lore/lkml/ID percent-encoded" "$(st $RD)" "closed fixed"
is "Closes: lore/oe-lkp/%3CID%3E/" "$(st $RE)" "closed fixed"
is "Fixes: with 12 hex digits naming the culprit, crediting the robot" "$(st $R0)" "closed fixed"
is "Fixes: with 40 hex digits (upper case), no robot: a fix proposed" "$(st $R1)" "fix-proposed -"
is "... its commit related as fix-proposed" "$(q "select relation from report_related where report_id = $R1")" fix-proposed
is "a revert of the culprit on next: reverted" "$(st $RF)" "closed reverted"
is "an unknown report, a row id, hostile text: nothing" "$(st $RG)" "open -"
is "... nor the report nobody named" "$(st $R2)" "open -"
ok_if "... the hostile text ran nothing" test ! -e "$T/pwned"
is "... and the reports table is there" "$(q 'select count(*) from reports')" 10
is "one event per match and branch, from git" "$(q "select count(*) from events where source like 'git:%'")" 15
is "... the reason only on those that close" "$(q "select count(*) from events where source like 'git:%' and reason is null")" 2
is "... on 8 reports" "$(q "select count(distinct report_id) from events where source like 'git:%'")" 8
is "the event is fix-applied with the full sha" \
	"$(q "select type || ' ' || sha || ' ' || reason from events where report_id = $RF and source = 'git:next'")" \
	"fix-applied $CF reverted"
is "the history's cause names the commit" \
	"$(q "select cause from report_history where report_id = $RA and to_state = 'closed'")" "git:$(echo $CA | cut -c1-12)"
"$LKPBOT" -c "$T/conf" show --json $RA >"$T/a.json"
ok_if "show --json: the full sha in related_commits" \
	python3 -c "import json,sys; d=json.load(open('$T/a.json')); sys.exit(0 if '$CA' in d['related_commits'] and d['close_reason']=='fixed' else 1)"
"$LKPBOT" -c "$T/conf" show $RF >"$T/f.txt"
ok_if "show names the commit and its branch" grep -q "^landed  *$(echo $CF | cut -c1-12) (.Revert .mm: the culprit of F..) on next: This reverts commit c5c810b94cfd" "$T/f.txt"
ok_if "... and the close reason" grep -q "^state  *closed (reverted)" "$T/f.txt"

# ---- nothing new: one rev-parse per branch, no walk ----
: >"$T/git.log"
ok_if "a run with nothing new" wrun
is "... spawns git twice: a rev-parse per branch" "$(wc -l <"$T/git.log" | tr -d ' ')" 2
is "... both rev-parse" "$(grep -c ' rev-parse --verify --quiet [a-z]*^{commit}$' "$T/git.log")" 2
is "... and prints nothing of git" "$(grep -c '^git:' "$T/run.out")" 0
: >"$T/git.log"
PATH="$T/bin:$PATH" "$LKPBOT" -c "$T/conf" watch >"$T/run.out" 2>&1
ok_rc "lkpbot watch, the stage alone, with nothing new" $?
is "... two rev-parses too" "$(grep -c ' rev-parse ' "$T/git.log")" 2

# ---- a new commit on master: read from the stored position only ----
# it credits the robot for the report it names; its Fixes: names the
# culprit of another report, which it only proposes to fix
CG=$(commit "drm: fix G\n\nFixes: bd0b230fe145 (\"mm/memcg: the culprit of 002\")\nReported-by: kernel test robot <lkp@intel.com>\nCloses: https://lore.kernel.org/oe-lkp/20220506092250.GI23061@xsang-OptiPlex-9020")
: >"$T/git.log"
ok_if "a run after one new commit" wrun
is "... reads one commit" "$(grep '^git:' "$T/run.out")" "git: 1 of 2 branches moved, 1 commits read, 2 matches, 1 reports closed, 1 fixes proposed"
ok_if "... git log from the stored tip" grep -q " log .* $CN\\.\\.$CG --\$" "$T/git.log"
is "... the report it names is closed" "$(st $RG)" "closed fixed"
is "... the other report on its Fixes: culprit: a fix proposed" "$(st $R2)" "fix-proposed -"

# ---- a reopened report is not closed again by the same commit ----
"$LKPBOT" -c "$T/conf" reopen $RA >/dev/null 2>&1
q "delete from git_positions"	# as if the position were lost
printf 'window = 3\n' >>"$T/conf"
ok_if "a run after losing the positions" wrun
is "... reads [git] window commits per branch" "$(grep '^git:' "$T/run.out")" "git: 2 of 2 branches moved, 6 commits read, 5 matches, 0 reports closed, 0 fixes proposed"
is "... the reopened report stays open (its commit is older)" "$(st $RA)" "open -"

# ---- configuration ----
printf '[git]\nwatch = master\n' >"$T/conf2"
"$LKPBOT" -c "$T/conf2" list >/dev/null 2>"$T/err"
is "[git] watch without repo: configuration error" $? 5
ok_if "... saying so" grep -q 'watch needs \[git\] repo' "$T/err"
printf '[git]\nrepo = %s\nwatch = --upload-pack=x\n' "$G" >"$T/conf2"
"$LKPBOT" -c "$T/conf2" list >/dev/null 2>"$T/err"
is "an option as a branch: configuration error" $? 5
sed 's/^watch = .*/watch = nosuch, master/' "$T/conf" >"$T/conf2"
"$LKPBOT" -c "$T/conf2" run --dry-run "$T/out" >/dev/null 2>"$T/err"
ok_if "an unknown branch fails the run" test $? -ne 0
ok_if "... naming it" grep -q "branch 'nosuch'" "$T/err"

# ---- migration 11 -> 12 ----
cp "$T/db" "$T/old.db"
sqlite3 "$T/old.db" "DROP TABLE git_positions; DROP TABLE report_splits;
DROP INDEX events_review; ALTER TABLE events DROP COLUMN confidence;
ALTER TABLE events DROP COLUMN review; ALTER TABLE events DROP COLUMN reviewed_by;
ALTER TABLE events DROP COLUMN reviewed_at; DROP TABLE patch_keys;
DROP TABLE fix_links; DROP TABLE skips;
ALTER TABLE outbox DROP COLUMN team;
ALTER TABLE requests DROP COLUMN outsider;
ALTER TABLE reports DROP COLUMN unverified; ALTER TABLE messages DROP COLUMN trusted; PRAGMA user_version=11;"
sed "s|^path = $T/db|path = $T/old.db|" "$T/conf" >"$T/conf.old"
ok_if "lkpbot db migrate on a schema 11 database" "$LKPBOT" -c "$T/conf.old" db migrate
is "... migrated to the head, schema 20" "$(sqlite3 "$T/old.db" "PRAGMA user_version")" 20
is "... positions can be kept" "$(sqlite3 "$T/old.db" "insert into git_positions values ('r', 'b', 'abc', 0); select count(*) from git_positions")" 1
is "... and splits (lkpbot split)" "$(sqlite3 "$T/old.db" "insert into report_splits values ($RA, 'me', 0); select count(*) from report_splits")" 1
ok_if "... integrity" sh -c "sqlite3 '$T/old.db' 'PRAGMA integrity_check' | grep -qx ok"
done_testing
