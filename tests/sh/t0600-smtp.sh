#!/bin/sh
# t0600-smtp.sh - the outbox sends through a real postfix smtp-sink:
# headers and envelope as captured by the server, server down, 4xx, 5xx,
# a row left in `sending` by a crash, header injection, rate limit,
# dry run. TAP output.
: "${LKPBOT:=bot/lkpbot}" "${LKB_SRCDIR:=.}" "${LKB_BUILDDIR:=.}"
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-smtp.sh"
smtp_require
ENQ=$LKB_BUILDDIR/tests/tools/outbox-enqueue
[ -x "$ENQ" ] || { echo "Bail out! $ENQ not built"; exit 99; }

tmp=$(mktemp -d) || exit 99
chmod 755 "$tmp"
trap 'smtp_cleanup; rm -rf "$tmp"' EXIT
TAP_TMP=$tmp
# config NAME PORT [extra lines]: write $tmp/NAME.conf
config() {
	cat >"$tmp/$1.conf" <<EOC
[smtp]
url = smtp://127.0.0.1:$2
from = lkpbot <bot@example.org>
envelope_from = bounces@example.org
timeout = 10
[bot]
address = bot@example.org
max_per_hour = ${3:-100}
[templates]
dir = $LKB_SRCDIR/templates/mail
EOC
}
bot() { _c=$1; shift; "$LKPBOT" -c "$tmp/$_c.conf" -d "$DB" "$@"; }

# job REQ [SUBJECT]: write $tmp/REQ.json for outbox-enqueue
job() {
	cat >"$tmp/$1.json" <<EOJ
{"template": "ack", "kind": "ack", "request_id": "$1", "thread_id": 1,
 "to": {"name": "Jane Doe", "address": "jane@example.com"},
 "cc": ["lkp@intel.com"],
 "subject": "${2:-Re: RE: [linus:master] [mm] 3f1c2e4d5a: will-it-scale.per_process_ops -12.3% regression}",
 "parent_id": "reply-1@example.com",
 "references": ["report-1@intel.com", "reply-0@example.com"],
 "data": {"quoted": "> #lkp close\n", "result": "report 1 is closed.",
	  "report": {"id": "1", "subject": "s", "commits": [], "params": ""},
	  "method": "#lkp close", "again": "#lkp status", "version": "0.1.0"}}
EOJ
}
# enqueue CONF REQ: queue request REQ (job file made when missing)
enqueue() {
	[ -f "$tmp/$2.json" ] || job "$2"
	"$ENQ" "$tmp/$1.conf" "$DB" "$tmp/$2.json"
}

