#!/bin/sh
# t0720-test-patch.sh - "#lkp test" end to end, through a real dovecot
# (IMAP) and postfix's smtp-sink (SMTP), `lkpbot run` after each step:
#  - a kernel tree made here: base, a culprit that slows the remaps down;
#    patches made with git against the culprit: a fix that applies, one
#    that conflicts, a revert; hostile ones written by hand;
#  - results for base and culprit: the three-columns lkp-golden tree,
#    which lkp-tests' own stats code (unite_to) wrote, its commit
#    directories renamed to this tree's commits;
#  - the patch author asks with the fix inline -> the fix is committed on
#    the culprit with her name and subject in a private worktree that is
#    gone afterwards; one lkp job file, for culprit + fix only (base and
#    culprit have results); one "queued" mail in the thread;
#  - the conflicting patch, attached -> answered at once with git's own
#    error lines and the commit it tried; no job;
#  - the same fix again from another recipient (same patch-id) -> no
#    second job, no second mail;
#  - hostile patches (../x, .git/hooks, a file through a symlink) ->
#    refused by git, nothing written outside the worktree, no hook
#    installed; the repository's own hooks (planted) never run;
#  - an outsider -> a polite refusal, no request;
#  - the fix's results arrive -> one answer with the three-column table
#    byte for byte what lkp ncompare printed for the tree (its commit
#    list aside: the mail names each commit with its subject),
#    and the verdict "partly recovers (N % of the regression)", N from
#    lkp's printed means, with the Welch figures; the report stays;
#  - a patch that applies but does not compile, asked by a maintainer:
#    queued; the builder (make and cc run here, as lkp's make.cross
#    runs make --keep-going) leaves its output as build-error in the
#    commit's result root -> "did not build" with the compiler's and
#    make's error lines, colour codes off, no table, no verdict, no new
#    job, the report where it was; a rerun sends nothing;
#  - "#lkp test git://... BRANCH" from a maintainer, the tree served by
#    a real git daemon on loopback: the branch's commit fetched under
#    refs/lkpbot/test-git/ID with no hook run, one job for it, its
#    results -> the three-column answer with it as the third column;
#    a file:// URL (not in [git] fetch_schemes) refused before git
#    runs; a ref that starts with '-' refused by the parser; the same
#    from the command line (lkpbot request REPORT test-git URL REF);
#    a branch whose pack is over [git] fetch_max_bytes: stopped by the
#    file-size limit, answered as such, nothing kept;
#  - a revert asked by another recipient, its runs those of the base ->
#    "fully recovers", the report fix-confirmed, saying who asked;
#  - a git apply that hangs: stopped at [git] patch_timeout, answered;
#  - [requests] patches_per_asker and [git] patch_max_bytes: a refusal
#    naming the key, and a patch too large answered before git runs.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"
. "$LKB_SRCDIR/tests/sh/lib-smtp.sh"
smtp_require
lkb_on_exit smtp_cleanup
for c in git sqlite3 tar; do
	command -v $c >/dev/null || bail_out "$c missing"
done
start_dovecot
lkb_setup
start_smtp_sink "$T/sink"
plan 65

# ---- the kernel tree ----
R=$T/repo
git init -q "$R"
git -C "$R" config user.name Tester
git -C "$R" config user.email tester@example.org
mkdir -p "$R/mm"
printf 'int remap(void)\n{\n\tstatic int batch = 64;\n\treturn batch;\n}\n\n/* end */\n' >"$R/mm/remap.c"
git -C "$R" add mm/remap.c
git -C "$R" commit -q -m "mm: base"
BASE=$(git -C "$R" rev-parse HEAD)
sed -i 's/batch = 64/batch = 1/' "$R/mm/remap.c"
git -C "$R" commit -q -a -m "mm/remap: remap one page at a time"
CULPRIT=$(git -C "$R" rev-parse HEAD)
# patches against the culprit (the tree is left as it was)
sed -i 's/batch = 1;/batch = 1;\n\tbatch *= 64;/' "$R/mm/remap.c"
git -C "$R" diff >"$T/fix.diff"
git -C "$R" checkout -q -- mm/remap.c
sed -i 's/batch = 1/batch = 32/' "$R/mm/remap.c"
git -C "$R" diff >"$T/other.diff"
git -C "$R" checkout -q -- mm/remap.c
sed 's/batch = 1/batch = 16/; s/batch = 32/batch = 8/' "$T/other.diff" >"$T/conflict.diff"
sed -i 's/batch = 1/batch = 64/' "$R/mm/remap.c"
git -C "$R" diff >"$T/revert.diff"
git -C "$R" checkout -q -- mm/remap.c
sed -i 's/batch = 1;/batch = 1 +;/' "$R/mm/remap.c"
git -C "$R" diff >"$T/broken.diff"
git -C "$R" checkout -q -- mm/remap.c
git -C "$R" worktree list --porcelain >"$T/wt.before"
# the operator's repository has hooks: lkpbot must run none of them
for h in post-checkout pre-commit commit-msg post-commit pre-applypatch \
	 post-applypatch reference-transaction; do
	printf '#!/bin/sh\necho %s >>"%s/hook-ran"\n' "$h" "$T" >"$R/.git/hooks/$h"
	chmod +x "$R/.git/hooks/$h"
