#!/bin/sh
# t0480-review.sh - the review queue and the waiting state (issue 34) on
# a real thread (tests/data/review/README): a participant's question
# "is this already fixed by commit X?" is a retest request the rules are
# not sure of (retest-ask-more, medium), so it waits in `lkpbot review`
# instead of moving the report; accepted, the report waits for the
# robot; the LKP team's answer ("cannot fix") ends the wait; the
# decision stays through `lkpbot reparse` and a second triage of the
# mail. A rejected one changes nothing, and [triage] auto_confidence
# lets a medium rule through. The site lists the report under review
# and gives the commands on its page.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
command -v sqlite3 >/dev/null || bail_out "sqlite3 is needed"
D=$LKB_TEST_DATA/review
P=202503101536.27099c77-lkp@intel.com
ASK=20250311-testphasen-behelfen-09b950bbecbf@brauner
triage_conf "axboe@kernel.dk"
L() { "$LKPBOT" -c "$T/conf" "$@"; }
ev() { q "select id from events where type = '$1' and msg_id = (select id from messages where message_id = '$2')"; }

deliver "$D/report.eml"
deliver "$D/ask.eml"
ok_if "the report and the question imported" run
R=$(rid $P)
E=$(ev retest-request $ASK)
is "the question is a retest request" "$(q "select source || ' ' || confidence from events where id = '$E'")" \
	"rule:retest-ask-more 0.6"
is "... not sure enough: pending review" "$(q "select review from events where id = '$E'")" pending
is "... the report has not moved" "$(q "select state from reports where id = $R")" open
L review >"$T/review.txt"
ok_if "lkpbot review lists it with the report" grep -q "^event $E  report $R  retest-request" "$T/review.txt"
ok_if "... its message" grep -q "<$ASK>" "$T/review.txt"
ok_if "... its author" grep -q "brauner@kernel.org" "$T/review.txt"
ok_if "... how sure" grep -q "confidence  0.60 (medium)" "$T/review.txt"
ok_if "... why" grep -q "why         rule:retest-ask-more" "$T/review.txt"
ok_if "... the evidence line" grep -q "evidence    Is this also already fixed by:" "$T/review.txt"
ok_if "... the commands that decide" grep -q "accept      lkpbot review --accept $E   (mail: #lkp accept $E)" "$T/review.txt"
ok_if "... both ways" grep -q "reject      lkpbot review --reject $E   (mail: #lkp reject $E)" "$T/review.txt"
is "lkpbot review --json" "$(L review --json | python3 -c 'import json,sys; e=json.load(sys.stdin)["events"][0]; print(e["event_id"], e["report"], e["type"], e["confidence"], e["level"], e["review"], e["accept"])')" \
	"$E $R retest-request 0.6 medium pending lkpbot review --accept $E"
ok_if "lkpbot thread says which rule, how sure, which line" sh -c "'$LKPBOT' -c '$T/conf' thread $R | grep 'retest-request' | grep 'rule:retest-ask-more' | grep '0.60 medium' | grep -q 'Is this also already fixed by:'"
ok_if "... and that it waits for review" sh -c "'$LKPBOT' -c '$T/conf' thread $R | grep -q 'review $E: pending'"
ok_if "the digest has a needs-review section" sh -c "'$LKPBOT' -c '$T/conf' digest --print | grep -q 'lkpbot review --accept $E'"
L web --out "$T/site" >/dev/null
ok_if "the site's review bucket lists the report" grep -q "href=\"report-$R.html\"" "$T/site/bucket-review.html"
ok_if "... its page gives the commands that decide the event" \
	grep -q "waits for review: <code>lkpbot review --accept $E</code> or <code>#lkp accept $E</code>" "$T/site/report-$R.html"

ok_if "lkpbot review --accept" env LKPBOT_USER=jens "$LKPBOT" -c "$T/conf" review --accept "$E"
is "... accepted, by whom" "$(q "select review || ' ' || reviewed_by from events where id = $E")" "accepted jens"
L web --out "$T/site" >/dev/null
ok_if "... the site's page says so, no command left" sh -c \
	"grep -q 'review: accepted' '$T/site/report-$R.html' && ! grep -q 'waits for review' '$T/site/report-$R.html' && ! grep -q 'href=\"report-$R.html\"' '$T/site/bucket-review.html'"
is "... applied: the report waits for the robot" "$(q "select state from reports where id = $R")" waiting
is "... the history says why" "$(q "select from_state || ' ' || to_state || ' ' || cause from report_history where report_id = $R")" \
	"open waiting review: jens accepted rule:retest-ask-more"
ok_if "... not twice" sh -c "! '$LKPBOT' -c '$T/conf' review --accept $E 2>'$T/err'"
ok_if "... says why" grep -q "accepted already" "$T/err"
ok_if "... nothing left to review" sh -c "'$LKPBOT' -c '$T/conf' review | grep -q 'nothing to review'"
ok_if "... --all still shows the decision" sh -c "'$LKPBOT' -c '$T/conf' review --all | grep -q 'decided     accepted by jens'"
ok_if "lkpbot show says it" sh -c "'$LKPBOT' -c '$T/conf' show $R | grep -q 'review *event $E retest-request (rule:retest-ask-more, 0.60 medium): accepted'"

