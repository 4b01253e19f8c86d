#!/bin/sh
# t0018-loops.sh - tools/loops.sh (run by `make lint`) passes on the
# built tree and fails on each thing it checks: files of one folder that
# use each other's functions or data round a loop, and a line of
# tools/loops.allow whose folder has no loop any more. Real objects:
# the compiler, ar and nm the build uses.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
L=$LKB_SRCDIR/tools/loops.sh
CC=${CC:-cc}
for t in "$CC" ar nm; do
	command -v "$t" >/dev/null || bail_out "$t not found (the build's tools)"
done

ok_if "the built tree has no loop outside tools/loops.allow" \
	sh "$L" "$LKB_SRCDIR" "$LKB_BUILDDIR"

# lib TREE DIR FILE=SOURCE...: DIR/libx.a in TREE/build from the C
# sources given, each object named as automake names it (libx_a-FILE.o).
lib() {
	tree=$1 dir=$2; shift 2
	mkdir -p "$T/$tree/tools" "$T/$tree/build/$dir"
	touch "$T/$tree/tools/loops.allow"
	objs=
	for fs; do
		f=${fs%%=*}
		printf '%s\n' "${fs#*=}" > "$T/$tree/$f.c"
		o=$T/$tree/build/$dir/libx_a-$f.o
		"$CC" -c -o "$o" "$T/$tree/$f.c" || return 1
		objs="$objs $o"
	done
	ar cr "$T/$tree/build/$dir/libx.a" $objs
}
loops() { sh "$L" "$T/$1" "$T/$1/build" > "$T/out" 2>&1; }

lib good bot/core 'top=int mid(void); int top(void) { return mid(); }' \
	'mid=int low(void); int mid(void) { return low(); }' \
	'low=int low(void) { return 1; }'
ok_if "files using each other one way pass" loops good

lib two bot/core 'a=int b(void); int a(void) { return b(); }' \
	'b=int a(void); int b(void) { return a(); }'
loops two
is "two files calling each other fail" "$?" 1
ok_if "... naming the folder and the files" \
	grep -q "^bot/core: loop between files: a.c b.c$" "$T/out"
ok_if "... each use with its symbols" grep -q "^    b.c -> a.c: a$" "$T/out"
ok_if "... and the fix" \
	grep -q "error: lift a (used by b.c) out of a.c into a lower file of bot/core" "$T/out"

lib data parsers 'p=extern int table_size; int p(void) { return table_size; }' \
	'q=int p(void); int table_size = 3; int q(void) { return p(); }'
loops data
is "a loop through data (a global variable) fails" "$?" 1
ok_if "... naming the variable" grep -q "^    p.c -> q.c: table_size$" "$T/out"

lib three state 'x=int y(void); int x(void) { return y(); }' \
	'y=int z(void); int y(void) { return z(); }' \
	'z=int x(void); int z(void) { return x(); }' \
	'w=int x(void); int w(void) { return x(); }'
loops three
is "a loop of three files fails" "$?" 1
ok_if "... with the three files, not the one above them" \
	grep -q "^state: loop between files: x.c y.c z.c$" "$T/out"

lib allowed bot/web 'a=int b(void); int a(void) { return b(); }' \
	'b=int a(void); int b(void) { return a(); }'
printf '# being removed\nbot/web\n' > "$T/allowed/tools/loops.allow"
ok_if "a loop in a folder of tools/loops.allow passes" loops allowed
ok_if "... and is still printed" \
	grep -q "allowed (tools/loops.allow): lift" "$T/out"

printf 'bot/core\n' > "$T/good/tools/loops.allow"
loops good
is "an allowed folder without a loop fails" "$?" 1
ok_if "... asking for its line to go" \
	grep -q "loops.allow:1: bot/core has no loop any more: delete the line" "$T/out"

mkdir -p "$T/empty/tools" "$T/empty/build"
touch "$T/empty/tools/loops.allow"
loops empty
is "a tree without built libraries fails" "$?" 1
ok_if "... saying to build first" grep -q "run make there first" "$T/out"
done_testing