done

# ---- results for base and culprit, by lkp's own code ----
G=$LKB_TEST_DATA/lkp-golden/cases/three-columns
mkdir -p "$T/tree" "$T/held"
tar -xzf "$G/result.tar.gz" -C "$T/tree"
RT=$T/tree/result/stress-ng/memory-100%-remap-60s/lkp-icl-2sp8/debian-12-x86_64-20240206.cgz/x86_64-rhel-9.4/gcc-12
mv "$RT/fb60e2ba21f9ee98ad87c772a08a2da8b3da2ba3" "$RT/$BASE"
mv "$RT/e9eff5d0c41414e9f53ced6462e80fef68d8d7a8" "$RT/$CULPRIT"
mv "$RT/54f1235b1357a19c2c2cbf3d14ae646567366868" "$T/held/fix"

short10() { echo "$1" | cut -c1-10; }
SUBJ="[mm/remap]  $(short10 "$CULPRIT"): stress-ng.remap.ops_per_sec -37.6% regression"
cat >"$T/report.eml" <<EOF
From: kernel test robot <oliver.sang@intel.com>
To: Jane Doe <jane@example.org>
Cc: Hugh Dickins <hugh@example.org>, linux-mm@kvack.org, lkp@intel.com
Subject: $SUBJ
Date: Tue, 02 Jan 2024 10:00:00 +0000
Message-ID: <202401021000.tp@intel.com>
Content-Type: text/plain; charset=utf-8

Hello,

kernel test robot noticed a -37.6% regression of stress-ng.remap.ops_per_sec on:


commit: $CULPRIT ("mm/remap: remap one page at a time")
https://git.kernel.org/cgit/linux/kernel/git/akpm/mm.git mm-everything

testcase: stress-ng
test machine: 128 threads 2 sockets Intel(R) Xeon(R) Platinum 8358 CPU @ 2.60GHz (Ice Lake) with 128G memory
parameters:

	nr_threads: 100%
	testtime: 60s
	class: memory
	test: remap


Details are as below:
-------------------------------------------------------------------------------------------------->

=========================================================================================
class/compiler/kconfig/nr_threads/rootfs/tbox_group/test/testcase/testtime:
  memory/gcc-12/x86_64-rhel-9.4/100%/debian-12-x86_64-20240206.cgz/lkp-icl-2sp8/remap/stress-ng/60s

commit: 
  $(short10 "$BASE") ("mm: base")
  $(short10 "$CULPRIT") ("mm/remap: remap one page at a time")

$(echo "$BASE" | cut -c1-16) $(echo "$CULPRIT" | cut -c1-27) 
---------------- --------------------------- 
         %stddev     %change         %stddev
             \          |                \  
      1233           -37.6%     769.75        stress-ng.remap.ops_per_sec



