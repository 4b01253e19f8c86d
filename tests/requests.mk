# Requests: compare, compare-series, retest (bot/requests/requests.h).
check_PROGRAMS += tests/unit/test-requests
tests_unit_test_requests_SOURCES = %reldir%/unit/test_requests.c
tests_unit_test_requests_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_requests_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-requests
