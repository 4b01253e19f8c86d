#!/bin/sh
# t0601-render-golden.sh - every template rendered with tests/data/render/
# NAME[--CASE].data must equal NAME[--CASE].expect (written by hand), and
# broken templates fail naming file and line. TAP output.
: "${LKPBOT:=bot/lkpbot}" "${LKB_SRCDIR:=.}" "${LKB_TEST_DATA:=$LKB_SRCDIR/tests/data}"
. "$LKB_SRCDIR/tests/tap.sh"
data=$LKB_TEST_DATA/render
tpl=$LKB_SRCDIR/templates/mail
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
TAP_TMP=$tmp
: >"$tmp/empty.conf"
lkpbot() { "$LKPBOT" -c "$tmp/empty.conf" "$@"; }

set -- "$data"/*.data
plan $(($# + 6))

for f in "$@"; do
	case=$(basename "$f" .data)
	name=${case%%--*}
	lkpbot render --templates "$tpl" "$name" "$f" >"$tmp/out" 2>"$tmp/err" &&
		diff -u "$data/$case.expect" "$tmp/out" >"$tmp/diff"
	rc=$?
	ok_rc "render $case" $rc
	[ $rc -eq 0 ] || sed 's/^/# /' "$tmp/err" "$tmp/diff"
done

# every installed template has at least one golden case
missing=
for t in "$tpl"/*.tmpl; do
	b=$(basename "$t" .tmpl)
	case $b in _*) continue ;; esac
	[ -e "$data/$b.data" ] || ls "$data/$b"--*.data >/dev/null 2>&1 ||
		missing="$missing $b"
done
is "every template has a golden case" "$missing" ""

# errors name the file and the line; nothing reaches stdout
! lkpbot render "$data/bad/unknown.tmpl" "$data/bad/values.json" >"$tmp/out" 2>"$tmp/err" &&
	grep -q "unknown.tmpl:2: unknown variable 'nosuch'" "$tmp/err" && [ ! -s "$tmp/out" ]
rc=$?
ok_rc "unknown variable names file and line" $rc
[ $rc -eq 0 ] || sed 's/^/# /' "$tmp/err"
! lkpbot render "$data/bad/unclosed.tmpl" "$data/bad/values.json" >/dev/null 2>"$tmp/err" &&
	grep -q "unclosed.tmpl:2: section 'items' is never closed" "$tmp/err"
rc=$?
ok_rc "unclosed section names file and line" $rc
[ $rc -eq 0 ] || sed 's/^/# /' "$tmp/err"

# a [templates] dir overrides single files and falls back for the rest
mkdir "$tmp/over"
printf 'Custom: {{result}}\n{{>_footer}}\n' >"$tmp/over/ack.tmpl"
printf '[templates]\ndir = %s\n' "$tmp/over" >"$tmp/over.conf"
"$LKPBOT" -c "$tmp/over.conf" render --templates "$tpl" ack "$data/ack.data" >"$tmp/out" 2>"$tmp/err" &&
	head -1 "$tmp/out" | grep -qx 'Custom: report 17 is closed (fixed).' &&
	grep -qx -- '-- ' "$tmp/out"
rc=$?
ok_rc "[templates] dir overrides one file, partials fall back" $rc
[ $rc -eq 0 ] || sed 's/^/# /' "$tmp/err"

# usage
lkpbot render -h | grep -q '^usage:'
ok_rc "render -h prints usage" $?
lkpbot render onlyone >/dev/null 2>&1
is "render with one argument exits 2" "$?" 2
done_testing
