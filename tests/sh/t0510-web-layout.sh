#!/bin/sh
# t0510-web-layout.sh - the site of a real list archive (the linux-xfs
# mail of tests/data/corpus, 305 messages, 29 reports from 2019 to 2026)
# and hostile mail made from its build-error report, checked in headless
# chromium (issue 38, issue 36 rows 12, 13, 15, 16):
#   - no page is wider than its window from 320 to 1920 px (list rows
#     are labelled cards on a phone), with a
#     160-character token without a break in a tree, a subject, an error
#     line and a display name;
#   - "needs attention" holds no informational mail and nothing quiet
#     for longer than [web] stale_days; the site, `lkpbot list --bucket`
#     and index.json agree on every bucket;
#   - a build-error page shows its error line (file:line), config,
#     compiler, Closes: tag and a commit link; a functional report's
#     page its facts, kernel log and thread before its tables, which
#     are collapsed; the index's Who column names who made the last
#     state change and since when, Last activity links the newest mail
#     on lore;
#   - the four build errors of one culprit commit (one group) are one
#     index row with a count and links, not four rows;
#   - a page per subsystem, kind and bucket that has reports, linked
#     from filters.html (linked from the index), each listing exactly
#     the reports index.json puts there, under names of safe characters;
#     the subsystem of a build error from the file its subject names,
#     its author from its first To:;
#   - a thread of 60 outsider replies shows [web] max_thread of them and
#     a lore link for the rest; message anchors come from the Message-ID;
#   - U+FFFE in a subject leaves feed.atom valid; the trees "Linux" and
#     "linux-94f302bd" get a filter page each.
# Screenshots (index and filters.html at 1400 and 500 px, the
# build-error page, a perf regression's page with its charts, a
# combination page at 1920 px) are kept in the build tree as
# tests/sh/t0510-*.png.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"
for c in python3 sqlite3 chromium xmllint; do
	command -v $c >/dev/null || bail_out "$c missing (scripts/deps.sh test)"
done
lkb_setup
plan 27

