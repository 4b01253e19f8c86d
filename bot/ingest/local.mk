# bot/ingest/local.mk - mail in: the sources (IMAP, Maildir, mbox/file/stdin), parse,
# classify, store; the sync stage.
noinst_LIBRARIES += bot/ingest/libingest.a
bot_ingest_libingest_a_CFLAGS = $(LKB_BOT_CFLAGS)
bot_ingest_libingest_a_SOURCES = \
	%reldir%/classify.c %reldir%/classify.h %reldir%/ingest.c \
	%reldir%/ingest.h %reldir%/ingest_pipe.c %reldir%/ingest_pipe.h \
	%reldir%/mailsource-internal.h %reldir%/mailsource.c \
	%reldir%/mailsource.h %reldir%/quoted.c %reldir%/quoted.h \
	%reldir%/sync.c %reldir%/sync.h %reldir%/sync_imap.c \
	%reldir%/sync_imap.h %reldir%/sync_maildir.c
