#!/bin/sh
# t0500-web.sh - `lkpbot web` over the end-to-end scenario (t0900's
# stories without its servers: a Maildir source and `run --dry-run`),
# checked in a real browser: every page loads in headless chromium with
# no console error and no broken local link; the series chart has one
# mark per commit whose data-value is the table's number; hostile mail
# text stays text in the DOM; tidy finds no error; the feed validates
# against a RELAX NG schema of RFC 4287 (tests/data/web/atom.rng) and has
# an entry per report (informational mail aside) and state change, a
# regression's title naming its metric and change, entry ids that do not
# change with [bot] address; a
# second run writes nothing, a run after one new mail rewrites only the
# pages that mail changes. The series page's screenshot is kept in the
# build tree, as t0500-web-series.png beside this script.
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"
for c in python3 git sqlite3 chromium tidy xmllint; do
	command -v $c >/dev/null || bail_out "$c missing (scripts/deps.sh test)"
done
lkb_setup
S=$LKB_TEST_DATA/stories
plan 36

# ---- the world: t0900's series repository, results and stories ----
sh "$LKB_SRCDIR/tests/tools/make-series-repo.sh" "$T/repo" 13 >/dev/null 2>&1
shas=$(git -C "$T/repo" rev-list --reverse -14 HEAD)
col() { echo $shas | cut -d' ' -f$(($1 + 1)); }	# 0 = base, 1..13
python3 "$LKB_SRCDIR/tests/tools/gen-results.py" series "$T/res" "$T/expect" $shas
P06=$(col 6) P07=$(col 7) BASE=$(col 0)
MD=$T/md
mkdir -p "$MD/cur" "$MD/new" "$MD/tmp"
sh "$LKB_SRCDIR/tests/tools/story004-on-series.sh" "$S/004-report.eml" \
	"$BASE" "$P06" "$P07" >"$MD/new/004-report"
sed -e "s/237b445401/$(echo $P07 | cut -c1-10)/g" "$S/004-reply.eml" >"$MD/new/004-reply"
for f in 000-report 001-report 000-reply 001-reply; do
	cp "$S/$f.eml" "$MD/new/$f"
done
for f in "$LKB_TEST_DATA/corpus/maildir/cur/1747630203.072725_abe26b966214d9757f7326c7740f597ba52e80fb.pi:2," \
	 "$LKB_TEST_DATA/corpus/maildir/cur/1733840721.066540_fe5df73245e5130395474c08dd7285e2e44403c6.pi:2,"; do
	cp "$f" "$MD/new/$(basename "$f" | tr ':,' '__')"
done
# hostile text in a reply: subject, name and body
XSS1='<script>alert(1)</script>'
XSS2='"><img src=x onerror=alert(1)>'
cat >"$MD/new/hostile" <<MAIL
From: "Mallory $XSS2" <mallory@outside.example>
To: kernel test robot <rong.a.chen@intel.com>
Subject: Re: [mm] 87eaceb3fa: $XSS1 $XSS2
Date: Tue, 1 Oct 2019 11:00:00 +0000
Message-ID: <hostile@e2e.test>
In-Reply-To: <20190930014612.story000@shao2-debian>
References: <20190930014612.story000@shao2-debian>

Look: $XSS1
and $XSS2
MAIL
# verify_senders = none: these mails are unsigned, and this test is not
# about trust (t0340, t0350 are; dkim is the default)
cat >"$LKB_CONF" <<CONF
[maildir]
path = $MD
[smtp]
from = lkpbot <lkpbot@bot.example>
[bot]
verify_senders = none
address = lkpbot@bot.example
maintainers = alice@maint.example
cc_policy = thread
[templates]
dir = $LKB_SRCDIR/templates/mail
[results]
root = $T/res
queue = $T/queue
[git]
repo = $T/repo
CONF
L() { "$LKPBOT" -c "$LKB_CONF" "$@"; }
mkdir -p "$T/sent"
L run --dry-run "$T/sent" >"$T/run.out" 2>&1
ok_rc "the scenario runs" $?
R4=$(db_q "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = '20220218063812.story004@xsang-OptiPlex-9020'")
R0=$(db_q "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = '20190930014612.story000@shao2-debian'")
is "the whole-series request is answered" \
	"$(db_q "select kind || ' ' || state from requests where report_id = $R4")" "compare-series done"

