# bot/libbot.a holds everything but main(), so unit tests can link it.
noinst_LIBRARIES += bot/libbot.a
bin_PROGRAMS += bot/lkpbot
LKB_BOT_CFLAGS = $(AM_CFLAGS) $(CURL_CFLAGS) $(PCRE2_CFLAGS) \
	$(JANSSON_CFLAGS) $(SQLITE_CFLAGS) $(ZLIB_CFLAGS)
bot_libbot_a_CFLAGS = $(LKB_BOT_CFLAGS)
# The build tree's binary reads rules and templates from its sources
# (bot/datadir.c); an installed copy is another file and never does.
bot_libbot_a_CPPFLAGS = $(AM_CPPFLAGS) \
	-DLKB_BUILD_EXE='"$(abs_top_builddir)/bot/lkpbot"' \
	-DLKB_SRCDIR='"$(abs_top_srcdir)"'
bot_lkpbot_CFLAGS = $(LKB_BOT_CFLAGS)
bot_lkpbot_SOURCES = %reldir%/main.c
bot_libbot_a_SOURCES = \
	%reldir%/commands.c %reldir%/commands.h \
	%reldir%/ctx.c %reldir%/ctx.h \
	%reldir%/datadir.c %reldir%/datadir.h \
	%reldir%/answer.c %reldir%/answer.h \
	%reldir%/classify.c %reldir%/classify.h \
	%reldir%/cmd-db.c \
	%reldir%/cmd-help.c \
	%reldir%/cmd-import.c \
	%reldir%/cmd-list.c %reldir%/list_reports.c %reldir%/list_reports.h \
	%reldir%/cmd-digest.c \
	%reldir%/cmd-parse.c \
	%reldir%/cmd-state.c \
	%reldir%/cmd-triage.c \
	%reldir%/cmd-show.c %reldir%/thread_view.c %reldir%/thread_view.h \
	%reldir%/ingest.c %reldir%/ingest.h \
	%reldir%/ingest_pipe.c %reldir%/ingest_pipe.h \
	%reldir%/json_out.c %reldir%/json_out.h \
	%reldir%/mailsource.c %reldir%/mailsource.h \
	%reldir%/triage.c %reldir%/triage.h %reldir%/triage-internal.h \
	%reldir%/triage_cmd.c %reldir%/triage_pool.c
# Libraries in dependency order: higher layers first.
LKB_LIBS = bot/libbot.a templates/libtemplates.a state/libstate.a parsers/libparsers.a \
	lib/liblkb.a
LKB_EXT_LIBS = $(CURL_LIBS) $(PCRE2_LIBS) $(JANSSON_LIBS) $(SQLITE_LIBS) \
	$(ETPAN_LIBS) $(INIH_LIBS) $(ZLIB_LIBS) $(NETTLE_LIBS)
bot_lkpbot_LDADD = $(LKB_LIBS) $(LKB_EXT_LIBS)
include %reldir%/report.mk
include %reldir%/reply.mk
include %reldir%/imap.mk
include %reldir%/smtp.mk
include %reldir%/compare.mk
include %reldir%/requests.mk
