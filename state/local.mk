noinst_LIBRARIES += state/libstate.a
state_libstate_a_CFLAGS = $(AM_CFLAGS) $(SQLITE_CFLAGS)
state_libstate_a_SOURCES = \
	%reldir%/schema.c \
	%reldir%/store.c %reldir%/store.h %reldir%/store-internal.h \
	%reldir%/store_message.c \
	%reldir%/store_cursor.c %reldir%/store_cursor.h