# ---- the site ----
W=$T/site
# the first site is written under valgrind memcheck in the normal build
# (the sanitizer build has ASan and UBSan instead)
VG=
if [ -z "${LKB_SANITIZED:-}" ]; then
	command -v valgrind >/dev/null 2>&1 || bail_out "valgrind missing"
	VG="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --show-leak-kinds=definite --suppressions=$LKB_SRCDIR/tests/sh/valgrind.supp"
fi
$VG "$LKPBOT" -c "$LKB_CONF" web --out "$W" >"$T/web.out" 2>"$T/web.err"
ok_rc "lkpbot web writes the site, memcheck clean ($(tail -3 "$T/web.err"))" $?
nrep=$(db_q 'select count(*) from reports')
ok_rc "index.html, feed.atom, digest.html, style.css" \
	"$(test -s "$W/index.html" && test -s "$W/feed.atom" && test -s "$W/digest.html" && test -s "$W/style.css"; echo $?)"
is "one page per report" "$(ls "$W"/report-*.html | wc -l)" "$nrep"
ninfo=$(db_q "select count(*) from reports where kind in ('build-success', 'perf-improvement', 'other-robot')")
is "the index links every report page but informational mail's" \
	"$(grep -o 'href="report-[0-9]*\.html"' "$W/index.html" | sort -u | wc -l)" "$((nrep - ninfo))"
is "the informational bucket's page links those ($ninfo)" \
	"$(grep -o 'href="report-[0-9]*\.html"' "$W/bucket-info.html" | sort -u | wc -l)" "$ninfo"
SP=$(ls "$W"/series-*.html 2>/dev/null | head -1)
ok_rc "a page for the whole-series answer, linked from its report" \
	"$(test -n "$SP" && grep -q "href=\"$(basename "$SP")\"" "$W/report-$R4.html"; echo $?)"
L web --out "$W" --json >"$T/web2.json"
is "a second run writes nothing" \
	"$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["written"], d["unchanged"] > 0)' "$T/web2.json")" "0 True"

# ---- in chromium: every page loads, no console error, no broken link ----
dom() {	# dom PAGE OUT: the DOM chromium makes of PAGE; its log in OUT.err
	chromium --headless --no-sandbox --disable-gpu --enable-logging=stderr \
		--v=0 --user-data-dir="$T/chrome" --dump-dom "file://$1" \
		>"$2" 2>"$2.err"
}
mkdir -p "$T/dom"
bad_load= bad_console=
for p in "$W"/*.html; do
	b=$(basename "$p")
	dom "$p" "$T/dom/$b" && grep -q '</html>' "$T/dom/$b" || bad_load="$bad_load $b"
	grep -E 'CONSOLE|Uncaught' "$T/dom/$b.err" >/dev/null && bad_console="$bad_console $b"
done
is "every page loads in chromium" "$bad_load" ""
is "no console error on any page" "$bad_console" ""
cat >"$T/links.py" <<'PY'
import html.parser, os, sys, urllib.parse
class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.refs = []
    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if k in ("href", "src") and v is not None:
                self.refs.append(v)
bad = []
site = sys.argv[1]
for dump in sys.argv[2:]:
    p = P()
    p.feed(open(dump, encoding="utf-8").read())
    for r in p.refs:
        u = urllib.parse.urlsplit(r)
        if u.scheme in ("http", "https", "mailto"):
            continue
        path = urllib.parse.unquote(u.path)
        if u.scheme == "file":
            target = path
        elif path == "":
            continue
        else:
            target = os.path.join(site, path)
        if not os.path.isfile(target):
            bad.append("%s -> %s" % (os.path.basename(dump), r))
print(" ".join(bad))
PY
is "no broken local link (href, src) on any page" \
	"$(python3 "$T/links.py" "$W" "$T"/dom/*.html)" ""
is "the feed's links resolve" \
	"$(sed -n 's/.*href="\([^"]*\)".*/\1/p' "$W/feed.atom" | while read -r h; do test -f "$W/$h" || echo "$h"; done)" ""

