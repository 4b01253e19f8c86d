# tests/mime.mk - fragment owned by one feature area; included from local.mk
# Parsed-mail dump for the golden tests (STYLE R37).
check_PROGRAMS += tests/tools/dump-message
tests_tools_dump_message_SOURCES = %reldir%/tools/dump-message.c
tests_tools_dump_message_CFLAGS = $(AM_CFLAGS)
tests_tools_dump_message_LDADD = $(LKB_LIBS) $(LKB_EXT_LIBS)
