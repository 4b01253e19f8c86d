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
