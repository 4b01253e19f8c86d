noinst_LIBRARIES += lib/liblkb.a
lib_liblkb_a_SOURCES = \
	%reldir%/arena.c %reldir%/arena.h \
	%reldir%/ascii.h \
	%reldir%/clock.h \
	%reldir%/compiler.h \
	%reldir%/limits.h \
	%reldir%/log.c %reldir%/log.h \
	%reldir%/noise.c %reldir%/noise.h \
	%reldir%/span.h \
	%reldir%/status.c %reldir%/status.h \
	%reldir%/strbuf.c %reldir%/strbuf.h \
	%reldir%/xalloc.c %reldir%/xalloc.h
