# bot/requests/local.mk - comparison and whole-series requests: plans, job files for
# missing results, their answers; the requests stage.
noinst_LIBRARIES += bot/requests/librequests.a
bot_requests_librequests_a_CFLAGS = $(LKB_BOT_CFLAGS)
bot_requests_librequests_a_SOURCES = \
	%reldir%/requests-internal.h %reldir%/requests.c \
	%reldir%/requests.h %reldir%/requests_jobs.c \
	%reldir%/requests_mail.c %reldir%/requests_plan.c
