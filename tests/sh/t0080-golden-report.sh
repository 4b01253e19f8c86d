#!/bin/sh
# t0080-golden-report.sh - golden tests of the LKP report parser (TAP).
#
# Every tests/data/report/NAME.in (a robot mail decoded by
# tests/tools/decode-mail.py) and seedNNN.txt (a scraped page, used as-is)
# is parsed by tests/tools/dump-report; its JSON must equal NAME.json.
# With LKB_GOLDEN_UPDATE=1 the expected files are (re)written instead;
# review every change by hand before committing it.
data=${LKB_TEST_DATA:-tests/data}/report
tool=${LKB_BUILDDIR:-.}/tests/tools/dump-report
tmp=${TMPDIR:-/tmp}/run-report.$$
trap 'rm -f "$tmp"' EXIT INT TERM

set -- "$data"/*.in "$data"/seed*.txt
echo "1..$#"
n=0
fail=0
for f in "$@"; do
	n=$((n + 1))
	base=${f%.*}
	name=$(basename "$base")
	case $f in
	*.txt) "$tool" -t "$f" >"$tmp" 2>&1 ;;
	*) "$tool" "$f" >"$tmp" 2>&1 ;;
	esac
	rc=$?
	if [ "${LKB_GOLDEN_UPDATE:-0}" = 1 ] && [ $rc -eq 0 ]; then
		cp "$tmp" "$base.json"
	fi
	if [ $rc -ne 0 ]; then
		echo "not ok $n - $name: dump-report exited $rc"
		sed 's/^/# /' "$tmp"
		fail=1
	elif ! [ -f "$base.json" ]; then
		echo "not ok $n - $name: no expected $name.json"
		fail=1
	elif diff -u "$base.json" "$tmp" >"$tmp.diff"; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name: JSON differs"
		head -40 "$tmp.diff" | sed 's/^/# /'
		fail=1
	fi
	rm -f "$tmp.diff"
done
exit $fail
