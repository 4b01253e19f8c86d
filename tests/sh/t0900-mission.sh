#!/bin/sh
# t0900-mission.sh - the mission end to end, as a maintainer would see it:
# a real dovecot (IMAP) and postfix's smtp-sink (SMTP), cron-like
# `lkpbot run` calls after each step of the seed stories:
#  1 the reports arrive (seeds 000, 001, 004 as raw mail, plus corpus
#    reports): tracked, open, fields as parsed; no mail
#  2 Yang Shi's reply (000): events, no mail
#  3 the LKP team's reply (001): closed, fix-of-earlier-race, earlier
#    commit recorded; no mail
#  4 Hugh Dickins' reply (004): a series request; results for part of the
#    series -> one "queued" mail in the thread and job files; the missing
#    results appear -> the whole-series report (base, 13 patches,
#    attribution) sent once, to Hugh with the report's Cc
#  5 a maintainer's "#lkp status" and "#lkp dup-of", an outsider's
#    "#lkp close": answers and a refusal; states right
#  6 lkpbot's own answers echoed back into the folder: no answer to them;
#    a run with nothing new sends nothing
#  7 list, show and thread match golden files
# Every reply reaches lkpbot as the list's copy, the way vger delivers
# it: Precedence: bulk, List-Id, X-Mailing-List, List-Unsubscribe.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"
. "$LKB_SRCDIR/tests/sh/lib-smtp.sh"
smtp_require
lkb_on_exit smtp_cleanup
for c in python3 git sqlite3; do
	command -v $c >/dev/null || bail_out "$c missing"
done
start_dovecot
lkb_setup
start_smtp_sink "$T/sink"
# Every lkpbot call of the scenario runs under valgrind memcheck in the
# normal build (no leaks, no errors: exit 99 otherwise); the sanitizer
# build has ASan and UBSan instead.
if [ -z "${LKB_SANITIZED:-}" ]; then
	command -v valgrind >/dev/null 2>&1 || bail_out "valgrind missing"
	cat >"$T/lkpbot-vg" <<VG
#!/bin/sh
exec valgrind -q --error-exitcode=99 --leak-check=full \
	--errors-for-leak-kinds=definite --show-leak-kinds=definite \
	--suppressions="$LKB_SRCDIR/tests/sh/valgrind.supp" "$LKPBOT" "\$@"
VG
	chmod +x "$T/lkpbot-vg"
	LKPBOT=$T/lkpbot-vg
fi
S=$LKB_TEST_DATA/stories
G=$LKB_TEST_DATA/e2e
plan 45

# ---- the world: a kernel tree with the 13-patch series, lkp results ----
sh "$LKB_SRCDIR/tests/tools/make-series-repo.sh" "$T/repo" 13 >/dev/null 2>&1
shas=$(git -C "$T/repo" rev-list --reverse -14 HEAD)
col() { echo $shas | cut -d' ' -f$(($1 + 1)); }	# 0 = base, 1..13
python3 "$LKB_SRCDIR/tests/tools/gen-results.py" series "$T/res" "$T/expect" $shas
RT=$T/res/stress-ng/memory-100%-remap-60s/lkp-icl-2sp8/debian-12-x86_64-20240206.cgz/x86_64-rhel-9.4/gcc-12
mkdir -p "$T/held"
mv "$RT/$(col 5)" "$RT/$(col 10)" "$T/held/"
# Seed 004's report, on the generated series: its commit is patch 07
P06=$(col 6) P07=$(col 7) BASE=$(col 0)
sh "$LKB_SRCDIR/tests/tools/story004-on-series.sh" "$S/004-report.eml" \
	"$BASE" "$P06" "$P07" >"$T/004-report.eml"
