#!/bin/sh
# t0030-deb-install.sh - a Debian admin's whole path with the package:
# built by dpkg-buildpackage from a copy of the tracked tree, installed
# with apt-get on this machine, configured from README.Debian against a
# real dovecot (imaps, submission with STARTTLS and AUTH, relaying to a
# postfix smtp-sink), run once as lkpbot.service would run it, purged.
#
# Checks: the install made the user, the state directory and enabled the
# timer, the service is skipped (ConditionPathExists=) until configured;
# the run as the user lkpbot (User=, Group=, WorkingDirectory=,
# Environment=, UMask= and ExecStart= read from the installed unit and
# its drop-in, under setpriv, since systemd is not PID 1 here) exits 0,
# sends the answer to a maintainer's "#lkp status" through the submission
# server, and writes the site into a directory outside /var/lib/lkpbot
# that the web server's group can read; purge removes the user, the group
# and /var/lib/lkpbot and leaves /etc/lkpbot.conf, which the test removes.
#
# Run by scripts/check.sh (not by `make check`: it installs a package).
# Needs root; refuses to run (Bail out) where lkpbot is already installed
# or /etc/lkpbot.conf exists, so it never touches a real deployment.
# SPDX-License-Identifier: GPL-2.0-or-later
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
LKB_SRCDIR=$top
export LKB_SRCDIR
. "$top/tests/sh/lib.sh"
. "$top/tests/sh/lib-smtp.sh"
. "$top/tests/sh/lib-tls.sh"
. "$top/tests/sh/lib-deb.sh"
TAP_TMP=$T
export TAP_TMP

[ "$(id -u)" = 0 ] || bail_out "needs root (it installs a package)"
for c in dpkg-buildpackage dh apt-get setpriv git; do
	command -v $c >/dev/null || bail_out "$c is missing (scripts/deps.sh test)"
done
dpkg-query -W -f='${Status}' lkpbot 2>/dev/null | grep -q 'installed' &&
	bail_out "lkpbot is installed on this machine: not touching it"
[ -e /etc/lkpbot.conf ] && bail_out "/etc/lkpbot.conf exists: not touching it"
getent passwd lkpbot >/dev/null && bail_out "a user lkpbot exists already"
getent group www-data >/dev/null || bail_out "no group www-data"
tls_require

DROPIN=/etc/systemd/system/lkpbot.service.d
# The site's directory, outside /tmp: the unit has PrivateTmp=yes, so a
# web server would never see a site lkpbot wrote under /tmp.
WWW=/srv/lkpbot-t0030.$$
# Whatever happens, the machine is left as it was.
deb_cleanup() {
	rm -f /etc/lkpbot.conf "$DROPIN/web.conf"
	rm -rf "$WWW"
	rmdir "$DROPIN" 2>/dev/null
	if dpkg-query -W -f='${Status}' lkpbot 2>/dev/null | grep -q installed; then
		apt-get purge -y -q lkpbot >"$T/purge-cleanup.log" 2>&1
	fi
	return 0
}
lkb_on_exit deb_cleanup

plan 27

# ---- build and install ----
deb_build
rc=$?
ok_rc "dpkg-buildpackage -us -uc -b exits 0" $rc
[ $rc -ne 0 ] && bail_out "no package to install"
DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$DEB" \
	>"$T/install.log" 2>&1
rc=$?
ok_rc "apt-get install ./lkpbot_*.deb exits 0" $rc
[ $rc -ne 0 ] && { tail -20 "$T/install.log" | sed 's/^/# /'; bail_out "not installed"; }
ok_if "postinst made the system user lkpbot (no login)" \
	sh -c 'getent passwd lkpbot | grep -q ":/var/lib/lkpbot:/usr/sbin/nologin$"'
is "and its state directory /var/lib/lkpbot, lkpbot's, mode 0750" \
	"$(stat -c '%U:%G %a' /var/lib/lkpbot 2>&1)" "lkpbot:lkpbot 750"
ok_if "the timer is enabled" test -L /etc/systemd/system/timers.target.wants/lkpbot.timer
UNIT=/lib/systemd/system/lkpbot.service
ok_if "the service is skipped while /etc/lkpbot.conf is missing" \
	grep -qx 'ConditionPathExists=/etc/lkpbot.conf' "$UNIT"
readelf -h /usr/bin/lkpbot >"$T/readelf" 2>&1
ok_if "the installed binary is PIE (readelf -h: DYN)" \
	grep -q '^ *Type: *DYN' "$T/readelf"

# ---- the servers and the mail waiting for the bot ----
tls_make_certs
start_smtp_sink "$T/sink"
start_dovecot_tls "$SMTP_SINK_PORT"
P=20220218063812.story004@xsang-OptiPlex-9020
cat >"$T/status.eml" <<MAIL
From: Alice Maintainer <alice@maint.example>
To: kernel test robot <oliver.sang@intel.com>
Subject: Re: the report
Date: Sat, 19 Feb 2022 10:00:00 +0000
Message-ID: <status-1@install.test>
In-Reply-To: <$P>
References: <$P>

#lkp status

Alice
MAIL
maildir_put INBOX "$LKB_TEST_DATA/stories/004-report.eml" "$T/status.eml"

