#!/bin/sh
# t0320-list-mail.sh - #lkp commands that reach the bot as a list's copy
# (vger: Precedence: bulk, List-Id, X-Mailing-List, List-Unsubscribe)
# are carried out like any other mail; a command that comes twice (the
# list copy and the direct copy share a Message-ID) is carried out and
# answered once, whichever copy comes first; bulk mail that no list
# delivered and auto-replies relayed by a list stay unanswered.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
triage_conf "alice@maint.example"
nmails() { ls "$T/out" | wc -l; }
msg() { q "select id from messages where message_id = '$1'"; }
state() { q "select state || ' ' || coalesce(close_reason, '') from reports where id = $1"; }

for f in "$S"/000-report.eml "$S"/001-report.eml "$S"/002-report.eml \
	 "$S"/004-report.eml; do
	deliver "$f"
done
ok_if "run over four reports" run
R0=$(rid 20190930014612.story000@shao2-debian)
R1=$(rid 20210804143812.story001@xsang-OptiPlex-9020)
R2=$(rid 20201102091543.GM31092@shao2-debian)
R4=$(rid 20220218063812.story004@xsang-OptiPlex-9020)
is "four reports, all open" "$(q "select count(*) from reports where state = 'open'")" 4

# A reply to report $3 by $2 with body $4, Message-ID <$5>, into file
# $1: "list" as $6 makes it the copy vger delivers, "bulk" a bulk
# mailer's (Precedence: bulk, no list header), anything else the copy
# sent to the bot directly; $7 is one more header line.
reply() { # FILE FROM PARENT-ID BODY MSGID KIND [EXTRA-HEADER]
	{
		case $6 in
		list)	printf 'Return-Path: <linux-mm+bounces-4242-lists=bot.example@kvack.org>\n'
			printf 'X-Original-To: lists@bot.example\n' ;;
		*)	printf 'Return-Path: <alice@maint.example>\n' ;;
		esac
		printf 'Date: Sat, 19 Feb 2022 10:%02d:00 +0000\n' "$((mailno = mailno + 1))"
		printf 'From: %s\n' "$2"
		printf 'To: kernel test robot <oliver.sang@intel.com>\n'
		printf 'Cc: Hugh Dickins <hughd@google.com>, Andrew Morton <akpm@linux-foundation.org>,\n'
		printf '\tVlastimil Babka <vbabka@suse.cz>, Matthew Wilcox <willy@infradead.org>,\n'
		printf '\tMichal Hocko <mhocko@suse.com>, Yang Shi <shy828301@gmail.com>,\n'
		printf '\tLKML <linux-kernel@vger.kernel.org>, linux-mm@kvack.org,\n'
		printf '\tlkp@lists.01.org, lkp@intel.com, lkpbot@bot.example\n'
		printf 'Subject: Re: [mm] regression\n'
		printf 'Message-ID: <%s>\nIn-Reply-To: <%s>\nReferences: <%s>\n' "$5" "$3" "$3"
		printf 'MIME-Version: 1.0\nContent-Type: text/plain; charset=us-ascii\n'
		case $6 in
		list)	printf 'Precedence: bulk\n'
			printf 'List-Id: <linux-mm.kvack.org>\n'
			printf 'X-Mailing-List: linux-mm@kvack.org\n'
			printf 'List-Subscribe: <mailto:linux-mm+subscribe@kvack.org>\n'
			printf 'List-Unsubscribe: <mailto:linux-mm+unsubscribe@kvack.org>\n' ;;
		bulk)	printf 'Precedence: bulk\n' ;;
		esac
		[ -n "$7" ] && printf '%s\n' "$7"
		printf '\n%b\n' "$4"
	} > "$1"
	deliver "$1"
}
mailno=0
ALICE="Alice <alice@maint.example>"
# one transition, one command row and one answer for message <$1>
once() { # DESC MSGID
	m=$(msg "$2")
	is "$1: one state change" "$(q "select count(*) from report_history where msg_id = $m")" 1
	is "$1: one command recorded" "$(q "select count(*) || ' ' || group_concat(allowed) from commands where msg_id = $m")" "1 1"
	is "$1: one answer" "$(grep -l "^In-Reply-To: <$2>" "$T"/out/* | wc -l)" 1
}