# listcopy SRC DST LIST: SRC as LIST (name@host) delivers it to its
# readers: the list's headers after the author's (CRLF kept)
listcopy() {
	awk -v l="${3%@*}" -v h="${3#*@}" '
	!done && /^\r?$/ {
		e = /\r$/ ? "\r" : ""
		printf "Precedence: bulk%s\nList-Id: <%s.%s>%s\n", e, l, h, e
		printf "X-Mailing-List: %s@%s%s\n", l, h, e
		printf "List-Subscribe: <mailto:%s+subscribe@%s>%s\n", l, h, e
		printf "List-Unsubscribe: <mailto:%s+unsubscribe@%s>%s\n", l, h, e
		done = 1
	}
	{ print }' "$1" >"$2"
}
sed -e "s/237b445401/$(echo $P07 | cut -c1-10)/g" "$S/004-reply.eml" |
	listcopy /dev/stdin "$T/004-reply.eml" linux-mm@kvack.org
listcopy "$S/000-reply.eml" "$T/000-reply.eml" linux-mm@kvack.org
listcopy "$S/001-reply.eml" "$T/001-reply.eml" linux-kernel@vger.kernel.org

printf '%s\n' "$DOVECOT_PASS" >"$T/imap.pass"
chmod 600 "$T/imap.pass"
# verify_senders = none: the stories' mails carry no DKIM signature; who
# may act on signed mail is t0350's subject (dkim is the default)
cat >"$LKB_CONF" <<CONF
[imap]
url = $IMAP_URL/
folders = INBOX
user = $DOVECOT_USER
password_file = $T/imap.pass
[smtp]
url = smtp://127.0.0.1:$SMTP_SINK_PORT
from = lkpbot <lkpbot@bot.example>
[bot]
verify_senders = none
address = lkpbot@bot.example
maintainers = alice@maint.example
cc_policy = thread
[results]
root = $T/res
queue = $T/queue
expire_days = 14
[git]
repo = $T/repo
CONF
run() { echo "$ lkpbot run" >>"$T/run.out"; "$LKPBOT" -c "$LKB_CONF" run >>"$T/run.out" 2>&1; }
sent() { ls "$T/sink" | wc -l; }
q() { db_q "$1"; }
rid() { q "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = '$1'"; }
put() { maildir_put INBOX "$@"; }

# ---- 1: the reports arrive ----
CORPUS_REPORTS="$LKB_TEST_DATA/corpus/maildir/cur/1747630203.072725_abe26b966214d9757f7326c7740f597ba52e80fb.pi:2, $LKB_TEST_DATA/corpus/maildir/cur/1733840721.066540_fe5df73245e5130395474c08dd7285e2e44403c6.pi:2,"
put "$S/000-report.eml" "$S/001-report.eml" "$T/004-report.eml" $CORPUS_REPORTS
run
ok_rc "1: run over the new reports" $?
is "1: five reports tracked" "$(q 'select count(*) from reports')" 5
is "1: all open" "$(q "select group_concat(distinct state) from reports")" open
R0=$(rid 20190930014612.story000@shao2-debian)
R1=$(rid 20210804143812.story001@xsang-OptiPlex-9020)
R4=$(rid 20220218063812.story004@xsang-OptiPlex-9020)
is "1: seed 004's report parsed on the generated series" \
	"$(q "select kind || ' ' || commit_sha || ' ' || testcase from reports where id = $R4")" "perf-regression $P07 stress-ng"
# the stored report is what the parser makes of the mail, nothing lost
"$LKPBOT" -c "$LKB_CONF" show --json 202505191143.59950d28-lkp@intel.com >"$T/show.json"
python3 - "$T/show.json" "$LKB_TEST_DATA/report" >"$T/cmp.out" 2>&1 <<'PY'
import json, sys, os
got = json.load(open(sys.argv[1]))
for n in os.listdir(sys.argv[2]):
    if n.endswith(".json"):
        want = json.load(open(os.path.join(sys.argv[2], n)))
        if isinstance(want, dict) and want.get("message_id") == got["message_id"]:
            break
else:
    sys.exit("no golden JSON for " + got["message_id"])
skip = {"id", "state", "close_reason", "related_commits", "duplicate_of", "history"}
bad = [k for k in want if k not in skip and want[k] != got.get(k)]
sys.exit("differ: %s" % bad if bad else 0)
PY
st=$?	# before the description's $(cat) runs
ok_rc "1: show --json of a corpus report equals its golden parse ($(cat "$T/cmp.out"))" "$st"
is "1: no mail sent" "$(sent)" 0