MD=$T/md
mkdir -p "$MD/cur" "$MD/new" "$MD/tmp"
cp "$LKB_TEST_DATA"/corpus/maildir/cur/* "$MD/cur/"
# the hostile mail, from the real build-error report of 2025-03-09
REP=$(grep -l '^Message-ID: <202503090042.CWpAx3iG-lkp@intel.com>' "$MD"/cur/*)
python3 - "$REP" "$MD/new" <<'PY'
import sys
src = open(sys.argv[1], "rb").read().decode("ascii")
head, body = src.split("\n\n", 1)
keep = [l for l in head.split("\n") if not l.startswith((" ", "\t"))
        and l.split(":", 1)[0].lower() in ("from", "to", "cc", "mime-version",
                                           "content-type")]
tok = "x" * 160				# a word no browser can break by itself
def mail(name, mid, subject, date, body, extra=()):
    h = keep + ["Subject: " + subject, "Message-ID: <%s>" % mid,
                "Date: " + date] + list(extra)
    open("%s/%s" % (sys.argv[2], name), "w").write("\n".join(h) + "\n\n" + body)
d = "Sun, 1 Mar 2026 10:00:00 +0000"
# a 160-character tree and error line, U+FFFE in the subject (RFC 2047)
mail("long", "long@e2e.test",
     "[%s:master 13/13] fs/xfs/%s.c:746:15: error: =?UTF-8?Q?x=EF=BF=BEy?=" % (tok, tok),
     d, body.replace("fs/xfs/xfs_file.c:746:15:", "fs/xfs/%s.c:746:15:" % tok))
# two trees that once shared a filter page
for t in ("Linux", "linux-94f302bd"):
    mail("tree-" + t, "tree-%s@e2e.test" % t,
         "[%s:master 13/13] fs/xfs/xfs_file.c:746:15: error: too few arguments" % t,
         d, body)
# 60 outsider replies in its thread, the first from a 160-character name
for i in range(60):
    name = tok if i == 0 else "Outsider %d" % i
    open("%s/reply-%02d" % (sys.argv[2], i), "w").write(
        "From: %s <out%d@outside.example>\nTo: lkp@intel.com\n"
        "Subject: Re: [long] reply %d\nMessage-ID: <reply-%02d@e2e.test>\n"
        "In-Reply-To: <long@e2e.test>\nReferences: <long@e2e.test>\n"
        "Date: Sun, 1 Mar 2026 11:%02d:00 +0000\n\n%s %d\n"
        % (name, i, i, i, i, tok, i))
PY
cat >"$LKB_CONF" <<CONF
[web]
stale_days = 500
max_thread = 20
CONF
L() { "$LKPBOT" -c "$LKB_CONF" "$@"; }
L -q import "$MD" && L -q triage >/dev/null
ok_rc "the archive and the hostile mail imported" $?
W=$T/site
L web --out "$W" >"$T/web.out" 2>&1
ok_rc "lkpbot web writes the site ($(tail -1 "$T/web.out"))" $?

# ---- widths, all pages and windows in one chromium run ----
# each page is loaded in a frame of each width; a script added to a
# copy of it posts its scroll width to the frame page, which chromium's
# DOM dump shows (headless windows are at least 500 px wide)
LONG=$(db_q "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = 'long@e2e.test'")
BUILD=$(db_q "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = '202503090042.CWpAx3iG-lkp@intel.com'")
pages="index.html digest.html bucket-attention.html bucket-stale.html bucket-info.html
report-$LONG.html report-$BUILD.html filters.html
$(cd "$W" && ls tree-*.html kind-*.html | head -8) $(cd "$W" && ls in-*.html | head -4)"
python3 - "$W" $pages >"$T/frames.html" <<'PY'
import sys, os
site, pages = sys.argv[1], sys.argv[2:]
print('<!DOCTYPE html><html><body><pre id="r"></pre><script>'
      'window.addEventListener("message", function (e) {'
      ' document.getElementById("r").textContent += e.data + "\\n"; });'
      '</script>')
for p in pages:
    src = open(os.path.join(site, p), encoding="utf-8").read()
    probe = ('<script>parent.postMessage(location.pathname.split("/").pop()'
             ' + " " + window.innerWidth + " " +'
             ' document.documentElement.scrollWidth, "*")</script></body>')
    open(os.path.join(site, ".w-" + p), "w", encoding="utf-8").write(
        src.replace("</body>", probe))
    for w in (320, 375, 768, 1024, 1280, 1400, 1920):
        print('<iframe src="%s/.w-%s" width="%d" height="600"></iframe>'
              % (site, p, w))
print('</body></html>')
PY
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
	--user-data-dir="$T/chrome" --window-size=1920,1080 \
	--virtual-time-budget=20000 --dump-dom "file://$T/frames.html" \
	2>/dev/null | sed -n '/<pre id="r">/,/<\/pre>/p' |
	sed -e 's/<[^>]*>//g' | grep -E '^\.w-[^ ]+ [0-9]+ [0-9]+$' >"$T/widths"
rm -f "$W"/.w-*
npages=$(echo $pages | wc -w)
is "chromium measured every page at 7 widths" "$(wc -l <"$T/widths")" $((npages * 7))
is "no page is wider than its window (320 to 1920 px)" \
	"$(awk '$3 > $2 { print }' "$T/widths" | tr '\n' ';')" ""
is "phone cards: every cell of every list page has its label" \
	"$(cat "$W"/index.html "$W"/bucket-*.html "$W"/kind-*.html | grep -o '<td[^>]*>' | grep -vc 'data-label="[^"][^"]*"')" 0
ok_rc "... which the narrow layout prints before the value" \
	"$(grep -q 'td\[data-label\]::before{content:attr(data-label)' "$W/style.css"; echo $?)"

# ---- the buckets, the same everywhere ----
python3 - "$W/index.json" >"$T/buckets" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["reports"]:
    print(r["bucket"], r["id"], r["kind"], r["last_activity"], d["newest_mail"])
PY
is "needs attention: no informational mail" \
	"$(awk '$1 == "attention" && $3 ~ /^(build-success|perf-improvement|other-robot)$/' "$T/buckets")" ""
is "needs attention: nothing quiet for more than stale_days (500)" \
	"$(python3 - "$W/index.json" <<'PY'
import json, sys, datetime
d = json.load(open(sys.argv[1]))
p = lambda s: datetime.datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ")
now = p(d["newest_mail"])
print(" ".join(str(r["id"]) for r in d["reports"] if r["bucket"] == "attention"
               and (now - p(r["last_activity"])).days > 500))
PY
)" ""
ok_rc "needs attention is not empty; stale and info are not either" \
	"$(for b in attention stale info; do grep -q "^$b " "$T/buckets" || echo $b; done | grep -q . && echo 1 || echo 0)"
same=
for b in attention working waiting resolved stale closed info; do
	site=$(grep -o 'href="report-[0-9]*\.html"' "$W/bucket-$b.html" | tr -dc '0-9\n' | sort -nu | tr '\n' ' ')
	json=$(awk -v b=$b '$1 == b { print $2 }' "$T/buckets" | sort -n | tr '\n' ' ')
	cli=$(L list --bucket $b --json | python3 -c 'import json,sys; print(" ".join(str(r["id"]) for r in sorted(json.load(sys.stdin)["reports"], key=lambda r: r["id"])))')
	[ "$site" = "$json" ] && [ "$(echo $json)" = "$cli" ] || same="$same $b: [$site] [$json] [$cli]"
done
is "bucket pages, index.json and list --bucket agree" "$same" ""
is "lkpbot list leaves informational mail out" \
	"$(L list --json | python3 -c 'import json,sys; print(sum(r["kind"] in ("build-success", "perf-improvement", "other-robot") for r in json.load(sys.stdin)["reports"]))')" 0

# ---- siblings: one row ----
sibs=$(db_q "select id from reports where commit_sha like 'fac04210bb99%' and kind = 'build-error' order by id" | tr '\n' ' ')
is "the index folds the 4 build errors of one commit ($sibs) into one row" \
	"$(python3 - "$W/index.html" $sibs <<'PY'
import re, sys
ids = sys.argv[2:]
rows = [r for r in open(sys.argv[1], encoding="utf-8").read().split("<tr>")[1:]
        if any('href="report-%s.html"' % i in r for i in ids)]
print(len(ids), len(rows), len(rows) == 1 and "+%d siblings" % (len(ids) - 1) in rows[0]
      and all('href="report-%s.html"' % i in rows[0] for i in ids))
PY
)" "4 1 True"

# ---- subsystem x kind x bucket ----
is "a page per combination with reports, each with exactly its reports" \
	"$(python3 - "$W" <<'PY'
import json, os, re, sys
site = sys.argv[1]
d = json.load(open(os.path.join(site, "index.json")))
want = {}
for r in d["reports"]:
    if r["subsystem"]:
        for b in [r["bucket"]] + (["review"] if r["review"] else []):
            want.setdefault((r["subsystem"], r["kind"], b), set()).add(r["id"])
filt = open(os.path.join(site, "filters.html"), encoding="utf-8").read()
linked = set(re.findall(r'href="(in-[^"]*)"', filt))
pages = set(f for f in os.listdir(site) if f.startswith("in-"))
got, bad = {}, []
byid = {r["id"]: r for r in d["reports"]}
for p in pages:
    ids = set(int(i) for i in re.findall(r'href="report-([0-9]+)\.html"',
                                         open(os.path.join(site, p), encoding="utf-8").read()))
    keys = set((byid[i]["subsystem"], byid[i]["kind"], p.split("-")[1]) for i in ids)
    if len(keys) != 1:
        bad.append("%s: %s" % (p, keys))
        continue
    got[keys.pop()] = ids
print(len(want), len(pages), linked == pages, got == want, bad)
PY
)" "$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(len(set((r["subsystem"], r["kind"], b) for r in d["reports"] if r["subsystem"]
    for b in [r["bucket"]] + (["review"] if r["review"] else []))))' "$W/index.json") $(ls "$W" | grep -c '^in-') True True []"
ok_rc "combination pages have names of safe characters, filters.html is linked from the index" \
	"$(! ls "$W" | grep '^in-' | grep -qvE '^in-[a-z]+-[a-z-]+\.[a-z0-9._-]+(~[0-9a-f]{16})?\.html$' &&
	   grep -q 'href="filters.html"' "$W/index.html"; echo $?)"
to=$(python3 -c 'import email, email.utils, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(email.utils.getaddresses([m["To"]])[0][0])' "$REP")
is "report $BUILD: subsystem xfs from the file its subject names, author its first To: ($to)" \
	"$(python3 -c 'import json, sys
r = [r for r in json.load(open(sys.argv[1]))["reports"] if r["id"] == int(sys.argv[2])][0]
print(r["subsystem"], r["subsystem_from"], r["author"])' "$W/index.json" "$BUILD")" "xfs file $to"

# ---- the report pages, as chromium renders them ----
dom() { chromium --headless --no-sandbox --disable-gpu --user-data-dir="$T/chrome" \
	--dump-dom "file://$1" 2>/dev/null; }
dom "$W/report-$BUILD.html" >"$T/build.dom"
ok_rc "the build-error page shows its error line" \
	"$(grep -q 'fs/xfs/xfs_file.c:746:15: error: too few arguments to function' "$T/build.dom" &&
	   grep -q '<h2>Build errors and warnings' "$T/build.dom"; echo $?)"
ok_rc "... and links the report on lore" \
	"$(grep -q 'href="https://lore.kernel.org/all/202503090042.CWpAx3iG-lkp@intel.com/"' "$T/build.dom"; echo $?)"
ok_rc "... its config, compiler, Closes: tag and a commit link" \
	"$(for dt in Config Compiler Closes; do grep -q "<dt>$dt</dt>" "$T/build.dom" || echo $dt; done | grep -q . ||
	   grep -q 'href="https://git.kernel.org/torvalds/c/[0-9a-f]\{12,40\}"' "$T/build.dom"; echo $?)"
FUNC=$(db_q "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = '202504101036.390f29a5-lkp@intel.com'")
dom "$W/report-$FUNC.html" >"$T/func.dom"
is "a functional report's page: facts, kernel log, thread, then its tables collapsed" \
	"$(python3 - "$T/func.dom" <<'PY'
import sys
h = open(sys.argv[1], encoding="utf-8").read()
at = [h.find(s) for s in ("<dt>State</dt>", "<h2>Kernel log</h2>", "<h2>Thread",
                          "<h2>Comparison tables</h2>")]
tables = h[at[3]:]
print(-1 not in at and at == sorted(at), tables.startswith("<h2>Comparison tables</h2>\n<details>"))
PY
)" "True True"
WHO=$(db_q "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = 'ZF3uXe+cjAsfCLic@xsang-OptiPlex-9020'")
who=$(db_q "select m.from_addr from report_history h join messages m on m.id = h.msg_id where h.report_id = $WHO order by h.id desc limit 1")
ok_rc "the Who column names who made the last state change ($who), since when" \
	"$(test -n "$who" && grep "href=\"report-$WHO.html\"" "$W/index.html" |
	   grep -q "data-label=\"Who\">$who<br><small>since [0-9-]*"; echo $?)"
ok_rc "Last activity links the newest mail of the thread on lore" \
	"$(grep "href=\"report-$LONG.html\"" "$W/index.html" |
	   grep -q 'data-label="Last activity"><a href="https://lore.kernel.org/all/reply-59@e2e.test/">'; echo $?)"
dom "$W/report-$LONG.html" >"$T/long.dom"
is "a thread of 61 shows max_thread (20) messages" \
	"$(grep -c '<li id="m-[0-9a-f]\{16\}">' "$T/long.dom")" 20
ok_rc "... and says so, with the thread on lore" \
	"$(grep -q '41 more messages are not shown' "$T/long.dom" && grep -q 'href="https://lore.kernel.org/all/long@e2e.test/T/"' "$T/long.dom"; echo $?)"
mid_anchor=$(python3 -c 'h = 14695981039346656037
for c in b"long@e2e.test": h = ((h ^ c) * 1099511628211) % 2**64
print("m-%016x" % h)')
ok_rc "message anchors come from the Message-ID ($mid_anchor)" \
	"$(grep -q "<li id=\"$mid_anchor\">" "$T/long.dom"; echo $?)"

# ---- the feed with U+FFFE in a subject; tree pages apart ----
xmllint --noout --relaxng "$LKB_TEST_DATA/web/atom.rng" "$W/feed.atom" >"$T/rng.out" 2>&1
ok_rc "feed.atom validates with U+FFFE in a subject ($(tail -1 "$T/rng.out"))" $?
is "the trees Linux and linux-94f302bd have a page each" \
	"$(ls "$W" | grep -c -e '^tree-linux~[0-9a-f]\{16\}\.html$' -e '^tree-linux-94f302bd\.html$')" 2

# ---- screenshots ----
out=${LKB_BUILDDIR:-$PWD}/tests/sh
mkdir -p "$out"
shot() { rm -f "$out/$1"; chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
	--user-data-dir="$T/chrome" --window-size=$2 --screenshot="$out/$1" \
	"file://$W/$3" >/dev/null 2>&1; }
shot t0510-index-1400.png 1400,1000 index.html
shot t0510-index-phone.png 500,1000 index.html
shot t0510-build-error.png 1400,1400 report-$BUILD.html
PERF=$(db_q "select id from reports where kind = 'perf-regression' order by id desc limit 1")
COMBO=$(cd "$W" && ls in-attention-*.html | head -1)
shot t0510-perf.png 1400,1400 report-$PERF.html
shot t0510-filters-1400.png 1400,1000 filters.html
shot t0510-filters-phone.png 500,1000 filters.html
shot t0510-combo-1920.png 1920,1000 "$COMBO"
ok_rc "screenshots kept ($out/t0510-*.png)" \
	"$(for f in index-1400 index-phone build-error perf filters-1400 filters-phone combo-1920; do head -c 8 "$out/t0510-$f.png" | od -An -c | grep -q 'P   N   G' || echo $f; done | grep -q . && echo 1 || echo 0)"
done_testing