-- 
0-DAY CI Kernel Test Service
https://github.com/intel/lkp-tests/wiki
EOF
# reply FILE MSGID FROM DATE: a reply in the report's thread, body on stdin
reply() {
	{
		cat <<EOF
From: $3
To: kernel test robot <oliver.sang@intel.com>
Cc: linux-mm@kvack.org
Subject: Re: $SUBJ
Date: $4
Message-ID: <$2>
In-Reply-To: <202401021000.tp@intel.com>
References: <202401021000.tp@intel.com>
EOF
		cat
	} >"$T/$1"
}
{
	printf 'Content-Type: text/plain; charset=utf-8\n\n#lkp test\n\nThis should give the batches back.\n\n'
	printf 'From: Jane Doe <jane@example.org>\nSubject: [PATCH] mm/remap: batch the remaps again\n\n'
	printf 'Signed-off-by: Jane Doe <jane@example.org>\n---\n'
	cat "$T/fix.diff"
} | reply fix.eml jane.fix@example.org "Jane Doe <jane@example.org>" \
	"Tue, 02 Jan 2024 12:00:00 +0000"
{
	printf 'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n\n'
	printf -- '--b\nContent-Type: text/plain; charset=utf-8\n\n#lkp test\n\nOr this one?\n\n'
	printf -- '--b\nContent-Type: text/x-patch; charset=utf-8\nContent-Disposition: attachment; filename="0001-other.patch"\n\n'
	printf 'Subject: [PATCH] mm/remap: another batch\n\n---\n'
	cat "$T/conflict.diff"
	printf -- '--b--\n'
} | reply conflict.eml jane.conflict@example.org "Jane Doe <jane@example.org>" \
	"Tue, 02 Jan 2024 12:10:00 +0000"
{
	printf 'Content-Type: text/plain; charset=utf-8\n\n#lkp test\n\nThe same, from me.\n\n'
	cat "$T/fix.diff"
} | reply again.eml hugh.again@example.org "Hugh Dickins <hugh@example.org>" \
	"Tue, 02 Jan 2024 12:20:00 +0000"
{
	printf 'Content-Type: text/plain; charset=utf-8\n\n#lkp test\n\n'
	printf 'diff --git a/../x b/../x\nnew file mode 100644\n--- /dev/null\n+++ b/../x\n@@ -0,0 +1 @@\n+owned\n'
	printf 'diff --git a/.git/hooks/post-checkout b/.git/hooks/post-checkout\nnew file mode 100755\n--- /dev/null\n+++ b/.git/hooks/post-checkout\n@@ -0,0 +1,2 @@\n+#!/bin/sh\n+touch %s/hooked\n' "$T"
} | reply hostile.eml jane.hostile@example.org "Jane Doe <jane@example.org>" \
	"Tue, 02 Jan 2024 12:30:00 +0000"
# a symlink out of the worktree, then a file through it
{
	printf 'Content-Type: text/plain; charset=utf-8\n\n#lkp test\n\n'
	printf 'diff --git a/evil b/evil\nnew file mode 120000\n--- /dev/null\n+++ b/evil\n@@ -0,0 +1 @@\n+../..\n\\ No newline at end of file\n'
	printf 'diff --git a/evil/x b/evil/x\nnew file mode 100644\n--- /dev/null\n+++ b/evil/x\n@@ -0,0 +1 @@\n+owned\n'
} | reply symlink.eml jane.symlink@example.org "Jane Doe <jane@example.org>" \
	"Tue, 02 Jan 2024 12:35:00 +0000"
{
	printf 'Content-Type: text/plain; charset=utf-8\n\n#lkp test\n\n'
	cat "$T/fix.diff"
} | reply eve.eml eve.1@evil.example "Eve <eve@evil.example>" \
	"Tue, 02 Jan 2024 12:40:00 +0000"

{
	printf 'Content-Type: text/plain; charset=utf-8\n\n#lkp test\n\nOr simply go back to 64?\n\n'
	cat "$T/revert.diff"
} | reply revert.eml hugh.revert@example.org "Hugh Dickins <hugh@example.org>" \
	"Wed, 03 Jan 2024 09:00:00 +0000"

write_imap_conf INBOX
cat >>"$LKB_CONF" <<CONF
[smtp]
url = smtp://127.0.0.1:$SMTP_SINK_PORT
from = lkpbot <lkpbot@bot.example>
[bot]
verify_senders = none
address = lkpbot@bot.example
maintainers = alice@maint.example
cc_policy = thread
[results]
root = $T/tree/result
queue = $T/queue
[git]
repo = $R
worktrees = $T/wt
[requests]
patches_per_report = 30
CONF
run() { echo "$ lkpbot run" >>"$T/run.out"; "$LKPBOT" -c "$LKB_CONF" run >>"$T/run.out" 2>&1; }
q() { db_q "$1"; }
# the mails smtp-sink got, in order; new_mails lists the ones not seen
new_mails() {
	touch "$T/seen"
	for f in $(ls -tr "$T/sink"); do
		grep -qxF "$f" "$T/seen" || { echo "$f" >>"$T/seen"; echo "$T/sink/$f"; }
	done
}
# mail_to MSGID: the new mail threaded under the mail MSGID (CRs off)
mail_to() {
	for f in $NEW; do
		grep -q "^In-Reply-To: <$1>" "$f" && tr -d '\r' <"$f"
	done
}

maildir_put INBOX "$T/report.eml"
run
ok_rc "the report arrives" $?
is "it is tracked" "$(q 'select count(*) from reports')" 1
NEW=$(new_mails)

# ---- the asks ----
maildir_put INBOX "$T/fix.eml" "$T/conflict.eml" "$T/again.eml" \
	"$T/hostile.eml" "$T/symlink.eml" "$T/eve.eml"
run
ok_rc "run over the six asks" $?
NEW=$(new_mails)
is "five test-patch requests (not the outsider's)" \
	"$(q "select count(*) from requests where kind = 'test-patch'")" 5
