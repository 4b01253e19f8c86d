# bot/compare.mk - fragment owned by one feature area; included from local.mk
# Comparisons from lkp result data (DESIGN.md section 4).
bot_libbot_a_SOURCES += \
	%reldir%/lkp_rules.c %reldir%/lkp_rules.h %reldir%/lkp_rules_data.c
bot_libbot_a_SOURCES += \
	%reldir%/lkp_matrix.c %reldir%/lkp_matrix.h \
	%reldir%/lkp_select.c %reldir%/lkp_select.h \
	%reldir%/lkp_stats.c %reldir%/lkp_stats.h
bot_libbot_a_SOURCES += %reldir%/lkp_format.c %reldir%/lkp_format.h
