#!/bin/sh
# t0395-error-paths.sh - an error answer names no path of the server
# (audit F9: "error answers show server paths ('... is not a commit in
# /srv/...')"): a comparison that fails on the results tree, and a
# series that cannot be resolved in the kernel clone, are answered with
# the reason, the paths left out.
. "$LKB_SRCDIR/tests/tap.sh"
command -v git >/dev/null || bail_out "git is not installed"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
S=$LKB_TEST_DATA/stories
mkdir -p "$T/md/cur" "$T/md/new" "$T/md/tmp" "$T/out" "$T/srv/res" "$T/srv/queue"
git init -q "$T/srv/linux" && git -C "$T/srv/linux" -c user.name=t -c user.email=t@t \
	commit -q --allow-empty -m base || bail_out "cannot make a git repository"
# verify_senders = none: these mails are unsigned, and this test is not
# about trust (t0340, t0350 are; dkim is the default)
cat > "$T/conf" <<CONF
[maildir]
path = $T/md
[smtp]
from = lkpbot <lkpbot@bot.example>
[bot]
verify_senders = none
address = lkpbot@bot.example
max_per_hour = 1000
max_per_thread = 1000
[results]
root = $T/srv/res
queue = $T/srv/queue
[git]
repo = $T/srv/linux
[db]
path = $T/db
CONF
q() { sqlite3 "$T/db" "$1"; }
run() { "$LKPBOT" -c "$T/conf" run --dry-run "$T/out" >/dev/null 2>"$T/run.err"; }
n=0
mail() { # BODY
	n=$((n + 1))
	printf 'From: Yang Shi <yang.shi@linux.alibaba.com>\nTo: lkp@intel.com\nSubject: Re: x\nDate: Tue, 1 Oct 2019 12:%02d:00 +0000\nMessage-ID: <e%d@test>\nIn-Reply-To: <%s>\nReferences: <%s>\n\n%s\n' \
		$n $n "$P0" "$P0" "$1" > "$T/md/new/e$n"
}
req() { q "select id from requests where msg_id = (select id from messages where message_id = 'e$1@test')"; }
answer() { q "select raw from outbox where request_id = 'request-$(req $1)' and kind = 'error'" | tr -d '\r'; }
cp "$S"/000-report.eml "$T/md/new/"
ok_if "run over the story report" run
P0=20190930014612.story000@shao2-debian
# two result directories a short sha names both: an error naming the
# directory it looked in
d=$T/srv/res/stress-ng/vm-x/lkp-skl-2sp8/debian-x86_64-2019-05-14.cgz/x86_64-rhel-7.6/gcc-7
mkdir -p "$d/abcdef1aaa" "$d/abcdef1bbb"
mail "#lkp compare abcdef1 89abcde"
mail "#lkp compare-series 0123456789abcdef0123456789abcdef01234567..HEAD"
run
ok_rc "the run exits 0" $?
is "results tree error: the request failed" "$(q "select state from requests where id = $(req 1)")" failed
answer 1 > "$T/a1"
ok_if "... answered with the reason" grep -q "commit 'abcdef1' is ambiguous" "$T/a1"
ok_if "... the path left out" sh -c "! grep -q '$T\|/srv/' '$T/a1' && grep -q '(a local path)' '$T/a1'"
is "unresolvable series: the request failed" "$(q "select state from requests where id = $(req 2)")" failed
answer 2 > "$T/a2"
ok_if "... answered with the reason" grep -q "cannot resolve the series" "$T/a2"
ok_if "... naming no path" sh -c "! grep -q '$T\|/srv/' '$T/a2'"
done_testing