req() { q "select r.$2 from requests r join messages m on m.id = r.msg_id where m.message_id = '$1' order by r.id limit 1"; }
is "the fix: queued" "$(req jane.fix@example.org state)" queued
FIX=$(git -C "$R" rev-parse --verify -q "refs/lkpbot/test-patch/$(req jane.fix@example.org id)")
ok_rc "the fix is committed on the culprit" \
	"$([ "$(git -C "$R" rev-parse "$FIX^")" = "$CULPRIT" ]; echo $?)"
is "with the mail's author and the patch's subject" \
	"$(git -C "$R" log -1 --format='%an <%ae>|%s' "$FIX")" \
	"Jane Doe <jane@example.org>|mm/remap: batch the remaps again"
is "the fix commit holds the patch" \
	"$(git -C "$R" show "$FIX:mm/remap.c" | grep -c 'batch \*= 64')" 1
is "one job file, for culprit + fix only" "$(ls "$T/queue" | tr '\n' ' ')" \
	"$(ls "$T/queue" | grep "^stress-ng-$(echo "$FIX" | cut -c1-12)-.*\.yaml$" | tr '\n' ' ')"
is "exactly one" "$(ls "$T/queue" | wc -l | tr -d ' ')" 1
ok_rc "in lkp's job layout: the fix commit, the report's axes" \
	"$(j=$(ls "$T/queue"/*); grep -Eqx "commit: '?$FIX'?" "$j" && grep -qx "tbox_group: lkp-icl-2sp8" "$j" && grep -qx "  test: remap" "$j"; echo $?)"
mail_to jane.fix@example.org >"$T/queued.mail"
ok_rc "one queued mail, to Jane, naming the job" \
	"$(grep -q '^To: Jane Doe <jane@example.org>' "$T/queued.mail" && grep -q "$FIX" "$T/queued.mail"; echo $?)"

is "the conflict: failed" "$(req jane.conflict@example.org state)" failed
mail_to jane.conflict@example.org >"$T/conflict.mail"
ok_rc "answered at once with git's own error lines" \
	"$(grep -q 'error: patch failed: mm/remap.c:' "$T/conflict.mail" && grep -q 'error: mm/remap.c: patch does not apply' "$T/conflict.mail"; echo $?)"
ok_rc "and the commit it tried" \
	"$(grep -q "\"mm/remap: another batch\" does not apply on $(echo "$CULPRIT" | cut -c1-12)" "$T/conflict.mail"; echo $?)"
ok_rc "no server path in it" "$(grep -q "$T" "$T/conflict.mail"; [ $? -ne 0 ]; echo $?)"

is "the same patch again: done, no job" "$(req hugh.again@example.org state)" done
is "its result names the first request" \
	"$(req hugh.again@example.org result | grep -o 'as request [0-9]*')" \
	"as request $(req jane.fix@example.org id)"
is "and no mail answers it" "$(mail_to hugh.again@example.org | wc -c | tr -d ' ')" 0

is "the hostile patch: failed" "$(req jane.hostile@example.org state)" failed
ok_rc "nothing written outside the worktree" \
	"$([ ! -e "$T/x" ] && [ ! -e "$T/wt/x" ] && [ ! -e "$T/hooked" ]; echo $?)"
ok_rc "no hook installed anywhere" \
	"$(grep -rqF "$T/hooked" "$R/.git" "$T/wt"; [ $? -ne 0 ]; echo $?)"
ok_rc "none of the repository's own hooks ran (worktree add, commit, ref)" \
	"$([ ! -e "$T/hook-ran" ]; echo $?)"
mail_to jane.symlink@example.org >"$T/symlink.mail"
ok_rc "a file through a symlink out of the worktree: refused, not written" \
	"$([ "$(req jane.symlink@example.org state)" = failed ] && grep -q 'beyond a symbolic link' "$T/symlink.mail" && [ ! -e "$T/x" ]; echo $?)"
mail_to jane.hostile@example.org >"$T/hostile.mail"
ok_rc "git's refusal is the answer" "$(grep -q 'invalid path' "$T/hostile.mail"; echo $?)"

mail_to eve.1@evil.example >"$T/eve.mail"
ok_rc "the outsider gets a polite refusal, alone" \
	"$(grep -q '^To: Eve <eve@evil.example>' "$T/eve.mail" && ! grep -q '^Cc:' "$T/eve.mail" && grep -q 'is not one of them, so nothing' "$T/eve.mail" && grep -q '^was queued' "$T/eve.mail"; echo $?)"
