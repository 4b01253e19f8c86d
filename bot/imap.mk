# bot/imap.mk - IMAP/Maildir sync, `lkpbot sync` and `lkpbot run`.
bot_libbot_a_SOURCES += \
	%reldir%/net/imap.c %reldir%/net/imap.h \
	%reldir%/net/curl_imap.c %reldir%/net/imap-internal.h \
	%reldir%/sync.c %reldir%/sync.h %reldir%/sync-internal.h \
	%reldir%/sync_imap.c \
	%reldir%/maildir_source.c %reldir%/maildir_source.h \
	%reldir%/lock.c %reldir%/lock.h \
	%reldir%/run.h \
	%reldir%/cmd-sync.c %reldir%/cmd-run.c
# Stand-in for bot/ingest.c until the merge; the lead drops this line.
LKB_INGEST_STUB = %reldir%/ingest-stub.c
bot_libbot_a_SOURCES += $(LKB_INGEST_STUB)
