#!/bin/sh
# t0015-verb-table.sh - the #lkp verb table (parsers/lkp_command.c) is the
# one source of the help mail's verb list and of the command-line twins:
# the help answer triage sends lists the verbs exactly as the golden help
# mail does, and every twin is a command with its usage.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
triage_conf "alice@maint.example" -
P=20220218063812.story004@xsang-OptiPlex-9020
cp "$S/004-report.eml" "$T/md/new/report"
{
	printf 'From: Alice <alice@maint.example>\nTo: lkp@intel.com\n'
	printf 'Subject: Re: the report\nDate: Sat, 19 Feb 2022 10:00:00 +0000\n'
	printf 'Message-ID: <h1@test>\nIn-Reply-To: <%s>\nReferences: <%s>\n' $P $P
	printf '\n#lkp help\n'
} > "$T/md/new/help"
ok_if "run with #lkp help" "$LKPBOT" -c "$T/conf" run --dry-run "$T/out"
# the verb lines: from the first "  #lkp " line to the blank line after
verbs() { tr -d '\r' < "$1" | sed -n '/^  #lkp /,/^$/p' | sed '/^$/d'; }
is "help mail lists the verbs as the golden help mail" \
	"$(verbs "$(grep -l '^  #lkp help ' "$T"/out/* | head -1)")" \
	"$(verbs "$LKB_TEST_DATA/render/help.expect")"
# lkpbot(1) MAIL COMMANDS documents every verb the help mail lists
is "lkpbot(1) documents every verb" \
	"$(sed -n 's/^\.It Ql #lkp \([a-z-]*\).*/\1/p' "$LKB_SRCDIR/doc/lkpbot.1" | sort)" \
	"$(verbs "$LKB_TEST_DATA/render/help.expect" | sed -n 's/^  #lkp \([a-z-]*\).*/\1/p' | sort)"

# every twin the table names is a command, in `lkpbot help`, with usage
for c in close dup fix-of fixed-by invalid reopen; do
	ok_if "$c is listed" sh -c "'$LKPBOT' -c '$T/conf' --list-commands | grep -qx '$c'"
	ok_if "$c -h prints its usage" sh -c "'$LKPBOT' -c '$T/conf' $c -h | grep -q '^usage: lkpbot $c '"
done
ok_if "help lists the twins in name order" sh -c \
	"'$LKPBOT' -c '$T/conf' --list-commands > '$T/l' && sort -c '$T/l'"
# a twin runs the mail verb: fixed-by at the terminal closes as fixed
R=$(sqlite3 "$T/db" "select id from reports limit 1")
ok_if "fixed-by twin runs" env LKPBOT_USER=alice "$LKPBOT" -c "$T/conf" fixed-by "$R" 0123456789ab
is "... and closes the report as fixed" \
	"$(sqlite3 "$T/db" "select state || ' ' || close_reason from reports where id = $R")" "closed fixed"
ok_if "a twin with too many operands is a usage error" sh -c \
	"'$LKPBOT' -c '$T/conf' fix-of '$R' 0123456789ab extra 2>/dev/null; test \$? -eq 2"
done_testing