ok_rc "worktrees are gone" \
	"$([ -z "$(ls -A "$T/wt")" ] && git -C "$R" worktree list --porcelain | cmp -s - "$T/wt.before"; echo $?)"

# the command line's twin, on the fix's mail: the same patch again
"$LKPBOT" -c "$LKB_CONF" request 1 test-patch '<jane.fix@example.org>' >"$T/cli.out" 2>&1
ok_rc "lkpbot request REPORT test-patch MSG adds a request" \
	"$(grep -q '^request [0-9]*: test-patch' "$T/cli.out"; echo $?)"
run
NEW=$(new_mails)
is "it is the same patch: done, no second job" \
	"$(q "select state from requests order by id desc limit 1") $(ls "$T/queue" | wc -l | tr -d ' ')" "done 1"
is "a run with nothing new sends nothing" "$(echo $NEW | wc -w | tr -d ' ')" 0

# ---- the fix's results arrive ----
mv "$T/held/fix" "$RT/$FIX"
run
ok_rc "run with all results" $?
NEW=$(new_mails)
is "the fix request is done" "$(req jane.fix@example.org state)" done
is "one mail" "$(echo $NEW | wc -w | tr -d ' ')" 1
mail_to jane.fix@example.org >"$T/answer.mail"
# the rows of lkp ncompare's own output for this tree, from the line
# after the column heads on
sed -n '/^ *\\ *|/,$p' "$G/ncompare.out" | sed 1d | grep . >"$T/rows"
missing=$(grep -Fxvf "$T/answer.mail" "$T/rows" | wc -l | tr -d ' ')
is "every row of lkp ncompare's three-column table, byte for byte" "$missing" 0
# the whole section but the commit list (the mail names each commit with
# its subject): lkp's output with this tree's commits for the golden's
nocommits() { awk '/^commit: $/ { skip = 1; next } skip && /^$/ { skip = 0; next } !skip'; }
sed -e "s/fb60e2ba21f9ee98/$(echo "$BASE" | cut -c1-16)/g" \
    -e "s/e9eff5d0c41414e9f53ced6462e/$(echo "$CULPRIT" | cut -c1-27)/g" \
    -e "s/54f1235b1357a19c2c2cbf3d14a/$(echo "$FIX" | cut -c1-27)/g" \
    "$G/ncompare.out" | nocommits >"$T/lkp.section"
sed -n '/^=\{89\}$/,/^Where the change comes from/p' "$T/answer.mail" |
	sed '$d' | nocommits >"$T/mail.section"
ok_rc "the section byte for byte as lkp ncompare prints it (commit list aside)" \
	"$(cmp -s "$T/lkp.section" "$T/mail.section" && [ "$(wc -l <"$T/mail.section")" -gt 20 ]; echo $?)"
ok_rc "three columns: base, culprit, culprit + fix" \
	"$(grep -q "^  $(short10 "$BASE")" "$T/answer.mail" && grep -q "^  $(short10 "$CULPRIT")" "$T/answer.mail" && grep -q "^  $(short10 "$FIX")" "$T/answer.mail"; echo $?)"
