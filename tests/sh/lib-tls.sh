# lib-tls.sh - certificates and a TLS dovecot (IMAP and submission) for
# the live TLS and AUTH tests (doc/style.md R38). Source it after lib.sh
# and lib-smtp.sh, then:
#   tls_require                bail out without smtp-sink, openssl or
#                              dovecot-submissiond; stop smtp-sink on exit
#   tls_make_certs             a CA, a server certificate for IP 127.0.0.1,
#                              an expired one from the same CA and a second,
#                              unrelated CA, in $TLS (ca.pem, server.pem,
#                              expired.pem, other-ca.pem and their keys)
#   start_dovecot_tls SINKPORT [CONF]
#                              dovecot with ssl = required (CONF added to its
#                              configuration): IMAP STARTTLS
#                              on DOVECOT_PORT, imaps on IMAPS_PORT, SMTP
#                              submission STARTTLS on SUBMISSION_PORT and
#                              implicit TLS on SUBMISSIONS_PORT, relaying to
#                              smtp-sink on SINKPORT, AUTH against the same
#                              passdb as IMAP
#   oauth2_setup, make_jwt     dovecot's oauth2 passdb and tokens for it
#   tls_smtp_conf NAME URL [EXTRA]  $T/NAME.conf sending as DOVECOT_USER
#                              through URL with the test CA
#   tls_good_conf SED [EXTRA]  $LKB_CONF reading IMAPS_URL's INBOX and
#                              sending through SUBMISSIONS_PORT as
#                              DOVECOT_USER with the password in $T/pw,
#                              EXTRA lines after, then sed SED on it
#   enqueue REQ, field ID KEY, mails_with MSGID
#                              queue an answer (with $QCONF, into $DB),
#                              read a field of outbox row ID, count the
#                              mails smtp-sink got with that Message-ID
#   start_tls_server CERT KEY  an openssl s_server on TLS_SERVER_PORT (for
#                              a certificate dovecot is not given)

TLS=$T/tls

tls_require() {
	smtp_require
	command -v openssl >/dev/null || bail_out "openssl is not installed"
	[ -x /usr/lib/dovecot/submission ] ||
		bail_out "dovecot-submissiond is not installed"
	lkb_on_exit smtp_cleanup
}

tls_key() {
	openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
		-keyout "$TLS/$1.key" -subj "/CN=$2" -out "$TLS/$1.csr" \
		2>/dev/null
}

tls_ca() {
	openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 \
		-nodes -keyout "$TLS/$1.key" -out "$TLS/$1.pem" -days 30 \
		-subj "/CN=$2" 2>/dev/null
}

