# tests/fuzz.mk - every fuzz target (doc/style.md R39) in one place.
#
# Each tests/fuzz/fuzz_<target>.c exposes LLVMFuzzerTestOneInput. With
# --enable-fuzzing (CC=clang) they link against libFuzzer; otherwise
# against tests/fuzz/replay.c, which feeds each seed file through once,
# so `make check` builds and runs every harness
# (tests/sh/t0820-fuzz-replay.sh). bench/fuzz.sh runs them for real.
LKB_FUZZ_TARGETS = message report reply imap-resp template config rules \
	address date header git-trailers

if ENABLE_FUZZING
LKB_FUZZ_CFLAGS = $(AM_CFLAGS) -fsanitize=fuzzer-no-link
LKB_FUZZ_LINKFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
LKB_FUZZ_DRIVER =
AM_TESTS_ENVIRONMENT += LKB_FUZZING=1; export LKB_FUZZING;
else
LKB_FUZZ_CFLAGS = $(AM_CFLAGS)
LKB_FUZZ_LINKFLAGS = $(AM_LDFLAGS)
check_LIBRARIES += tests/fuzz/libreplay.a
tests_fuzz_libreplay_a_SOURCES = %reldir%/fuzz/replay.c
tests_fuzz_libreplay_a_CFLAGS = $(AM_CFLAGS)
LKB_FUZZ_DRIVER = tests/fuzz/libreplay.a
endif
LKB_FUZZ_LDADD = $(LKB_FUZZ_DRIVER) $(LKB_LIBS) $(LKB_EXT_LIBS)

check_PROGRAMS += tests/fuzz/fuzz-message
tests_fuzz_fuzz_message_SOURCES = %reldir%/fuzz/fuzz_message.c
tests_fuzz_fuzz_message_CFLAGS = $(LKB_FUZZ_CFLAGS)
tests_fuzz_fuzz_message_LDFLAGS = $(LKB_FUZZ_LINKFLAGS)
tests_fuzz_fuzz_message_LDADD = $(LKB_FUZZ_LDADD)

check_PROGRAMS += tests/fuzz/fuzz-report
tests_fuzz_fuzz_report_SOURCES = %reldir%/fuzz/fuzz_report.c
tests_fuzz_fuzz_report_CFLAGS = $(LKB_FUZZ_CFLAGS) $(JANSSON_CFLAGS)
tests_fuzz_fuzz_report_LDFLAGS = $(LKB_FUZZ_LINKFLAGS)
tests_fuzz_fuzz_report_LDADD = $(LKB_FUZZ_LDADD)

check_PROGRAMS += tests/fuzz/fuzz-reply
tests_fuzz_fuzz_reply_SOURCES = %reldir%/fuzz/fuzz_reply.c
tests_fuzz_fuzz_reply_CFLAGS = $(LKB_FUZZ_CFLAGS)
tests_fuzz_fuzz_reply_LDFLAGS = $(LKB_FUZZ_LINKFLAGS)
tests_fuzz_fuzz_reply_LDADD = $(LKB_FUZZ_LDADD)

check_PROGRAMS += tests/fuzz/fuzz-imap-resp
tests_fuzz_fuzz_imap_resp_SOURCES = %reldir%/fuzz/fuzz_imap_resp.c
tests_fuzz_fuzz_imap_resp_CFLAGS = $(LKB_FUZZ_CFLAGS)
tests_fuzz_fuzz_imap_resp_LDFLAGS = $(LKB_FUZZ_LINKFLAGS)
tests_fuzz_fuzz_imap_resp_LDADD = $(LKB_FUZZ_LDADD)

check_PROGRAMS += tests/fuzz/fuzz-template
tests_fuzz_fuzz_template_SOURCES = %reldir%/fuzz/fuzz_template.c
tests_fuzz_fuzz_template_CFLAGS = $(LKB_FUZZ_CFLAGS)
tests_fuzz_fuzz_template_LDFLAGS = $(LKB_FUZZ_LINKFLAGS)
tests_fuzz_fuzz_template_LDADD = $(LKB_FUZZ_LDADD)

check_PROGRAMS += tests/fuzz/fuzz-config
tests_fuzz_fuzz_config_SOURCES = %reldir%/fuzz/fuzz_config.c
tests_fuzz_fuzz_config_CFLAGS = $(LKB_FUZZ_CFLAGS)
tests_fuzz_fuzz_config_LDFLAGS = $(LKB_FUZZ_LINKFLAGS)
tests_fuzz_fuzz_config_LDADD = $(LKB_FUZZ_LDADD)

check_PROGRAMS += tests/fuzz/fuzz-rules
tests_fuzz_fuzz_rules_SOURCES = %reldir%/fuzz/fuzz_rules.c
tests_fuzz_fuzz_rules_CFLAGS = $(LKB_FUZZ_CFLAGS) $(PCRE2_CFLAGS)
tests_fuzz_fuzz_rules_LDFLAGS = $(LKB_FUZZ_LINKFLAGS)
tests_fuzz_fuzz_rules_LDADD = $(LKB_FUZZ_LDADD)

check_PROGRAMS += tests/fuzz/fuzz-address
tests_fuzz_fuzz_address_SOURCES = %reldir%/fuzz/fuzz_address.c
tests_fuzz_fuzz_address_CFLAGS = $(LKB_FUZZ_CFLAGS)
tests_fuzz_fuzz_address_LDFLAGS = $(LKB_FUZZ_LINKFLAGS)
tests_fuzz_fuzz_address_LDADD = $(LKB_FUZZ_LDADD)

check_PROGRAMS += tests/fuzz/fuzz-git-trailers
tests_fuzz_fuzz_git_trailers_SOURCES = %reldir%/fuzz/fuzz_git_trailers.c
tests_fuzz_fuzz_git_trailers_CFLAGS = $(LKB_FUZZ_CFLAGS)
tests_fuzz_fuzz_git_trailers_LDFLAGS = $(LKB_FUZZ_LINKFLAGS)
tests_fuzz_fuzz_git_trailers_LDADD = $(LKB_FUZZ_LDADD)

check_PROGRAMS += tests/fuzz/fuzz-date
tests_fuzz_fuzz_date_SOURCES = %reldir%/fuzz/fuzz_date.c
tests_fuzz_fuzz_date_CFLAGS = $(LKB_FUZZ_CFLAGS)
tests_fuzz_fuzz_date_LDFLAGS = $(LKB_FUZZ_LINKFLAGS)
tests_fuzz_fuzz_date_LDADD = $(LKB_FUZZ_LDADD)

check_PROGRAMS += tests/fuzz/fuzz-header
tests_fuzz_fuzz_header_SOURCES = %reldir%/fuzz/fuzz_header.c
tests_fuzz_fuzz_header_CFLAGS = $(LKB_FUZZ_CFLAGS)
tests_fuzz_fuzz_header_LDFLAGS = $(LKB_FUZZ_LINKFLAGS)
tests_fuzz_fuzz_header_LDADD = $(LKB_FUZZ_LDADD)

# tests/sh/t0820-fuzz-replay.sh replays each target's seeds and
# regression inputs.
EXTRA_DIST += %reldir%/fuzz
