noinst_LIBRARIES += parsers/libparsers.a
parsers_libparsers_a_CFLAGS = $(AM_CFLAGS) $(ETPAN_CFLAGS) $(INIH_CFLAGS)
parsers_libparsers_a_SOURCES = \
	%reldir%/conf.c %reldir%/conf.h \
	%reldir%/git_trailers.c %reldir%/git_trailers.h
include %reldir%/mime.mk
include %reldir%/report.mk
include %reldir%/reply.mk
include %reldir%/imap.mk
