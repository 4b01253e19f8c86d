#!/bin/sh
# checksrc.sh - house-style checks run by `make lint` (rules in doc/style.md):
# R17 banned functions (R1, include direction: tools/deps-graph.sh).
top=${1:-.}
cd "$top" || exit 1
fail=0

# R1 (includes point downward only) is tools/deps-graph.sh.

# R17: banned functions.
banned='strcpy|strcat|sprintf|vsprintf|gets|strtok|atoi|atol|atof|strncpy|strncat|tmpnam|mktemp|asctime|ctime|localtime|gmtime'
if grep -nE "(^|[^_a-z0-9.>])($banned)\(" lib/*.c parsers/*.c state/*.c \
	templates/*.c bot/*.c bot/*/*.c 2>/dev/null | grep -v '^\S*:\s*/\?\*'; then
	echo "banned function used (doc/style.md R17)"
	fail=1
fi
exit $fail
