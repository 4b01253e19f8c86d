# bot/report/local.mk - a stored report: parsed from its kept mail, as JSON, as axes
# (testcase, parameters, machine), and its thread as a view.
noinst_LIBRARIES += bot/report/libreport.a
bot_report_libreport_a_CFLAGS = $(LKB_BOT_CFLAGS)
bot_report_libreport_a_SOURCES = \
	%reldir%/axes.c %reldir%/axes.h %reldir%/fields.c %reldir%/fields.h \
	%reldir%/json.c %reldir%/json.h \
	%reldir%/stored.c %reldir%/stored.h %reldir%/thread_view.c \
	%reldir%/thread_view.h %reldir%/group.c %reldir%/group.h \
	%reldir%/undone.c %reldir%/undone.h %reldir%/noise.c %reldir%/noise.h \
	%reldir%/bucket.c %reldir%/bucket.h
