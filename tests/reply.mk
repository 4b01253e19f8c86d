# tests/reply.mk - reply anatomy, #lkp commands, rules, life cycle.
check_PROGRAMS += tests/unit/test-reply
tests_unit_test_reply_SOURCES = %reldir%/unit/test_reply.c
tests_unit_test_reply_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_reply_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-reply
