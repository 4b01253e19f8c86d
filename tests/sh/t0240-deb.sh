#!/bin/sh
# t0240-deb.sh - debian/ builds a package with `dpkg-buildpackage -us -uc
# -b` from a copy of the tracked sources; the package holds the binary at
# /usr/bin, the man pages, the rules and templates under /usr/share/lkpbot,
# lkpbot.service and lkpbot.timer; unpacked into a directory, its lkpbot
# runs (--version, rules check, doctor on the example configuration) with
# no environment variable. What a Debian admin's tools say of it: readelf
# -h says DYN (PIE), systemd-analyze security rates the service 2.5 or
# better, lintian --pedantic has no error and no warning, and every man
# page has a whatis line and no groff warning. Skipped (a TAP skip, never
# a pass) when dpkg-buildpackage or debhelper is missing; scripts/deps.sh
# installs them and lintian. (tests/setup/t0030-deb-install.sh installs
# the package and runs the service.)
# SPDX-License-Identifier: GPL-2.0-or-later
. "${LKB_SRCDIR:-$(dirname "$0")/../..}/tests/sh/lib.sh"
. "$LKB_SRCDIR/tests/sh/lib-deb.sh"
unset LKPBOT_DATADIR

if ! command -v dpkg-buildpackage >/dev/null || ! command -v dh >/dev/null; then
	echo "1..0 # SKIP dpkg-buildpackage or debhelper is not installed"
	exit 0
fi
command -v git >/dev/null || bail_out "git is not installed"
command -v systemd-analyze >/dev/null ||
	bail_out "systemd-analyze (systemd) is not installed"
for c in lintian readelf lexgrog; do
	command -v $c >/dev/null || bail_out "$c is not installed (scripts/deps.sh test)"
done

plan 22

deb_build
ok_rc "dpkg-buildpackage -us -uc -b exits 0" $?
ok_if "it made lkpbot_*.deb" test -f "$DEB"
dpkg-deb -c "$DEB" 2>/dev/null | awk '{ print $6 }' | sed 's|^\./|/|' \
	>"$T/files"
for f in /usr/bin/lkpbot /usr/share/lkpbot/default.rules \
	 /usr/share/lkpbot/templates/ack.tmpl \
	 /usr/share/man/man1/lkpbot-doctor.1.gz \
	 /usr/share/man/man5/lkpbot.conf.5.gz \
	 /lib/systemd/system/lkpbot.service /lib/systemd/system/lkpbot.timer; do
	grep -qx "$f" "$T/files" || echo "$f"
done >"$T/missing"
is "the package holds the binary, data, man pages and units" \
	"$(cat "$T/missing")" ""
ok_if "the package depends on its libraries (shlibs)" \
	sh -c "dpkg-deb -f '$DEB' Depends | grep -q libcurl"
dpkg-deb -x "$DEB" "$T/root"
ok_if "the service runs as the unprivileged user lkpbot, hardened" \
	sh -c "grep -qx 'User=lkpbot' '$T/root/lib/systemd/system/lkpbot.service' &&
	       grep -qx 'NoNewPrivileges=yes' '$T/root/lib/systemd/system/lkpbot.service' &&
	       grep -qx 'ProtectSystem=strict' '$T/root/lib/systemd/system/lkpbot.service' &&
	       grep -qx 'StateDirectory=lkpbot' '$T/root/lib/systemd/system/lkpbot.service'"
systemd-analyze verify --man=no "$T/root/lib/systemd/system/lkpbot.service" \
	"$T/root/lib/systemd/system/lkpbot.timer" 2>&1 |
	grep -v 'Command /usr/bin/lkpbot is not executable' >"$T/verify"
is "systemd-analyze verify finds nothing wrong in the units" \
	"$(cat "$T/verify")" ""
ok_if "the timer starts it every ten minutes" \
	grep -qx 'OnCalendar=\*:0/10' "$T/root/lib/systemd/system/lkpbot.timer"
ok_if "postinst creates the system user" \
	sh -c "dpkg-deb -e '$DEB' '$T/ctl' && grep -q 'adduser --system' '$T/ctl/postinst'"
BIN=$T/root/usr/bin/lkpbot
is "the packaged lkpbot runs: --version" "$("$BIN" --version)" \
	"lkpbot $(dpkg-deb -f "$DEB" Version)"
"$BIN" rules check >"$T/rules.out" 2>&1
ok_rc "its rules check passes" $?
ok_if "... on the packaged rules" \
	grep -q "^$T/root/usr/share/lkpbot/default.rules: " "$T/rules.out"
EX=$T/root/usr/share/doc/lkpbot/examples/lkpbot.conf.example
ok_if "the example configuration is shipped" test -s "$EX"
lkb_setup
example_conf "$T/example.conf" "$EX"
"$BIN" -c "$T/example.conf" -d "$T/ex.db" doctor >"$T/doctor.out" 2>&1
is "the packaged lkpbot's doctor on the example configuration: exit 0" "$?" 0

# ---- what a Debian admin's tools say ----
readelf -h "$BIN" >"$T/readelf" 2>&1
ok_if "readelf -h says the binary is PIE (Type: DYN)" \
	grep -q '^ *Type: *DYN' "$T/readelf"
U=$T/root/lib/systemd/system/lkpbot.service
systemd-analyze security --offline=true --no-pager "$U" >"$T/security" 2>&1
score=$(sed -n 's/.*Overall exposure level for lkpbot.service: \([0-9.]*\).*/\1/p' "$T/security")
ok_if "systemd-analyze security: exposure $score, at most 2.5" \
	awk -v s="$score" 'BEGIN { exit !(s != "" && s + 0 <= 2.5) }'
for d in SystemCallFilter=@system-service ProtectProc=invisible \
	 ProcSubset=pid RemoveIPC=yes; do
	grep -qx "$d" "$U" || echo "$d"
done >"$T/nodirective"
is "the unit filters system calls and hides /proc and IPC" \
	"$(cat "$T/nodirective")" ""
ok_if "a fresh install only skips the service until /etc/lkpbot.conf exists" \
	grep -qx 'ConditionPathExists=/etc/lkpbot.conf' "$U"
lintian --pedantic --display-level '>=pedantic' \
	"$(ls "$T"/lkpbot_*.changes | head -1)" >"$T/lintian" 2>&1
grep -E '^[EW]: ' "$T/lintian" >"$T/lintian.ew"
is "lintian --pedantic: no error, no warning" "$(cat "$T/lintian.ew")" ""
sed 's/^/# lintian: /' "$T/lintian" | grep -v 'root privileges'
ok_if "debian/copyright states GPL-2.0+ (DEP-5)" \
	grep -qx 'License: GPL-2.0+' "$T/root/usr/share/doc/lkpbot/copyright"
# (dh_compress leaves a doc under 4 KiB as it is)
ok_if "README.Debian is shipped" \
	test -s "$T/root/usr/share/doc/lkpbot/README.Debian" -o \
	-s "$T/root/usr/share/doc/lkpbot/README.Debian.gz"
# lexgrog reads the whatis line as mandb and lintian do
for m in "$T"/root/usr/share/man/man?/*; do
	lexgrog "$m" >/dev/null 2>&1 || echo "${m##*/}"
done >"$T/whatis"
is "every man page has a whatis line" "$(cat "$T/whatis")" ""
for m in "$T"/root/usr/share/man/man?/*; do
	LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l \
		-Tutf8 -Z "$m" 2>&1 >/dev/null | sed "s|^|${m##*/}: |"
done >"$T/groff"
is "no man page gives a groff warning" "$(cat "$T/groff")" ""
