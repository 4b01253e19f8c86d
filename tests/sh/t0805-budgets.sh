#!/bin/sh
# t0805-budgets.sh - budgets that forged mail cannot exhaust (issue 36,
# item 4). Row 7: a sender rotated over the public recipients of a
# report is a new asker each time to [requests] per_asker and
# jobs_per_asker; [requests] per_hour and jobs_per_hour hold all such
# askers together, and never the maintainers or the LKP team. Row 8: a
# flood of answers to a forged recipient address does not hold up a
# maintainer's answer, neither in the outbox's order nor on the hourly
# budget ([bot] max_per_hour) the flood used up. The class is the
# proven sender's: with verify_senders = dkim a maintainer's From: that
# her domain did not sign is anyone's, on the outsiders' budgets and
# request quota.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap '[ -n "$KEEP" ] || rm -rf "$T"' EXIT
TAP_TMP=$T
S=$LKB_TEST_DATA/stories
P0=20190930014612.story000@shao2-debian
# the report's 14 public recipients, whose addresses anyone can forge
RCPTS=$(for i in $(seq -w 1 14); do printf 'r%s@rcpt.example ' "$i"; done)

# setup DIR BOT-LINES REQUESTS-LINES: Maildir, queue, dry-run outbox,
# configuration and the story report, Cc'd to RCPTS, under $T/DIR
setup() {
	mkdir -p "$T/$1/md/cur" "$T/$1/md/new" "$T/$1/md/tmp" "$T/$1/out" \
		"$T/$1/res" "$T/$1/queue"
	# verify_senders = none (unless VERIFY says otherwise): these mails
	# are unsigned, and rows 7 and 8 are not about trust (t0340, t0350
	# are; dkim is the default)
	cat > "$T/$1/conf" <<CONF
[maildir]
path = $T/$1/md
[smtp]
from = lkpbot <lkpbot@bot.example>
[bot]
verify_senders = ${VERIFY:-none}
${VERIFY:+dkim_key_file = $T/keys}
address = lkpbot@bot.example
maintainers = alice@maint.example
$2
[results]
root = $T/$1/res
queue = $T/$1/queue
[requests]
$3
[db]
path = $T/$1/db
CONF
	sed "s/^Cc: .*/Cc: $(echo $RCPTS | sed 's/ /, /g')/" \
		"$S/000-report.eml" > "$T/$1/md/new/report"
}
D=
q() { sqlite3 "$T/$D/db" "$1"; }
run() { "$LKPBOT" -c "$T/$D/conf" -v run --dry-run "$T/$D/out" >/dev/null 2>"$T/$D/run.err"; }
n=0
mail() { # FROM BODY
	n=$((n + 1))
	{
		printf 'From: %s\nTo: lkp@intel.com\n' "$1"
		printf 'Subject: Re: report\nDate: Tue, 1 Oct 2019 12:%02d:00 +0000\n' $((n % 60))
		printf 'Message-ID: <b%d@test>\n' $n
		printf 'In-Reply-To: <%s>\nReferences: <%s>\n' $P0 $P0
		printf '\n%s\n' "$2"
	} > "$T/$D/md/new/b$n"
}
# shas K: K made-up shas for the next mail, used by no other
shas() {
	for i in $(seq 1 "$1"); do
		printf ' bad%04x%05x' $((n + 1)) "$i"
	done
}
msg() { q "select id from messages where message_id = 'b$1@test'"; }
cmd() { q "select $2 from commands where msg_id = $(msg $1)"; }
nfiles() { ls "$T/$D/queue" | wc -l | tr -d ' '; }

# ---- row 7: one ceiling an hour for everyone but the maintainers ----
# no per-report or per-day quota to hide behind: per_asker and
# jobs_per_asker (their defaults, 10 and 40) and the new ceilings at
# their defaults (20 requests, 40 job files an hour)
D=r7
setup r7 "max_per_hour = 1000
max_per_thread = 1000" "per_report = 0
jobs_per_report = 0
jobs_per_day = 0"
ok_if "row 7: run over the report" run
is "... its 14 recipients are participants" \
	"$(q "select length(cc_addrs) - length(replace(cc_addrs, '@rcpt.example', '')) from messages where message_id = '$P0'")" \
	$((14 * 13))
# 30 mails of 4 made-up commits each, the sender rotated over the 14
first=$((n + 1))
for i in $(seq 0 29); do
	mail "r$(printf %02d $((i % 14 + 1)))@rcpt.example" "#lkp compare$(shas 4)"
done
run
ok_rc "row 7: the flood run exits 0" $?
is "... each sender kept within per_asker" \
	"$(q "select max(c) from (select count(*) c from commands group by author)")" 3
