# bot/compare/local.mk - the lkp-tests result engine: result trees, matrices, lkp
# statistics, the comparison table format, git series. No store, no mail.
noinst_LIBRARIES += bot/compare/libcompare.a
bot_compare_libcompare_a_CFLAGS = $(LKB_BOT_CFLAGS)
bot_compare_libcompare_a_SOURCES = \
	%reldir%/axes.c %reldir%/axes.h %reldir%/build_error.c \
	%reldir%/build_error.h %reldir%/compare.c \
	%reldir%/compare.h %reldir%/fix.c %reldir%/format.c \
	%reldir%/kpi.c %reldir%/kpi.h \
	%reldir%/format.h \
	%reldir%/git.c %reldir%/git.h %reldir%/matrix.c %reldir%/matrix.h \
	%reldir%/matrix_json.c %reldir%/results-internal.h \
	%reldir%/results.c %reldir%/results.h %reldir%/results_find.c \
	%reldir%/rubyfmt.c %reldir%/rubyfmt.h \
	%reldir%/select.c %reldir%/select.h %reldir%/series.c \
	%reldir%/spark.c %reldir%/spark.h \
	%reldir%/series.h %reldir%/stat_rules.c %reldir%/stat_rules.h \
	%reldir%/stat_rules_data.c %reldir%/stats.c %reldir%/stats.h
