#!/bin/sh
# t0457-quoted-report.sh - a robot report known only from a reply that
# quotes it (bot/ingest/quoted.c): a list that never got the report
# keeps the replies, which name it in References and quote it under
# "kernel test robot ... wrote:". From the quote a stand-in report is
# made with the report's Message-ID, unverified, its source naming the
# reply; the reply is linked to it and read (its act recorded). When the
# report's own mail arrives later it takes the stand-in's place, keeping
# the report's row and events. A reply that quotes no report but names
# a robot Message-ID gets a stand-in with no text (the report known by
# its id); a quote that is no report under a Message-ID not the robot's,
# or a reply whose ids are unfit for a header, makes nothing of them;
# hostile subjects are flattened. The quoting mail's From, To and Cc are
# the report's participants.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
command -v sqlite3 >/dev/null || bail_out "sqlite3 is needed"
E=$LKB_TEST_DATA/evidence
RID=202508200409.b2459c02-lkp@intel.com
fresh() { rm -rf "$T"/db* "$T"/md/new/* "$T"/md/cur/*; triage_conf axboe@kernel.dk; }
# reply FILE MSGID ATTRIBUTION REFS SUBJECT [OWN-WORDS]: a reply quoting
# the report's body under ATTRIBUTION
reply() {
	{
		printf 'From: Rajeev Mishra <rajeevm@hpe.com>\n'
		printf 'To: kernel test robot <oliver.sang@intel.com>\n'
		printf 'Cc: linux-block@vger.kernel.org\n'
		printf 'Subject: %s\n' "$5"
		printf 'Date: Thu, 21 Aug 2025 10:00:00 +0000\n'
		printf 'Message-ID: <%s>\n' "$2"
		printf 'In-Reply-To: <%s>\nReferences: <%s>\n' "$4" "$4"
		printf 'Content-Type: text/plain; charset=us-ascii\n\n'
		printf '%s\n\n' "${6:-Thanks for the report, I will fix it in the next version.}"
		printf '%s\n' "$3"
		awk 'f { print "> " $0 } /^$/ { f = 1 }' "$E/10-report.eml" | head -40
	} >"$1"
}
ATTR='On Wed, Aug 20, 2025 at 12:55:22PM +0800, kernel test robot wrote:'

# ---- the reply alone ----
fresh
reply "$T/md/new/r1" r1@hpe.example "$ATTR" "$RID" \
	'Re: [PATCH v4 2/2] loop: use vfs_getattr_nosec for accurate file size'
ok_if "a reply quoting a report the store lacks" run
R=$(rid "$RID")
ok_if "... makes a report with the report's Message-ID" test -n "$R"
is "... its source names the reply" \
	"$(q "select m.source from messages m join reports r on r.msg_id = m.id where r.id = $R")" \
	"quoted:r1@hpe.example"
is "... the quote parsed: commit and kind" \
	"$(q "select commit_sha || ' ' || kind from reports where id = $R")" \
	"fb455b8a6ac932603a8c0dbb787f8330b0924834 functional"
is "... subject: one Re: before the patch's" \
	"$(q "select m.subject from messages m join reports r on r.msg_id = m.id where r.id = $R")" \
	'Re: [PATCH v4 2/2] loop: use vfs_getattr_nosec for accurate file size'
is "... the reply linked to it" \
	"$(q "select t.report_id from triaged t join messages m on m.id = t.msg_id where m.message_id = 'r1@hpe.example'")" "$R"
is "... and read: its act recorded" \
	"$(q "select group_concat(type) from events where report_id = $R")" "ack"
is "... the reply kept (its bytes)" \
	"$(q "select raw_len > 0 from messages where message_id = 'r1@hpe.example'")" 1
"$LKPBOT" -c "$T/conf" show "$R" >"$T/show.out" 2>&1
ok_if "lkpbot show prints the stand-in" grep -q 'fb455b8a6ac9' "$T/show.out"
# the quoting mail's From, To and Cc stand for the report's recipients:
# its author got the report, so their word moves the state; one the
# quoting mail did not name stays an outsider (audit F4)
is "... its author's promise moves the report" "$(state $R)" "acknowledged -"
{
	printf 'From: Eve <eve@evil.example>\nSubject: Re: loop\n'
	printf 'Message-ID: <e1@evil.example>\n'
	printf 'In-Reply-To: <r1@hpe.example>\nReferences: <%s> <r1@hpe.example>\n\n' "$RID"
	printf 'This is a false positive, please ignore it.\n'
} >"$T/md/new/e1"
ok_if "an outsider's dismissal below it" run
is "... is recorded" \
	"$(q "select group_concat(e.type) from events e join messages m on m.id = e.msg_id where m.message_id = 'e1@evil.example'")" "dispute"
is "... and moves nothing" "$(state $R)" "acknowledged -"

# a second reply quoting the same report makes no second one
reply "$T/md/new/r2" r2@hpe.example "$ATTR" "$RID" 'Re: loop' 'Another note.'
ok_if "a second quoting reply" run
is "... no second report" "$(q "select count(*) from reports")" 1

# ---- then the report's own mail: it takes the stand-in's place ----
before=$(q "select group_concat(type) from events where report_id = $R")
deliver "$E/10-report.eml"
ok_if "the report's own mail later" run
is "... same report row" "$(rid "$RID")" "$R"
is "... one report" "$(q "select count(*) from reports")" 1
is "... its source is the mail's now" \
	"$(q "select m.source like 'quoted:%' from messages m join reports r on r.msg_id = m.id where r.id = $R")" 0
is "... the robot's From" \
	"$(q "select m.from_addr from messages m join reports r on r.msg_id = m.id where r.id = $R")" \
	"oliver.sang@intel.com"
is "... the events kept" "$(q "select group_concat(type) from events where report_id = $R")" "$before"
is "... the parse is the mail's: its testcase" \
	"$(q "select testcase from reports where id = $R")" "xfstests"
ok_if "lkpbot reparse" "$LKPBOT" -q -c "$T/conf" reparse
is "... still one report, same row" "$(rid "$RID")" "$R"

# ---- known by its Message-ID alone ----
fresh
{
	printf 'From: a <a@x.example>\nSubject: Re: [PATCH] x: fix y\n'
	printf 'Message-ID: <k1@x.example>\n'
	printf 'In-Reply-To: <%s>\nReferences: <%s>\n\n' "$RID" "$RID"
	printf 'Thanks, I will fix it in the next version.\n\n%s\n' "$ATTR"
	printf '> this is no report at all\n> just words\n'
} >"$T/md/new/k1"
ok_if "a reply naming a robot Message-ID, quoting no report" run
R=$(rid "$RID")
ok_if "... makes a report known by that Message-ID" test -n "$R"
is "... a stand-in with no text" \
	"$(q "select coalesce(length(m.body), 0) from messages m join reports r on r.msg_id = m.id where r.id = $R")" 0
is "... with the reply's subject" \
	"$(q "select m.subject from messages m join reports r on r.msg_id = m.id where r.id = $R")" \
	'Re: [PATCH] x: fix y'
is "... the reply linked and read" \
	"$(q "select group_concat(type) from events where report_id = $R")" "ack"

# ---- what makes nothing ----
fresh
{
	printf 'From: a <a@x.example>\nSubject: Re: thing\nMessage-ID: <n1@x.example>\n'
	printf 'In-Reply-To: <p1@x.example>\nReferences: <p1@x.example>\n\n'
	printf 'I agree.\n\n%s\n> this is no report at all\n> just words\n' "$ATTR"
} >"$T/md/new/n1"
reply "$T/md/new/n2" n2@x.example 'Someone else wrote:' p2@x.example 'Re: x'
ok_if "a quote that is no report; a quote not the robot's (no robot id)" run
is "... make no report" "$(q "select count(*) from reports")" 0
is "... nor a stand-in mail" "$(q "select count(*) from messages where source like 'quoted:%'")" 0

# hostile: a subject with a control character; References unfit for a header
fresh
reply "$T/md/new/h1" h1@x.example "$ATTR" "$RID" "$(printf 'Re: a\033b')"
ok_if "a hostile subject" run
R=$(rid "$RID")
is "... flattened in the stand-in" \
	"$(q "select m.subject from messages m join reports r on r.msg_id = m.id where r.id = $R")" "a b"
fresh
reply "$T/md/new/h2" h2@x.example "$ATTR" 'bad id<x>@lkp@intel.com' 'Re: z'
ok_if "an id unfit for a header" run
is "... no stand-in with an id unfit for a header" \
	"$(q "select count(*) from messages where source like 'quoted:%' and (message_id like '% %' or message_id like '%<%' or message_id like '%>%')")" 0
# the quoting mail's addresses count only when it verifies: unsigned,
# under DKIM, its author is an outsider
fresh
sed -i 's/^verify_senders = none$/verify_senders = dkim/' "$T/conf"
reply "$T/md/new/u1" u1@hpe.example "$ATTR" "$RID" 'Re: loop'
ok_if "an unsigned quoting reply, senders verified by DKIM" run
is "... its promise is kept" "$(q "select group_concat(type) from events")" "ack"
is "... but moves nothing" "$(state "$(rid "$RID")")" "open -"
done_testing
