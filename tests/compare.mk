# tests/compare.mk - fragment owned by one feature area; included from local.mk
# Comparisons from lkp result data: one Check program per module.
check_PROGRAMS += tests/unit/test-lkp-format
tests_unit_test_lkp_format_SOURCES = %reldir%/unit/test_lkp_format.c
tests_unit_test_lkp_format_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_lkp_format_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-lkp-format
