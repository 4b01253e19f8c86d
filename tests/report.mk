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

check_PROGRAMS += tests/unit/test-lkp-table
tests_unit_test_lkp_table_SOURCES = %reldir%/unit/test_lkp_table.c
tests_unit_test_lkp_table_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_lkp_table_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-lkp-table

check_PROGRAMS += tests/unit/test-lkp-subject
tests_unit_test_lkp_subject_SOURCES = %reldir%/unit/test_lkp_subject.c
tests_unit_test_lkp_subject_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_lkp_subject_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-lkp-subject

check_PROGRAMS += tests/unit/test-lkp-report
tests_unit_test_lkp_report_SOURCES = %reldir%/unit/test_lkp_report.c
tests_unit_test_lkp_report_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_lkp_report_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-lkp-report

check_PROGRAMS += tests/unit/test-lkp-json
tests_unit_test_lkp_json_SOURCES = %reldir%/unit/test_lkp_json.c $(LKB_LKP_INPUT)
tests_unit_test_lkp_json_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_lkp_json_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-lkp-json

check_PROGRAMS += tests/unit/test-lkp-store
tests_unit_test_lkp_store_SOURCES = %reldir%/unit/test_lkp_store.c $(LKB_LKP_INPUT)
tests_unit_test_lkp_store_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_lkp_store_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-lkp-store

EXTRA_DIST += %reldir%/tools/decode-mail.py

check_PROGRAMS += tests/unit/test-group
tests_unit_test_group_SOURCES = %reldir%/unit/test_group.c $(LKB_LKP_INPUT)
tests_unit_test_group_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_group_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-group

check_PROGRAMS += tests/unit/test-group-undone
tests_unit_test_group_undone_SOURCES = %reldir%/unit/test_group_undone.c
tests_unit_test_group_undone_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_group_undone_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-group-undone

check_PROGRAMS += tests/unit/test-report-noise
tests_unit_test_report_noise_SOURCES = %reldir%/unit/test_report_noise.c $(LKB_LKP_INPUT)
tests_unit_test_report_noise_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_report_noise_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-report-noise

check_PROGRAMS += tests/unit/test-bucket
tests_unit_test_bucket_SOURCES = %reldir%/unit/test_bucket.c
tests_unit_test_bucket_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_bucket_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-bucket
