#!/bin/sh
# t0455-evidence.sh - evidence from mail outside a report's thread
# (issue 34), on real linux-block mail (tests/data/evidence/README.md):
# a fix patch of its own with Closes: makes its report fix-proposed, the
# maintainer's b4 "Applied, thanks!" to the patch closes it as fixed, a
# [GIT PULL] carrying the fix's title does too; the v2 of a reported
# patch crediting the robot supersedes the report, and so does one
# posted after the report that says nothing of it (kept without its
# bytes), but not one dated before it. Each in both arrival
# orders (the applied reply also dated before the report), the
# authority rules kept (a reply from a non-maintainer only proposes),
# the why of each event in `thread` and `show`, and a maintainer's
# reopen kept across `reparse` and later runs.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
command -v sqlite3 >/dev/null || bail_out "sqlite3 is needed"
E=$LKB_TEST_DATA/evidence
FIX=20250825093205.3684121-1-yukuai1@huaweicloud.com
fresh() { # MAINTAINERS: an empty store and Maildir
	rm -rf "$T"/db* "$T"/md/new/* "$T"/md/cur/*
	triage_conf "$1"
}
st() { q "select state || ' ' || coalesce(close_reason, '-') from reports where id = $1"; }
ev() { # REPORT SOURCE: the evidence of the report's events from SOURCE
	q "select evidence from events where report_id = $1 and source = '$2'"
}

# ---- a fix patch of its own, then the maintainer applies it ----
fresh axboe@kernel.dk
deliver "$E/10-report.eml"
ok_if "the report imported" run
R=$(rid 202508200409.b2459c02-lkp@intel.com)
is "... it is open" "$(st "$R")" "open -"
deliver "$E/11-fix.eml"
ok_if "the fix patch, a thread of its own" run
is "... makes the report fix-proposed" "$(st "$R")" "fix-proposed -"
is "... the event says which trailer" "$(ev "$R" patch:closes)" \
	'fix patch "[PATCH v2] loop: fix zero sized loop for block special file": Closes: https://lore.kernel.org/oe-lkp/202508200409.b2459c02-lkp@intel.com'
is "... and links the patch mail" \
	"$(q "select m.message_id from events e join messages m on m.id = e.msg_id where e.report_id = $R and e.source = 'patch:closes'")" "$FIX"
is "... a fix link kept" "$(q "select report_id || ' ' || why from fix_links where patch_mid = '$FIX'")" \
	"$R Closes: https://lore.kernel.org/oe-lkp/202508200409.b2459c02-lkp@intel.com"
deliver "$E/12-applied.eml"
ok_if "the maintainer's Applied, thanks! to the patch" run
is "... closes the report as fixed" "$(st "$R")" "closed fixed"
is "... by the existing rule, the patch named as evidence" \
	"$(ev "$R" rule:applied-b4-ty | head -1)" \
	"applies fix patch <$FIX> (\"[PATCH v2] loop: fix zero sized loop for block special file\"): Applied, thanks!"
is "... the applying mail linked" \
	"$(q "select m.message_id from events e join messages m on m.id = e.msg_id where e.report_id = $R and e.type = 'fix-applied'")" \
	"175612966482.55174.12405819858243003502.b4-ty@kernel.dk"
is "... the commit b4 named kept as fixed-by" \
	"$(q "select sha || ' ' || relation from report_related where report_id = $R")" \
	"d14469ed7c00314fe8957b2841bda329e4eaf4ab fixed-by"
"$LKPBOT" -c "$T/conf" thread "$R" >"$T/thread.out" 2>&1
ok_if "lkpbot thread prints the mail outside the thread" grep -q '^outside the thread:' "$T/thread.out"
ok_if "... with the patch's Message-ID and why" grep -q "patch:closes *fix patch \"\[PATCH v2\] loop: fix zero sized" "$T/thread.out"
"$LKPBOT" -c "$T/conf" show "$R" >"$T/show.out" 2>&1
ok_if "lkpbot show prints it too" grep -q "^elsewhere *fix-applied rule:applied-b4-ty <175612966482" "$T/show.out"
"$LKPBOT" -c "$T/conf" thread --json "$R" >"$T/thread.json" 2>&1
ok_if "thread --json: the events outside in \"elsewhere\"" \
	sh -c "tr -d ' \n' <'$T/thread.json' | grep -q '\"elsewhere\":\\[{\"message_id\":\"$FIX\"'"
before=$(q "select group_concat(type || ':' || source, ' ') from events where report_id = $R")
ok_if "lkpbot reparse" "$LKPBOT" -q -c "$T/conf" reparse
is "... the state stays" "$(st "$R")" "closed fixed"
ok_if "another run" run
is "... every mail triaged" "$(q "select count(*) from messages m where not exists (select 1 from triaged t where t.msg_id = m.id)")" 0
is "... the events stay as they were" "$(q "select group_concat(type || ':' || source, ' ') from events where report_id = $R")" "$before"

# ---- the same mails the other way round; the reply dated before ----
fresh axboe@kernel.dk
sed 's/^Date: Mon, 25 Aug 2025 07:47:44 -0600/Date: Mon, 18 Aug 2025 07:47:44 -0600/' \
	"$E/12-applied.eml" >"$T/md/new/12-skewed.eml"
ok_if "the applied reply first, dated before the report" run
is "... nothing to link yet" "$(q "select count(*) from events")" 0
deliver "$E/11-fix.eml"
ok_if "then the fix patch" run
is "... still nothing: no report" "$(q "select count(*) from events")" 0
deliver "$E/10-report.eml"
ok_if "the report last" run
R=$(rid 202508200409.b2459c02-lkp@intel.com)
is "... linked whichever came first: closed as fixed" "$(st "$R")" "closed fixed"
is "... the patch's event" "$(ev "$R" patch:closes)" \
	'fix patch "[PATCH v2] loop: fix zero sized loop for block special file": Closes: https://lore.kernel.org/oe-lkp/202508200409.b2459c02-lkp@intel.com'
is "... the reply's event" "$(ev "$R" rule:applied-b4-ty | head -1)" \
	"applies fix patch <$FIX> (\"[PATCH v2] loop: fix zero sized loop for block special file\"): Applied, thanks!"

# ---- who may close: the same reply from no maintainer only proposes ----
fresh maintainer@example.org
for f in 10-report 11-fix 12-applied; do deliver "$E/$f.eml"; done
ok_if "all three, Jens Axboe no maintainer here" run
R=$(rid 202508200409.b2459c02-lkp@intel.com)
is "... the fix-applied event kept" "$(q "select count(*) from events where report_id = $R and type = 'fix-applied'")" 1
is "... the report only fix-proposed" "$(st "$R")" "fix-proposed -"

# ---- the fix in a maintainer's pull ----
fresh axboe@kernel.dk
for f in 10-report 11-fix 13-pull; do deliver "$E/$f.eml"; done
ok_if "report, fix patch and the [GIT PULL]" run
R=$(rid 202508200409.b2459c02-lkp@intel.com)
is "... the pull closes it as fixed" "$(st "$R")" "closed fixed"
is "... the shortlog line as evidence" "$(ev "$R" rule:pull)" \
	"[GIT PULL] Block fixes for 6.17-rc4: loop: fix zero sized loop for block special file"

# ---- superseded: the v2 of the reported patch credits the robot ----
fresh axboe@kernel.dk
deliver "$E/20-report-v1.eml"
ok_if "a build report on a patch" run
R=$(rid 202302162040.FaI25ul2-lkp@intel.com)
deliver "$E/21-v2.eml"
ok_if "then the patch's v2" run
is "... supersedes the report" "$(st "$R")" "closed superseded"
is "... saying why" "$(ev "$R" patch:version)" \
	'later version "[PATCH v2] blk-mq: enforce op-specific segment limits in blk_insert_cloned_request": Link: https://lore.kernel.org/oe-kbuild-all/202302162040.FaI25ul2-lkp@intel.com/'
is "... and gives no fix-proposed beside it" "$(q "select count(*) from events where report_id = $R and source like 'patch:%'")" 1

fresh axboe@kernel.dk
deliver "$E/21-v2.eml"
ok_if "the v2 first" run
is "... no report, nothing" "$(q "select count(*) from events")" 0
deliver "$E/20-report-v1.eml"
ok_if "the report after it" run
R=$(rid 202302162040.FaI25ul2-lkp@intel.com)
is "... superseded all the same" "$(st "$R")" "closed superseded"

ok_if "a maintainer reopens it" env LKPBOT_USER=axboe "$LKPBOT" -q -c "$T/conf" reopen "$R"
ok_if "lkpbot reparse" "$LKPBOT" -q -c "$T/conf" reparse
ok_if "and a run" run
is "... the reopen sticks" "$(st "$R")" "open -"

# ---- superseded: a later version that says nothing of the report ----
# (linux-pci: the v2 of the series, kept without its bytes: not a word
# of the robot, a thread of its own series)
fresh bhelgaas@google.com
deliver "$E/30-report-pci.eml"
ok_if "a build report on patch 3/4" run
R2=$(rid 202107060836.P5flQNoN-lkp@intel.com)
deliver "$E/31-v2-pci.eml"
ok_if "then v2 3/4 of the series, half an hour later" run
is "... its bytes not kept" "$(q "select raw_len is null and typeof(raw) = 'null' from messages where message_id = '20210706010622.3058968-3-kw@linux.com'")" 1
is "... supersedes the report" "$(st "$R2")" "closed superseded"
is "... saying why" "$(ev "$R2" patch:version)" \
	'later version "[PATCH v2 3/4] PCI/sysfs: Return -EINVAL consistently from "store" functions": a later version by its author, posted after the report'
fresh bhelgaas@google.com
deliver "$E/31-v2-pci.eml"
ok_if "the v2 first" run
deliver "$E/30-report-pci.eml"
ok_if "the report after it" run
is "... superseded all the same" "$(st "$(rid 202107060836.P5flQNoN-lkp@intel.com)")" "closed superseded"
fresh bhelgaas@google.com
deliver "$E/30-report-pci.eml"
sed 's/^Date:   Tue,  6 Jul 2021 01:06:21 +0000/Date: Mon, 5 Jul 2021 20:00:00 +0000/' \
	"$E/31-v2-pci.eml" >"$T/v2-early.eml"
deliver "$T/v2-early.eml"
ok_if "a v2 dated before the report, crediting nobody" run
is "... supersedes nothing" "$(st "$(rid 202107060836.P5flQNoN-lkp@intel.com)")" "open -"
done_testing
