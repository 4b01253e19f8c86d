# bot/smtp.mk - outgoing mail: libcurl SMTP, the outbox send stage, loop
# safety and the outbox/send/render commands.
bot_libbot_a_SOURCES += \
	%reldir%/net/curl_common.c %reldir%/net/curl_common.h \
	%reldir%/net/smtp.c %reldir%/net/smtp.h
bot_libbot_a_SOURCES += \
	%reldir%/loop.c %reldir%/loop.h \
	%reldir%/outbox.c %reldir%/outbox.h
bot_libbot_a_SOURCES += \
	%reldir%/cmd-outbox.c \
	%reldir%/cmd-render.c \
	%reldir%/cmd-send.c
