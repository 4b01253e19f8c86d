# parsers/reply.mk - reply anatomy, #lkp commands, rules files.
parsers_libparsers_a_SOURCES += \
	%reldir%/reply.c %reldir%/reply.h %reldir%/reply-internal.h \
	%reldir%/reply_patch.c %reldir%/reply_scrape.c
parsers_libparsers_a_SOURCES += \
	%reldir%/lkp_command.c %reldir%/lkp_command.h \
	%reldir%/rules_file.c %reldir%/rules_file.h
