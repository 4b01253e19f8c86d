# parsers/report.mk - the LKP report parser (doc/lkp-format.md 1-4, 7, 8).
parsers_libparsers_a_SOURCES += \
	%reldir%/lkp_text.c %reldir%/lkp_text.h \
	%reldir%/lkp_subject.c %reldir%/lkp_subject.h \
	%reldir%/lkp_table.c %reldir%/lkp_table_row.c %reldir%/lkp_table.h \
	%reldir%/lkp_body.c %reldir%/lkp_build.c \
	%reldir%/lkp_report.c %reldir%/lkp_report_text.c \
	%reldir%/lkp_report.h %reldir%/lkp_report-internal.h
