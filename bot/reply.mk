# bot/reply.mk - PCRE2 wrapper, rules, report life cycle, `lkpbot rules`.
bot_libbot_a_SOURCES += \
	%reldir%/match.c %reldir%/match.h \
	%reldir%/rules.c %reldir%/rules.h %reldir%/rules-internal.h \
	%reldir%/rules_apply.c %reldir%/cmd-rules.c \
	%reldir%/lifecycle.c %reldir%/lifecycle.h
dist_pkgdata_DATA += rules/default.rules
dist_man_MANS += doc/lkpbot-rules.1 doc/lkpbot-rules.5
