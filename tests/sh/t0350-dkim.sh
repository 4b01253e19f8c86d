#!/bin/sh
# t0350-dkim.sh - senders verified with DKIM ([bot] verify_senders = dkim,
# issue 16 item 5): a maintainer's state change, an LKP team's words and a
# robot report that reopens are believed only from mail its From: domain
# signed; mails signed here by python3-dkim with keys made by openssl,
# public keys in a key file ([bot] dkim_key_file), never DNS.
. "$LKB_SRCDIR/tests/tap.sh"
PY=
for p in /usr/bin/python3 python3; do
	"$p" -c 'import dkim' 2>/dev/null && { PY=$p; break; }
done
[ -n "$PY" ] || bail_out "python3-dkim is not installed"
command -v openssl >/dev/null || bail_out "openssl is not installed"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAP_TMP=$T
S=$LKB_TEST_DATA/stories
mkdir -p "$T/md/cur" "$T/md/new" "$T/md/tmp" "$T/out"

# keys: maint.example (s1), evil.example (e1), intel.com (lkp)
: > "$T/keys"
key() { # SELECTOR DOMAIN
	openssl genrsa -out "$T/$2.pem" 2048 2>/dev/null || bail_out "openssl genrsa"
	printf '%s._domainkey.%s v=DKIM1; k=rsa; p=%s\n' "$1" "$2" \
		"$(openssl rsa -in "$T/$2.pem" -pubout -outform DER 2>/dev/null |
		base64 | tr -d '\n')" >> "$T/keys"
}
key s1 maint.example
key e1 evil.example
key lkp intel.com
sign() { # FILE SELECTOR DOMAIN (its key)
	"$PY" - "$1" "$2" "$3" "$T/$3.pem" <<'PY'
import sys, dkim
path, sel, dom, key = sys.argv[1:5]
msg = open(path, 'rb').read()
sig = dkim.sign(msg, sel.encode(), dom.encode(), open(key, 'rb').read(),
                include_headers=[b'from', b'to', b'cc', b'subject', b'date',
                                 b'message-id', b'in-reply-to'])
open(path, 'wb').write(sig.replace(b'\r\n', b'\n') + msg)
PY
}
conf() { # VERIFY_SENDERS
	cat > "$T/conf" <<CONF
[maildir]
path = $T/md
[smtp]
from = lkpbot <lkpbot@bot.example>
[bot]
address = lkpbot@bot.example
maintainers = alice@maint.example
max_per_thread = 1000
max_per_hour = 1000
verify_senders = $1
dkim_key_file = $T/keys
[db]
path = $T/db
CONF
}
conf dkim
q() { sqlite3 "$T/db" "$1"; }
run() { "$LKPBOT" -c "$T/conf" run --dry-run "$T/out" >/dev/null 2>"$T/run.err"; }
rid() { q "select r.id from reports r join messages m on m.id = r.msg_id where m.message_id = '$1'"; }
state() { q "select state || coalesce(' ' || close_reason, '') from reports where id = $1"; }
result() { q "select result from commands where msg_id = (select id from messages where message_id = 'm$1@test')"; }
answer() { grep -l "In-Reply-To: <m$1@test>" "$T"/out/*.eml 2>/dev/null | head -n 1; }
n=0
mail() { # FROM PARENT BODY
	n=$((n + 1))
	f=$T/md/tmp/m$n
	{
		printf 'From: %s\nTo: lkp@intel.com\n' "$1"
		printf 'Subject: Re: report\nDate: Tue, 1 Oct 2019 10:%02d:00 +0000\n' $((n % 60))
		printf 'Message-ID: <m%d@test>\n' $n
		printf 'In-Reply-To: <%s>\nReferences: <%s>\n' "$2" "$2"
		printf '\n%b\n' "$3"
	} > "$f"
}
deliver() { mv "$T/md/tmp/m$n" "$T/md/new/m$n"; }
# each refusal on its own: a report a forged command closed (as lkpbot
# without verification does) is opened again at the terminal
reset() { [ "$(state $1)" = open ] || "$LKPBOT" -c "$T/conf" reopen "$1" >/dev/null 2>&1; }

for f in "$S"/*-report.eml; do cp "$f" "$T/md/new/"; done
ok_if "run over the story reports" run
P0=20190930014612.story000@shao2-debian
P1=20210804143812.story001@xsang-OptiPlex-9020
P4=20220218063812.story004@xsang-OptiPlex-9020
R0=$(rid $P0); R1=$(rid $P1); R4=$(rid $P4)

# a forged maintainer From:, no signature
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
deliver
run
is "forged From:, no signature: refused with the reason" "$(result $n)" \
	"refused: not verified: no DKIM signature"
is "... the report stays open" "$(state $R1)" open
ok_if "... the answer says why" grep -q "no DKIM signature" "$(answer $n)"
reset $R1

# signed, then the body changed on the way
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed\nthanks"
sign "$T/md/tmp/m$n" s1 maint.example
sed -i 's/^thanks$/thanks a lot/' "$T/md/tmp/m$n"
deliver
run
is "tampered body: refused, bad signature" "$(result $n)" \
	"refused: not verified: bad signature"
is "... the report stays open" "$(state $R1)" open
reset $R1

# a selector with no key
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
sign "$T/md/tmp/m$n" nosuch maint.example
deliver
run
is "unknown selector: refused, no key" "$(result $n)" \
	"refused: not verified: no key for nosuch._domainkey.maint.example"
is "... the report stays open" "$(state $R1)" open
reset $R1

# a valid signature, but by another domain
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
sign "$T/md/tmp/m$n" e1 evil.example
deliver
run
is "signed by another domain: refused" "$(result $n)" \
	"refused: not verified: signed by evil.example, not the From: domain"
is "... the report stays open" "$(state $R1)" open
reset $R1

# the maintainer's own signed mail
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
sign "$T/md/tmp/m$n" s1 maint.example
deliver
run
is "a signed maintainer command is carried out" "$(result $n)" \
	"ok: report $R1 is now closed, fixed"
is "... the report is closed" "$(state $R1)" "closed fixed"
# requests are not state changes: no signature needed
mail "Alice <alice@maint.example>" $P1 "#lkp status"
deliver
run
is "an unsigned status is answered" "$(result $n)" "ok: status sent"

# the LKP team's words close only when signed
mail "Yin Fengwei <fengwei.yin@intel.com>" $P4 "We will close this report."
deliver
run
is "forged LKP team words change no state" "$(state $R4)" open
is "... the event is kept" "$(q "select count(*) from events where report_id = $R4 and source like 'rule:%'")" 1
mail "Yin Fengwei <fengwei.yin@intel.com>" $P4 "We will close this report."
sign "$T/md/tmp/m$n" lkp intel.com
deliver
run
is "signed LKP team words close" "$(state $R4)" "closed accepted-tradeoff"

# a robot report on a closed report's commit and metric
robot() { # MESSAGE-ID-PART
	sed -e "s/^Message-ID: .*/Message-ID: <$1@robot.test>/" \
	    -e 's/^Date: .*/Date: Wed, 1 Sep 2021 10:00:00 +0800/' \
		"$S/001-report.eml" > "$T/md/tmp/$1"
}
robot forged
mv "$T/md/tmp/forged" "$T/md/new/"
run
is "forged robot report: stored" "$(q "select count(*) from reports r join messages m on m.id = r.msg_id where m.message_id = 'forged@robot.test'")" 1
is "... the closed report stays closed" "$(state $R1)" "closed fixed"
robot robotmail
sign "$T/md/tmp/robotmail" lkp intel.com
mv "$T/md/tmp/robotmail" "$T/md/new/"
run
is "signed robot report reopens it" "$(state $R1)" open

# verify_senders = none: as before, the From: is believed
conf none
mail "Alice <alice@maint.example>" $P0 "#lkp close fixed"
deliver
run
is "none: an unsigned maintainer command is carried out" "$(state $R0)" "closed fixed"
mail "Alice <alice@maint.example>" $P1 "#lkp close fixed"
deliver
run
is "none: closed again (unsigned)" "$(state $R1)" "closed fixed"
robot forged3
mv "$T/md/tmp/forged3" "$T/md/new/"
run
is "none: an unsigned robot report reopens" "$(state $R1)" open
done_testing