tls_make_certs() {
	mkdir -p "$TLS/db"
	chmod 755 "$TLS"
	: >"$TLS/db/index"
	echo 01 >"$TLS/db/serial"
	cat >"$TLS/ca.cnf" <<EOC
[ca]
default_ca = d
[d]
database = $TLS/db/index
serial = $TLS/db/serial
new_certs_dir = $TLS/db
default_md = sha256
policy = p
unique_subject = no
x509_extensions = e
[p]
commonName = supplied
[e]
subjectAltName = IP:127.0.0.1
basicConstraints = CA:FALSE
extendedKeyUsage = serverAuth
EOC
	tls_ca ca "lkpbot test CA" && tls_ca other-ca "lkpbot other CA" &&
	tls_key server 127.0.0.1 && tls_key expired 127.0.0.1 &&
	openssl ca -batch -config "$TLS/ca.cnf" -cert "$TLS/ca.pem" \
		-keyfile "$TLS/ca.key" -days 30 -in "$TLS/server.csr" \
		-out "$TLS/server.pem" 2>/dev/null &&
	openssl ca -batch -config "$TLS/ca.cnf" -cert "$TLS/ca.pem" \
		-keyfile "$TLS/ca.key" -startdate 20200101000000Z \
		-enddate 20200201000000Z -in "$TLS/expired.csr" \
		-out "$TLS/expired.pem" 2>/dev/null ||
		bail_out "openssl cannot make the test certificates"
	chmod 644 "$TLS"/*.pem
}

start_dovecot_tls() {
	IMAPS_PORT=$(free_port)
	SUBMISSION_PORT=$(free_port)
	SUBMISSIONS_PORT=$(free_port)
	DOVECOT_SSL=required
	DOVECOT_PROTOCOLS="imap submission"
	DOVECOT_IMAPS_PORT=$IMAPS_PORT
	DOVECOT_PROBE_OPTS="--ssl-reqd --cacert $TLS/ca.pem"
	DOVECOT_EXTRA_CONF="ssl_cert = <$TLS/server.pem
ssl_key = <$TLS/server.key
hostname = lkpbot.test
submission_relay_host = 127.0.0.1
submission_relay_port = $1
submission_relay_ssl = no
service submission-login {
  inet_listener submission {
    address = 127.0.0.1
    port = $SUBMISSION_PORT
  }
  inet_listener submissions {
    address = 127.0.0.1
    port = $SUBMISSIONS_PORT
    ssl = yes
  }
}
${2:-}"
	start_dovecot
	IMAPS_URL=imaps://127.0.0.1:$IMAPS_PORT
}

start_tls_server() {
	TLS_SERVER_PORT=$(free_port)
	openssl s_server -quiet -accept "127.0.0.1:$TLS_SERVER_PORT" \
		-cert "$1" -key "$2" </dev/null >/dev/null 2>&1 &
	TLS_SERVER_PID=$!
	lkb_on_exit stop_tls_server
	tls_i=0
	while ! port_listening "$TLS_SERVER_PORT" && [ $tls_i -lt 50 ]; do
		sleep 0.1
		tls_i=$((tls_i + 1))
	done
}

stop_tls_server() {
	[ -n "${TLS_SERVER_PID:-}" ] && kill "$TLS_SERVER_PID" 2>/dev/null
	return 0
}

# oauth2_setup: dovecot's oauth2 passdb validating HS256 JWTs locally
# with a key made here; prints the configuration for start_dovecot_tls.
# make_jwt SUB SECONDS: a token for SUB valid for SECONDS (negative: has
# expired).
oauth2_setup() {
	OAUTH2_KEY=$(head -c 32 /dev/urandom | base64 -w0)
	mkdir -p "$T/jwt-keys/default/HS256"
	printf '%s' "$OAUTH2_KEY" >"$T/jwt-keys/default/HS256/default"
	chmod -R 755 "$T/jwt-keys"
	cat >"$T/oauth2.conf" <<EOC
introspection_mode = local
local_validation_key_dict = fs:posix:prefix=$T/jwt-keys/
username_attribute = sub
EOC
	chmod 644 "$T/oauth2.conf"
	OAUTH2_CONF="auth_mechanisms = plain login xoauth2 oauthbearer
passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = $T/oauth2.conf
}"
}

b64url() { base64 -w0 | tr '+/' '-_' | tr -d '='; }

make_jwt() {
	mj_now=$(date +%s)
	mj_h=$(printf '{"alg":"HS256","typ":"JWT","kid":"default"}' | b64url)
	mj_b=$(printf '{"sub":"%s","iat":%s,"exp":%s}' "$1" \
		$((mj_now - 7200)) $((mj_now + $2)) | b64url)
	mj_k=$(printf '%s' "$OAUTH2_KEY" | base64 -d | od -An -tx1 |
		tr -d ' \n')
	mj_s=$(printf '%s.%s' "$mj_h" "$mj_b" |
		openssl dgst -sha256 -mac HMAC -macopt "hexkey:$mj_k" \
			-binary | b64url)
	printf '%s.%s.%s\n' "$mj_h" "$mj_b" "$mj_s"
}

tls_smtp_conf() {
	cat >"$T/$1.conf" <<EOC
[smtp]
url = $2
from = lkpbot <bot@example.org>
envelope_from = bounces@example.org
user = $DOVECOT_USER
cafile = $TLS/ca.pem
timeout = 20
${3:-}
[bot]
address = bot@example.org
[templates]
dir = $LKB_SRCDIR/templates/mail
EOC
	# a cafile in EXTRA overrides the test CA
	if [ "$(grep -c '^cafile = ' "$T/$1.conf")" -gt 1 ]; then
		sed -i '0,/^cafile = /{/^cafile = /d}' "$T/$1.conf"
	fi
}

tls_good_conf() {
	cat >"$LKB_CONF" <<EOC
[imap]
url = $IMAPS_URL/
folders = INBOX
user = $DOVECOT_USER
password_file = $T/pw
cafile = $TLS/ca.pem
[smtp]
url = smtps://127.0.0.1:$SUBMISSIONS_PORT
from = lkpbot <bot@example.org>
user = $DOVECOT_USER
password_file = $T/pw
cafile = $TLS/ca.pem
[templates]
dir = $LKB_SRCDIR/templates/mail
${2:-}
EOC
	[ -n "${1:-}" ] && sed -i "$1" "$LKB_CONF"
	return 0
}

enqueue() {
	cat >"$T/$1.json" <<EOJ
{"template": "ack", "kind": "ack", "request_id": "$1", "thread_id": 1,
 "to": {"name": "Jane Doe", "address": "jane@example.com"}, "cc": [],
 "subject": "Re: report $1", "parent_id": "p-$1@example.com",
 "references": [],
 "data": {"quoted": "> #lkp close\n", "result": "done.",
	  "report": {"id": "1", "subject": "s", "commits": [], "params": ""},
	  "method": "#lkp close", "again": "#lkp status", "version": "0.1.0"}}
EOJ
	"$LKB_BUILDDIR/tests/tools/outbox-enqueue" "$QCONF" "$DB" \
		"$T/$1.json" | cut -d' ' -f1
}

field() {
	"$LKPBOT" -c "$QCONF" -d "$DB" outbox show "$1" --json |
		sed -n "s/^  \"$2\": //p" | sed 's/,$//'
}

mails_with() {
	grep -l "^Message-ID: <$1>" "$T/sink"/* 2>/dev/null | wc -l
}
