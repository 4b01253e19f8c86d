# bot/requests/local.mk - comparison, whole-series and test-patch requests:
# plans, patches applied in worktrees, job files for missing results, their
# answers; the requests stage.
noinst_LIBRARIES += bot/requests/librequests.a
bot_requests_librequests_a_CFLAGS = $(LKB_BOT_CFLAGS)
bot_requests_librequests_a_SOURCES = \
	%reldir%/requests-internal.h %reldir%/requests.c \
	%reldir%/requests.h %reldir%/requests_build.c \
	%reldir%/requests_fetch.c %reldir%/requests_jobs.c \
	%reldir%/requests_mail.c %reldir%/requests_patch.c \
	%reldir%/requests_plan.c
