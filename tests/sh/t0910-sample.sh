#!/bin/sh
# t0910-sample.sh - the bundled sample (sample/maildir) run as
# scripts/quickstart.sh runs it: the answers it would send and what the
# store decides (commands, events, reports and their history, requests,
# outbox rows) stay byte-identical to tests/data/sample (issue 35: "the
# sample store and answers byte-identical before and after"). Left out:
# what varies by the clock or the checkout (Date and Message-ID of an
# answer, *_at columns, source paths). After an intended change:
#   LKB_REGEN=1 make check TESTS=tests/sh/t0910-sample.sh
# writes the golden files anew; review their diff.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
G=$LKB_TEST_DATA/sample
mkdir -p "$T/outbox"
# the quickstart's set-up (verify_senders = none: the sample's DKIM keys
# are long gone)
sed -e "s|@TOP@|$LKB_SRCDIR|g" -e "s|@OUT@|$T|g" \
	"$LKB_SRCDIR/sample/lkpbot.conf.in" > "$T/conf"
ok_if "run over the sample" "$LKPBOT" -c "$T/conf" run --dry-run "$T/outbox"

# the answers, in the order of their files' names
for f in "$T"/outbox/*.eml; do
	[ -f "$f" ] || continue
	sed -e 's/^Date: .*/Date: X/' -e 's/^Message-ID: .*/Message-ID: X/' "$f"
	echo ====
done > "$T/answers.txt"
# what triage and the requests decided, every column but the clock's
for t in commands events outbox reports report_history report_related \
	 requests threads triaged; do
	cols=$(sqlite3 "$T/lkpbot.db" "select group_concat('\"' || name || '\"', ', ')
		from pragma_table_info('$t') where name not like '%\_at' escape '\\'
		and name not in ('source', 'raw', 'message_id')")
	echo "== $t"
	sqlite3 "$T/lkpbot.db" "select $cols from \"$t\" order by 1"
done > "$T/store.txt"

if [ -n "${LKB_REGEN:-}" ]; then
	cp "$T/answers.txt" "$T/store.txt" "$LKB_SRCDIR/tests/data/sample/"
fi
ok_if "the answers are the golden ones" diff -u "$G/answers.txt" "$T/answers.txt"
ok_if "... and there is one (the sample's #lkp status)" grep -q '^> #lkp status' "$T/answers.txt"
ok_if "the store decides as the golden one" diff -u "$G/store.txt" "$T/store.txt"
done_testing
