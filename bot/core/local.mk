# bot/core/local.mk - what every stage and command shares: the context, exit codes,
# the run lock, the stage signature, where the default data is, JSON output.
noinst_LIBRARIES += bot/core/libcore.a
bot_core_libcore_a_CFLAGS = $(LKB_BOT_CFLAGS)
# The build tree's binary reads rules and templates from its sources
# (datadir.c); an installed copy is another file and never does: it
# reads $(pkgdatadir) as placed beside $(bindir), so a tree installed
# with DESTDIR or moved whole finds its own data.
bot_core_libcore_a_CPPFLAGS = $(AM_CPPFLAGS) \
	-DLKB_BUILD_EXE='"$(abs_top_builddir)/bot/lkpbot"' \
	-DLKB_BINDIR='"$(bindir)"' \
	-DLKB_SRCDIR='"$(abs_top_srcdir)"'
bot_core_libcore_a_SOURCES = \
	%reldir%/ctx.c %reldir%/ctx.h %reldir%/datadir.c \
	%reldir%/datadir.h %reldir%/json_out.c %reldir%/json_out.h \
	%reldir%/lock.c %reldir%/lock.h %reldir%/run.h %reldir%/secret.c \
	%reldir%/secret.h %reldir%/settings.c %reldir%/settings.h
