# tests/reply.mk - reply anatomy, #lkp commands, rules, life cycle.
check_PROGRAMS += tests/unit/test-reply
tests_unit_test_reply_SOURCES = %reldir%/unit/test_reply.c
tests_unit_test_reply_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_reply_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-reply

check_PROGRAMS += tests/unit/test-lkp-command
tests_unit_test_lkp_command_SOURCES = %reldir%/unit/test_lkp_command.c
tests_unit_test_lkp_command_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_lkp_command_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-lkp-command

check_PROGRAMS += tests/unit/test-rules
tests_unit_test_rules_SOURCES = %reldir%/unit/test_rules.c
tests_unit_test_rules_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_rules_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-rules

check_PROGRAMS += tests/unit/test-rules-default
tests_unit_test_rules_default_SOURCES = %reldir%/unit/test_rules_default.c
tests_unit_test_rules_default_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_rules_default_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-rules-default

check_PROGRAMS += tests/unit/test-actmodel
tests_unit_test_actmodel_SOURCES = %reldir%/unit/test_actmodel.c
tests_unit_test_actmodel_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_actmodel_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-actmodel

check_PROGRAMS += tests/unit/test-lifecycle
tests_unit_test_lifecycle_SOURCES = %reldir%/unit/test_lifecycle.c
tests_unit_test_lifecycle_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_lifecycle_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-lifecycle

check_PROGRAMS += tests/unit/test-verify
tests_unit_test_verify_SOURCES = %reldir%/unit/test_verify.c
tests_unit_test_verify_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_verify_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-verify

check_PROGRAMS += tests/unit/test-gitwatch-trailers
tests_unit_test_gitwatch_trailers_SOURCES = %reldir%/unit/test_gitwatch_trailers.c
tests_unit_test_gitwatch_trailers_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_gitwatch_trailers_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-gitwatch-trailers

check_PROGRAMS += tests/unit/test-evidence
tests_unit_test_evidence_SOURCES = %reldir%/unit/test_evidence.c
tests_unit_test_evidence_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_evidence_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-evidence
