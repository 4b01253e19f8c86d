noinst_LIBRARIES += state/libstate.a
state_libstate_a_CFLAGS = $(AM_CFLAGS) $(SQLITE_CFLAGS)
state_libstate_a_SOURCES = \
	%reldir%/schema.c \
	%reldir%/store.c %reldir%/store.h %reldir%/store-internal.h \
	%reldir%/store_stmt.c %reldir%/store_txn.c \
	%reldir%/rawpack.c %reldir%/rawpack.h \
	%reldir%/store_message.c %reldir%/store_index.c \
	%reldir%/store_ckpt.c \
	%reldir%/store_outbox.c %reldir%/store_outbox.h \
	%reldir%/store_outbox_read.c \
	%reldir%/store_triage.c %reldir%/store_triage.h \
	%reldir%/store_triage_query.c %reldir%/schema_triage.h \
	%reldir%/store_cursor.c %reldir%/store_cursor.h
state_libstate_a_SOURCES += %reldir%/store_report.c %reldir%/store_report_query.c %reldir%/store_report.h
state_libstate_a_SOURCES += %reldir%/store_request.c %reldir%/store_request.h
state_libstate_a_SOURCES += %reldir%/store_git.c %reldir%/store_git.h \
	%reldir%/store_group.c %reldir%/store_group.h \
	%reldir%/store_evidence.c %reldir%/store_evidence.h \
	%reldir%/store_skip.c %reldir%/store_skip.h
