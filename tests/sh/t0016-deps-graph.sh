#!/bin/sh
# t0016-deps-graph.sh - tools/deps-graph.sh (run by `make lint`) passes on
# the source tree and fails on each thing it checks: an include against
# the folder order, headers that include each other, and modules that use
# each other round a loop.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
G=$LKB_SRCDIR/tools/deps-graph.sh

ok_if "the source tree has no violation" sh "$G" "$LKB_SRCDIR"

# tree NAME: an empty tree of the folders the script walks
tree() {
	mkdir -p "$T/$1/lib" "$T/$1/parsers" "$T/$1/templates" "$T/$1/state" \
		"$T/$1/bot/core" "$T/$1/bot/cmd"
}
inc() { printf '#include "%s"\n' "$2" >> "$T/$1"; }	# FILE INCLUDED

tree good
inc good/parsers/a.c parsers/a.h
inc good/parsers/a.c parsers/b.h
inc good/parsers/b.c parsers/b.h
inc good/bot/cmd/x.c parsers/a.h
ok_if "a one-way tree passes" sh "$G" "$T/good"

tree up
inc up/parsers/a.c bot/core/ctx.h
sh "$G" "$T/up" > "$T/out" 2>&1
is "an include against the order fails" "$?" 1
ok_if "... naming the file and the arrow" \
	grep -q "parsers/a.c: includes bot/core/ctx.h (parsers -> bot/core, against the order)" "$T/out"

tree hdr
inc hdr/lib/a.h lib/b.h
inc hdr/lib/b.h lib/a.h
sh "$G" "$T/hdr" > "$T/out" 2>&1
is "headers including each other fail" "$?" 1
ok_if "... named as a cycle between files" grep -q "^cycle between files: " "$T/out"

tree mod
inc mod/parsers/message.c parsers/mime.h
inc mod/parsers/mime.c parsers/message.h
sh "$G" "$T/mod" > "$T/out" 2>&1
is "modules using each other fail" "$?" 1
ok_if "... named as a cycle between modules" \
	grep -Eq "^cycle between modules: parsers/(message|mime) -> parsers/(mime|message) -> parsers/(message|mime)$" "$T/out"

tree three
inc three/bot/core/a.c bot/core/b.h
inc three/bot/core/b.c bot/core/c.h
inc three/bot/core/c.c bot/core/a-internal.h
sh "$G" "$T/three" > "$T/out" 2>&1
is "a loop of three modules fails" "$?" 1
done_testing