# ---- the series chart against the series table, from the DOM ----
cat >"$T/series.py" <<'PY'
import html.parser, sys
dump, metric, want_shas = sys.argv[1], sys.argv[2], sys.argv[3].split()
class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.charts, self.cur, self.title, self.pre, self.in_pre = [], None, None, [], 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "svg":
            self.cur = {"marks": [], "title": ""}
            self.charts.append(self.cur)
        elif tag == "title" and self.cur is not None and not self.cur["title"]:
            self.title = self.cur
        elif self.cur is not None and "mark" in (a.get("class") or "").split():
            self.cur["marks"].append((a.get("data-commit"), a.get("data-value"),
                                      float(a.get("height", "nan"))))
        elif tag == "pre":
            self.in_pre = 1
            self.pre.append("")
    def handle_endtag(self, tag):
        if tag == "svg":
            self.cur = None
        elif tag == "title":
            self.title = None
        elif tag == "pre":
            self.in_pre = 0
    def handle_data(self, d):
        if self.title is not None:
            self.title["title"] += d
        if self.in_pre:
            self.pre[-1] += d
p = P()
p.feed(open(dump, encoding="utf-8").read())
chart = [c for c in p.charts if c["title"] == metric]
if len(chart) != 1:
    sys.exit("%d charts of %s" % (len(chart), metric))
marks = chart[0]["marks"]
# the table's row of the metric: values, "±" stddevs, signed changes
row = [l for t in p.pre for l in t.split("\n")
       if len(l.split()) > 1 and l.split()[-1] == metric]
if len(row) != 1:
    sys.exit("%d table rows of %s" % (len(row), metric))
tok, vals, i = row[0].split()[:-1], [], 0
while i < len(tok):
    t = tok[i]
    if t == "\u00b1":
        i += 2
        continue
    if not t.startswith("\u00b1") and not (t[0] in "+-" and t.endswith("%")):
        vals.append(float(t))
    i += 1
got_shas = [m[0] for m in marks]
got_vals = [float(m[1]) for m in marks]
problems = []
if len(marks) != len(want_shas):
    problems.append("%d marks for %d commits" % (len(marks), len(want_shas)))
if got_shas != want_shas:
    problems.append("commits %s" % got_shas)
if got_vals != vals:
    problems.append("values %s, table %s" % (got_vals, vals))
# bars start at zero: each height is the value times one scale (0.1 px
# rounding)
scale = marks[0][2] / vals[0] if marks and vals and vals[0] else 0
bad_h = [m[2] for m, v in zip(marks, vals) if abs(m[2] - v * scale) > 0.11]
if not scale or bad_h:
    problems.append("heights %s not in proportion" % [m[2] for m in marks])
print("; ".join(problems))
PY
SB=$(basename "$SP")
want=$(for i in $(seq 0 13); do col $i | cut -c1-12; done | tr '\n' ' ')
is "series chart: one mark per commit, its data-value the table's mean, its height in proportion" \
	"$(python3 "$T/series.py" "$T/dom/$SB" stress-ng.remap.ops_per_sec "$want" 2>&1)" ""
ok_rc "series chart: the largest step is marked, regressions coloured" \
	"$(grep -q 'class="step"' "$T/dom/$SB" && grep -q 'class="mark regression"' "$T/dom/$SB"; echo $?)"
ok_rc "series chart: a <title> and a text alternative" \
	"$(grep -A1 '<svg class="chart"[^>]* role="img"' "$T/dom/$SB" | grep -q '^<title>stress-ng.remap.ops_per_sec</title>' && grep -q '<figcaption>stress-ng.remap.ops_per_sec (per second): 13/13 [+-][0-9.]*% against base: base ' "$T/dom/$SB"; echo $?)"
ok_rc "report page: base against head chart" \
	"$(grep -q 'data-commit=' "$T/dom/report-$R4.html"; echo $?)"
# one chart per metric, each bar after the base coloured as the report
# states its change (both KPIs drop as its headline does)
v4=$(db_q "select verdict from reports where id = $R4")
is "report page: one chart per metric, every changed bar a $v4" \
	"$(python3 - "$T/dom/report-$R4.html" <<'PY'
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
charts = re.findall(r'<svg class="chart".*?</svg>', s, re.S)
titles = [re.search(r"<title>([^<]*)</title>", c).group(1) for c in charts]
marks = [re.findall(r'class="mark ([a-z]+)"', c) for c in charts]
print(len(charts) > 1 and len(set(titles)) == len(titles),
      " ".join(sorted(set(m for ms in marks for m in ms[1:]))))