# 1. a maintainer's close through linux-mm
before=$(nmails)
reply "$T/l1" "$ALICE" 20220218063812.story004@xsang-OptiPlex-9020 \
	"Fixed by the v3 series.\n\n#lkp close fixed by v3\n\nAlice" l1@maint.example list
ok_if "run with a list copy" run
is "the list copy closes the report" "$(state "$R4")" "closed fixed"
is "one answer written" "$(nmails)" $((before + 1))
once "list copy" l1@maint.example
ok_if "the answer goes to Alice" sh -c "grep -l '^To: Alice <alice@maint.example>' '$T'/out/* | grep -q ."
ok_if "the answer carries Auto-Submitted" sh -c "grep -L '^Auto-Submitted: auto-replied' '$T'/out/* | wc -l | grep -qx 0"

# 2. the list copy first, the direct copy (same Message-ID) next run
reply "$T/l2" "$ALICE" 20190930014612.story000@shao2-debian "#lkp close" l2@maint.example list
run
is "list copy first: closed" "$(state "$R0")" "closed accepted-tradeoff"
reply "$T/d2" "$ALICE" 20190930014612.story000@shao2-debian "#lkp close" l2@maint.example direct
ok_if "run with the direct copy after it" run
is "... still closed" "$(state "$R0")" "closed accepted-tradeoff"
once "list then direct" l2@maint.example

# 3. the direct copy first, the list copy next run
reply "$T/d3" "$ALICE" 20201102091543.GM31092@shao2-debian "#lkp close" d3@maint.example direct
run
is "direct copy first: closed" "$(state "$R2")" "closed accepted-tradeoff"
reply "$T/l3" "$ALICE" 20201102091543.GM31092@shao2-debian "#lkp close" d3@maint.example list
ok_if "run with the list copy after it" run
once "direct then list" d3@maint.example

# 4. both copies in one run
reply "$T/l4" "$ALICE" 20210804143812.story001@xsang-OptiPlex-9020 "#lkp close" b4@maint.example list
reply "$T/d4" "$ALICE" 20210804143812.story001@xsang-OptiPlex-9020 "#lkp close" b4@maint.example direct
ok_if "run with both copies at once" run
is "both at once: closed" "$(state "$R1")" "closed accepted-tradeoff"
once "both at once" b4@maint.example
is "one message stored per Message-ID" "$(q "select count(*) from messages where message_id like '%@maint.example'")" 4

# 5. still unanswered: a bulk mailer, a list copy of an auto-reply
before=$(nmails)
reply "$T/n1" "$ALICE" 20220218063812.story004@xsang-OptiPlex-9020 "#lkp reopen" n1@maint.example bulk
reply "$T/n2" "$ALICE" 20220218063812.story004@xsang-OptiPlex-9020 "#lkp reopen" n2@maint.example list "X-Autoreply: yes"
reply "$T/n3" "$ALICE" 20220218063812.story004@xsang-OptiPlex-9020 "#lkp reopen" n3@maint.example list "Auto-Submitted: auto-replied"
reply "$T/n4" "$ALICE" 20220218063812.story004@xsang-OptiPlex-9020 "#lkp reopen" n4@maint.example direct "Precedence: auto_reply"
run
is "bulk without list headers, auto-replies: no answer" "$(nmails)" "$before"
is "... no command read" "$(q "select count(*) from commands where msg_id in (select id from messages where message_id like 'n_@maint.example')")" 0
is "... and the report stays closed" "$(state "$R4")" "closed fixed"

before=$(nmails)
run
is "a run with nothing new sends nothing" "$(nmails)" "$before"
is "each command answered once" "$(q "select count(*) from outbox")" "$before"
ok_if "database intact" "$LKPBOT" -c "$T/conf" db check
done_testing
