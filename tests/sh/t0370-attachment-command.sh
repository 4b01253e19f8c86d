#!/bin/sh
# t0370-attachment-command.sh - commands come only from the mail's own
# text (audit F9: "a command in a text/plain part with
# Content-Disposition: attachment is carried out when it is the only text
# part"). An attached patch or log may hold #lkp lines: they are never
# carried out, and the mail is still triaged; an inline command beside an
# attachment still is, once.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
triage_conf "alice@maint.example"
state() { q "select state || coalesce(' ' || close_reason, '') from reports where id = $1"; }
mid() { q "select id from messages where message_id = '$1@test'"; }
ncmd() { q "select count(*) from commands where msg_id = $(mid $1)"; }
triaged() { q "select count(*) from triaged where msg_id = $(mid $1)"; }
nanswers() { q "select count(*) from outbox where request_id like 'm$(mid $1).%' or request_id like 'o.$(mid $1).%'"; }
# hdr NAME PARENT (empty: no thread): Alice's mail headers
hdr() {
	printf 'From: Alice <alice@maint.example>\nTo: lkp@intel.com\n'
	printf 'Subject: Re: report\nDate: Tue, 1 Oct 2019 12:00:00 +0000\n'
	printf 'Message-ID: <%s@test>\nMIME-Version: 1.0\n' "$1"
	[ -n "$2" ] && printf 'In-Reply-To: <%s>\nReferences: <%s>\n' "$2" "$2"
	return 0
}

cp "$S"/*-report.eml "$T/md/new/"
ok_if "run over the story reports" run
P0=20190930014612.story000@shao2-debian
P1=20210804143812.story001@xsang-OptiPlex-9020
P2=20201102091543.GM31092@shao2-debian
R0=$(rid $P0); R1=$(rid $P1); R2=$(rid $P2)

# the only text part is an attached log
{
	hdr a1 $P0
	printf 'Content-Type: multipart/mixed; boundary="b1"\n\n--b1\n'
	printf 'Content-Type: text/plain; charset=us-ascii\n'
	printf 'Content-Disposition: attachment; filename="dmesg.log"\n\n'
	printf 'boot log\n#lkp close fixed\n--b1--\n'
} > "$T/md/new/a1"
# a single-part mail that is itself an attachment
{
	hdr a2 $P2
	printf 'Content-Type: text/plain; charset=us-ascii\n'
	printf 'Content-Disposition: attachment; filename="notes.txt"\n\n'
	printf '#lkp invalid\n'
} > "$T/md/new/a2"
# no thread: an attached file is not answered as a command either
{
	hdr a3 ""
	printf 'Content-Type: multipart/mixed; boundary="b3"\n\n--b3\n'
	printf 'Content-Type: text/plain; name="cmds.txt"\n\n#lkp help\n--b3--\n'
} > "$T/md/new/a3"
# inline text with a command, beside an attached patch and log whose
# #lkp lines are not the sender's to the bot
{
	hdr a4 $P1
	printf 'Content-Type: multipart/mixed; boundary="b4"\n\n--b4\n'
	printf 'Content-Type: text/plain; charset=us-ascii\n\n'
	printf 'Fixed upstream.\n\n#lkp close fixed\n\n--b4\n'
	printf 'Content-Type: text/x-patch; charset=us-ascii\n'
	printf 'Content-Disposition: attachment; filename="0001-fix.patch"\n\n'
	printf -- '--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-#lkp reopen\n+#lkp invalid\n\n--b4\n'
	printf 'Content-Type: text/plain; charset=us-ascii\n'
	printf 'Content-Disposition: attachment; filename="log.txt"\n\n'
	printf '#lkp dup-of 1\n--b4--\n'
} > "$T/md/new/a4"
run
ok_rc "the run exits 0" $?

is "attached log only: the report stays open" "$(state $R0)" open
is "... no command recorded" "$(ncmd a1)" 0
is "... the mail is triaged" "$(triaged a1)" 1
is "... nothing answered" "$(nanswers a1)" 0
is "single-part attachment: the report stays open" "$(state $R2)" open
is "... no command recorded" "$(ncmd a2)" 0
is "... the mail is triaged" "$(triaged a2)" 1
is "attachment in no thread: no command" "$(ncmd a3)" 0
is "... nothing answered" "$(nanswers a3)" 0
is "... the mail is triaged" "$(triaged a3)" 1
is "inline command beside attachments: carried out" "$(state $R1)" "closed fixed"
is "... the attachments' #lkp lines are not commands" "$(q "select group_concat(verb) from commands where msg_id = $(mid a4)")" close
is "... answered once" "$(nanswers a4)" 1
done_testing
