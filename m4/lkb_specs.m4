# SPDX-License-Identifier: GPL-2.0-or-later
# LKB_STRIP_SPECS(VAR...)
# Drop every -specs=FILE from each shell variable VAR. Debian 12's
# libetpan.pc carries dpkg's build flags in its Libs: line, among them
# -specs=/usr/share/dpkg/no-pie-link.specs, which links a position-
# dependent executable (readelf -h: Type EXEC) whatever the build asks;
# a compile spec could leak the same way. The build's own CFLAGS and
# LDFLAGS (dpkg-buildflags hardening=+all) choose PIE, not a library.
AC_DEFUN([LKB_STRIP_SPECS], [
	for lkb_var in m4_normalize([$1]); do
		eval "lkb_val=\$$lkb_var"
		lkb_new=
		for lkb_word in $lkb_val; do
			case $lkb_word in
			-specs=*|--specs=*)
				AC_MSG_NOTICE([dropping $lkb_word from $lkb_var (a pkg-config file leaked it)]) ;;
			*) lkb_new="$lkb_new $lkb_word" ;;
			esac
		done
		eval "$lkb_var=\$lkb_new"
	done
])
