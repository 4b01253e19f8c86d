# tests/report.mk - LKP report parser: unit, golden and fuzz tests.
LKB_LKP_INPUT = %reldir%/unit/test_lkp_input.c %reldir%/unit/test_lkp_input.h

check_PROGRAMS += tests/tools/dump-report
tests_tools_dump_report_SOURCES = %reldir%/tools/dump-report.c $(LKB_LKP_INPUT)
tests_tools_dump_report_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS)
tests_tools_dump_report_LDADD = $(LKB_LIBS) $(LKB_EXT_LIBS)

check_PROGRAMS += tests/unit/test-lkp-facts
tests_unit_test_lkp_facts_SOURCES = %reldir%/unit/test_lkp_facts.c $(LKB_LKP_INPUT)
tests_unit_test_lkp_facts_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_lkp_facts_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-lkp-facts

TESTS += tests/golden/run-report.sh
