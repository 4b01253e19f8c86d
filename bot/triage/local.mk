# bot/triage/local.mk - replies to reports: reply rules, #lkp commands, the report life
# cycle; the triage stage.
noinst_LIBRARIES += bot/triage/libtriage.a
bot_triage_libtriage_a_CFLAGS = $(LKB_BOT_CFLAGS)
bot_triage_libtriage_a_SOURCES = \
	%reldir%/lifecycle.c %reldir%/lifecycle.h %reldir%/match.c \
	%reldir%/match.h %reldir%/prefilter.c %reldir%/prefilter.h \
	%reldir%/rules-internal.h %reldir%/rules.c \
	%reldir%/rules.h %reldir%/rules_apply.c %reldir%/triage-internal.h \
	%reldir%/triage.c %reldir%/triage.h %reldir%/triage_apply.c \
	%reldir%/asker.c %reldir%/command.c %reldir%/decide.c \
	%reldir%/prepare.c %reldir%/triage_pool.c %reldir%/verify.c \
	%reldir%/verify.h %reldir%/gitwatch.c %reldir%/gitwatch.h \
	%reldir%/actmodel.c %reldir%/actmodel.h %reldir%/review.c \
	%reldir%/evidence.c %reldir%/evidence_apply.c
dist_pkgdata_DATA += rules/default.rules rules/acts.model
