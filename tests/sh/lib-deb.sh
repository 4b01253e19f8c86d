# lib-deb.sh - the Debian package built from the sources, for the package
# tests (tests/sh/t0240-deb.sh, tests/setup/t0030-deb-install.sh). Source
# it after lib.sh, then:
#   deb_build     copy the tracked files of $LKB_SRCDIR into $T/src and
#                 run `dpkg-buildpackage -us -uc -b` there (log in
#                 $T/build.log); returns its exit status and sets DEB to
#                 the lkpbot_*.deb it made in $T
# SPDX-License-Identifier: GPL-2.0-or-later

deb_build() {
	mkdir "$T/src" || return 1
	git -C "$LKB_SRCDIR" ls-files -z | (cd "$LKB_SRCDIR" && xargs -0 tar -cf -) |
		tar -xf - -C "$T/src" || bail_out "cannot copy the sources"
	(cd "$T/src" && DEB_BUILD_OPTIONS="nocheck parallel=2" \
		dpkg-buildpackage -us -uc -b) >"$T/build.log" 2>&1
	db_rc=$?
	DEB=$(ls "$T"/lkpbot_*.deb 2>/dev/null | head -n 1)
	[ $db_rc -ne 0 ] && tail -n 20 "$T/build.log" | sed 's/^/# /'
	return $db_rc
}
