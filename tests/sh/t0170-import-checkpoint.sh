#!/bin/sh
# t0170-import-checkpoint.sh - a big import into an empty database:
# Message-IDs answered from memory, WAL checkpoints on a thread of their
# own with the WAL bounded, the store intact; into a database that holds
# mail already, no index.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T

# 20,000 mails: threads of ten, each reply to the mail before it, their
# Message-IDs scattered over the index as real ones are, so that every
# commit rewrites index pages and the import writes well over the 4096
# WAL pages that call for a checkpoint
awk 'function id(k) { return sprintf("%08x.%d@t", (k * 2654435761) % 4294967296, k) }
BEGIN {
	body = ""
	for (l = 0; l < 12; l++)
		body = body "line " l " of a body that takes some room in the database\n"
	for (i = 0; i < 20000; i++) {
		printf "From t@x Mon Jan  1 00:00:00 2024\n"
		printf "From: Someone %d <s%d@example.org>\n", i % 97, i % 97
		printf "To: list@example.org\nCc: a%d@example.org, b%d@example.org\n", i, i
		printf "Subject: thread %d part %d\n", int(i / 10), i % 10
		printf "Date: Mon, 1 Jan 2024 00:00:%02d +0000\n", i % 60
		printf "Message-ID: <%s>\n", id(i)
		if (i % 10)
			printf "In-Reply-To: <%s>\nReferences: <%s> <%s>\n", id(i - 1), id(i - i % 10), id(i - 1)
		printf "\n%s\n", body
	}
}' >"$T/box"

plan 9

# commits of 500 mails: more of the index rewritten to the WAL
"$LKPBOT" -v -v -d "$T/a.db" import --batch 500 "$T/box" >"$T/out" 2>"$T/err"
is "import of 20,000 mails exits 0" "$?" 0
is "20,000 stored" "$(sqlite3 "$T/a.db" 'SELECT count(*) FROM messages')" 20000
is "2,000 threads of ten" \
	"$(sqlite3 "$T/a.db" 'SELECT count(DISTINCT thread_id) FROM messages')" 2000
ok_if "the Message-ID index was on" grep -q 'Message-ID index on' "$T/err"
ok_if "checkpoints ran on their own thread" \
	grep -q 'background checkpoints: [1-9]' "$T/err"
most=$(sed -n 's/.*the WAL held \([0-9]*\) frames at most.*/\1/p' "$T/err")
ok_if "the WAL stayed bounded (${most:-?} frames < 70000)" \
	test "${most:-99999}" -lt 70000
ok_if "lkpbot db check" "$LKPBOT" -q -d "$T/a.db" db check

"$LKPBOT" -v -v -d "$T/a.db" import "$T/box" >"$T/out" 2>"$T/err"
is "a second import exits 0" "$?" 0
ok_if "... into a database with mail: no index" \
	grep -q 'Message-ID index off' "$T/err"
