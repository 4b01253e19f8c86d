# tests/compare.mk - fragment owned by one feature area; included from local.mk
# Comparisons from lkp result data: one Check program per module.
check_PROGRAMS += tests/unit/test-lkp-format
tests_unit_test_lkp_format_SOURCES = %reldir%/unit/test_lkp_format.c
tests_unit_test_lkp_format_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_lkp_format_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-lkp-format
check_PROGRAMS += tests/unit/test-lkp-stats
tests_unit_test_lkp_stats_SOURCES = %reldir%/unit/test_lkp_stats.c
tests_unit_test_lkp_stats_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_lkp_stats_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-lkp-stats
# The command-line driver (tests and bench/compare-bench.sh use it).
check_PROGRAMS += tests/tools/lkp-compare
tests_tools_lkp_compare_SOURCES = %reldir%/tools/lkp-compare.c
tests_tools_lkp_compare_CFLAGS = $(LKB_TEST_CFLAGS)
tests_tools_lkp_compare_LDADD = $(LKB_TEST_LDADD)
EXTRA_DIST += tests/tools/gen-results.py tests/tools/make-series-repo.sh \
	tests/tools/story004-on-series.sh \
	tests/tools/gen-hostile.py tests/tools/make-story-mails.py \
	tests/tools/fake-imap.py tests/tools/fake-smtp.py tests/tools/gen-chain.py
check_PROGRAMS += tests/unit/test-lkp-results
tests_unit_test_lkp_results_SOURCES = %reldir%/unit/test_lkp_results.c
tests_unit_test_lkp_results_CFLAGS = $(LKB_TEST_CFLAGS) $(ZLIB_CFLAGS)
tests_unit_test_lkp_results_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-lkp-results
check_PROGRAMS += tests/unit/test-lkp-series
tests_unit_test_lkp_series_SOURCES = %reldir%/unit/test_lkp_series.c
tests_unit_test_lkp_series_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_lkp_series_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-lkp-series
# Ruby's float text (bot/compare/rubyfmt.c) against Ruby: rubyfmt-check.sh.
check_PROGRAMS += tests/tools/rubyfmt-check
tests_tools_rubyfmt_check_SOURCES = %reldir%/tools/rubyfmt-check.c
tests_tools_rubyfmt_check_CFLAGS = $(LKB_TEST_CFLAGS)
tests_tools_rubyfmt_check_LDADD = $(LKB_TEST_LDADD)
EXTRA_DIST += tests/tools/rubyfmt-check.sh tests/tools/lkp-regen-goldens.sh
