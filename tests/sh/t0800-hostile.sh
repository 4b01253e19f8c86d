#!/bin/sh
# t0800-hostile.sh - the story mails plus 200 hostile mails
# (tests/tools/gen-hostile.py) through `lkpbot run --dry-run`: no crash,
# every mail stored, the story reports unchanged, only refusals to
# outsiders' commands sent, no header injected, database intact.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
S=$LKB_TEST_DATA/stories
GEN=$LKB_SRCDIR/tests/tools/gen-hostile.py

# setup NAME: a Maildir, outbox dir and configuration under $T/NAME
setup() {
	mkdir -p "$T/$1/md/cur" "$T/$1/md/new" "$T/$1/md/tmp" "$T/$1/out"
	# verify_senders = none: these mails are unsigned, and this test is not
	# about trust (t0340, t0350 are; dkim is the default)
	cat > "$T/$1/conf" <<CONF
[maildir]
path = $T/$1/md
[smtp]
from = lkpbot <lkpbot@bot.example>
[bot]
verify_senders = none
address = lkpbot@bot.example
maintainers = alice@maint.example, @maint2.example
max_per_hour = 1000
max_per_thread = 1000
max_outsider_per_hour = 1000
max_per_sender = 0
[db]
path = $T/$1/db
CONF
	cp "$S"/*.eml "$T/$1/md/new/"
}
lk() { d=$1; shift; "$LKPBOT" -c "$T/$d/conf" "$@"; }
q() { sqlite3 "$T/$1/db" "$2"; }
rid() { q "$1" "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = '$2'"; }

setup clean
ok_if "clean run over the stories" lk clean run --dry-run "$T/clean/out"

setup hostile
python3 "$GEN" "$T/hostile/md" > "$T/gen.out"
nout=$(sed -n 's/^outsider-commands //p' "$T/gen.out")
is "generator wrote 200 mails" "$(ls "$T/hostile/md/new" | grep -c '^h-')" 200
lk hostile run --dry-run "$T/hostile/out" > "$T/run.out" 2> "$T/run.err"
rc=$?
is "hostile run exits 0" "$rc" 0
ok_if "no sanitizer or crash report" sh -c "! grep -E 'AddressSanitizer|runtime error|LeakSanitizer|BUG' '$T/run.err'"

# every file read; identical files (the empty ones, ...) are one message
files=$(ls "$T/hostile/md/new" "$T/hostile/md/cur" | grep -c -v -e '^$' -e ':$')
distinct=$(cat "$T"/hostile/md/*/* >/dev/null; for f in "$T"/hostile/md/new/* "$T"/hostile/md/cur/*; do
	[ -f "$f" ] && cksum < "$f"; done | sort -u | wc -l)
ok_if "sync read every file" grep -q "^sync: maildir .*: $files read" "$T/run.out"
is "every distinct mail stored" "$(q hostile 'select count(*) from messages')" "$distinct"

# the story reports: same JSON as without the hostile mails
for mid in 20190930014612.story000@shao2-debian \
	20210804143812.story001@xsang-OptiPlex-9020 \
	20201102091543.GM31092@shao2-debian \
	20220218063812.story004@xsang-OptiPlex-9020; do
	a=$(rid clean "$mid"); b=$(rid hostile "$mid")
	lk clean show --json "$a" | sed 's/"id": *[0-9]*,//' > "$T/a.json"
	lk hostile show --json "$b" | sed 's/"id": *[0-9]*,//' > "$T/b.json"
	ok_if "report $mid unchanged by the hostile mails" sh -c \
		"test -s '$T/a.json' && diff '$T/a.json' '$T/b.json'"
done
is "no report made from hostile mail" "$(q hostile 'select count(*) from reports')" 4

# what was sent: one refusal per outsider command, nothing else -- but
# for the answer to Hugh's series request of the stories (no result data
# is configured here, so it is an error answer), which the clean run
# sends too: set it aside
mkdir -p "$T/story-answers"
for f in "$T"/hostile/out/*; do
	tr -d '\r' < "$f" | grep -q '^In-Reply-To: <story004.reply@google.com>$' &&
		mv "$f" "$T/story-answers/"
done
is "the story request answered once in the hostile run" "$(ls "$T/story-answers" | wc -l)" 1
ls "$T/hostile/out" > "$T/sent"
nsent=$(wc -l < "$T/sent")
ok_if "some outsider commands in the mix" test "${nout:-0}" -ge 10
ok_if "only refusals written" sh -c \
	"for f in '$T'/hostile/out/*; do grep -q 'only the maintainers' \"\$f\" || { echo \"\$f\"; exit 1; }; done"
# which hostile mail each answer is for: kind outsider-cmd (one each) or
# bad-addresses (outsiders' commands from odd but answerable From:)
for f in "$T"/hostile/out/*; do
	tr -d '\r' < "$f" |
		sed -n 's/^In-Reply-To: <hostile\([0-9]*\)@hostile.example>$/\1/p'
done | sort > "$T/answered"
for n in $(cat "$T/answered"); do ls "$T/hostile/md/new" | grep "^h-$n-"; done > "$T/answered-kinds"
ok_if "every answer replies to an outsider's command" sh -c \
	"test \$(wc -l < '$T/answered-kinds') -eq $nsent && ! grep -v -e '-outsider-cmd\$' -e '-bad-addresses\$' '$T/answered-kinds'"
is "each outsider-cmd mail refused exactly once" \
	"$(grep -c -e '-outsider-cmd$' "$T/answered-kinds")/$(sort -u "$T/answered" | wc -l)/$nsent" \
	"$nout/$nsent/$nsent"
is "clean run sent only the story request's answer" "$(ls "$T/clean/out" | wc -l)" 1

# no header injection: each written mail parses with exactly the
# headers the bot writes, no value holds CR or LF
cat > "$T/hdr.py" <<'PY'
import email, email.policy, sys
allowed = {"from", "to", "cc", "subject", "date", "message-id",
           "in-reply-to", "references", "mime-version", "content-type",
           "content-transfer-encoding", "auto-submitted", "x-lkpbot",
           "precedence", "x-auto-response-suppress", "reply-to"}
bad = 0
for path in sys.argv[1:]:
    raw = open(path, "rb").read()
    head = raw.replace(b"\r\n", b"\n").split(b"\n\n", 1)[0]
    if b"\r" in head:
        print(path, "bare CR in header block"); bad += 1
    m = email.message_from_bytes(raw, policy=email.policy.compat32)
    names = [k.lower() for k in m.keys()]
    extra = set(names) - allowed
    if extra:
        print(path, "unexpected headers", sorted(extra)); bad += 1
    for k in ("subject", "to", "from", "message-id", "in-reply-to"):
        if names.count(k) > 1:
            print(path, "duplicate", k); bad += 1
    for k, v in m.items():
        v = v.replace("\r\n", "\n").replace("\n ", " ").replace("\n\t", " ")
        if "\n" in v or "\r" in v:
            print(path, "line break in", k); bad += 1
sys.exit(1 if bad else 0)
PY
ok_if "written mails carry only the bot's headers" python3 "$T/hdr.py" "$T"/hostile/out/*
ok_if "no Bcc or injected header anywhere" sh -c "! grep -l -i -E '^(bcc|x-injected):' '$T'/hostile/out/*"
ok_if "database intact" lk hostile db check
ok_if "second run is quiet" sh -c "'$LKPBOT' -c '$T/hostile/conf' run --dry-run '$T/hostile/out' >/dev/null 2>&1 && test \$(ls '$T/hostile/out' | wc -l) -eq $nsent"
done_testing
