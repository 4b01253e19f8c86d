# bot/cmd/local.mk - the CLI: the command table and one file per command.
noinst_LIBRARIES += bot/cmd/libcmd.a
bot_cmd_libcmd_a_CFLAGS = $(LKB_BOT_CFLAGS)
bot_cmd_libcmd_a_SOURCES = \
	%reldir%/commands.c %reldir%/commands.h %reldir%/compare.c \
	%reldir%/db.c %reldir%/digest.c %reldir%/doctor.c %reldir%/doctor_dirs.c \
	%reldir%/doctor_dirs.h %reldir%/import.c \
	%reldir%/list.c %reldir%/list_reports.c %reldir%/list_reports.h \
	%reldir%/outbox.c %reldir%/parse.c %reldir%/render.c \
	%reldir%/request.c %reldir%/requests.c %reldir%/rules.c \
	%reldir%/run.c %reldir%/send.c %reldir%/series.c %reldir%/show.c \
	%reldir%/state.c %reldir%/sync.c %reldir%/triage.c \
	%reldir%/watch.c %reldir%/list_groups.c %reldir%/split.c \
	%reldir%/web.c %reldir%/review.c %reldir%/usage.c \
	%reldir%/usage.h
