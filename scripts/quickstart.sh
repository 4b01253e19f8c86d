#!/bin/sh
# quickstart.sh - install what is missing, build, and run lkpbot's main job
# on the bundled sample mailbox with an embedded default setup (a local
# Maildir as the source, SQLite, no server: mail that would be sent is
# written as .eml files). Prints what it tracks and the mails it would send,
# and writes the web view (lkpbot web) into _quickstart/site.
set -eu
lkb_top=$(cd "$(dirname "$0")/.." && pwd)
top=$lkb_top
cd "$top"
lkb_jobs=$(nproc 2>/dev/null || echo 2)
. scripts/build-lib.sh

scripts/deps.sh build
lkb_autogen
# Configured anew only when what configure finds has changed; builds
# lkpbot only (`make check` needs more, scripts/check.sh installs it).
lkb_configure _build
lkb_make _build _build/build.log all

out=$top/_quickstart
rm -rf "$out"
mkdir -p "$out/outbox"
sed -e "s|@TOP@|$top|g" -e "s|@OUT@|$out|g" sample/lkpbot.conf.in \
	> "$out/config"
# Uninstalled, it finds the rules and templates of this source tree.
bot=_build/bot/lkpbot
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
echo
echo "== the web view: lkpbot web"
$bot -c "$out/config" web --out "$out/site"
echo "open file://$out/site/index.html in a browser"
exit 0
