# bot/local.mk - lkpbot: main.c over one library per concern.
#
# The folders in their one-way order: a folder includes only folders
# before it (tools/deps-graph.sh checks it in `make lint`; doc/design.md).
#   core -> net -> compare -> report -> ingest -> outbox -> triage ->
#   requests -> web -> cmd -> main.c
bin_PROGRAMS += bot/lkpbot
LKB_BOT_CFLAGS = $(AM_CFLAGS) $(CURL_CFLAGS) $(PCRE2_CFLAGS) \
	$(JANSSON_CFLAGS) $(SQLITE_CFLAGS) $(ZLIB_CFLAGS) $(OPENDKIM_CFLAGS)
bot_lkpbot_CFLAGS = $(LKB_BOT_CFLAGS)
bot_lkpbot_SOURCES = %reldir%/main.c
include %reldir%/core/local.mk
include %reldir%/net/local.mk
include %reldir%/compare/local.mk
include %reldir%/report/local.mk
include %reldir%/ingest/local.mk
include %reldir%/outbox/local.mk
include %reldir%/triage/local.mk
include %reldir%/requests/local.mk
include %reldir%/web/local.mk
include %reldir%/cmd/local.mk
# Libraries in link order: higher layers first.
LKB_BOT_LIBS = bot/cmd/libcmd.a bot/web/libweb.a bot/requests/librequests.a \
	bot/triage/libtriage.a bot/outbox/liboutbox.a bot/ingest/libingest.a \
	bot/report/libreport.a bot/compare/libcompare.a bot/net/libnet.a bot/core/libcore.a
LKB_LIBS = $(LKB_BOT_LIBS) templates/libtemplates.a state/libstate.a \
	parsers/libparsers.a lib/liblkb.a
LKB_EXT_LIBS = $(CURL_LIBS) $(PCRE2_LIBS) $(JANSSON_LIBS) $(SQLITE_LIBS) \
	$(ETPAN_LIBS) $(INIH_LIBS) $(ZLIB_LIBS) $(NETTLE_LIBS) $(OPENDKIM_LIBS) -lm
bot_lkpbot_LDADD = $(LKB_LIBS) $(LKB_EXT_LIBS)
