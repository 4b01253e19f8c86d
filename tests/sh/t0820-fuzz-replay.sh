#!/bin/sh
# t0820-fuzz-replay.sh - replay every fuzz target's seeds once (doc/style.md R39):
# its seed files from tests/data (and the repository's rules, templates,
# sample configs) plus tests/data/fuzz-regress/<target>/, the inputs that
# once crashed it. Without --enable-fuzzing the targets are linked with
# tests/fuzz/replay.c; with it, libFuzzer runs each given file once.
. "$LKB_SRCDIR/tests/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
D=$LKB_TEST_DATA
S=$LKB_SRCDIR

# seeds TARGET: the seed paths of one target, one per line
seeds() {
	case $1 in
	message)
		echo "$D/msg"; echo "$D/stories"; echo "$D/imap/maildir"
		# a subset of the corpus Maildir keeps the replay quick
		find "$D/corpus/maildir" -type f | sort | head -40 ;;
	report) echo "$D/report"; echo "$D/reply"; echo "$D/stories" ;;
	reply) echo "$D/reply"; echo "$D/stories"; echo "$D/seeds" ;;
	imap-resp) echo "$D/imap/dovecot-fetch.resp" ;;
	template) echo "$S/templates/mail"; echo "$D/render/bad" ;;
	config) echo "$S/tests/fuzz/seeds/config" ;;
	rules) echo "$S/rules/default.rules" ;;
	address|date|header) echo "$D/msg"; echo "$D/stories" ;;
	esac
	[ -d "$D/fuzz-regress/$1" ] && echo "$D/fuzz-regress/$1"
	if [ -f "$S/tests/fuzz/corpus/$1.tar.xz" ]; then
		mkdir -p "$T/corpus/$1"
		tar -xJf "$S/tests/fuzz/corpus/$1.tar.xz" -C "$T/corpus/$1" &&
			echo "$T/corpus/$1"
	fi
	return 0
}

# replay TARGET: run the target over its seeds; prints the input count
replay() {
	bin=$LKB_BUILDDIR/tests/fuzz/fuzz-$1
	[ -x "$bin" ] || { echo "$bin not built"; return 1; }
	seeds "$1" > "$T/paths"
	if [ -n "${LKB_FUZZING:-}" ]; then
		# libFuzzer treats a directory as a corpus to write into:
		# give it the files, each is run once
		while read -r p; do find "$p" -type f; done < "$T/paths" |
			tr '\n' '\0' | xargs -0 "$bin" -runs=1 > "$T/out" 2>&1 ||
			{ tail -30 "$T/out"; return 1; }
		return 0
	fi
	# shellcheck disable=SC2046
	"$bin" $(cat "$T/paths") > "$T/out" 2>&1 || { cat "$T/out"; return 1; }
	n=$(sed -n 's/^replayed \([0-9]*\) inputs$/\1/p' "$T/out")
	echo "$n inputs"
	[ "${n:-0}" -gt 0 ]
}

for t in message report reply imap-resp template config rules address \
	date header; do
	out=$(replay "$t")
	rc=$?
	[ $rc -eq 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
	ok_if "fuzz-$t replays its seeds and kept corpus (${out%%
*})" test $rc -eq 0
done
done_testing
