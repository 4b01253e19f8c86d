# bot/web/local.mk - `lkpbot web`: the store as a static site (pages,
# SVG charts, an Atom feed). Reads the store and the compare layer;
# only bot/cmd uses it.
noinst_LIBRARIES += bot/web/libweb.a
bot_web_libweb_a_CFLAGS = $(LKB_BOT_CFLAGS)
bot_web_libweb_a_SOURCES = \
	%reldir%/chart.c %reldir%/chart.h %reldir%/html.c %reldir%/html.h \
	%reldir%/site.c %reldir%/site.h %reldir%/web-internal.h \
	%reldir%/web.c %reldir%/web.h %reldir%/web_charts.c %reldir%/web_feed.c \
	%reldir%/web_index.c %reldir%/web_json.c %reldir%/web_report.c %reldir%/web_series.c \
	%reldir%/web_site.c %reldir%/web_subsystem.c
