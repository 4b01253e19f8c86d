#!/bin/sh
# t0070-golden-message.sh - golden tests for message_parse() (doc/style.md R37): runs
# tests/tools/dump-message over tests/data/msg/**/*.eml and diffs each
# output with the .expect file next to it. Prints TAP.
# LKB_UPDATE_GOLDEN=1 rewrites the .expect files instead (then read every
# changed one against its raw mail before committing).
data=${LKB_TEST_DATA:-tests/data}/msg
dump=${LKB_BUILDDIR:-.}/tests/tools/dump-message
out=${TMPDIR:-/tmp}/run-message.$$
trap 'rm -f "$out"' EXIT

files=$(find "$data" -name '*.eml' | LC_ALL=C sort)
n=$(printf '%s\n' "$files" | grep -c .)
echo "1..$n"
i=0
fail=0
for f in $files; do
	i=$((i + 1))
	exp=${f%.eml}.expect
	name=${f#"$data"/}
	if ! "$dump" "$f" >"$out" 2>&1; then
		echo "not ok $i - $name: dump-message failed"
		fail=1
		continue
	fi
	if [ "${LKB_UPDATE_GOLDEN:-0}" = 1 ]; then
		cp "$out" "$exp"
		echo "ok $i - $name # updated"
	elif [ ! -f "$exp" ]; then
		echo "not ok $i - $name: no .expect file"
		fail=1
	elif diff -u "$exp" "$out" >&2; then
		echo "ok $i - $name"
	else
		echo "not ok $i - $name: output differs from .expect"
		fail=1
	fi
done
exit $fail
