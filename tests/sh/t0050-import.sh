#!/bin/sh
# t0050-import.sh - lkpbot import: Maildir, mbox, file, stdin; idempotence;
# malformed mail stored as rejected; the same store from every source.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
C=$LKB_TEST_DATA/corpus
q() { sqlite3 "$1" "$2"; }

ok_if "import the corpus Maildir" "$LKPBOT" -d "$T/md.db" import "$C/maildir"
is "305 messages stored" "$(q "$T/md.db" "select count(*) from messages where source not like 'quoted:%'")" 305
is "... and 3 reports known only from a reply's quote" "$(q "$T/md.db" "select count(*) from messages where source like 'quoted:%'")" 3
is "tmp/ is never read" "$(q "$T/md.db" "select count(*) from messages where source like '%/maildir/tmp/%'")" 0
is "3 from new/" "$(q "$T/md.db" "select count(*) from messages where source like '%/new/%'")" 3

ok_if "import the same mail as mbox" "$LKPBOT" -d "$T/mb.db" import "$C/lkp-sample.mbox"
sig() {
	q "$1" "select m.message_id, m.content_hash, (select min(x.message_id)
		from messages x where x.thread_id = m.thread_id)
		from messages m order by 1" | md5sum
}
is "mbox and Maildir give the same messages, bytes and threads" "$(sig "$T/mb.db")" "$(sig "$T/md.db")"

out=$("$LKPBOT" -d "$T/md.db" import --json "$C/maildir")
is "second import stores nothing" "$(echo "$out" | tr -d ' \n')" \
	'{"format_version":1,"read":305,"new":0,"duplicate":305,"rejected":0,"partial":0,"reports":0}'
is "still 308 rows (305 mails, 3 quoted reports)" "$(q "$T/md.db" 'select count(*) from messages')" 308

f=$(ls "$C"/maildir/cur/* | head -1)
ok_if "import one file from stdin" sh -c "'$LKPBOT' -d '$T/one.db' import - < '$f'"
is "stdin message stored" "$(q "$T/one.db" "select count(*) from messages where source = 'stdin'")" 1
ok_if "an mbox on stdin" sh -c "'$LKPBOT' -d '$T/si.db' import - < '$C/lkp-sample.mbox'"
is "305 from stdin mbox" "$(q "$T/si.db" "select count(*) from messages where source not like 'quoted:%'")" 305

# Malformed input: stored as rejected, the import goes on.
mkdir -p "$T/bad/cur" "$T/bad/new"
printf '\000\001\002binary junk\377\376' > "$T/bad/cur/1"
printf 'no header at all, just text\n' > "$T/bad/cur/2"
printf 'Subject: fine\nMessage-ID: <ok@x>\n\nbody\n' > "$T/bad/cur/3"
: > "$T/bad/cur/4"
ok_if "import of malformed mail succeeds" "$LKPBOT" -d "$T/bad.db" import "$T/bad"
is "all four stored" "$(q "$T/bad.db" 'select count(*) from messages')" 4
is "the good one is ok" "$(q "$T/bad.db" "select quality from messages where message_id = 'ok@x'")" ok
is "rejected ones carry a reason" \
	"$(q "$T/bad.db" "select count(*) from messages where quality = 'rejected' and problem is not null and raw_len is not null")" \
	"$(q "$T/bad.db" "select count(*) from messages where quality = 'rejected'")"
ok_if "database intact" "$LKPBOT" -d "$T/bad.db" db check
# the content is the identity (and hashed) only without a Message-ID
is "mail without Message-ID: SHA-256 of its bytes, the id made of it" \
	"$(q "$T/bad.db" "select count(*) from messages where length(content_hash) = 64 and message_id = substr(content_hash, 1, 32) || '@content.lkpbot.invalid'")" 3
is "mail with a Message-ID: no hash" \
	"$(q "$T/bad.db" "select content_hash from messages where message_id = 'ok@x'")" ""

# entries of cur/ that are no regular files: a directory and a FIFO are
# skipped (opening the FIFO would hang), a symlink to a mail is read
mkdir -p "$T/odd/cur/subdir" "$T/odd/new" "$T/elsewhere"
printf 'Subject: plain\nMessage-ID: <plain@x>\n\nbody\n' > "$T/odd/cur/1"
printf 'Subject: linked\nMessage-ID: <linked@x>\n\nbody\n' > "$T/elsewhere/m"
ln -s "$T/elsewhere/m" "$T/odd/cur/2"
mkfifo "$T/odd/cur/3"
ok_if "import skips what is no file" timeout 60 "$LKPBOT" -d "$T/odd.db" import "$T/odd"
is "the file and the linked file stored, nothing else" \
	"$(q "$T/odd.db" "select group_concat(message_id, ' ') from (select message_id from messages order by 1)")" \
	"linked@x plain@x"

# a file over LKB_MAX_MESSAGE_BYTES (64 MiB): its first 64 MiB kept,
# stored as rejected; one of exactly 64 MiB is read whole
mkdir -p "$T/huge/cur" "$T/huge/new"
{ printf 'Subject: big\nMessage-ID: <big@x>\n\n'; head -c 100 /dev/zero; } >"$T/huge/cur/1"
truncate -s $((64 * 1024 * 1024 + 1)) "$T/huge/cur/1"
{ printf 'Subject: edge\nMessage-ID: <edge@x>\n\n'; } >"$T/huge/cur/2"
truncate -s $((64 * 1024 * 1024)) "$T/huge/cur/2"
"$LKPBOT" -d "$T/huge.db" import "$T/huge" >/dev/null 2>"$T/err"
is "a file over the limit: import goes on" "$?" 0
ok_if "the limit is named" grep -q "larger than 67108864 bytes (LKB_MAX_MESSAGE_BYTES)" "$T/err"
is "over the limit: rejected, 64 MiB of it kept" \
	"$(q "$T/huge.db" "select quality || ' ' || raw_len from messages where source like '%/cur/1'")" \
	"rejected 67108864"
is "at the limit: read whole, not rejected" \
	"$(q "$T/huge.db" "select count(*) from messages where message_id = 'edge@x' and quality != 'rejected'")" 1
rm -f "$T"/huge.db*

# show of a message that is no report: the message and its thread
ok_if "show a plain message" sh -c "'$LKPBOT' -d '$T/md.db' show 20220506212924.GJ1098723@dread.disaster.area | grep -q '^message [0-9]*: Re: \[xfs\] 32678f1513'"
ok_if "show --json of a message names its thread" sh -c "'$LKPBOT' -d '$T/md.db' show --json '<20220506212924.GJ1098723@dread.disaster.area>' | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d[\"format_version\"] == 1 and len(d[\"thread\"]) >= 3'"
"$LKPBOT" -d "$T/md.db" show no-such-thing@x >/dev/null 2>&1
is "show of nothing fails" "$?" 1

# Errors name the path; usage errors exit 2.
"$LKPBOT" -d "$T/x.db" import "$T/does-not-exist" 2>"$T/err"
is "missing path fails with 1" "$?" 1
ok_if "error names the path" grep -q "does-not-exist" "$T/err"
"$LKPBOT" -d "$T/x.db" import 2>/dev/null
is "no path is a usage error" "$?" 2
done_testing
