#!/bin/sh
# t0810-valgrind.sh - lkpbot under valgrind memcheck: the story and
# hostile mails through `lkpbot run`, an import of the stories, list,
# show --json and thread. Any memory error or definite leak fails.
# Not in the sanitizer build (ASan and valgrind do not mix; ASan covers
# that build); valgrind missing is a failure, never a skip.
. "$LKB_SRCDIR/tests/tap.sh"
if [ -n "${LKB_SANITIZED:-}" ]; then
	# the one thing to check here: the binary is indeed instrumented
	ok_if "sanitizer build: lkpbot carries ASan (valgrind not used)" \
		grep -q -a __asan_init "$LKPBOT"
	done_testing
fi
if ! command -v valgrind >/dev/null 2>&1; then
	echo "Bail out! valgrind is not installed"
	exit 99
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
S=$LKB_TEST_DATA/stories
mkdir -p "$T/md/cur" "$T/md/new" "$T/md/tmp" "$T/out"
cat > "$T/conf" <<CONF
[maildir]
path = $T/md
[smtp]
from = lkpbot <lkpbot@bot.example>
[bot]
address = lkpbot@bot.example
maintainers = alice@maint.example, @maint2.example
max_per_hour = 1000
max_per_thread = 1000
[db]
path = $T/db
CONF
cp "$S"/*.eml "$T/md/new/"
mkdir -p "$T/st/cur" "$T/st/new" "$T/st/tmp"
cp "$S"/*.eml "$T/st/new/"
# no 10 MB attachment: valgrind is slow enough without it
python3 "$LKB_SRCDIR/tests/tools/gen-hostile.py" "$T/md" --big 0 >/dev/null

# vg NAME ARGS...: run lkpbot under memcheck; the log is $T/NAME.vg
vg() {
	name=$1; shift
	valgrind -q --error-exitcode=99 --leak-check=full \
		--suppressions="$LKB_SRCDIR/tests/sh/valgrind.supp" \
		--errors-for-leak-kinds=definite --show-leak-kinds=definite \
		--log-file="$T/$name.vg" "$LKPBOT" "$@" >"$T/$name.out" 2>&1
	rc=$?
	if [ $rc -eq 99 ] || [ -s "$T/$name.vg" ]; then
		head -40 "$T/$name.vg"
		return 1
	fi
	[ $rc -eq 0 ] || { tail -5 "$T/$name.out"; return 1; }
}
ok_if "run over stories and hostile mail: no memory error, no leak" \
	vg run -c "$T/conf" run --dry-run "$T/out"
ok_if "import of the stories" vg import -d "$T/imp.db" import "$T/st"
ok_if "list" vg list -c "$T/conf" list
R=$(sqlite3 "$T/db" "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = '20220218063812.story004@xsang-OptiPlex-9020'")
ok_if "show --json" vg show -c "$T/conf" show --json "$R"
ok_if "thread" vg thread -c "$T/conf" thread "$R"
ok_if "thread --json" vg threadj -c "$T/conf" thread --json "$R"
ok_if "db check" vg check -c "$T/conf" db check
done_testing
