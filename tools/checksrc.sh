#!/bin/sh
# checksrc.sh - house-style checks run by `make lint`:
# R1 include direction, R17 banned functions.
top=${1:-.}
cd "$top" || exit 1
fail=0

# R1: includes point downward only.
check_dir() {
	dir=$1; shift
	for f in "$dir"/*.c "$dir"/*.h "$dir"/*/*.c "$dir"/*/*.h; do
		[ -f "$f" ] || continue
		for bad in "$@"; do
			if grep -n "^#include \"$bad/" "$f"; then
				echo "$f: includes $bad/ (layer violation, STYLE R1)"
				fail=1
			fi
		done
	done
}
check_dir lib parsers state templates bot
check_dir parsers state templates bot
check_dir templates parsers state bot
check_dir state templates bot

# R17: banned functions.
banned='strcpy|strcat|sprintf|vsprintf|gets|strtok|atoi|atol|atof|strncpy|strncat|tmpnam|mktemp|asctime|ctime|localtime|gmtime'
if grep -nE "(^|[^_a-z0-9.>])($banned)\(" lib/*.c parsers/*.c state/*.c \
	templates/*.c bot/*.c bot/*/*.c 2>/dev/null | grep -v '^\S*:\s*/\?\*'; then
	echo "banned function used (STYLE R17)"
	fail=1
fi
exit $fail
