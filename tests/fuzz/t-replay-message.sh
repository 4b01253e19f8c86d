#!/bin/sh
# t-replay-message.sh - replay every tests/data/msg mail through the
# message fuzz target once (STYLE R39). Prints TAP.
bin=${LKB_BUILDDIR:-.}/tests/fuzz/fuzz-message
data=${LKB_TEST_DATA:-tests/data}/msg
echo "1..1"
if [ ! -x "$bin" ]; then
	echo "not ok 1 - $bin not built"
	exit 1
fi
if [ -n "${LKB_FUZZING:-}" ]; then
	# libFuzzer binary: -runs=0 executes each given input once
	out=$("$bin" -runs=0 "$data" "$data/broken" 2>&1)
else
	out=$("$bin" "$data" 2>&1)
fi
rc=$?
if [ $rc -eq 0 ]; then
	echo "ok 1 - replayed tests/data/msg ($(printf '%s' "$out" | tail -n 1))"
else
	printf '%s\n' "$out" | sed 's/^/# /'
	echo "not ok 1 - replay failed with status $rc"
	exit 1
fi
