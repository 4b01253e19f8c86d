#!/bin/sh
# t0055-import-pipe.sh - import parses on a second thread while the main
# thread stores: order kept, and an error on either side ends the run
# (no hang) keeping only the batches committed before it.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
C=$LKB_TEST_DATA/corpus
q() { sqlite3 "$1" "$2"; }
# the mail read (not the stand-ins made from quotes, bot/ingest/quoted.c)
mail="messages where source not like 'quoted:%'"

# 2 copies of the 305-mail corpus with fresh ids: 610 distinct mails,
# more than one transaction of --batch 500 (the default, 10,000, holds
# them all).
python3 "$LKB_SRCDIR/bench/gen-mailbox.py" "$C/maildir" "$T/big" 2 >/dev/null
ok_if "import 610 mails from an mbox" "$LKPBOT" -q -d "$T/ok.db" import "$T/big/mailbox.mbox"
is "610 stored" "$(q "$T/ok.db" "select count(*) from $mail")" 610
# rows are in input order: mbox byte offsets rise with the row id
is "stored in input order" "$(q "$T/ok.db" "with m as (select row_number()
	over (order by id) n, source from $mail) select count(*) from m a
	join m b on b.n = a.n + 1 where
	cast(substr(b.source, length('mbox:$T/big/mailbox.mbox:') + 1) as integer) <=
	cast(substr(a.source, length('mbox:$T/big/mailbox.mbox:') + 1) as integer)")" 0

# A store error in the second batch: the store refuses the 551st insert.
ok_if "create an empty store" "$LKPBOT" -q -d "$T/st.db" db migrate
q "$T/st.db" "create trigger boom before insert on messages
	when (select count(*) from messages) >= 550
	begin select raise(abort, 'injected failure'); end;"
timeout 120 "$LKPBOT" -q -d "$T/st.db" import --batch 500 "$T/big/maildir" 2>"$T/err"
is "a store error fails the import with 1" "$?" 1
ok_if "the error is reported" grep -q "import stopped" "$T/err"
q "$T/st.db" "drop trigger boom"
is "the first batch (500) is kept, the failed one rolled back" \
	"$(q "$T/st.db" "select count(*) from $mail")" 500
ok_if "database intact after a store error" "$LKPBOT" -d "$T/st.db" db check
# the default batch: the 610 are one transaction, the failure takes all
ok_if "another empty store" "$LKPBOT" -q -d "$T/st2.db" db migrate
q "$T/st2.db" "create trigger boom before insert on messages
	when (select count(*) from messages) >= 550
	begin select raise(abort, 'injected failure'); end;"
timeout 120 "$LKPBOT" -q -d "$T/st2.db" import "$T/big/maildir" 2>"$T/err"
is "by default one transaction of up to 2,000: fails with 1" "$?" 1
is "... and nothing of it is kept" "$(q "$T/st2.db" 'select count(*) from messages')" 0
for b in 0 -1 x 100001 5x; do
	"$LKPBOT" -q -d "$T/st.db" import --batch "$b" "$T/big/maildir" 2>"$T/err"
	is "--batch $b is a usage error" "$?" 2
done
ok_if "... naming the option" grep -q -- "--batch '5x'" "$T/err"

# A reader error after 610 good mails: the uncommitted batch goes.
timeout 120 "$LKPBOT" -q -d "$T/rd.db" import --batch 500 "$T/big/maildir" "$T/no-such-dir" "$C/maildir" 2>"$T/err"
is "a reader error fails the import with 1" "$?" 1
ok_if "the error names the path" grep -q "no-such-dir" "$T/err"
is "500 kept, the open batch rolled back, nothing read after the error" \
	"$(q "$T/rd.db" "select count(*) from $mail")" 500
done_testing
