#!/bin/sh
# import-all.sh - every fetched list archive in one store, in one run
# (issue 34: at scale). Each public-inbox archive under $MIRROR is
# exported once to an mboxrd file under $CACHE (bench/export-archive.py
# --mbox-only; the reserved lists are never fetched, so never here), then:
#   import   `lkpbot import` of all the mboxes into a fresh database, one
#            run: wall time, mails a second, peak RSS (/usr/bin/time)
#   triage   `lkpbot triage` of the whole store: its time beside import's
#   again    `lkpbot triage` once more with nothing new: the no-op run
#   pyref    (with PYREF_ALL=1) the Python baseline on the same mboxes
#            joined into one, into a fresh database
#
#   bench/import-all.sh
#
# MIRROR defaults to /work/.mirror, CACHE to
# ${XDG_CACHE_HOME:-$HOME/.cache}/lkpbot-bench/all, scratch databases to
# $BENCH_DIR (default /tmp/lkpbot-bench-all).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
LKPBOT=${LKPBOT:-$top/_build/bot/lkpbot}
PYREF=${PYREF:-$top/../shared/bench/pyref.py}
MIRROR=${MIRROR:-/work/.mirror}
CACHE=${CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lkpbot-bench/all}
dir=${BENCH_DIR:-/tmp/lkpbot-bench-all}
mkdir -p "$dir" "$CACHE"
[ -x "$LKPBOT" ] || { echo "no lkpbot at $LKPBOT (set LKPBOT)" >&2; exit 1; }

for git in "$MIRROR"/linux-mailinglist-archives+*/repo; do
	l=$(basename "$(dirname "$git")")
	l=${l#linux-mailinglist-archives+}
	case $l in cgroups.*|linux-crypto.*|linux-kbuild.*|linux-cifs.*)
		echo "$l is kept for evaluation: never used" >&2; exit 1 ;;
	esac
	[ -f "$CACHE/$l/.done" ] && continue
	echo "exporting $l ..." >&2
	python3 "$top/bench/export-archive.py" --mbox-only "$git" "$CACHE/$l" >&2
	touch "$CACHE/$l/.done"
done
set -- "$CACHE"/*/mailbox.mbox
echo "$# archives, $(du -ch "$@" | tail -1 | cut -f1) of mbox" >&2

. "$top/bench/lib-conf.sh"
bench_conf "$dir"
# timed NAME CMD...: run CMD, print "NAME <wall s> <peak RSS KiB>"
timed() {
	name=$1; shift
	sync
	/usr/bin/time -f "%e %M" -o "$dir/time" "$@" >"$dir/$name.out" 2>&1 ||
		{ cat "$dir/$name.out" >&2; exit 1; }
	echo "$name $(cat "$dir/time")"
}
rm -f "$dir"/db*
timed import "$LKPBOT" -q -c "$dir/conf" import "$@"
n=$(sqlite3 "$dir/db" 'select count(*) from messages')
r=$(sqlite3 "$dir/db" 'select count(*) from reports')
echo "store: $n messages, $r reports"
timed triage "$LKPBOT" -c "$dir/conf" triage
tail -n 1 "$dir/triage.out"
timed again "$LKPBOT" -c "$dir/conf" triage
if [ "${PYREF_ALL:-0}" = 1 ]; then
	[ -f "$PYREF" ] || { echo "no baseline at $PYREF" >&2; exit 1; }
	cat "$@" >"$dir/all.mbox"
	rm -f "$dir/pyref.sqlite"
	timed pyref python3 "$PYREF" "$dir/all.mbox" -o "$dir/pyref.sqlite" --quiet
	rm -f "$dir/all.mbox"
fi
