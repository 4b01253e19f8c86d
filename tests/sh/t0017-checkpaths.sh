#!/bin/sh
# t0017-checkpaths.sh - tools/checkpaths.sh (run by `make lint`) passes on
# the source tree and fails on each thing it checks: a comment naming a
# path that does not exist, in C, in shell and in configure.ac, and a build-lib.sh module
# list that differs from configure.ac's.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
G=$LKB_SRCDIR/tools/checkpaths.sh

ok_if "the source tree passes" sh "$G" "$LKB_SRCDIR"

# tree NAME: a tree with two modules in configure.ac and build-lib.sh,
# one source file and one shell test; comments are added to them.
tree() {
	mkdir -p "$T/$1/bot/core" "$T/$1/scripts" "$T/$1/tests/sh"
	printf 'PKG_CHECK_MODULES([CURL], [libcurl >= 7.74])\n' > "$T/$1/configure.ac"
	printf 'PKG_CHECK_MODULES([CHECK], [check >= 0.13], [a=1], [a=0])\n' \
		>> "$T/$1/configure.ac"
	echo 'lkb_modules="libcurl check"' > "$T/$1/scripts/build-lib.sh"
	echo 'int x; /* see bot/core/x.c and bot/core/x */' > "$T/$1/bot/core/x.c"
	echo '# tests/sh/t0001-a.sh, tests/data/*.eml, tests/data/NAME' \
		> "$T/$1/tests/sh/t0001-a.sh"
}

tree good
echo '/* globs bot/*/x.c, placeholders tests/fuzz/fuzz_<t>.c, lkp lib/stats.rb */' \
	>> "$T/good/bot/core/x.c"
echo 'const char *s = "bot/core/gone.c"; // a string is no comment' \
	>> "$T/good/bot/core/x.c"
ok_if "paths that exist, globs, placeholders and strings pass" sh "$G" "$T/good"

tree cgone
printf '/* a comment\n * naming bot/core/gone.c. */\n' >> "$T/cgone/bot/core/x.c"
sh "$G" "$T/cgone" > "$T/out" 2>&1
is "a C comment naming a missing file fails" "$?" 1
ok_if "... naming the file, the line and the path" \
	grep -q "^bot/core/x.c:3: bot/core/gone.c (named in a comment" "$T/out"

tree line
echo 'int y; // as tests/unit/test_gone.c does' >> "$T/line/bot/core/x.c"
sh "$G" "$T/line" > "$T/out" 2>&1
is "a // comment naming a missing file fails" "$?" 1

tree shgone
echo 'run # see scripts/gone.sh' >> "$T/shgone/tests/sh/t0001-a.sh"
sh "$G" "$T/shgone" > "$T/out" 2>&1
is "a shell comment naming a missing file fails" "$?" 1
ok_if "... naming it" grep -q "^tests/sh/t0001-a.sh:2: scripts/gone.sh " "$T/out"

tree acgone
printf 'dnl the pipe (bot/core/gone.c)\n# and bot/core/x.c\n' >> "$T/acgone/configure.ac"
sh "$G" "$T/acgone" > "$T/out" 2>&1
is "a dnl comment in configure.ac naming a missing file fails" "$?" 1
ok_if "... naming it, and not the file that exists" sh -c \
	'grep -q "^configure.ac:3: bot/core/gone.c " "$1" && ! grep -q x.c "$1"' \
	sh "$T/out"

tree mods
printf 'PKG_CHECK_MODULES([DKIM], [opendkim >= 2.10])\n' >> "$T/mods/configure.ac"
sh "$G" "$T/mods" > "$T/out" 2>&1
is "a module configure.ac checks and build-lib.sh lacks fails" "$?" 1
ok_if "... showing both lists" grep -q 'looks for "check libcurl opendkim "' "$T/out"

tree extra
echo 'lkb_modules="libcurl check zlib"' > "$T/extra/scripts/build-lib.sh"
sh "$G" "$T/extra" > "$T/out" 2>&1
is "a module build-lib.sh lists and configure.ac does not fails" "$?" 1
done_testing
