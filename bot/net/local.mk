# bot/net/local.mk - libcurl adapters: bytes in and out of IMAP and SMTP servers; no
# configuration lookups, no store.
noinst_LIBRARIES += bot/net/libnet.a
bot_net_libnet_a_CFLAGS = $(LKB_BOT_CFLAGS)
bot_net_libnet_a_SOURCES = \
	%reldir%/curl_common.c %reldir%/curl_common.h %reldir%/curl_imap.c \
	%reldir%/imap-internal.h %reldir%/imap.c %reldir%/imap.h \
	%reldir%/smtp.c %reldir%/smtp.h
