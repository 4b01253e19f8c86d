#!/bin/sh
# t0010-help.sh - every command handles -h (usage on stdout, exit 0), has a
# man page that names each long option its usage shows (the twins of #lkp
# verbs share lkpbot-state(1)), and is listed in lkpbot(1); unknown
# commands and options are usage errors (exit 2).
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
export LKPBOT_DB="$T/db"

ok_if "--version" sh -c "'$LKPBOT' --version | grep -q '^lkpbot '"
ok_if "--help lists commands" sh -c "'$LKPBOT' --help | grep -q '^commands:'"
"$LKPBOT" no-such-command 2>/dev/null
is "unknown command exits 2" "$?" 2
"$LKPBOT" --no-such-option 2>/dev/null
is "unknown global option exits 2" "$?" 2

for cmd in $("$LKPBOT" --list-commands); do
	"$LKPBOT" "$cmd" -h >"$T/out" 2>"$T/err"
	is "$cmd -h exits 0" "$?" 0
	ok_if "$cmd -h prints usage on stdout" grep -q '^usage: ' "$T/out"
	is "$cmd -h prints nothing on stderr" "$(cat "$T/err")" ""
	"$LKPBOT" "$cmd" --bogus-option >/dev/null 2>&1
	is "$cmd --bogus-option exits 2" "$?" 2
	man=$LKB_SRCDIR/doc/lkpbot-$cmd.1
	# a #lkp verb's twin ("... (#lkp VERB)" in the help) shares one page
	"$LKPBOT" help | grep -q "^   $cmd .*#lkp [a-z-]*)\$" &&
		man=$LKB_SRCDIR/doc/lkpbot-state.1
	ok_if "$cmd has a man page" test -f "$man"
	for opt in $(grep -o -- '--[a-z][a-z-]*' "$T/out" | sort -u); do
		ok_if "lkpbot-$cmd.1 documents $opt" \
			grep -q -- "$(echo "$opt" | sed 's/^--//')" "$man"
	done
	ok_if "lkpbot.1 lists $cmd" grep -q "^\\.Xr lkpbot-$cmd 1\\|^\\.It Cm $cmd" "$LKB_SRCDIR/doc/lkpbot.1"
done

# make install names the twins' .so pages from the verb table's .cli rows
# (doc/local.mk), without running the program: the same names as help's
src_twins=$(sed -n 's/^[[:space:]]*\.cli = { "\([a-z-]*\)".*/\1/p' \
	"$LKB_SRCDIR/parsers/lkp_command.c" | sort)
help_twins=$("$LKPBOT" help | sed -n 's/^   \([a-z-]*\) .*#lkp [a-z-]*)$/\1/p' | sort)
ok_if "the verb table has twins" test -n "$src_twins"
is "install's twin pages are help's twins" "$src_twins" "$help_twins"
done_testing
