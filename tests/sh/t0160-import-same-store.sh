#!/bin/sh
# t0160-import-same-store.sh - the import stores what it stored before its
# speed work (issue 23): real list mail (bench/triage: robot reports and
# the replies to them from six lists, some replies before their reports)
# and the corpus, imported in one run, and every row the import writes
# (messages with their threads, parents, kept raw bytes, qualities and
# problems; thread ids; reports, and a digest of their parts' rows) dumped
# and compared with tests/data/import-golden/store.dump.gz, made by the
# build before (22e7f8b). LKB_REGEN=1 writes the dump anew. Then a made-up
# run for what the store keeps in mind about threads within a transaction
# (a report arriving, threads merging).
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
B=$LKB_SRCDIR/bench/triage
G=$LKB_TEST_DATA/import-golden/store.dump.gz
command -v xz >/dev/null || bail_out "xz is needed"
command -v sqlite3 >/dev/null || bail_out "sqlite3 is needed"

mkdir -p "$T/in"
# reports first for these, replies first for those (children before
# their parents: adopted later)
n=0
for f in reports/io-uring replies/io-uring reports/linux-pm \
	replies/linux-pm replies/linux-block reports/linux-block \
	replies/linux-btrfs reports/linux-btrfs reports/linux-ext4 \
	replies/linux-ext4 replies/linux-nfs reports/linux-nfs; do
	n=$((n + 1))
	xz -dc "$B/$f.mbox.xz" > "$T/in/$n.mbox" || bail_out "cannot read $B/$f.mbox.xz"
done
cp -r "$LKB_TEST_DATA/corpus/maildir" "$T/in/corpus"

cd "$T/in" || bail_out "no $T/in"
ok_if "import six lists' reports and replies and the corpus" \
	"$LKPBOT" -q -d "$T/db" import 1.mbox 2.mbox 3.mbox 4.mbox 5.mbox \
	6.mbox 7.mbox 8.mbox 9.mbox 10.mbox 11.mbox 12.mbox corpus
out=$("$LKPBOT" -d "$T/db" import --json 2.mbox 5.mbox | tr -d ' \n')
is "a second import finds duplicates only" \
	"$(echo "$out" | sed 's/"read":[0-9]*,//; s/"duplicate":[0-9]*,//')" \
	'{"format_version":1,"new":0,"rejected":0,"partial":0,"reports":0}'

dump() {
	sqlite3 -separator '|' "$1" "
	select id, message_id, synthetic_id, content_hash, in_reply_to, refs,
		subject, from_name, from_addr, to_addrs, cc_addrs, date, source,
		quality, problem, thread_id, parent_id, is_robot,
		auto_submitted, precedence, list_id, x_lkpbot, raw_at, raw_len,
		raw_crc, top_id, up_report, typeof(raw), typeof(body)
		from messages order by id;
	select * from thread_ids order by msgid;
	select * from threads order by id;
	select id, msg_id, kind, subkind, commit_sha, subject_sha, tree,
		branch, prefix, testcase, metric, change_pct, verdict, date,
		state, close_reason, duplicate_of, nrows from reports order by id;
	select 'json', count(*) from report_json;" || return 1
	# the rest of what a report's parse writes: its rows' digest
	for t in report_comparisons report_axes report_commits \
		report_metrics report_failures report_impacts report_params \
		report_related report_status_lines report_history; do
		echo "table $t $(sqlite3 -separator '|' "$1" \
			"select * from $t order by 1, 2" | sha256sum)"
	done
}
dump "$T/db" > "$T/dump" || bail_out "cannot dump $T/db"
if [ -n "${LKB_REGEN:-}" ]; then
	mkdir -p "$(dirname "$G")"
	gzip -9n < "$T/dump" > "$G"
fi
is "the dump is not empty" "$(test -s "$T/dump" && echo yes)" yes
gzip -dc "$G" > "$T/want"
ok_if "the store holds what the import stored before, row for row" \
	diff -u "$T/want" "$T/dump"
is "the raw pack holds the same bytes" \
	"$(sha256sum < "$T/db.raw" | cut -d' ' -f1)" \
	"$(sed -n 's/^raw pack sha256: //p' "$LKB_TEST_DATA/import-golden/README")"

# What thread_has_report() keeps within a transaction must follow a
# report that arrives, and threads that merge: one run, one transaction.
R=$LKB_TEST_DATA/corpus/maildir/cur/1562577230.002056_a1fa1d3048adbb03d4944962b1f84dc5a9829147.pi:2,
mail() {	# ID IN-REPLY-TO [REFERENCES]
	printf 'From x@y Thu Jan  1 00:00:00 2026\nFrom: A <a@b.example>\n'
	printf 'Subject: about it\nMessage-ID: <%s>\n' "$1"
	[ -n "$2" ] && printf 'In-Reply-To: <%s>\n' "$2"
	[ -n "${3:-}" ] && printf 'References: %s\n' "$3"
	printf '\nplain words\n\n'
}
{
	mail a1@t ""			# thread A, no report
	mail a2@t a1@t			# asks A: none (kept in mind)
	printf 'From x@y Thu Jan  1 00:00:00 2026\n'
	sed 's/^Message-I[Dd]: .*/Message-ID: <rep@t>/' "$R"	# thread B: a report
	echo
	mail a3@t a2@t			# asks A again: none
	mail m4@t "" "<a1@t> <rep@t>"	# A and B merge: A holds the report
	mail a5@t a3@t			# asks A: it holds one now
	mail b1@t "" 			# thread C, no report
	mail b2@t b1@t			# asks C: none
	mail c1@t rep@t			# a reply to the report: kept
	mail b3@t b2@t			# asks C again: still none
} > "$T/memo.mbox"
ok_if "import the mail that tests what is kept in mind" \
	"$LKPBOT" -q -d "$T/memo.db" import "$T/memo.mbox"
is "bytes kept: the report, the mail that merges, the replies after it" \
	"$(sqlite3 "$T/memo.db" "select group_concat(message_id, ' ') from
		(select message_id from messages where raw_len is not null
		 order by id)")" "rep@t m4@t a5@t c1@t"
done_testing
