# tests/imap.mk - IMAP response parser, the libcurl adapters' decisions,
# sync integration tests, fuzz target.
check_PROGRAMS += tests/unit/test-imap-resp
tests_unit_test_imap_resp_SOURCES = %reldir%/unit/test_imap_resp.c
tests_unit_test_imap_resp_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_imap_resp_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-imap-resp



check_PROGRAMS += tests/unit/test-net
tests_unit_test_net_SOURCES = %reldir%/unit/test_net.c
tests_unit_test_net_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_net_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-net
