#!/bin/sh
# t0020-datadir.sh - where the default rules and templates come from:
# the build tree's lkpbot reads its source tree with no environment
# variable; a copy of it elsewhere (as installed) reads $(pkgdatadir);
# LKPBOT_DATADIR overrides both, for every command alike.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
unset LKPBOT_DATADIR
export LKPBOT_DB="$T/db"

mkdir -p "$T/md/cur" "$T/md/new" "$T/md/tmp" "$T/out"
cp "$LKB_SRCDIR"/sample/maildir/cur/* "$T/md/cur/"
cat >"$T/conf" <<CONF
[maildir]
path = $T/md
[smtp]
from = lkpbot <lkpbot@example.org>
dry_run_dir = $T/out
[bot]
address = lkpbot@example.org
[db]
path = $T/db
CONF

ok_if "import the sample" "$LKPBOT" -q -c "$T/conf" import "$T/md"
"$LKPBOT" -c "$T/conf" triage >"$T/triage.out" 2>&1
is "build tree: triage with no LKPBOT_DATADIR" "$?" 0
ok_if "... and it read the rules" grep -q '^triage: ' "$T/triage.out"
"$LKPBOT" rules check >"$T/rules.out" 2>&1
is "build tree: rules check" "$?" 0
ok_if "... names the source tree's rules" \
	grep -q "^$LKB_SRCDIR/rules/default.rules: " "$T/rules.out"

# A copy is another file: it must not take the source tree for its data.
cp "$LKPBOT" "$T/lkpbot"
"$T/lkpbot" rules check >"$T/copy.out" 2>&1
ok_if "a copy does not read the source tree" \
	sh -c "! grep -q '$LKB_SRCDIR' '$T/copy.out'"
ok_if "a copy names the installed rules" \
	grep -q "/share/lkpbot/default.rules" "$T/copy.out"

LKPBOT_DATADIR=$LKB_SRCDIR "$T/lkpbot" rules check >"$T/env.out" 2>&1
is "LKPBOT_DATADIR: the copy's rules check" "$?" 0
ok_if "... reads LKPBOT_DATADIR's rules" \
	grep -q "^$LKB_SRCDIR/rules/default.rules: " "$T/env.out"
LKPBOT_DATADIR=$T/nowhere "$LKPBOT" -c "$T/conf" triage >"$T/bad.out" 2>&1
is "LKPBOT_DATADIR wins over the build tree (triage)" "$?" 5
ok_if "... and the error names its rules file" \
	grep -q "$T/nowhere/rules/default.rules" "$T/bad.out"
done_testing
