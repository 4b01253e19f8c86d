#!/bin/sh
# t0150-mbox-long-line.sh - an mbox (file or standard input) with a line
# of hundreds of MiB: read with at most LKB_MAX_LINE_BYTES of a line in
# memory, the message stored as rejected with the reason, the next
# message imported as usual.
. "$LKB_SRCDIR/tests/tap.sh"
command -v /usr/bin/time >/dev/null 2>&1 || bail_out "/usr/bin/time is needed"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
S=$LKB_TEST_DATA/stories

# mbox MIB: an mbox with a MIB MiB line in its first message, then story 001
mbox() {
	printf 'From x@y Mon Jan  1 00:00:00 2024\nSubject: long\nMessage-ID: <long@x>\n\n'
	head -c $(($1 * 1024 * 1024)) /dev/zero | tr '\0' q
	printf '\n\nFrom x@y Mon Jan  1 00:00:00 2024\n'
	cat "$S/001-report.eml"
}
q() { sqlite3 "$T/$1.db" "$2"; }
# The bound: far below the line, whatever its length. 64 MB; 96 MB in the
# sanitizer build, whose shadow memory and quarantine of freed blocks
# alone take about 50 MB (the normal build stays near 17 MB).
max_mb=64
[ "${LKB_SANITIZED:-0}" = 1 ] && max_mb=96
rss() { sed -n 's/^RSS \([0-9]*\)$/\1/p' "$1"; }

plan 8

# 1-4: on standard input, a 300 MiB line
mbox 300 | /usr/bin/time -f 'RSS %M' "$LKPBOT" -d "$T/in.db" import - \
	>/dev/null 2>"$T/err"
is "import - exits 0" "$?" 0
kb=$(rss "$T/err")
ok_if "memory stays bounded (max RSS ${kb:-?} KB < $max_mb MB)" \
	test "${kb:-999999}" -lt $((max_mb * 1024))
is "the long mail is rejected for its line" \
	"$(q in "SELECT quality || ': ' || problem FROM messages WHERE subject = 'long' OR message_id LIKE '%content.lkpbot.invalid'")" \
	"rejected: a line longer than LKB_MAX_LINE_BYTES"
is "the next message is imported" \
	"$(q in "SELECT quality FROM messages WHERE message_id = '20210804143812.story001@xsang-OptiPlex-9020'")" ok

# 5-8: an mbox file, a 100 MiB line
mbox 100 >"$T/box"
/usr/bin/time -f 'RSS %M' "$LKPBOT" -d "$T/f.db" import "$T/box" \
	>/dev/null 2>"$T/err"
is "import FILE exits 0" "$?" 0
kb=$(rss "$T/err")
ok_if "memory stays bounded (max RSS ${kb:-?} KB < $max_mb MB)" \
	test "${kb:-999999}" -lt $((max_mb * 1024))
grep -q "mbox '$T/box': the line at offset [0-9]* is longer than LKB_MAX_LINE_BYTES" "$T/err"
ok_rc "a warning names the file and the limit" $?
is "two messages stored" "$(q f 'SELECT count(*) FROM messages')" 2

done_testing
