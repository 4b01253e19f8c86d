#!/bin/sh
# deps.sh - install the Debian 12 packages lkpbot needs (as root), only
# those missing. Usage: scripts/deps.sh build|test
# SPDX-License-Identifier: GPL-2.0-or-later
set -e
build_pkgs="build-essential autoconf automake pkg-config libcurl4-gnutls-dev
libetpan-dev libpcre2-dev libsqlite3-dev libjansson-dev libinih-dev
zlib1g-dev nettle-dev libopendkim-dev sqlite3 git"
test_pkgs="check dovecot-imapd dovecot-submissiond postfix clang libclang-rt-14-dev valgrind curl time iproute2 perl
python3 python3-dkim openssl debhelper lintian chromium tidy libxml2-utils acl"

want=$build_pkgs
[ "${1:-build}" = test ] && want="$build_pkgs $test_pkgs"
missing=
for p in $want; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "deps.sh: missing packages:$missing (run as root to install)" >&2
	exit 1
fi
echo "deps.sh: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# postfix is wanted for smtp-sink only: no configuration, no daemon;
# dovecot-submissiond for SMTP AUTH tests, debhelper to build the package
# (tests/sh/t0240-deb.sh, tests/setup/t0030-deb-install.sh) and lintian
# to check it; acl (setfacl) to give a directory an ACL for doctor
# (tests/sh/t0225-exit-codes.sh); chromium, tidy and xmllint (libxml2-utils)
# check the web site in a real browser (tests/sh/t0500-web.sh).
echo 'postfix postfix/main_mailer_type select No configuration' |
	debconf-set-selections
apt-get update -qq
apt-get install -y -qq --no-install-recommends $missing >/dev/null