# hdr FILE NAME: the unfolded value of a header of the captured mail
hdr() {
	awk -v name="$2" '
		/^$/ { exit }
		/^[ \t]/ { if (cur != "") cur = cur " " substr($0, 2); next }
		{ if (cur != "") print cur; cur = $0 }
		END { if (cur != "") print cur }' "$1" |
	sed -n "s/^$2: //p"
}
# mails DIR MSGID: how many captured mails carry this Message-ID
mails() { grep -l "^Message-ID: <$2>" "$1"/* 2>/dev/null | wc -l; }
row_field() { bot main outbox show "$1" --json | sed -n "s/^  \"$2\": //p" | sed 's/,$//'; }

DB=$tmp/bot.db
start_smtp_sink "$tmp/sink"
SINK=$SMTP_SINK_PORT
config main "$SINK"

# ---- delivery and headers -----------------------------------------------
out=$(enqueue main r1)
id1=${out%% *}
ok_if "enqueue renders and queues a row" test "$out" = "$id1 new"
ok_if "the same request is queued once" test "$(enqueue main r1)" = "$id1 existing"
mid1=$(row_field "$id1" message_id | tr -d '"')
ok_if "Message-ID is lkpbot.REQ.KIND.HASH@botdomain" \
	sh -c "echo '$mid1' | grep -Eqx 'lkpbot\.r1\.ack\.[0-9a-f]{16}@example\.org'"
bot main send >"$tmp/out" 2>"$tmp/err"
ok_if "send exits 0" test $? -eq 0
ok_if "send reports one mail sent" grep -q '^sent 1,' "$tmp/out"
f=$(grep -l "^Message-ID: <$mid1>" "$tmp/sink"/* 2>/dev/null | head -1)
ok_if "smtp-sink captured the mail" test -n "$f"
[ -n "$f" ] || f=/dev/null
ok_if "envelope sender" test "$(sed -n 's/^X-Mail-Args: //p' "$f")" = "<bounces@example.org>"
ok_if "envelope recipients: asker and thread Cc" \
	test "$(sed -n 's/^X-Rcpt-Args: //p' "$f" | tr '\n' ' ')" = "<jane@example.com> <lkp@intel.com> "
ok_if "Subject has exactly one Re:" \
	test "$(hdr "$f" Subject)" = "Re: [linus:master] [mm] 3f1c2e4d5a: will-it-scale.per_process_ops -12.3% regression"
ok_if "In-Reply-To is the parent" test "$(hdr "$f" In-Reply-To)" = "<reply-1@example.com>"
ok_if "References: parent's chain plus the parent" \
	test "$(hdr "$f" References)" = "<report-1@intel.com> <reply-0@example.com> <reply-1@example.com>"
ok_if "Auto-Submitted: auto-replied" test "$(hdr "$f" Auto-Submitted)" = "auto-replied"
ok_if "X-LKPBot carries the version" \
	sh -c 'case $1 in "lkpbot "[0-9]*.*) ;; *) echo "got: $1"; exit 1 ;; esac' - "$(hdr "$f" X-LKPBot)"
ok_if "From and To" test "$(hdr "$f" From)/$(hdr "$f" To)" = "lkpbot <bot@example.org>/Jane Doe <jane@example.com>"
ok_if "Cc per thread policy" test "$(hdr "$f" Cc)" = "lkp@intel.com"
ok_if "body rendered from the ack template" grep -q '^Done: report 1 is closed.$' "$f"
ok_if "row is sent" test "$(row_field "$id1" state)" = '"sent"'
bot main send >/dev/null 2>&1
ok_if "a second run sends nothing again" test "$(mails "$tmp/sink" "$mid1")" -eq 1

# ---- server down: stays pending, sent next run, exactly once ------------
enqueue main r2 >/dev/null
id2=$(bot main outbox list --json | grep -c '"id"')
mid2=$(row_field "$id2" message_id | tr -d '"')
config down "$(free_port)"
bot down send >/dev/null 2>"$tmp/err"
ok_if "server down: send exits 4 (temporary)" test $? -eq 4
ok_if "server down: row stays pending" test "$(row_field "$id2" state)" = '"pending"'
ok_if "server down: no attempt counted" test "$(row_field "$id2" attempts)" = 0
ok_if "server down: the error is recorded" test "$(row_field "$id2" last_error)" != null
bot main send >/dev/null 2>&1
ok_if "server back: sent on the next run" test "$(row_field "$id2" state)" = '"sent"'
bot main send >/dev/null 2>&1
ok_if "server back: delivered exactly once" test "$(mails "$tmp/sink" "$mid2")" -eq 1

# ---- 4xx: retry later with back-off --------------------------------------
start_smtp_sink "$tmp/sink4" -r RCPT
config soft "$SMTP_SINK_PORT"
enqueue main r3 >/dev/null
id3=$(bot main outbox list --json | grep -c '"id"')
now=$(date +%s)
bot soft send >"$tmp/out" 2>"$tmp/err"
ok_if "4xx: send exits 0" test $? -eq 0
ok_if "4xx: row pending again" test "$(row_field "$id3" state)" = '"pending"'
ok_if "4xx: one attempt counted" test "$(row_field "$id3" attempts)" = 1
ok_if "4xx: next attempt after 5 minutes" \
	test "$(row_field "$id3" next_attempt_at)" -ge $((now + 300))
ok_if "4xx: server text kept" \
	test "$(row_field "$id3" last_error)" = '"450 4.3.0 Error: command failed"' 
bot main send >/dev/null 2>&1
ok_if "4xx: not retried before its time" test "$(row_field "$id3" state)" = '"pending"'
bot main outbox send "$id3" >/dev/null 2>&1
ok_if "4xx: 'outbox send ID' sends it now" test "$(row_field "$id3" state)" = '"sent"'

# ---- 5xx: failed with the server's text ----------------------------------
start_smtp_sink "$tmp/sink5" -f RCPT -B "550 5.1.1 <jane@example.com>: Recipient address rejected"
config hard "$SMTP_SINK_PORT"
enqueue main r4 >/dev/null
id4=$(bot main outbox list --json | grep -c '"id"')
bot hard send >/dev/null 2>&1
ok_if "5xx: row failed" test "$(row_field "$id4" state)" = '"failed"'
ok_if "5xx: server text kept" \
	test "$(row_field "$id4" last_error)" = '"550 5.1.1 <jane@example.com>: Recipient address rejected"'
bot main send >/dev/null 2>&1
ok_if "5xx: a failed row is not sent again" test "$(row_field "$id4" state)" = '"failed"'

# ---- crash while sending: reported, never resent by itself ---------------
start_smtp_sink "$tmp/sinkslow" -w 30
config slow "$SMTP_SINK_PORT"
enqueue main r5 >/dev/null
id5=$(bot main outbox list --json | grep -c '"id"')
mid5=$(row_field "$id5" message_id | tr -d '"')
# lkpbot itself in the background (not the shell function `bot`), so
# that kill -9 below kills the sender and frees its run lock
"$LKPBOT" -c "$tmp/slow.conf" -d "$DB" send >/dev/null 2>&1 &
pid=$!
n=0
while [ "$(row_field "$id5" state)" != '"sending"' ] && [ $n -lt 50 ]; do
	sleep 0.1
	n=$((n + 1))
done
sleep 1
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
ok_if "crash: row left in sending" test "$(row_field "$id5" state)" = '"sending"'
bot main send >"$tmp/out" 2>"$tmp/err"
ok_if "crash: send warns about the row" grep -q "outbox row $id5 .*still in state sending" "$tmp/err"
ok_if "crash: send counts it as interrupted" grep -q 'interrupted 1$' "$tmp/out"
ok_if "crash: not resent automatically" test "$(mails "$tmp/sink" "$mid5")" -eq 0
bot main outbox list >"$tmp/out" 2>"$tmp/err"
ok_if "crash: outbox list shows it" grep -q "^ *$id5 sending .*interrupted" "$tmp/out"
bot main outbox send "$id5" >/dev/null 2>&1
ok_if "crash: 'outbox send ID' without --force refuses" test $? -eq 1
ok_if "crash: still not sent" test "$(mails "$tmp/sink" "$mid5")" -eq 0
bot main outbox send --force "$id5" >/dev/null 2>&1
ok_if "crash: --force sends it" test "$(mails "$tmp/sink" "$mid5")" -eq 1

# ---- header injection through the subject --------------------------------
job r6 'Oops\r\nBcc: victim@example.org\r\nX-Evil: 1'
enqueue main r6 >/dev/null
id6=$(bot main outbox list --json | grep -c '"id"')
mid6=$(row_field "$id6" message_id | tr -d '"')
bot main send >/dev/null 2>&1
f=$(grep -l "^Message-ID: <$mid6>" "$tmp/sink"/* 2>/dev/null | head -1)
[ -n "$f" ] || f=/dev/null
ok_if "injection: mail delivered" test "$f" != /dev/null
ok_if "injection: no Bcc or X-Evil header" \
	sh -c "! awk '/^\$/ { exit } { print }' '$f' | grep -Eqi '^(Bcc|X-Evil):'"
ok_if "injection: no extra recipient" \
	test "$(sed -n 's/^X-Rcpt-Args: //p' "$f" | tr '\n' ' ')" = "<jane@example.com> <lkp@intel.com> "
# Q encoding keeps only letters, digits and !*+-/ (RFC 2047 5(3));
# "Subject: " + the first word's 12 + 57 bytes stay within 78 columns
ok_if "injection: the subject is RFC 2047 encoded" test "$(hdr "$f" Subject)" = \
	'=?UTF-8?Q?Re=3A_Oops=0D=0ABcc=3A_victim=40example=2Eorg=0D=0AX-Evil?= =?UTF-8?Q?=3A_1?=' 

# ---- rate limit ----------------------------------------------------------
DB=$tmp/rate.db
config rate "$SINK" 2
for r in a b c; do job "rate-$r"; enqueue rate "rate-$r" >/dev/null; done
before=$(ls "$tmp/sink" | wc -l)
bot rate send >"$tmp/out" 2>"$tmp/err"
ok_if "rate: 2 of 3 sent under max_per_hour = 2" grep -q '^sent 2, .*waiting 1,' "$tmp/out"
bot rate send >"$tmp/out" 2>/dev/null
ok_if "rate: the next run within the hour sends none" grep -q '^sent 0,' "$tmp/out"
ok_if "rate: the server got exactly 2" test $(( $(ls "$tmp/sink" | wc -l) - before )) -eq 2

# ---- null envelope sender; AUTH secrets never logged ----------------------
DB=$tmp/auth.db
config nullfrom "$SINK"
sed -i 's/^envelope_from = .*/envelope_from = <>/' "$tmp/nullfrom.conf"
enqueue nullfrom nf >/dev/null
midn=$(bot nullfrom outbox show 1 --json | sed -n 's/^  "message_id": "\(.*\)",$/\1/p')
bot nullfrom send >/dev/null 2>&1
f=$(grep -l "^Message-ID: <$midn>" "$tmp/sink"/* 2>/dev/null | head -1)
ok_if "envelope_from = <> sends MAIL FROM:<>" \
	test "$(sed -n 's/^X-Mail-Args: //p' "${f:-/dev/null}")" = "<>"
# smtp-sink answers AUTH with a bare 250, which libcurl rightly refuses:
# that is a login failure (configuration, exit 5), which must not cost
# the mail an attempt
config auth "$SINK"
printf 's3cret-pw\n' >"$tmp/pw"
chmod 600 "$tmp/pw"
printf '[smtp]\nuser = bob\npassword_file = %s\n' "$tmp/pw" >>"$tmp/auth.conf"
enqueue auth au >/dev/null
ida=$(bot auth outbox list --json | grep -c '"id"')
bot auth -v -v send >"$tmp/out" 2>"$tmp/err"
ok_if "AUTH refused: send exits 5, the mail stays pending" \
	test $? -eq 5 -a "$(bot auth outbox show "$ida" --json | sed -n 's/^  "attempts": //p')" = "0,"
ok_if "AUTH: the conversation was logged at -v -v" grep -q 'server: 250-AUTH' "$tmp/err"
b64=$(printf '\0bob\0s3cret-pw' | base64)
ok_if "AUTH: neither the password nor its base64 is logged" \
	sh -c "! grep -q -e 's3cret-pw' -e '$b64' '$tmp/err' '$tmp/out'"

# ---- dry run -------------------------------------------------------------
DB=$tmp/dry.db
job dry
enqueue main dry >/dev/null
midd=$(row_field 1 message_id | tr -d '"')
mkdir "$tmp/dry"
bot down send --dry-run "$tmp/dry" >/dev/null 2>&1
ok_if "dry run: writes DIR/<message-id>.eml" test -f "$tmp/dry/$midd.eml"
ok_if "dry run: the file is the RFC 5322 message (CRLF)" \
	sh -c "head -1 '$tmp/dry/$midd.eml' | od -c | grep -q '\\\\r  \\\\n'"
ok_if "dry run: row marked sent" test "$(row_field 1 state)" = '"sent"'

# ---- command line --------------------------------------------------------
for c in outbox send; do
	ok_if "$c -h prints usage to stdout" sh -c "'$LKPBOT' -c '$tmp/main.conf' -d '$DB' $c -h | grep -q '^usage:'"
done
bot main outbox bogus >/dev/null 2>&1
ok_if "outbox with a bad subcommand exits 2" test $? -eq 2
bot main send extra >/dev/null 2>&1
ok_if "send with an argument exits 2" test $? -eq 2
ok_if "outbox list --json has format_version 1" \
	sh -c "'$LKPBOT' -c '$tmp/main.conf' -d '$DB' outbox list --json | grep -q '\"format_version\": 1'"

done_testing