PY
)" "True $v4"
ok_rc "report page: a chart says the unit and the change in its title, no largest step on two bars" \
	"$(grep -q '<text class="ctitle" x="4" y="14">stress-ng.remap.ops_per_sec (per second)</text>' "$T/dom/report-$R4.html" &&
	   grep -q '<text x="4" y="30">head -[0-9.]*% against base</text>' "$T/dom/report-$R4.html" &&
	   ! grep -q 'class="step"' "$T/dom/report-$R4.html"; echo $?)"

# ---- hostile mail text renders as text ----
cat >"$T/elems.py" <<'PY'
import html.parser, sys
class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.bad, self.text = [], ""
    def handle_starttag(self, tag, attrs):
        if tag == "script" or any(k.startswith("on") for k, v in attrs) or \
           (tag == "img" and dict(attrs).get("src") == "x"):
            self.bad.append(tag)
    def handle_data(self, d):
        self.text += d
p = P()
p.feed(open(sys.argv[1], encoding="utf-8").read())
print(" ".join(p.bad), "|", int(sys.argv[2] in p.text), int(sys.argv[3] in p.text))
PY
is "report page: no element from the hostile mail, its text shown" \
	"$(python3 "$T/elems.py" "$T/dom/report-$R0.html" "$XSS1" "$XSS2")" " | 1 1"
is "no page has a script or an event handler" \
	"$(for f in "$T"/dom/*.html; do python3 "$T/elems.py" "$f" x y | cut -d'|' -f1 | tr -d ' '; echo .; done | sort -u | tr -d '\n')" "."

