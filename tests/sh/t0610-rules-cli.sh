#!/bin/sh
# t0610-rules-cli.sh - `lkpbot rules check|test` from the command line.
: "${LKPBOT:?}" "${LKB_SRCDIR:?}" "${LKB_TEST_DATA:?}"
. "$LKB_SRCDIR/tests/tap.sh"
rules="$LKB_SRCDIR/rules/default.rules"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp"	# no user config in the way
TAP_TMP=$tmp
plan 8
"$LKPBOT" rules check "$rules" >"$tmp/out" 2>&1
ok_if "check the default rules" grep -q "rules, all patterns compile" "$tmp/out"
printf 'rule a\n\tevent ack\n\tmatch /(/\n' >"$tmp/bad.rules"
"$LKPBOT" rules check "$tmp/bad.rules" >"$tmp/out" 2>&1
rc=$?
ok_if "a bad pattern fails with exit 1" test "$rc" -eq 1
ok_if "the error names file:line" grep -q "bad.rules:3: cannot compile pattern" "$tmp/out"
# the page names its author only: a display name is no proof (audit F4)
"$LKPBOT" rules test -r "$rules" "$LKB_TEST_DATA/reply/seed-001_05dade88765bea35.txt" >"$tmp/out" 2>&1
ok_if "seed 001 by name only is not the LKP team" sh -c "! grep -q 'reason: fix-of-earlier-race' '$tmp/out'"
"$LKPBOT" rules test -r "$rules" --from fengwei.yin@intel.com "$LKB_TEST_DATA/reply/seed-001_05dade88765bea35.txt" >"$tmp/out" 2>&1
ok_if "seed 001 closes as a fix of an earlier race" grep -q "reason: fix-of-earlier-race" "$tmp/out"
ok_if "seed 001 records the earlier commit" grep -q "sha: eef983ffeae7a1cdde8c3338155ae2dd74b8621b" "$tmp/out"
printf '> #lkp close\n#lkp fixedby 0123abc\n' | "$LKPBOT" rules test -r "$rules" - >"$tmp/out" 2>&1
ok_if "commands from stdin, quoted ones ignored" sh -c "grep -q 'command fixed-by (line 2)' '$tmp/out' && ! grep -q 'command close' '$tmp/out'"
"$LKPBOT" rules frob >/dev/null 2>&1
rc=$?
ok_if "unknown subcommand is a usage error" test "$rc" -eq 2
done_testing
