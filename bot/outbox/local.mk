# bot/outbox/local.mk - everything about a mail lkpbot sends: template data, recipients,
# threading, loop and rate safety, the send stage.
noinst_LIBRARIES += bot/outbox/liboutbox.a
bot_outbox_liboutbox_a_CFLAGS = $(LKB_BOT_CFLAGS)
bot_outbox_liboutbox_a_SOURCES = \
	%reldir%/address.c %reldir%/address.h %reldir%/answer.c \
	%reldir%/answer.h %reldir%/loop.c %reldir%/loop.h \
	%reldir%/outbox.c %reldir%/outbox.h %reldir%/transport.c \
	%reldir%/transport.h
