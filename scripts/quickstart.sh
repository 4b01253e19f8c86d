#!/bin/sh
# quickstart.sh - install what is missing, build, and run lkpbot's main job
# on the bundled sample mailbox with an embedded default setup (a local
# Maildir as the source, SQLite, no server: mail that would be sent is
# written as .eml files). Prints what it tracks and the mails it would send.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
jobs=$(nproc 2>/dev/null || echo 2)

scripts/deps.sh build
[ -x configure ] || ./autogen.sh >/dev/null 2>&1
mkdir -p _build
cd _build
[ -f Makefile ] || ../configure >/dev/null
make -j"$jobs" >/dev/null
cd "$top"

out=$top/_quickstart
rm -rf "$out"
mkdir -p "$out/outbox"
cat > "$out/config" <<CONF
[maildir]
path = $top/sample/maildir
[smtp]
from = lkpbot <lkpbot@example.org>
dry_run_dir = $out/outbox
[bot]
address = lkpbot@example.org
maintainers = jane@maintainer.example, @intel.com
[db]
path = $out/lkpbot.db
CONF
bot=_build/bot/lkpbot
# uninstalled: rules and templates come from the source tree
LKPBOT_DATADIR=$top
export LKPBOT_DATADIR
echo "== lkpbot run (config $out/config)"
if $bot --list-commands | grep -qx run; then
	$bot -c "$out/config" run --dry-run "$out/outbox"
else
	$bot -c "$out/config" import "$top/sample/maildir"
fi
echo
echo "== what it tracks: lkpbot list"
$bot -c "$out/config" list
echo
echo "== mails it would send ($out/outbox)"
n=0
for f in "$out"/outbox/*.eml; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	echo "--- $f"
	cat "$f"
done
[ $n -eq 0 ] && echo "(none: nobody in the sample asked the bot for anything)"
exit 0
