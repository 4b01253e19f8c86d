#!/bin/sh
# t0488-tree-people.sh - a fix applied, said by one a report was sent
# to: on a report about a commit in a tree ("[xfs-linux:test-merge
# 13/13] ...", To: the tree's owner) or about the robot's own fix
# patch, the recipient owns the tree and the report closes as fixed; on
# a report about a patch posted for review (To: its author) it only
# moves to fix-proposed, the author applying nothing. An outsider's
# word waits for review either way (audit F4).
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
command -v sqlite3 >/dev/null || bail_out "sqlite3 is needed"
triage_conf "akpm@linux-foundation.org"
printf '[rules]\nact_model = none\n' >>"$T/conf"
deliver "$LKB_TEST_DATA/msg/0004-build-error-branch.eml"
deliver "$LKB_TEST_DATA/evidence/10-report.eml"
ok_if "a tree's report and a patch's report" run
TREE=202503090042.CWpAx3iG-lkp@intel.com
PATCH=202508200409.b2459c02-lkp@intel.com
RT=$(rid $TREE)
RP=$(rid $PATCH)
ok_if "... both known" test -n "$RT" -a -n "$RP"
is "... the tree's report is on a tree" "$(q "select tree from reports where id = $RT")" "xfs-linux"

mail "Eve <eve@evil.example>" $TREE "[xfs-linux:test-merge 13/13] fs/xfs/xfs_file.c" \
	"On Sun, Mar 09, 2025, kernel test robot wrote:\n> error: too few arguments\n\nFixed, thanks.\n"
ok_if "an outsider says fixed" run
is "... the tree's report stays open" "$(state $RT)" "open -"
is "... the word waits for review" \
	"$(q "select review from events where report_id = $RT and type = 'fix-applied'")" "pending"

mail "Carlos Maiolino <cem@kernel.org>" $TREE "[xfs-linux:test-merge 13/13] fs/xfs/xfs_file.c" \
	"On Sun, Mar 09, 2025, kernel test robot wrote:\n> error: too few arguments\n\nFixed, thanks.\n"
ok_if "the tree's owner, its recipient, says fixed" run
is "... the report closes as fixed" "$(state $RT)" "closed fixed"

mail "Rajeev Mishra <rajeevm@hpe.com>" $PATCH "Re: [PATCH v4 2/2] loop: use vfs_getattr_nosec" \
	"On Wed, Aug 20, 2025, kernel test robot wrote:\n> Hello,\n\nApplied, thanks.\n"
ok_if "the patch's author, its recipient, says applied" run
is "... the patch's report only moves to fix-proposed" "$(state $RP)" "fix-proposed -"
done_testing