is "... 20 requests taken ([requests] per_hour), not 30" \
	"$(q "select count(*) from requests")" 20
is "... the first 20 mails taken, the last 10 refused" \
	"$(for i in $(seq $first $n); do cmd $i allowed; done | tr -d '\n')" \
	"$(printf '1%.0s' $(seq 1 20))$(printf '0%.0s' $(seq 1 10))"
is "... every refusal names the key" \
	"$(q "select count(*) from commands where allowed = 0 and result like 'refused: %[requests] per_hour%'")" 10
is "... and is answered to its sender alone" \
	"$(q "select count(*) from outbox where kind = 'refusal' and cast(raw as text) like '%[requests] per_hour%' and recipients like 'r__@rcpt.example'")" 10
is "... job files stay at the ceiling: 40 ([requests] jobs_per_hour), not 80" \
	"$(nfiles)" 40
is "... and the store counts them all" "$(q "select sum(jobs) from requests")" 40
is "... the requests past it are carried out without jobs" \
	"$(q "select count(*) from requests where jobs = 0")" 10
ok_if "... their answers name the ceiling" sh -c \
	"test \$(sqlite3 '$T/r7/db' \"select count(*) from outbox where kind = 'queued' and replace(raw, char(13), '') like '%4 commits got no lkp job ([requests] jobs_per_hour = 40):%'\") -eq 10"

# the maintainers and the LKP team are not counted and never held
mail "Alice <alice@maint.example>" "#lkp compare$(shas 3)"; a=$n
mail "Oliver Sang <oliver.sang@intel.com>" "#lkp compare$(shas 2)"; o=$n
run
is "row 7: the maintainer's request is taken" "$(cmd $a allowed)" 1
is "... and the LKP team's" "$(cmd $o allowed)" 1
is "... all their job files written" \
	"$(q "select group_concat(jobs) from requests where msg_id in ($(msg $a), $(msg $o)) order by id")" "3,2"
mail "r01@rcpt.example" "#lkp compare$(shas 2)"
run
is "... while everyone else is still held" "$(cmd $n allowed)" 0
is "... by per_hour, which their requests did not use up" \
	"$(q "select count(*) from requests where pool = 0")" 20
# an hour later everyone else may ask again
q "update requests set created_at = created_at - 3601, jobs_at = jobs_at - 3601"
mail "r02@rcpt.example" "#lkp compare$(shas 2)"
run
is "row 7: an hour later a request is taken again" "$(cmd $n allowed)" 1
is "... with its job files" "$(q "select jobs from requests where msg_id = $(msg $n)")" 2
ok_if "row 7: database intact" "$LKPBOT" -c "$T/r7/conf" db check

# ---- row 8: the maintainers' answers never wait behind others ----
# a small hourly budget; the thread limit out of the way for the flood
D=r8
setup r8 "max_per_hour = 3
max_per_thread = 1000" ""
ok_if "row 8: run over the report" run
out() { q "select state from outbox where request_id = 'm$(msg $1).c1'"; }
flood() { q "select count(*) from outbox where kind = 'status' and recipients like 'r05@%' and state = '$1'"; }
# 20 status commands from a forged recipient address
first=$((n + 1))
for i in $(seq 1 20); do mail "r05@rcpt.example" "#lkp status"; done
run
ok_rc "row 8: the flood run exits 0" $?
is "... 20 answers queued" "$(q "select count(*) from outbox where kind = 'status'")" 20
is "... 3 sent ([bot] max_per_hour), 17 pending" "$(flood sent)/$(flood pending)" 3/17
# the flood used the hour's budget, and more than the thread's: a
# maintainer's command now is answered all the same, in this run
conf_thread() { sed -i "s/^max_per_thread = .*/max_per_thread = $1/" "$T/r8/conf"; }
conf_thread 10
mail "Alice <alice@maint.example>" "#lkp close fixed"; a=$n
run
is "row 8: the maintainer's command is carried out" \
	"$(q "select state || ' ' || close_reason from reports")" "closed fixed"
is "... its answer queued past the flood's thread limit and sent" "$(out $a)" sent
is "... to her, not on the budget the flood used" \
	"$(q "select team || ' ' || recipients from outbox where request_id = 'm$(msg $a).c1'" | head -n 1)" \
	"1 alice@maint.example"
