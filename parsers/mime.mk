# parsers/mime.mk - fragment owned by one feature area; included from local.mk
parsers_libparsers_a_SOURCES += \
	%reldir%/message.c %reldir%/message.h \
	%reldir%/header.c %reldir%/header.h \
	%reldir%/address.c %reldir%/address.h \
	%reldir%/msgid.c %reldir%/msgid.h \
	%reldir%/date.c %reldir%/date.h \
	%reldir%/charset.c %reldir%/charset.h \
	%reldir%/mime.c %reldir%/message-internal.h \
	%reldir%/mime_plain.c %reldir%/mime_plain.h \
	%reldir%/mime_scan.c %reldir%/mime_scan.h \
	%reldir%/mime_transfer.c %reldir%/mime_transfer.h \
	%reldir%/mime_text.c %reldir%/mime_text.h
if ENABLE_FUZZING
# coverage for libFuzzer in the code the message target exercises
parsers_libparsers_a_CFLAGS += -fsanitize=fuzzer-no-link
endif