# the share of the regression given back, from lkp's printed means:
# (fix - culprit) / (base - culprit)
share=$(awk '$NF == "stress-ng.remap.ops_per_sec" { printf "%.0f", ($5 - $3) / ($1 - $3) * 100 }' "$T/rows")
ok_rc "the verdict: partly recovers ($share % of the regression)" \
	"$(grep -qxF "Verdict (the report's headline metric decides): the patch partly recovers ($share % of the regression)." "$T/answer.mail"; echo $?)"
ok_rc "with the numbers and the noise confidence it came from" \
	"$(grep -qF "  base 1233" "$T/answer.mail" && grep -q '^  culprit + fix against base, likely (Welch t' "$T/answer.mail" && grep -q '^  culprit + fix against culprit, clear (Welch t' "$T/answer.mail"; echo $?)"
ok_rc "says who asked; the report is not fix-confirmed" \
	"$(grep -qx 'Asked by jane@example.org.' "$T/answer.mail" && [ "$(q 'select state from reports')" != fix-confirmed ]; echo $?)"

# ---- a patch that does not compile: build failed, no verdict ----
{
	printf 'Content-Type: text/plain; charset=utf-8\n\n#lkp test\n\n'
	printf 'Subject: [PATCH] mm/remap: add to the batch\n\n---\n'
	cat "$T/broken.diff"
} | reply broken.eml alice.broken@maint.example "Alice <alice@maint.example>" \
	"Tue, 02 Jan 2024 13:00:00 +0000"
# ask FILE MSGID: the ask delivered, a run; NEW the mails sent, SHA the
# commit its patch became
ask() {
	maildir_put INBOX "$T/$1"
	run
	NEW=$(new_mails)
	SHA=$(git -C "$R" rev-parse --verify -q "refs/lkpbot/test-patch/$(req "$2" id)")
}
ask broken.eml alice.broken@maint.example
BROKEN=$SHA
is "the patch that does not compile applies: queued, one more job" \
	"$(req alice.broken@maint.example state) $(ls "$T/queue" | wc -l | tr -d ' ')" "queued 2"
# the builder: the committed tree, make --keep-going, cc's own errors
mkdir -p "$T/build" "$RT/$BROKEN"
git -C "$R" archive "$BROKEN" | tar -x -C "$T/build"
printf 'mm/remap.o: mm/remap.c\n\t$(CC) -fdiagnostics-color=always -c -o $@ mm/remap.c\n' >"$T/build/Makefile"
make --keep-going -C "$T/build" >"$RT/$BROKEN/build-error" 2>&1
is "the build really fails" $? 2
hist=$(q 'select count(*) from report_history')
state=$(q 'select state from reports')
run
NEW=$(new_mails)
mail_to alice.broken@maint.example >"$T/broken.mail"
is "one answer, the request done as a build failure" \
	"$(echo $NEW | wc -w | tr -d ' ') $(req alice.broken@maint.example state) $(req alice.broken@maint.example result)" \
	"1 done build failed: $(echo "$BROKEN" | cut -c1-12)"
ok_rc "it says the kernel with the patch did not build" \
	"$(grep -qxF "The kernel did not build for $(echo "$BROKEN" | cut -c1-12) (the patch on the report's commit)," "$T/broken.mail"; echo $?)"
ok_rc "with cc's error line and make's, as the build printed them, colour off" \
	"$(grep -Eq '^    mm/remap.c:[0-9]+:[0-9]+: error: expected expression' "$T/broken.mail" && grep -Eq '^    make(\[[0-9]+\])?: \*\*\* \[Makefile:2: mm/remap.o\] Error 1$' "$T/broken.mail" && ! grep -q "$(printf '\033')" "$T/broken.mail" && ! grep -q '01;31' "$T/broken.mail"; echo $?)"
ok_rc "no table, no verdict" \
	"$(! grep -q '^=\{89\}$' "$T/broken.mail" && ! grep -q '^Verdict' "$T/broken.mail"; echo $?)"
is "the report does not move; no new job" \
	"$(q 'select count(*) from report_history') $(q 'select state from reports') $(ls "$T/queue" | wc -l | tr -d ' ')" \
	"$hist $state 2"
run
is "a rerun sends nothing" "$(new_mails | wc -w | tr -d ' ')" 0

# ---- a patch that gives it all back: fix-confirmed ----
ask revert.eml hugh.revert@example.org
REV=$SHA
is "the revert is queued: one more job file" \
	"$(req hugh.revert@example.org state) $(ls "$T/queue" | wc -l | tr -d ' ')" "queued 3"
# its runs: lkp's runs of the base, as a revert would give
cp -r "$RT/$BASE" "$RT/$REV"
run
NEW=$(new_mails)
mail_to hugh.revert@example.org >"$T/revert.mail"
ok_rc "the answer: fully recovers" \
	"$(grep -qxF "Verdict (the report's headline metric decides): the patch fully recovers." "$T/revert.mail"; echo $?)"
is "the report is fix-confirmed" "$(q 'select state from reports')" fix-confirmed
ok_rc "its history names the request and who asked" \
	"$(q "select cause from report_history where to_state = 'fix-confirmed'" | grep -q "#lkp test by hugh@example.org"; echo $?)"
ok_rc "the answer says who asked and that" \
	"$(grep -qx 'Asked by hugh@example.org. The report is now fix-confirmed.' "$T/revert.mail"; echo $?)"

# ---- #lkp test <git-url> <branch>: a tree served by git daemon ----
mkdir -p "$T/pub"
git clone -q "$R" "$T/dev"
git -C "$T/dev" config user.name Tree
git -C "$T/dev" config user.email tree@example.org
git -C "$T/dev" checkout -q -b remap-fix "$CULPRIT"
git -C "$T/dev" apply --index "$T/revert.diff"
git -C "$T/dev" commit -q -m "mm/remap: batch again, from a tree"
TREE=$(git -C "$T/dev" rev-parse HEAD)
git clone -q --bare "$T/dev" "$T/pub/linux.git"
GITD_PORT=$(free_port)
git daemon --reuseaddr --export-all --base-path="$T/pub" \
	--listen=127.0.0.1 --port="$GITD_PORT" --pid-file="$T/gitd.pid" \
	--detach "$T/pub"
gitd_stop() { [ -f "$T/gitd.pid" ] && kill "$(cat "$T/gitd.pid")" 2>/dev/null; :; }
lkb_on_exit gitd_stop
for _ in 1 2 3 4 5 6 7 8 9 10; do
	git ls-remote "git://127.0.0.1:$GITD_PORT/linux.git" >/dev/null 2>&1 && break
	sleep 0.3
done
printf 'Content-Type: text/plain; charset=utf-8\n\n#lkp test git://127.0.0.1:%s/linux.git remap-fix\n\nThis tree has it.\n' "$GITD_PORT" |
	reply tree.eml alice.tree@maint.example "Alice <alice@maint.example>" \
	"Wed, 03 Jan 2024 09:10:00 +0000"
printf 'Content-Type: text/plain; charset=utf-8\n\n#lkp test file://%s/pub/linux.git remap-fix\n' "$T" |
	reply file.eml alice.file@maint.example "Alice <alice@maint.example>" \
	"Wed, 03 Jan 2024 09:11:00 +0000"
printf 'Content-Type: text/plain; charset=utf-8\n\n#lkp test git://127.0.0.1:%s/linux.git --upload-pack=touch%%20%s/owned\n' "$GITD_PORT" "$T" |
	reply dash.eml hugh.dash@example.org "Hugh Dickins <hugh@example.org>" \
	"Wed, 03 Jan 2024 09:12:00 +0000"
maildir_put INBOX "$T/tree.eml" "$T/file.eml" "$T/dash.eml"
run
NEW=$(new_mails)
FETCHED=$(git -C "$R" rev-parse --verify -q "refs/lkpbot/test-git/$(req alice.tree@maint.example id)")
is "the branch's commit is fetched and kept for the jobs" "$FETCHED" "$TREE"
is "queued, one job file more, for it" \
	"$(req alice.tree@maint.example state) $(ls "$T/queue" | wc -l | tr -d ' ') $(ls "$T/queue" | grep -c "^stress-ng-$(echo "$TREE" | cut -c1-12)-")" \
	"queued 4 1"
ok_rc "no hook of the repository ran for the fetch" "$([ ! -e "$T/hook-ran" ]; echo $?)"
mail_to alice.file@maint.example >"$T/file.mail"
ok_rc "a file:// URL is refused, naming [git] fetch_schemes; nothing fetched" \
	"$([ "$(req alice.file@maint.example state)" = failed ] && grep -q 'fetches only from https and git URLs (\[git\] fetch_schemes)' "$T/file.mail" && ! git -C "$R" rev-parse -q --verify "refs/lkpbot/test-git/$(req alice.file@maint.example id)" >/dev/null; echo $?)"
mail_to hugh.dash@example.org >"$T/dash.mail"
ok_rc "a ref that is an option: refused by the parser, no request, nothing run" \
	"$([ -z "$(req hugh.dash@example.org id)" ] && grep -q 'needs a branch, tag or commit sha' "$T/dash.mail" && [ ! -e "$T/owned" ]; echo $?)"
cp -r "$RT/$BASE" "$RT/$TREE"
run
NEW=$(new_mails)
mail_to alice.tree@maint.example >"$T/tree.mail"
ok_rc "its results in: base, culprit and the tree's commit side by side, a verdict" \
	"$(grep -q "^  $(short10 "$TREE")" "$T/tree.mail" && grep -q "^  $(short10 "$CULPRIT")" "$T/tree.mail" && grep -qxF "Verdict (the report's headline metric decides): the patch fully recovers." "$T/tree.mail"; echo $?)"
# the command line's twin: lkpbot request REPORT test-git URL REF
"$LKPBOT" -c "$LKB_CONF" request 1 test-git "git://127.0.0.1:$GITD_PORT/linux.git" -x >/dev/null 2>&1
is "test-git with a ref that is an option: a usage error" $? 2
"$LKPBOT" -c "$LKB_CONF" request 1 test-git "git://127.0.0.1:$GITD_PORT/linux.git" remap-fix >"$T/cli.out" 2>&1
CLI_ID=$(sed -n 's/^request \([0-9]*\): test-patch git .*/\1/p' "$T/cli.out")
run
NEW=$(new_mails)
is "lkpbot request REPORT test-git URL REF: fetched, compared, done, no mail" \
	"$(git -C "$R" rev-parse -q --verify "refs/lkpbot/test-git/$CLI_ID") $(q "select state from requests where id = ${CLI_ID:-0}") $(echo $NEW | wc -w | tr -d ' ')" \
	"$TREE done 0"

# ---- a fetch bigger than [git] fetch_max_bytes is stopped ----
git -C "$T/dev" checkout -q -b big-blob remap-fix
head -c 65536 /dev/urandom >"$T/dev/blob.bin"
git -C "$T/dev" add blob.bin
git -C "$T/dev" commit -q -m "a blob that does not compress"
git -C "$T/dev" push -q "$T/pub/linux.git" big-blob
sed -i 's/^\[git\]$/[git]\nfetch_max_bytes = 16384/' "$LKB_CONF"
printf 'Content-Type: text/plain; charset=utf-8\n\n#lkp test git://127.0.0.1:%s/linux.git big-blob\n' "$GITD_PORT" |
	reply bigtree.eml alice.bigtree@maint.example "Alice <alice@maint.example>" \
	"Wed, 03 Jan 2024 09:20:00 +0000"
maildir_put INBOX "$T/bigtree.eml"
run
NEW=$(new_mails)
mail_to alice.bigtree@maint.example >"$T/bigtree.mail"
ok_rc "a fetch past [git] fetch_max_bytes: stopped, answered, nothing kept" \
	"$([ "$(req alice.bigtree@maint.example state)" = failed ] && grep -q 'was stopped: it brought more than 16384 bytes (\[git\] fetch_max_bytes)' "$T/bigtree.mail" && ! git -C "$R" rev-parse -q --verify "refs/lkpbot/test-git/$(req alice.bigtree@maint.example id)" >/dev/null; echo $?)"
sed -i '/^fetch_max_bytes = /d' "$LKB_CONF"

# ---- a git apply that hangs is stopped at [git] patch_timeout ----
mkdir -p "$T/slow"
cat >"$T/slow/git" <<SLOW
#!/bin/sh
case " \$* " in *" apply "*) exec sleep 30 ;; esac
exec $(command -v git) "\$@"
SLOW
chmod +x "$T/slow/git"
sed -i 's/^\[git\]$/[git]\npatch_timeout = 1/' "$LKB_CONF"
{
	printf 'Content-Type: text/plain; charset=utf-8\n\n#lkp test\n\n'
	cat "$T/other.diff"
} | reply slow.eml alice.slow@maint.example "Alice <alice@maint.example>" \
	"Wed, 03 Jan 2024 09:30:00 +0000"
maildir_put INBOX "$T/slow.eml"
start=$(date +%s)
PATH="$T/slow:$PATH" run
took=$(( $(date +%s) - start ))
NEW=$(new_mails)
mail_to alice.slow@maint.example >"$T/slow.mail"
ok_rc "git apply is stopped after [git] patch_timeout, and the answer says so" \
	"$([ $took -lt 25 ] && [ "$(req alice.slow@maint.example state)" = failed ] && grep -q 'git apply was stopped: it took longer than' "$T/slow.mail"; echo $?)"
ok_rc "its worktree is gone too" \
	"$([ -z "$(ls -A "$T/wt")" ] && git -C "$R" worktree list --porcelain | cmp -s - "$T/wt.before"; echo $?)"

# ---- bounds: patches per asker, patch size ----
cat >>"$LKB_CONF" <<CONF
[requests]
patches_per_asker = 3
CONF
sed -i 's/^\[git\]$/[git]\npatch_max_bytes = 100/' "$LKB_CONF"
{
	printf 'Content-Type: text/plain; charset=utf-8\n\n#lkp test\n\n'
	cat "$T/other.diff"
} | reply more.eml jane.more@example.org "Jane Doe <jane@example.org>" \
	"Wed, 03 Jan 2024 10:00:00 +0000"
{
	printf 'Content-Type: text/plain; charset=utf-8\n\n#lkp test\n\n'
	cat "$T/other.diff"
} | reply big.eml hugh.big@example.org "Hugh Dickins <hugh@example.org>" \
	"Wed, 03 Jan 2024 10:10:00 +0000"
maildir_put INBOX "$T/more.eml" "$T/big.eml"
run
NEW=$(new_mails)
mail_to jane.more@example.org >"$T/more.mail"
ok_rc "past [requests] patches_per_asker: refused, saying which, no request" \
	"$(grep -q 'patches_per_asker' "$T/more.mail" && [ -z "$(req jane.more@example.org id)" ]; echo $?)"
mail_to hugh.big@example.org >"$T/big.mail"
ok_rc "a patch over [git] patch_max_bytes: refused before git sees it" \
	"$(grep -q 'more than lkpbot takes (\[git\] patch_max_bytes = 100)' "$T/big.mail" && [ "$(req hugh.big@example.org state)" = failed ] && ! git -C "$R" rev-parse -q --verify "refs/lkpbot/test-patch/$(req hugh.big@example.org id)" >/dev/null; echo $?)"
done_testing