ok_if "lkpbot reparse" L reparse
is "... the decision stays" "$(q "select review from events where id = $E")" accepted
is "... the state too" "$(q "select state from reports where id = $R")" waiting
# triage reads the question again (as when its report comes after it)
q "delete from triaged where msg_id = (select id from messages where message_id = '$ASK')"
ok_if "the question triaged again" run
is "... still one event, still accepted" "$(q "select count(*) || ' ' || group_concat(review) from events where type = 'retest-request'")" "1 accepted"

deliver "$D/answer.eml"
ok_if "the LKP team's answer" run
is "... 'cannot fix': fix-no-effect" "$(q "select source from events where report_id = $R and type = 'fix-no-effect'")" rule:retest-no-effect
is "... the wait is over: acknowledged" "$(q "select state from reports where id = $R")" acknowledged

# the same thread in a second store: rejected, then a lower threshold
sed "s|^path = $T/db|path = $T/db2|" "$T/conf" >"$T/conf2"
L2() { "$LKPBOT" -c "$T/conf2" "$@"; }
q2() { sqlite3 "$T/db2" "$1"; }
ok_if "a second store" "$LKPBOT" -c "$T/conf2" import "$D/report.eml" "$D/ask.eml"
ok_if "... triaged" L2 triage
E2=$(q2 "select id from events where type = 'retest-request'")
ok_if "lkpbot review --reject" L2 review --reject "$E2"
is "... rejected" "$(q2 "select review from events where id = $E2")" rejected
is "... the report has not moved" "$(q2 "select state from reports")" open
q2 "delete from triaged"
ok_if "... triaged again" L2 triage
is "... still rejected, still open" "$(q2 "select review from events where id = $E2") $(q2 "select state from reports")" "rejected open"
ok_if "a bad event number is refused" sh -c "! '$LKPBOT' -c '$T/conf2' review --accept 99 2>'$T/err2'"
ok_if "... saying why" grep -q "event 99: no such event" "$T/err2"

# by mail: a maintainer's "#lkp accept N" in the report's thread; the
# patch's author may not
sed "s|^path = $T/db|path = $T/db4|" "$T/conf" >"$T/conf4"
q4() { sqlite3 "$T/db4" "$1"; }
ok_if "a third store" "$LKPBOT" -c "$T/conf4" import "$D/report.eml" "$D/ask.eml"
ok_if "... triaged" "$LKPBOT" -c "$T/conf4" triage
E4=$(q4 "select id from events where type = 'retest-request'")
cmd_mail() { # N FROM COMMAND
	{
		printf 'From: %s
To: kernel test robot <lkp@intel.com>
' "$2"
		printf 'Subject: Re: [linux-next:master] [block/bdev] 3c20917120
'
		printf 'Date: Wed, 12 Mar 2025 10:0%s:00 +0000
' "$1"
		printf 'Message-ID: <review%s@test>
In-Reply-To: <%s>
References: <%s>
' "$1" "$P" "$P"
		printf '
%s
' "$3"
	} >"$T/cmd$1.eml"
	"$LKPBOT" -c "$T/conf4" import "$T/cmd$1.eml" >/dev/null &&
		"$LKPBOT" -c "$T/conf4" triage >/dev/null
}
ok_if "#lkp accept from the patch's addressee" cmd_mail 1 "Hannes Reinecke <hare@suse.de>" "#lkp accept $E4"
is "... refused: still pending, still open" "$(q4 "select review from events where id = $E4") $(q4 "select state from reports")" "pending open"
is "... why" "$(q4 "select result from commands where msg_id = (select id from messages where message_id = 'review1@test')")" 	"refused: only maintainers may change the state of a report"
ok_if "#lkp accept of an unknown event" cmd_mail 2 "Jens Axboe <axboe@kernel.dk>" "#lkp accept 77"
is "... an error that says why" "$(q4 "select result from commands where msg_id = (select id from messages where message_id = 'review2@test')")" 	"error: no such event"
ok_if "#lkp accept from a maintainer" cmd_mail 3 "Jens Axboe <axboe@kernel.dk>" "#lkp accept $E4"
is "... accepted by the maintainer" "$(q4 "select review || ' ' || reviewed_by from events where id = $E4")" "accepted axboe@kernel.dk"
is "... the report waits" "$(q4 "select state from reports")" waiting
is "... the answer says so" "$(q4 "select result from commands where msg_id = (select id from messages where message_id = 'review3@test')")" 	"ok: report 1 is now waiting"

sed "s|^path = $T/db|path = $T/db3|" "$T/conf" >"$T/conf3"
printf '[triage]\nauto_confidence = medium\n' >>"$T/conf3"
ok_if "[triage] auto_confidence = medium" "$LKPBOT" -c "$T/conf3" import "$D/report.eml" "$D/ask.eml"
ok_if "... triaged" "$LKPBOT" -c "$T/conf3" triage
is "... the medium rule changes the state on its own" "$(sqlite3 "$T/db3" "select state from reports")" waiting
is "... nothing queued" "$(sqlite3 "$T/db3" "select count(*) from events where review is not null")" 0
printf '[triage]\nauto_confidence = 2\n' >>"$T/conf2"
ok_if "a threshold out of range is refused" sh -c "! '$LKPBOT' -c '$T/conf2' review 2>'$T/err3'"
ok_if "... naming the key and what it takes" grep -q "auto_confidence = '2': expected high, medium, low or a number from 0 to 1" "$T/err3"
done_testing
