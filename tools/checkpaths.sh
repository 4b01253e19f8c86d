#!/bin/sh
# checkpaths.sh - lint that keeps what a reader is pointed at true; run by
# `make lint`, tests/sh/t0017-checkpaths.sh shows it failing on each check.
#
#   tools/checkpaths.sh [TOP]      exit 1 when a check fails
#
# 1. A comment in bot/ parsers/ state/ lib/ templates/ tests/ scripts/
#    tools/ bench/, configure.ac or Makefile.am (# and dnl) that names a
#    repository path (bot/triage/FILE.c, tests/sh/NAME.sh, parsers/mime)
#    names one that exists: a file, a folder, or a module (PATH.c, PATH.h).
#    Not checked: globs (tests/data/*.eml), placeholders in capitals
#    (tests/data/reply/NAME) or angle brackets (tests/fuzz/fuzz_<target>.c),
#    and lkp-tests' Ruby sources (lib/stats.rb), which name its tree.
# 2. scripts/build-lib.sh's lkb_modules lists the pkg-config modules of
#    configure.ac's PKG_CHECK_MODULES, no more and no fewer, so a build
#    directory is configured anew when one of them changes.
top=${1:-.}
cd "$top" || exit 1
fail=0

# "FILE:LINE:TEXT" for each line of comment text: /* */ and // in C
# (outside string and character literals), # in shell and make files
# (outside quotes on the line).
comments() {
	c=$(find bot parsers state lib templates tests -name '*.[ch]' \
		2>/dev/null | sort)
	[ -z "$c" ] || awk '
	FNR == 1 { inc = 0 }
	{
		s = $0; out = ""; q = ""; n = length(s)
		for (i = 1; i <= n; i++) {
			ch = substr(s, i, 1); two = substr(s, i, 2)
			if (inc) {
				if (two == "*/") { inc = 0; i++; out = out " " }
				else out = out ch
			} else if (q != "") {
				if (ch == "\\") i++
				else if (ch == q) q = ""
			} else if (ch == "\"" || ch == "\047") q = ch
			else if (two == "/*") { inc = 1; i++ }
			else if (two == "//") { out = out substr(s, i + 2); break }
		}
		if (out != "") print FILENAME ":" FNR ":" out
	}' $c
	s=$( (find bot parsers state lib templates tests scripts tools bench \
		\( -name '*.sh' -o -name '*.mk' -o -name '*.py' -o -name '*.am' \) \
		2>/dev/null; ls configure.ac Makefile.am 2>/dev/null) | sort)
	[ -z "$s" ] || awk '
	{
		s = " " $0; q = ""; n = length(s)
		for (i = 2; i <= n; i++) {
			ch = substr(s, i, 1)
			if (q != "") { if (ch == q) q = "" }
			else if (ch == "\047" || ch == "\"") q = ch
			else if ((ch == "#" && substr(s, i - 1, 1) ~ /[ \t]/) ||
			    (i == 2 && substr(s, 2, 4) == "dnl ")) {
				print FILENAME ":" FNR ":" substr(s, i + 1)
				break
			}
		}
	}' $s
}

# "FILE:LINE: PATH" for each repository path a comment names.
named_paths() {
	comments | awk '
	{
		p = index($0, ":"); f = substr($0, 1, p - 1); r = substr($0, p + 1)
		p = index(r, ":"); l = substr(r, 1, p - 1); t = " " substr(r, p + 1)
		re = "[^A-Za-z0-9_./<>*{}-](bench|bot|debian|doc|lib|m4|parsers|rules|sample|scripts|state|templates|tests|tools)/[A-Za-z0-9_./<>*{}-]*"
		while (match(t, re)) {
			path = substr(t, RSTART + 1, RLENGTH - 1)
			t = substr(t, RSTART + RLENGTH)
			sub(/[.-]+$/, "", path)
			if (path ~ /[<>*{}]/ || path ~ /\.rb$/ ||
			    path ~ /\/[A-Z][A-Z0-9_]*(\.[a-z]+)?$/)
				continue
			print f ":" l ": " path
		}
	}'
}

missing=$(named_paths | while IFS= read -r hit; do
	path=${hit#*: }
	[ -e "$path" ] || [ -e "$path.c" ] || [ -e "$path.h" ] || echo "$hit"
done)
if [ -n "$missing" ]; then
	printf '%s\n' "$missing" | sed 's/$/ (named in a comment, not in the tree)/'
	echo "a comment names a path that does not exist: name the file as it is now"
	fail=1
fi

# The pkg-config modules of configure.ac and of build-lib.sh, sorted.
ac=$(sed -n 's/^[ \t]*PKG_CHECK_MODULES(\[[A-Z0-9_]*\], *\[\([^] >=]*\).*/\1/p' \
	configure.ac | sort -u | tr '\n' ' ')
bl=$(sed -n 's/^lkb_modules="\(.*\)"$/\1/p' scripts/build-lib.sh |
	tr ' ' '\n' | sed '/^$/d' | sort -u | tr '\n' ' ')
if [ -z "$ac" ] || [ "$ac" != "$bl" ]; then
	echo "scripts/build-lib.sh: lkb_modules is \"$bl\""
	echo "configure.ac: PKG_CHECK_MODULES looks for \"$ac\""
	echo "make scripts/build-lib.sh's lkb_modules list the modules of configure.ac"
	fail=1
fi
exit $fail
