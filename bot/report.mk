# bot/report.mk - LKP report JSON (show --json / parse --json contract).
bot_libbot_a_SOURCES += %reldir%/report_json.c %reldir%/report_json.h \
	%reldir%/report_json_compact.c
