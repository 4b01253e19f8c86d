# Requests (compare, compare-series, retest) and their commands.
bot_libbot_a_SOURCES += \
	%reldir%/report_axes.c %reldir%/report_axes.h \
	%reldir%/requests.c %reldir%/requests.h %reldir%/requests-internal.h \
	%reldir%/requests_plan.c %reldir%/requests_mail.c \
	%reldir%/cmd-compare.c %reldir%/cmd-series.c \
	%reldir%/cmd-requests.c %reldir%/cmd-request.c
dist_man_MANS += doc/lkpbot-compare.1 doc/lkpbot-series.1 \
	doc/lkpbot-requests.1 doc/lkpbot-request.1
# lkp statistics (sqrt) now reach the binary
bot_lkpbot_LDADD += -lm