# ---- tidy, the feed's schema, the screenshot ----
bad_tidy=
for p in "$W"/*.html; do
	tidy -errors -q "$p" >/dev/null 2>"$T/tidy.err"
	[ $? -lt 2 ] && ! [ -s "$T/tidy.err" ] || bad_tidy="$bad_tidy $(basename "$p"): $(head -2 "$T/tidy.err")"
done
is "tidy -errors finds nothing on any page" "$bad_tidy" ""
xmllint --noout --relaxng "$LKB_TEST_DATA/web/atom.rng" "$W/feed.atom" >"$T/rng.out" 2>&1
ok_rc "feed.atom validates against RFC 4287's schema ($(tail -1 "$T/rng.out"))" $?
n=$(db_q 'select count(*) from report_history')
ok_rc "the feed has the scenario's $n state changes and its $((nrep - ninfo)) reports but informational mail" \
	"$(test "$n" -gt 0 && test "$(grep -c '<entry>' "$W/feed.atom")" = "$((n + nrep - ninfo))" &&
	   test "$(grep -c '<title>New report ' "$W/feed.atom")" = "$((nrep - ninfo))"; echo $?)"
shot=${LKB_BUILDDIR:-$PWD}/tests/sh/t0500-web-series.png
mkdir -p "$(dirname "$shot")"
rm -f "$shot"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
	--user-data-dir="$T/chrome" --window-size=1000,1400 \
	--screenshot="$shot" "file://$SP" >/dev/null 2>&1
ok_rc "a screenshot of the series page ($shot)" \
	"$(test -f "$SP" && head -c 8 "$shot" 2>/dev/null | od -An -c | grep -q 'P   N   G'; echo $?)"

# ---- one new mail: only the pages it changes ----
cp -p "$W/report-$R4.html" "$T/r4.before"
cat >"$MD/new/late" <<MAIL
From: Alice Maintainer <alice@maint.example>
To: kernel test robot <rong.a.chen@intel.com>
Subject: Re: [mm] 87eaceb3fa: late word
Date: Wed, 2 Oct 2019 09:00:00 +0000
Message-ID: <late@e2e.test>
In-Reply-To: <20190930014612.story000@shao2-debian>
References: <20190930014612.story000@shao2-debian>

#lkp ack
MAIL
L run --dry-run "$T/sent" >>"$T/run.out" 2>&1
L web --out "$W" --json >"$T/web3.json"
ok_rc "a new mail rewrites a few pages, not the site" \
	"$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not (0 < d["written"] < d["unchanged"]))' "$T/web3.json"; echo $?)"
ok_rc "... its report's page among them" \
	"$(grep -q 'late@e2e.test\|#lkp ack' "$W/report-$R0.html"; echo $?)"
ok_rc "... another report's page left alone" \
	"$(test "$W/report-$R4.html" -ef "$W/report-$R4.html" && cmp -s "$T/r4.before" "$W/report-$R4.html" && test ! "$W/report-$R4.html" -nt "$T/r4.before"; echo $?)"

# ---- with [web] dir, lkpbot run writes the site itself ----
printf '[web]\ndir = %s\n' "$W" >>"$LKB_CONF"
sed -e 's/late@e2e.test/later@e2e.test/' -e 's/late word/later word/' \
	"$MD/new/late" >"$MD/new/later"
L run --dry-run "$T/sent" >>"$T/run.out" 2>&1
ok_rc "with [web] dir, lkpbot run writes the site" \
	"$(grep -q 'later word' "$W/report-$R0.html"; echo $?)"

# ---- the command line ----
L web >/dev/null 2>&1
is "no --out: usage error" $? 2
L web --help | grep -q '^usage: lkpbot web --out DIR'
ok_rc "--help prints the usage" $?
L web --out "$T/site2" --url 'https://lkp.example.org/x"y' >/dev/null 2>&1
is "a --url that is no plain URL: usage error" $? 2
L web --out "$T/site2" --url https://lkp.example.org/lkp/ >/dev/null &&
	xmllint --noout --relaxng "$LKB_TEST_DATA/web/atom.rng" "$T/site2/feed.atom" 2>/dev/null &&
	grep -q '<link rel="self" type="application/atom+xml" href="https://lkp.example.org/lkp/feed.atom"/>' "$T/site2/feed.atom"
ok_rc "with --url the feed's links are absolute, with a self link; it validates" $?
# a regression is first-class: its metric and change in the entry's title
m4=$(db_q "select metric from reports where id = $R4")
p4=$(printf '%+.1f%%' "$(db_q "select change_pct from reports where id = $R4")")
ok_rc "the feed's entry of regression $R4 has $m4 $p4 in its title" \
	"$(test -n "$m4" && grep -qF "<title>New report $R4 (perf-regression: $m4 $p4): " "$T/site2/feed.atom"; echo $?)"
# entry ids do not depend on the configuration
grep -o '<id>[^<]*</id>' "$T/site2/feed.atom" >"$T/ids.before"
sed -i 's/^address = lkpbot@bot.example$/address = robot@elsewhere.example/' "$LKB_CONF"
L web --out "$T/site2" --url https://lkp.example.org/lkp/ >/dev/null
grep -o '<id>[^<]*</id>' "$T/site2/feed.atom" >"$T/ids.after"
ok_rc "after [bot] address changed, the feed (now by robot@elsewhere.example) keeps every entry id" \
	"$(grep -q 'robot@elsewhere.example' "$T/site2/feed.atom" && test "$(wc -l <"$T/ids.before")" -gt 3 &&
	   cmp -s "$T/ids.before" "$T/ids.after"; echo $?)"

# ---- one chart per metric: lkp's second table of the same metrics ----
python3 - "$MD/new/004-report" "$MD/new/twotables" <<'PY'
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
head, body = s.split("\n\n", 1)
head = re.sub(r"(?m)^Message-ID: <[^>]*>", "Message-ID: <twotables@e2e.test>", head)
block = body[body.index("=" * 40):].rstrip("\n")
body = (body.rstrip("\n") + "\n\n" + "*" * 90 + "\n" +
        block.replace("remap/stress-ng/60s", "remap/stress-ng/30s") + "\n")
open(sys.argv[2], "w", encoding="utf-8").write(head + "\n\n" + body)
PY
L run --dry-run "$T/sent" >>"$T/run.out" 2>&1
L web --out "$T/site2" >/dev/null
R2T=$(db_q "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = 'twotables@e2e.test'")
is "a report of two tables of the same metrics gets one chart per metric" \
	"$(test -n "$R2T" && python3 - "$T/site2/report-$R2T.html" <<'PY'
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
t = re.findall(r'<svg class="chart"[^>]*>\s*<title>([^<]*)</title>', s)
print(len(t), len(set(t)), s.count("remap/stress-ng/30s") > 0)
PY
)" "2 2 True"
done_testing
