#!/bin/sh
# t0390-display-name.sh - a sender's display name of 3,000 bytes (audit
# F9: "copied unfolded into To:", a 3,023-byte line) is answered with a
# header whose every line stays within RFC 5322's 998 bytes, addressed
# to the sender's address; plain, quoted and non-ASCII names alike.
. "$LKB_SRCDIR/tests/tap.sh"
. "$LKB_SRCDIR/tests/sh/lib-triage.sh"
triage_conf "@maint.example"
cp "$S"/000-report.eml "$T/md/new/"
ok_if "run over the story report" run
P0=20190930014612.story000@shao2-debian
python3 - "$T/md/new" "$P0" <<'PY'
import sys
d, p = sys.argv[1], sys.argv[2]
names = {
    "plain": ("Eve " * 750).strip(),
    "quoted": '"%s"' % ("Doe, J. " * 375).strip(),
    "utf8": "=?UTF-8?B?%s?=" % __import__("base64").b64encode(
        ("J\u00fcrgen " * 375).strip().encode()).decode(),
}
for k, name in names.items():
    open("%s/%s" % (d, k), "w").write(
        "From: %s <%s@maint.example>\nTo: lkp@intel.com\n"
        "Subject: Re: x\nDate: Tue, 1 Oct 2019 12:00:00 +0000\n"
        "Message-ID: <%s@test>\nIn-Reply-To: <%s>\nReferences: <%s>\n\n"
        "#lkp status\n" % (name, k, k, p, p))
PY
run
ok_rc "the run exits 0" $?
for k in plain quoted utf8; do
	id=$(q "select id from messages where message_id = '$k@test'")
	q "select raw from outbox where request_id = 'm$id.c1'" | tr -d '\r' > "$T/$k.eml"
	ok_if "$k 3,000-byte name: answered" test -s "$T/$k.eml"
	sed '/^$/q' "$T/$k.eml" > "$T/$k.head"
	is "... every header line within 998 bytes" \
		"$(awk 'length($0) > 998 { n++ } END { print n + 0 }' "$T/$k.head")" 0
	ok_if "... to the sender's address" sh -c "sed -e :a -e '/^To:/{N;s/\\n / /;ta}' '$T/$k.head' | grep -q '^To: .*<$k@maint.example>$'"
done
done_testing
