#!/bin/sh
# import-real.sh - lkpbot import against the Python baseline and the I/O
# floor, side by side, on real list archives (issue 23).
#
#   bench/import-real.sh [ROUNDS] [LIST[:N]...]
#                          (defaults 3, linux-pm io-uring; LIST:N takes
#                          the archive's newest N messages only)
#   bench/import-bench.sh --real [ROUNDS] [LIST[:N]...]     (the same)
#
# Each LIST is a public-inbox archive fetched as a bare git repository,
# $MIRROR/linux-mailinglist-archives+LIST.vger.kernel.org.0/repo (MIRROR
# defaults to /work/.mirror). It is exported once (bench/export-archive.py)
# to a Maildir and an mboxrd file under $CACHE (default
# ${XDG_CACHE_HOME:-$HOME/.cache}/lkpbot-bench), never in the repository.
# Then, ROUNDS times, for each list and each form, in turn, each after a
# `sync`:
#   floor   the I/O the import cannot avoid: every input byte read and
#           written to one file with fdatasync (mbox: dd conv=fdatasync;
#           Maildir: every file read, cat, into the same dd)
#   lkpbot  `lkpbot import` into a fresh database ($LKPBOT)
#   pyref   the Python baseline into a fresh database ($PYREF)
# and prints the medians: one row per list and form with lkpbot's and
# pyref's seconds, their ratio, the floor, lkpbot's multiple of it, and
# lkpbot's peak RSS (/usr/bin/time: Maximum resident set size). With
# $LKPBOT_BEFORE (another build) that build runs too, after lkpbot, and
# its medians are printed below the table. Scratch
# databases go to $BENCH_DIR (default /tmp/lkpbot-bench-real): the floor
# writes there too, so both meet the same disk.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
rounds=3
case ${1:-} in [0-9]*) rounds=$1; shift ;; esac
[ $# -gt 0 ] || set -- linux-pm io-uring
LKPBOT=${LKPBOT:-$top/_build/bot/lkpbot}
PYREF=${PYREF:-$top/../shared/bench/pyref.py}
MIRROR=${MIRROR:-/work/.mirror}
CACHE=${CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lkpbot-bench}
dir=${BENCH_DIR:-/tmp/lkpbot-bench-real}
mkdir -p "$dir" "$CACHE"
[ -x "$LKPBOT" ] || { echo "no lkpbot at $LKPBOT (set LKPBOT)" >&2; exit 1; }
[ -f "$PYREF" ] || { echo "no baseline at $PYREF (set PYREF)" >&2; exit 1; }

# LIST:N is the archive's last N messages (its newest commits), in
# $CACHE/LIST-lastN
lists=
for a in "$@"; do
	name=${a%%:*} range=HEAD l=$name
	case $a in *:*) range=HEAD~${a#*:}..HEAD l=$name-last${a#*:} ;; esac
	lists="$lists $l"
	[ -f "$CACHE/$l/.done" ] && continue
	git=$MIRROR/linux-mailinglist-archives+$name.vger.kernel.org.0/repo
	[ -d "$git" ] || { echo "no archive $git" >&2; exit 1; }
	rm -rf "${CACHE:?}/$l"
	echo "exporting $a to $CACHE/$l ..." >&2
	python3 "$top/bench/export-archive.py" "$git" "$CACHE/$l" "$range" >&2
	git --git-dir="$git" rev-parse HEAD > "$CACHE/$l/HEAD"
	touch "$CACHE/$l/.done"
done
# shellcheck disable=SC2086
set -- $lists

echo "$(uname -n): $(nproc) CPUs, $(uname -m); $(uptime | sed 's/.*load/load/')"
echo "lkpbot: $LKPBOT"
for l in "$@"; do
	n=$(ls "$CACHE/$l/maildir/cur" | wc -l)
	mb=$(du -sm "$CACHE/$l/mailbox.mbox" | cut -f1)
	echo "$l: $n messages, mbox $mb MB, archive HEAD $(cat "$CACHE/$l/HEAD")"
done

# run KEY CMD...: appends "KEY seconds peak-RSS-KB" to results
run() {
	key=$1; shift
	sync
	/usr/bin/time -f "%e %M" -o "$dir/time.out" "$@" >/dev/null \
		2>"$dir/err.out" || { cat "$dir/err.out" >&2; exit 1; }
	echo "$key $(cat "$dir/time.out")" >> "$dir/results"
}
# the floors, as commands for /usr/bin/time: IN and OUT in the environment
floor_mbox='dd if="$IN" of="$OUT" bs=1M conv=fdatasync 2>/dev/null'
floor_maildir='find "$IN/cur" "$IN/new" -type f -print0 | xargs -0 cat |
	dd of="$OUT" bs=1M iflag=fullblock conv=fdatasync 2>/dev/null'

: > "$dir/results"
for r in $(seq "$rounds"); do
	for l in "$@"; do
		for f in maildir mbox; do
			in=$CACHE/$l/maildir
			[ $f = mbox ] && in=$CACHE/$l/mailbox.mbox
			rm -f "$dir/floor.out"
			eval "cmd=\$floor_$f"
			IN=$in OUT=$dir/floor.out run "floor $l $f" sh -c "$cmd"
			rm -f "$dir/floor.out" "$dir/l.db"*
			run "lkpbot $l $f" "$LKPBOT" -q -d "$dir/l.db" import "$in"
			if [ -n "${LKPBOT_BEFORE:-}" ]; then
				rm -f "$dir/l.db"*
				run "before $l $f" "$LKPBOT_BEFORE" -q -d "$dir/l.db" import "$in"
			fi
			rm -f "$dir/l.db"* "$dir/p.sqlite"
			run "pyref $l $f" python3 "$PYREF" "$in" -o "$dir/p.sqlite" --quiet
			rm -f "$dir/p.sqlite"
		done
	done
	echo "round $r of $rounds done; $(uptime | sed 's/.*load/load/')" >&2
done
echo "after the run: $(uptime | sed 's/.*load/load/')"

# medians (of seconds and of peak RSS, each on its own)
med() { grep "^$1 " "$dir/results" | awk -v c="$2" '{ print $c }' | sort -n |
	awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
printf '| archive | form | lkpbot s | pyref s | ratio | I/O floor s | lkpbot / floor | lkpbot peak RSS |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for l in "$@"; do
	for f in maildir mbox; do
		lt=$(med "lkpbot $l $f" 4); pt=$(med "pyref $l $f" 4)
		ft=$(med "floor $l $f" 4); lm=$(med "lkpbot $l $f" 5)
		awk -v l="$l" -v f="$f" -v lt="$lt" -v pt="$pt" -v ft="$ft" -v lm="$lm" 'BEGIN {
			printf "| %s | %s | %.2f | %.2f | %.1fx | %.2f | %.2fx | %.1f MiB |\n",
				l, f, lt, pt, pt / lt, ft, lt / ft, lm / 1024 }'
	done
done
if [ -n "${LKPBOT_BEFORE:-}" ]; then
	echo "before: $LKPBOT_BEFORE"
	for l in "$@"; do
		for f in maildir mbox; do
			echo "before $l $f: $(med "before $l $f" 4) s, peak RSS $(med "before $l $f" 5) KB; lkpbot $(med "lkpbot $l $f" 4) s"
		done
	done
fi
echo "rounds (seconds, peak RSS KB): $dir/results"
