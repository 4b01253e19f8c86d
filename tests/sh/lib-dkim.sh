# lib-dkim.sh - DKIM-signed test mail: keys made by openssl, mails signed
# by python3-dkim, the public keys in $T/keys for [bot] dkim_key_file
# (never DNS). Source after tap.sh with $T set; bails out without
# python3-dkim or openssl.
PY=
for p in /usr/bin/python3 python3; do
	"$p" -c 'import dkim' 2>/dev/null && { PY=$p; break; }
done
[ -n "$PY" ] || bail_out "python3-dkim is not installed"
command -v openssl >/dev/null || bail_out "openssl is not installed"
: > "$T/keys"

# key SELECTOR DOMAIN: a new key pair, its public key in $T/keys
key() {
	openssl genrsa -out "$T/$2.pem" 2048 2>/dev/null || bail_out "openssl genrsa"
	printf '%s._domainkey.%s v=DKIM1; k=rsa; p=%s\n' "$1" "$2" \
		"$(openssl rsa -in "$T/$2.pem" -pubout -outform DER 2>/dev/null |
		base64 | tr -d '\n')" >> "$T/keys"
}
# sign FILE SELECTOR DOMAIN [HEADERS [l=]]: signed with its key, the
# HEADERS (comma-separated; a name twice is oversigned) or the usual
# ones, a body length tag when the 5th argument is "l" (relaxed then)
sign() {
	"$PY" - "$1" "$2" "$3" "$T/$3.pem" \
	    "${4:-from,to,cc,subject,date,message-id,in-reply-to,references}" \
	    "${5:-}" <<'PY'
import sys, dkim
path, sel, dom, key, hdrs, length = sys.argv[1:7]
msg = open(path, 'rb').read()
canon = (b'relaxed', b'relaxed') if length else (b'simple', b'simple')
sig = dkim.sign(msg, sel.encode(), dom.encode(), open(key, 'rb').read(),
                include_headers=[h.encode() for h in hdrs.split(',')],
                length=bool(length), canonicalize=canon)
open(path, 'wb').write(sig.replace(b'\r\n', b'\n') + msg)
PY
}
