#!/bin/sh
# t0230-install.sh - `make install` into a DESTDIR lays out the binary,
# the man pages, the default rules and the templates, and the installed
# binary, run from there with no environment variable, finds its own
# rules and templates (beside its bin/, as installed) and works: rules
# check, import and triage of the sample, an answer rendered from the
# installed templates, doctor on the example configuration. TAP output.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"
unset LKPBOT_DATADIR

plan 13

D=$T/dest
make -C "$LKB_BUILDDIR" install DESTDIR="$D" >"$T/install.log" 2>&1
ok_rc "make install DESTDIR=... exits 0" $?
BIN=$(find "$D" -path '*/bin/lkpbot' -type f | head -1)
ok_if "the binary is installed" test -x "$BIN"
DATA=$(dirname "$(dirname "$BIN")")/share/lkpbot
ok_if "the default rules are installed" test -s "$DATA/default.rules"
ok_if "the templates are installed" test -s "$DATA/templates/ack.tmpl"
MAN=$(dirname "$(dirname "$BIN")")/share/man
ok_if "the man pages are installed (lkpbot.1, lkpbot-doctor.1, lkpbot.conf.5)" \
	test -s "$MAN/man1/lkpbot.1" -a -s "$MAN/man1/lkpbot-doctor.1" \
	-a -s "$MAN/man5/lkpbot.conf.5"
is "every command has its man page installed" \
	"$(for c in $("$BIN" --list-commands); do
		[ -s "$MAN/man1/lkpbot-$c.1" ] || echo "$c"; done)" ""

is "--version" "$("$BIN" --version)" \
	"lkpbot $(sed -n 's/^AC_INIT(\[lkpbot\], \[\([^]]*\)\].*/\1/p' "$LKB_SRCDIR/configure.ac")"
env -u LKPBOT_DATADIR "$BIN" rules check >"$T/rules.out" 2>&1
ok_rc "the installed binary checks its rules" $?
ok_if "... the installed ones, not the source tree's" \
	grep -q "^$DATA/default.rules: " "$T/rules.out"

lkb_setup
mkdir -p "$T/md/cur" "$T/md/new" "$T/md/tmp" "$T/out"
cp "$LKB_SRCDIR"/sample/maildir/cur/* "$T/md/cur/"
cat >"$LKB_CONF" <<CONF
[maildir]
path = $T/md
[smtp]
from = lkpbot <lkpbot@example.org>
dry_run_dir = $T/out
[bot]
address = lkpbot@example.org
CONF
env -u LKPBOT_DATADIR "$BIN" -q -c "$LKB_CONF" import "$T/md" &&
env -u LKPBOT_DATADIR "$BIN" -c "$LKB_CONF" triage >"$T/triage.out" 2>&1
ok_rc "import and triage of the sample with the installed rules" $?
ok_if "... triage read the mail" grep -q '^triage: ' "$T/triage.out"
echo '{"report": {"id": "7", "subject": "s", "commits": [], "params": ""},
 "result": "report 7 is closed.", "quoted": "", "method": "#lkp close",
 "again": "#lkp status", "version": "0"}' >"$T/data.json"
env -u LKPBOT_DATADIR "$BIN" -c "$LKB_CONF" render ack "$T/data.json" \
	>"$T/render.out" 2>&1
ok_if "an answer renders from the installed templates" \
	grep -q 'report 7 is closed' "$T/render.out"
example_conf "$T/example.conf"
env -u LKPBOT_DATADIR "$BIN" -c "$T/example.conf" -d "$T/ex.db" doctor \
	>"$T/doctor.out" 2>&1
is "doctor on the example configuration (servers replaced by a dry run)" \
	"$?/$(awk '{ printf "%s %s,", $1, $2 }' "$T/doctor.out")" \
	"0/ok config,warn database,ok write,ok write,ok write,ok write,ok maildir,warn smtp,ok results,ok git,"
