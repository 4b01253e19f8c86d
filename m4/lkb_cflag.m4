# LKB_CHECK_CFLAG(FLAG, [ACTION-IF-OK])
# Try compiling an empty program with FLAG added to CFLAGS (with -Werror,
# so that an unknown flag is not just a warning).
AC_DEFUN([LKB_CHECK_CFLAG], [
	AC_MSG_CHECKING([whether $CC accepts $1])
	lkb_save_CFLAGS=$CFLAGS
	CFLAGS="$CFLAGS -Werror $1"
	AC_COMPILE_IFELSE([AC_LANG_PROGRAM([], [])],
		[AC_MSG_RESULT([yes]); $2], [AC_MSG_RESULT([no])])
	CFLAGS=$lkb_save_CFLAGS
])
