# Tests: Check unit programs (TAP), golden and integration shell tests.
LOG_DRIVER = env AM_TAP_AWK='$(AWK)' $(SHELL) $(top_srcdir)/build-aux/tap-driver.sh
SH_LOG_DRIVER = $(LOG_DRIVER)
TEST_EXTENSIONS = .sh
AM_TESTS_ENVIRONMENT = \
	LKB_TEST_DATA='$(abs_top_srcdir)/tests/data'; export LKB_TEST_DATA; \
	LKB_SRCDIR='$(abs_top_srcdir)'; export LKB_SRCDIR; \
	LKB_BUILDDIR='$(abs_top_builddir)'; export LKB_BUILDDIR; \
	LKPBOT='$(abs_top_builddir)/bot/lkpbot'; export LKPBOT; \
	unset LKPBOT_DATADIR;

# Without Check, `make check` says what is missing instead of failing to
# compile (configure.ac: `make` never needs it).
if !HAVE_CHECK
check_SCRIPTS = lkb-need-check
lkb-need-check:
	@echo "make check: the unit tests need Check (libcheck >= 0.13); install it (Debian: apt-get install check, or scripts/deps.sh test) and run ./configure again" >&2; exit 1
endif

# Every unit program links the whole stack plus Check.
LKB_TEST_CFLAGS = $(AM_CFLAGS) -DLKB_UNIT_TEST $(CHECK_CFLAGS) \
	$(ETPAN_CFLAGS) $(SQLITE_CFLAGS) $(JANSSON_CFLAGS) $(CURL_CFLAGS) \
	$(PCRE2_CFLAGS)
LKB_TEST_LDADD = $(LKB_LIBS) $(LKB_EXT_LIBS) $(CHECK_LIBS)
check_LIBRARIES += tests/unit/libcheckmain.a
tests_unit_libcheckmain_a_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_libcheckmain_a_SOURCES = %reldir%/unit/check_main.c \
	%reldir%/unit/check_main.h %reldir%/unit/test_util.c
LKB_UNIT_LDADD = tests/unit/libcheckmain.a $(LKB_TEST_LDADD)

check_PROGRAMS += tests/unit/test-lib
tests_unit_test_lib_SOURCES = %reldir%/unit/test_lib.c
tests_unit_test_lib_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_lib_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-lib

check_PROGRAMS += tests/unit/test-config
tests_unit_test_config_SOURCES = %reldir%/unit/test_config.c
tests_unit_test_config_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_config_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-config

EXTRA_DIST += tests/data tests/tap.sh tests/msg_same.h
# Run by scripts/check.sh, not by make check; shipped all the same.
EXTRA_DIST += tests/setup

include %reldir%/mime.mk
include %reldir%/report.mk
include %reldir%/reply.mk
include %reldir%/imap.mk
include %reldir%/tpl.mk
include %reldir%/compare.mk
include %reldir%/web.mk
include %reldir%/fuzz.mk

check_PROGRAMS += tests/unit/test-store
tests_unit_test_store_SOURCES = %reldir%/unit/test_store.c
tests_unit_test_store_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_store_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-store

check_PROGRAMS += tests/unit/test-store-index
tests_unit_test_store_index_SOURCES = %reldir%/unit/test_store_index.c
tests_unit_test_store_index_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_store_index_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-store-index

include %reldir%/requests.mk

# Every shell test (tests/sh/tNNNN-*.sh) is listed there.
include %reldir%/sh/local.mk

check_PROGRAMS += tests/unit/test-ingest-pipe
tests_unit_test_ingest_pipe_SOURCES = %reldir%/unit/test_ingest_pipe.c
tests_unit_test_ingest_pipe_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_ingest_pipe_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-ingest-pipe

check_PROGRAMS += tests/unit/test-mailsource
# mailsource.c built again with LKB_UNIT_TEST: its mbox reader, static
# in lkpbot, takes the read size from the test (doc/style.md R6)
tests_unit_test_mailsource_SOURCES = %reldir%/unit/test_mailsource.c \
	bot/ingest/mailsource.c
tests_unit_test_mailsource_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_mailsource_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-mailsource

check_PROGRAMS += tests/unit/test-ingest
tests_unit_test_ingest_SOURCES = %reldir%/unit/test_ingest.c $(LKB_LKP_INPUT)
tests_unit_test_ingest_CFLAGS = $(LKB_TEST_CFLAGS)
tests_unit_test_ingest_LDADD = $(LKB_UNIT_LDADD)
TESTS += tests/unit/test-ingest
