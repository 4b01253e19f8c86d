# tests/report.mk - LKP report parser: unit, golden and fuzz tests.
check_PROGRAMS += tests/tools/dump-report
tests_tools_dump_report_SOURCES = %reldir%/tools/dump-report.c
tests_tools_dump_report_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS)
tests_tools_dump_report_LDADD = $(LKB_LIBS) $(LKB_EXT_LIBS)