# ---- configured as README.Debian says ----
install -o lkpbot -g lkpbot -m 0600 /dev/null "$T/imap.pass"
printf '%s\n' "$DOVECOT_PASS" >"$T/imap.pass"
install -d -o lkpbot -g www-data -m 2750 "$WWW"
cat >"$T/lkpbot.conf" <<CONF
[imap]
url = $IMAPS_URL/
folders = INBOX
user = $DOVECOT_USER
password_file = $T/imap.pass
cafile = $TLS/ca.pem
[smtp]
url = smtp://127.0.0.1:$SUBMISSION_PORT
starttls = yes
user = $DOVECOT_USER
password_file = $T/imap.pass
cafile = $TLS/ca.pem
from = lkpbot <lkpbot@bot.example>
[bot]
address = lkpbot@bot.example
maintainers = alice@maint.example
[web]
dir = $WWW/site
CONF
install -o root -g lkpbot -m 0640 "$T/lkpbot.conf" /etc/lkpbot.conf
mkdir -p "$DROPIN"
printf '[Service]\nReadWritePaths=%s\nUMask=0027\n' "$WWW" >"$DROPIN/web.conf"

# unit_key KEY: the value systemd would use (the last one, drop-ins last)
unit_key() {
	cat "$UNIT" "$DROPIN"/*.conf 2>/dev/null |
		sed -n "s/^$1=//p" | tail -n 1
}
(cd /var/lib/lkpbot && runuser -u lkpbot -- env HOME=/var/lib/lkpbot \
	lkpbot -c /etc/lkpbot.conf -d /var/lib/lkpbot/lkpbot.db doctor \
	--unit lkpbot.service) >"$T/doctor.out" 2>&1
is "doctor as lkpbot with the unit by name, as README.Debian says, finds nothing wrong" "$?" 0
ok_if "... having read the unit and its drop-in" \
	grep -q "\\[web\\] dir $WWW/site: lkpbot (uid [0-9]*) may write there, and the unit lets it" "$T/doctor.out"
sed 's/^/# doctor: /' "$T/doctor.out" | grep -v '^# doctor: ok' | head -20
EXEC=$(unit_key ExecStart)
is "ExecStart is the documented command line" "$EXEC" \
	"/usr/bin/lkpbot -q -c /etc/lkpbot.conf -d /var/lib/lkpbot/lkpbot.db run"
# run_unit: the service's command as systemd would run it (Environment=
# and ExecStart= split into words, as they hold no quotes)
# shellcheck disable=SC2046,SC2086
run_unit() {
	(cd "$(unit_key WorkingDirectory)" && umask "$(unit_key UMask)" &&
	 exec setpriv --reuid="$(unit_key User)" --regid="$(unit_key Group)" \
		--init-groups --no-new-privs \
		env -i PATH=/usr/bin:/bin $(unit_key Environment) $EXEC)
}
run_unit >"$T/run.out" 2>&1
rc=$?
is "the service's run as lkpbot exits 0" "$rc" 0
sed 's/^/# run: /' "$T/run.out" | head -20
is "it made its database in the state directory, as lkpbot, others shut out" \
	"$(stat -c '%U:%G %A' /var/lib/lkpbot/lkpbot.db 2>&1)" "lkpbot:lkpbot -rw-r-----"
ok_if "the answer went out through submission (AUTH) to the maintainer" \
	sh -c "grep -l '^In-Reply-To: <status-1@install.test>' '$T'/sink/* |
	       xargs grep -l 'alice@maint.example' | grep -q ."
ok_if "... and it is a status answer" \
	sh -c "grep -l '^In-Reply-To: <status-1@install.test>' '$T'/sink/* |
	       xargs grep -l '^State: open' | grep -q ."
ok_if "dovecot saw lkpbot log in over TLS for IMAP and submission" \
	sh -c "grep -q 'imap-login: Info: Login: user=<$DOVECOT_USER>.*TLS' '$DOVECOT_DIR/dovecot.log' &&
	       grep -q 'submission-login: Info: Login: user=<$DOVECOT_USER>.*TLS' '$DOVECOT_DIR/dovecot.log'"
ok_if "the site is written outside /var/lib/lkpbot" test -s "$WWW/site/index.html"
find "$WWW/site" ! -group www-data >"$T/notgroup"
is "every page and directory belongs to the web server's group" \
	"$(cat "$T/notgroup")" ""
find "$WWW/site" \( -type d ! -perm -g+rx \) -o \( -type f ! -perm -g+r \) \
	>"$T/notreadable"
is "... which can read them all" "$(cat "$T/notreadable")" ""
ok_if "the web server's user reads the front page" \
	setpriv --reuid=www-data --regid=www-data --init-groups \
	cat "$WWW/site/index.html"
find "$WWW/site" -perm -o+w >"$T/otherw"
is "nothing in it is writable by others" "$(cat "$T/otherw")" ""
run_unit >"$T/run2.out" 2>&1
is "a second run exits 0" "$?" 0
is "... and sends nothing again" \
	"$(grep -l '^In-Reply-To: <status-1@install.test>' "$T"/sink/* | wc -l)" 1

# ---- purge ----
DEBIAN_FRONTEND=noninteractive apt-get purge -y -q lkpbot >"$T/purge.log" 2>&1
ok_rc "apt-get purge lkpbot exits 0" $?
ok_if "the user lkpbot is gone" sh -c '! getent passwd lkpbot'
ok_if "the group lkpbot is gone" sh -c '! getent group lkpbot'
ok_if "/var/lib/lkpbot is gone" test ! -e /var/lib/lkpbot
ok_if "the admin's /etc/lkpbot.conf stays" test -f /etc/lkpbot.conf
done_testing
