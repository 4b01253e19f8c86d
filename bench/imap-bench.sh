#!/bin/sh
# imap-bench.sh - IMAP sync speed against a local dovecot.
#
#   bench/imap-bench.sh [N]        (default N = 30000; run from a build
#                                   dir or set LKPBOT and LKB_SRCDIR)
# Builds a Maildir of N mails (the corpus mails again and again, each
# with its own Message-ID, so sizes are real: ~21 KB on average), then
#  1. first sync of all N through dovecot: mails/s
#  2. `lkpbot import` of the same Maildir when the binary has it: mails/s
#  3. wall time of an idle run (nothing new) at 1,000 and at N mails,
#     best and median of 7
# Prints one line per number. Needs dovecot and perl.
set -u
N=${1:-30000}
SMALL=1000
LKB_SRCDIR=${LKB_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
LKPBOT=${LKPBOT:-$PWD/bot/lkpbot}
export LKB_SRCDIR LKPBOT
[ -x "$LKPBOT" ] || { echo "no lkpbot binary at $LKPBOT" >&2; exit 2; }
. "$LKB_SRCDIR/tests/sh/lib.sh"

CORPUS=$(corpus_maildir) || { echo "no corpus" >&2; exit 2; }
start_dovecot
lkb_setup

# make_mails DIR COUNT PREFIX: COUNT corpus mails with fresh Message-IDs
make_mails() {
	mkdir -p "$1/new" "$1/cur" "$1/tmp"
	maildir_files "$CORPUS" | perl -e '
		my ($dir, $n, $pfx) = @ARGV;
		my @src = map { chomp; local $/; open(my $f, "<", $_) or die;
				scalar <$f> } <STDIN>;
		for my $i (1 .. $n) {
			my $m = $src[$i % @src];
			$m =~ s/^Message-ID:[^\n]*(\n[ \t][^\n]*)*/Message-ID: <$pfx-$i\@bench.lkpbot.test>/mi
				or $m = "Message-ID: <$pfx-$i\@bench.lkpbot.test>\n$m";
			open(my $o, ">", "$dir/cur/$i.bench:2,") or die;
			print $o $m;
			close $o;
		}' "$1" "$2" "$3"
}

now() { perl -MTime::HiRes=time -e 'printf "%.3f\n", time'; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", n / s }'; }

# idle_time CONF: best and median wall time of 7 idle runs
idle_time() {
	for i in 1 2 3 4 5 6 7; do
		t0=$(now)
		"$LKPBOT" -c "$1" sync >/dev/null 2>&1 || echo "idle run failed" >&2
		t1=$(now)
		awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", (b - a) * 1000 }'
	done | sort -n | awk '{ v[NR] = $1 } END { printf "best %s ms, median %s ms", v[1], v[4] }'
}

echo "# generating $N + $SMALL mails ..."
make_mails "$T/big" "$N" big
make_mails "$T/small" "$SMALL" small
bytes=$(du -sk "$T/big" | awk '{ print $1 }')
mkdir -p "$DOVECOT_MAIL/.big" "$DOVECOT_MAIL/.small"
cp -R "$T/big/cur" "$T/big/new" "$T/big/tmp" "$DOVECOT_MAIL/.big/"
cp -R "$T/small/cur" "$T/small/new" "$T/small/tmp" "$DOVECOT_MAIL/.small/"
chown -R vmail:vmail "$DOVECOT_MAIL"
# let dovecot index both folders first, so we time our side, not its
imap_cmd "" 'EXAMINE big' >/dev/null
imap_cmd "" 'EXAMINE small' >/dev/null

write_imap_conf big
cp "$LKB_CONF" "$T/big.conf"
write_imap_conf small
cp "$LKB_CONF" "$T/small.conf"

LKPBOT_DB=$T/big.db
t0=$(now)
"$LKPBOT" -c "$T/big.conf" -q sync || echo "first sync failed" >&2
t1=$(now)
s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
got=$(sqlite3 "$LKPBOT_DB" 'SELECT count(*) FROM messages')
echo "first sync: $got mails ($bytes KiB) in ${s}s = $(rate "$got" "$s") mails/s"

if "$LKPBOT" --list-commands | grep -qx import; then
	t0=$(now)
	LKPBOT_DB=$T/import.db "$LKPBOT" -q import "$T/big" >/dev/null ||
		echo "import failed" >&2
	t1=$(now)
	si=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
	echo "import: $N mails in ${si}s = $(rate "$N" "$si") mails/s;" \
		"sync/import speed = $(awk -v a="$s" -v b="$si" 'BEGIN { printf "%.2f", b / a }')"
else
	echo "import: not in this binary (arrives at merge)"
fi

echo "idle run at $N mails: $(idle_time "$T/big.conf")"
LKPBOT_DB=$T/small.db
"$LKPBOT" -c "$T/small.conf" -q sync || echo "small sync failed" >&2
echo "idle run at $SMALL mails: $(idle_time "$T/small.conf")"
