#!/bin/sh
# t0601-render-golden.sh - every template rendered with tests/data/render/
# NAME[--CASE].data must equal NAME[--CASE].expect (written by hand), and
# broken templates fail naming file and line. TAP output.
: "${LKPBOT:=bot/lkpbot}" "${LKB_SRCDIR:=.}" "${LKB_TEST_DATA:=$LKB_SRCDIR/tests/data}"
data=$LKB_TEST_DATA/render
tpl=$LKB_SRCDIR/templates/mail
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/empty.conf"
lkpbot() { "$LKPBOT" -c "$tmp/empty.conf" "$@"; }

set -- "$data"/*.data
n=$(($# + 6))
echo "1..$n"
i=0
ok() { i=$((i + 1)); echo "ok $i - $1"; }
notok() { i=$((i + 1)); echo "not ok $i - $1"; }

for f in "$@"; do
	case=$(basename "$f" .data)
	name=${case%%--*}
	if lkpbot render --templates "$tpl" "$name" "$f" >"$tmp/out" 2>"$tmp/err" &&
	   diff -u "$data/$case.expect" "$tmp/out" >"$tmp/diff"; then
		ok "render $case"
	else
		notok "render $case"
		sed 's/^/# /' "$tmp/err" "$tmp/diff"
	fi
done

# every installed template has at least one golden case
missing=
for t in "$tpl"/*.tmpl; do
	b=$(basename "$t" .tmpl)
	case $b in _*) continue ;; esac
	[ -e "$data/$b.data" ] || ls "$data/$b"--*.data >/dev/null 2>&1 ||
		missing="$missing $b"
done
if [ -z "$missing" ]; then ok "every template has a golden case"
else notok "templates without golden case:$missing"; fi

# errors name the file and the line; nothing reaches stdout
if ! lkpbot render "$data/bad/unknown.tmpl" "$data/bad/values.json" >"$tmp/out" 2>"$tmp/err" &&
   grep -q "unknown.tmpl:2: unknown variable 'nosuch'" "$tmp/err" && [ ! -s "$tmp/out" ]; then
	ok "unknown variable names file and line"
else notok "unknown variable names file and line"; sed 's/^/# /' "$tmp/err"; fi
if ! lkpbot render "$data/bad/unclosed.tmpl" "$data/bad/values.json" >/dev/null 2>"$tmp/err" &&
   grep -q "unclosed.tmpl:2: section 'items' is never closed" "$tmp/err"; then
	ok "unclosed section names file and line"
else notok "unclosed section names file and line"; sed 's/^/# /' "$tmp/err"; fi

# a [templates] dir overrides single files and falls back for the rest
mkdir "$tmp/over"
printf 'Custom: {{result}}\n{{>_footer}}\n' >"$tmp/over/ack.tmpl"
printf '[templates]\ndir = %s\n' "$tmp/over" >"$tmp/over.conf"
if "$LKPBOT" -c "$tmp/over.conf" render --templates "$tpl" ack "$data/ack.data" >"$tmp/out" 2>"$tmp/err" &&
   head -1 "$tmp/out" | grep -qx 'Custom: report 17 is closed (fixed).' &&
   grep -qx -- '-- ' "$tmp/out"; then
	ok "[templates] dir overrides one file, partials fall back"
else notok "[templates] dir override"; sed 's/^/# /' "$tmp/err"; fi

# usage
if lkpbot render -h | grep -q '^usage:'; then ok "render -h prints usage"
else notok "render -h prints usage"; fi
lkpbot render onlyone >/dev/null 2>&1
if [ $? -eq 2 ]; then ok "render with one argument exits 2"
else notok "render with one argument exits 2"; fi
