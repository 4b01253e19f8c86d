# tests/tpl.mk - templates, outgoing mail, outbox, SMTP.
check_PROGRAMS += tests/unit/test-tpl
tests_unit_test_tpl_SOURCES = %reldir%/unit/test_tpl.c
tests_unit_test_tpl_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_tpl_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-tpl

check_PROGRAMS += tests/unit/test-escape
tests_unit_test_escape_SOURCES = %reldir%/unit/test_escape.c
tests_unit_test_escape_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_escape_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-escape

check_PROGRAMS += tests/unit/test-compose
tests_unit_test_compose_SOURCES = %reldir%/unit/test_compose.c
tests_unit_test_compose_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_compose_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-compose

check_PROGRAMS += tests/unit/test-outbox
tests_unit_test_outbox_SOURCES = %reldir%/unit/test_outbox.c
tests_unit_test_outbox_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_outbox_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-outbox

check_PROGRAMS += tests/unit/test-loop
tests_unit_test_loop_SOURCES = %reldir%/unit/test_loop.c
tests_unit_test_loop_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_loop_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-loop

# Test tool for the SMTP integration tests (built by make check).
check_PROGRAMS += tests/tools/outbox-enqueue
tests_tools_outbox_enqueue_SOURCES = %reldir%/tools/outbox-enqueue.c
tests_tools_outbox_enqueue_CFLAGS = $(LKB_TEST_CFLAGS)
tests_tools_outbox_enqueue_LDADD = $(LKB_TEST_LDADD)
check_PROGRAMS += tests/unit/test-answer-cc
tests_unit_test_answer_cc_SOURCES = %reldir%/unit/test_answer_cc.c
tests_unit_test_answer_cc_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_answer_cc_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-answer-cc
