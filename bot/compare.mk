# bot/compare.mk - fragment owned by one feature area; included from local.mk
# Comparisons from lkp result data (DESIGN.md section 4).
bot_libbot_a_SOURCES += \
	%reldir%/lkp_rules.c %reldir%/lkp_rules.h %reldir%/lkp_rules_data.c
bot_libbot_a_SOURCES += \
	%reldir%/lkp_matrix.c %reldir%/lkp_matrix.h \
	%reldir%/lkp_select.c %reldir%/lkp_select.h \
	%reldir%/lkp_stats.c %reldir%/lkp_stats.h
bot_libbot_a_SOURCES += %reldir%/lkp_format.c %reldir%/lkp_format.h
bot_libbot_a_SOURCES += \
	%reldir%/lkp_axes.c %reldir%/lkp_axes.h \
	%reldir%/lkp_results.c %reldir%/lkp_results_find.c \
	%reldir%/lkp_matrix_json.c \
	%reldir%/lkp_results.h %reldir%/lkp_results-internal.h
bot_libbot_a_SOURCES += \
	%reldir%/lkp_git.c %reldir%/lkp_git.h \
	%reldir%/lkp_series.c %reldir%/lkp_series.h
bot_libbot_a_SOURCES += %reldir%/lkp_compare.c %reldir%/lkp_compare.h
