# tests/mime.mk - fragment owned by one feature area; included from local.mk
# Parsed-mail dump for the golden tests (doc/style.md R37).
check_PROGRAMS += tests/tools/dump-message
tests_tools_dump_message_SOURCES = %reldir%/tools/dump-message.c
tests_tools_dump_message_CFLAGS = $(AM_CFLAGS)
tests_tools_dump_message_LDADD = $(LKB_LIBS) $(LKB_EXT_LIBS)

check_PROGRAMS += tests/unit/test-date
tests_unit_test_date_SOURCES = %reldir%/unit/test_date.c
tests_unit_test_date_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_date_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-date

check_PROGRAMS += tests/unit/test-header
tests_unit_test_header_SOURCES = %reldir%/unit/test_header.c
tests_unit_test_header_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_header_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-header

check_PROGRAMS += tests/unit/test-address
tests_unit_test_address_SOURCES = %reldir%/unit/test_address.c
tests_unit_test_address_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_address_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-address

check_PROGRAMS += tests/unit/test-message
tests_unit_test_message_SOURCES = %reldir%/unit/test_message.c
tests_unit_test_message_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_message_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-message

