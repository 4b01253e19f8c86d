# tests/web.mk - fragment owned by one feature area; included from local.mk
# The web site's building blocks (bot/web, bot/compare/spark.c).
check_PROGRAMS += tests/unit/test-web
tests_unit_test_web_SOURCES = %reldir%/unit/test_web.c
tests_unit_test_web_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_web_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-web
