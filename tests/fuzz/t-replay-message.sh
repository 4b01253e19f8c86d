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
	# libFuzzer binary: given files (not directories, which it would
	# treat as a corpus to write into) are each run once
	out=$(find "$data" -name '*.eml' -exec "$bin" {} + 2>&1)
else
	out=$("$bin" "$data" 2>&1)
fi
rc=$?
if [ $rc -eq 0 ]; then
	echo "ok 1 - replayed every mail under tests/data/msg"
else
	printf '%s\n' "$out" | sed 's/^/# /'
	echo "not ok 1 - replay failed with status $rc"
	exit 1
fi