# ---- 2: Yang Shi ----
put "$T/000-reply.eml"
run
ok_rc "2: run" $?
is "2: events of Yang Shi's reply" \
	"$(q "select group_concat(type) from (select type from events where report_id = $R0 order by type)")" "cannot-reproduce,fix-proposed"
is "2: a fix is proposed" "$(q "select state from reports where id = $R0")" fix-proposed
is "2: no mail sent" "$(sent)" 0

# ---- 3: the LKP team closes 001 ----
put "$T/001-reply.eml"
run
ok_rc "3: run" $?
is "3: closed, fix of an earlier race" \
	"$(q "select state || ' ' || close_reason from reports where id = $R1")" "closed fix-of-earlier-race"
is "3: the earlier commit is recorded" \
	"$(q "select sha from report_related where report_id = $R1 and relation = 'fix-of'")" eef983ffeae7a1cdde8c3338155ae2dd74b8621b
is "3: no mail sent" "$(sent)" 0

# ---- 4: Hugh asks for the whole series ----
put "$T/004-reply.eml"
run
ok_rc "4: run" $?
is "4: the request is queued (results missing)" \
	"$(q "select kind || ' ' || state from requests where report_id = $R4")" "compare-series queued"
is "4: two job files, for the two commits without results" "$(ls "$T/queue" | wc -l)" 2
is "4: one mail: queued" "$(sent)" 1
m=$T/sink/$(ls "$T/sink" | head -1)
ok_rc "4: queued answer threaded under Hugh's mail" "$(grep -q '^In-Reply-To: <story004.reply@google.com>' "$m"; echo $?)"
ok_rc "4: ... to Hugh" "$(grep -qi '^X-Rcpt-Args:.*hughd@google.com' "$m" || grep -q 'hughd@google.com' "$m"; echo $?)"
run
is "4: waiting: nothing more" "$(sent)" 1
is "4: waiting: no more job files" "$(ls "$T/queue" | wc -l)" 2
mv "$T/held/"* "$RT/"
run
ok_rc "4: run after the results appear" $?
is "4: the request is done" "$(q "select state from requests where report_id = $R4")" done
is "4: the series report is sent" "$(sent)" 2
m=$T/sink/$(ls -t "$T/sink" | head -1)
tr -d '\r' <"$m" >"$T/series.txt"
ok_rc "4: series report in the thread (Subject)" "$(grep -q '^Subject: Re: \[mm/munlock\]' "$T/series.txt"; echo $?)"
ok_rc "4: ... (In-Reply-To)" "$(grep -q '^In-Reply-To: <story004.reply@google.com>' "$T/series.txt"; echo $?)"
ok_rc "4: with the report's Cc" "$(grep -q '^Cc:.*akpm@linux-foundation.org' "$T/series.txt"; echo $?)"
ok_rc "4: attribution names patch 07 and patch 10" \
	"$(grep -q "07/13 $(echo $P07 | cut -c1-10)" "$T/series.txt" && grep -q "10/13 $(col 10 | cut -c1-10)" "$T/series.txt"; echo $?)"
hdr=$(grep -c '^---------------- ---------------------------' "$T/series.txt")
ok_rc "4: a 14-column table" "$(grep '^---------------- ' "$T/series.txt" | head -1 | awk '{ exit NF != 14 }'; echo $?)"
run
is "4: sent once" "$(sent)" 2

# ---- 5: commands in another thread ----
mk() { # FILE FROM PARENT BODY [DATE]: the linux-mm copy of a reply
	cat >"$1.direct" <<MAIL
From: $2
To: kernel test robot <rong.a.chen@intel.com>
Cc: Yang Shi <yang.shi@linux.alibaba.com>, lkp@lists.01.org
Subject: Re: [mm] 87eaceb3fa: stress-ng.madvise.ops_per_sec -19.6% regression
Date: ${5:-Tue, 1 Oct 2019 10:00:00 +0000}
Message-ID: <$(basename "$1")@e2e.test>
In-Reply-To: <$3>
References: <$3>

$4
MAIL
	listcopy "$1.direct" "$1" linux-mm@kvack.org
}
# the later report is the duplicate (dup-of naming a later one is refused)
mk "$T/cmd1" "Alice Maintainer <alice@maint.example>" 20220218063812.story004@xsang-OptiPlex-9020 "#lkp status
#lkp dup-of $R0