is "... the flood still waits: 3 sent, 17 pending" "$(flood sent)/$(flood pending)" 3/17
ok_if "... the run says the budget is used" grep -q 'hourly answer budget' "$T/r8/run.err"
# a new hour, a new flood and the LKP team's and a maintainer's
# commands in the same run: theirs go out first, the others' on their
# own budget
conf_thread 1000
q "update outbox set created_at = 0, sent_at = 0"
for i in 1 2 3 4 5; do mail "r05@rcpt.example" "#lkp status"; done
mail "Oliver Sang <oliver.sang@intel.com>" "#lkp status"; o=$n
mail "Alice <alice@maint.example>" "#lkp status"; a=$n
run
is "row 8: the LKP team's answer sent" "$(out $o)" sent
is "... and the maintainer's" "$(out $a)" sent
is "... the others get their 3 of the hour, 19 wait" "$(flood sent)/$(flood pending)" 6/19
sent_order() { sed -n 's/.*sent outbox row \([0-9]*\) .*/\1/p' "$T/r8/run.err" | tr '\n' ' '; }
ids=$(q "select id from outbox where request_id in ('m$(msg $o).c1', 'm$(msg $a).c1') order by id" | tr '\n' ' ')
is "... theirs first, before any older answer to others" \
	"$(sent_order | cut -d' ' -f1-2) " "$ids"
ok_if "row 8: database intact" "$LKPBOT" -c "$T/r8/conf" db check

# ---- the class of a proven sender only ----
# mail signed by python3-dkim (lib-dkim.sh), as in t0350
. "$LKB_SRCDIR/tests/sh/lib-dkim.sh"
key s1 maint.example
D=v4
VERIFY=dkim
setup v4 "max_per_hour = 3
max_per_thread = 1000" "per_hour = 1"
ok_if "proven: run over the report" run
# 20 status commands from the maintainer's address, none signed
for i in $(seq 1 20); do mail "Alice <alice@maint.example>" "#lkp status"; done
run
ok_rc "proven: the forged flood's run exits 0" $?
is "... not one of its answers in the maintainers' class" \
	"$(q "select count(*) from outbox where team = 1")" 0
is "... all on the outsiders' budgets" \
	"$(q "select count(*) from outbox where request_id not like 'o.%'")" 0
mail "Alice <alice@maint.example>" "#lkp status"; a=$n
sign "$T/v4/md/new/b$n" s1 maint.example
run
is "proven: her signed command's answer is sent in its run" "$(out $a)" sent
is "... in the maintainers' class" \
	"$(q "select team from outbox where request_id = 'm$(msg $a).c1'")" 1
# [requests] per_hour = 1: an unsigned retest from her address is an
# outsider's, on their hour's ceiling
mail "Alice <alice@maint.example>" "#lkp retest"; u1=$n
mail "Alice <alice@maint.example>" "#lkp retest$(shas 1)"; u2=$n
mail "Alice <alice@maint.example>" "#lkp retest$(shas 1)"; s1=$n
sign "$T/v4/md/new/b$n" s1 maint.example
run
is "proven: an unsigned retest from her address is taken" "$(cmd $u1 allowed)" 1
is "... in the outsiders' pool" \
	"$(q "select pool from requests where msg_id = $(msg $u1)")" 0
is "... the next one refused by their hour's ceiling" "$(cmd $u2 allowed)" 0
ok_if "... which it names" sh -c "sqlite3 '$T/v4/db' \"select result from commands where msg_id = $(msg $u2)\" | grep -q 'per_hour'"
is "... her signed retest taken all the same" "$(cmd $s1 allowed)" 1
is "... in the maintainers' pool" \
	"$(q "select pool from requests where msg_id = $(msg $s1)")" 1
# the request stage's answers: the unsigned one is an outsider's (on
# their budgets, to her alone), the signed one the maintainers'
reqans() { # MAIL: request_id, team and recipients (a line each) of its answer
	q "select o.request_id || ' ' || o.team || ' ' || o.recipients
	   from outbox o join requests r on o.request_id like '%request-' || r.id
	   where r.msg_id = $(msg $1)"
}
is "proven: the unsigned retest's answer is on the outsiders' budgets" \
	"$(reqans $u1)" \
	"o.request-$(q "select id from requests where msg_id = $(msg $u1)") 0 alice@maint.example"
is "... the signed retest's on the maintainers', to the thread" \
	"$(reqans $s1 | head -n 1)" \
	"request-$(q "select id from requests where msg_id = $(msg $s1)") 1 alice@maint.example"
# a series comparison asked in plain words, unsigned: the same
mail "Alice <alice@maint.example>" "Please treat the whole series as one."; w=$n
run
is "proven: an unsigned request in plain words is an outsider's too" \
	"$(reqans $w)" \
	"o.request-$(q "select id from requests where msg_id = $(msg $w)") 0 alice@maint.example"
ok_if "proven: database intact" "$LKPBOT" -c "$T/v4/conf" db check

done_testing