Alice" "Sun, 20 Feb 2022 10:00:00 +0000"
mk "$T/cmd2" "Mallory <mallory@outside.example>" 20190930014612.story000@shao2-debian "#lkp close"
put "$T/cmd1" "$T/cmd2"
run
ok_rc "5: run" $?
is "5: the maintainer's dup-of is carried out" \
	"$(q "select state || ' ' || close_reason || ' ' || duplicate_of from reports where id = $R4")" "closed duplicate $R0"
is "5: three answers: status, ack, refusal" "$(sent)" 5
ok_rc "5: two answers to the maintainer" "$(grep -l '^In-Reply-To: <cmd1@e2e.test>' "$T"/sink/* | wc -l | grep -qx 2; echo $?)"
ok_rc "5: the outsider is refused politely" "$(grep -l 'only the maintainers' $(grep -l '^In-Reply-To: <cmd2@e2e.test>' "$T"/sink/*) | grep -q .; echo $?)"
is "5: refusal recorded" "$(q "select allowed from commands where msg_id = (select id from messages where message_id = 'cmd2@e2e.test')")" 0

# ---- 6: our own answers come back (a list echoes them) ----
n=0
for f in "$T"/sink/*; do
	n=$((n + 1))
	# smtp-sink puts its X-*-Args lines first: drop them
	sed '/^X-[A-Za-z]*-Args:/d' "$f" >"$T/sunk.eml"
	listcopy "$T/sunk.eml" "$T/echo.$n" linux-mm@kvack.org
done
put "$T"/echo.*
run
ok_rc "6: run over our own echoed answers" $?
is "6: no answer to our own mail" "$(sent)" 5
is "6: no command read from our own mail" "$(q "select count(*) from commands where msg_id in (select id from messages where x_lkpbot is not null)")" 0
run
is "6: a run with nothing new sends nothing" "$(sent)" 5
ok_rc "6: database intact" "$("$LKPBOT" -c "$LKB_CONF" db check >/dev/null 2>&1; echo $?)"

# ---- 7: what the CLI shows ----
L() { "$LKPBOT" -c "$LKB_CONF" "$@"; }
L list >"$T/list.txt"
L thread --json "$R4" | sed "s/$P07/P07/g; s/$(echo $P07 | cut -c1-10)/P07/g" >"$T/thread4.json"
L show "$R1" >"$T/show1.txt"
if [ "${LKB_UPDATE_GOLDEN:-0}" = 1 ]; then
	cp "$T/list.txt" "$G/list.txt"
	cp "$T/thread4.json" "$G/thread4.json"
	cp "$T/show1.txt" "$G/show1.txt"
fi
sed "s/$(echo $P07 | cut -c1-12)/P07/g" "$T/list.txt" >"$T/list.norm"
sed "s/$(echo $P07 | cut -c1-12)/P07/g" "$G/list.txt" >"$T/list.gold"
ok_rc "7: list matches the golden file" "$(diff -u "$T/list.gold" "$T/list.norm" >"$T/d1"; echo $?)"
ok_rc "7: show matches the golden file" "$(diff -u "$G/show1.txt" "$T/show1.txt" >"$T/d2"; echo $?)"
python3 - "$G/thread4.json" "$T/thread4.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
# our own answers (echoed back in step 6) carry the wall-clock time of
# the run in their Date and Message-ID: not part of the story; answers
# sent within one second come in the order of their stored rows, which
# the echo's import order decides, so they are compared as a set
for d in (a, b):
    own = []
    for m in d["messages"]:
        if m["from"] == "lkpbot@bot.example":
            m.pop("date", None)
            m.pop("message_id", None)
            own.append(m)
    rest = [m for m in d["messages"] if m["from"] != "lkpbot@bot.example"]
    d["messages"] = rest + sorted(own, key=lambda m: json.dumps(m, sort_keys=True))
sys.exit(a != b)
PY
ok_rc "7: thread --json matches the golden file" $?
done_testing
