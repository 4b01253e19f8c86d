# doc/local.mk - every man page: one for each command, the config, the
# rules and templates formats.
dist_man_MANS += \
	%reldir%/lkpbot-close.1 %reldir%/lkpbot-compare.1 \
	%reldir%/lkpbot-db.1 %reldir%/lkpbot-digest.1 %reldir%/lkpbot-doctor.1 \
	%reldir%/lkpbot-dup.1 %reldir%/lkpbot-fix-of.1 \
	%reldir%/lkpbot-fixed-by.1 %reldir%/lkpbot-help.1 \
	%reldir%/lkpbot-import.1 %reldir%/lkpbot-invalid.1 \
	%reldir%/lkpbot-list.1 %reldir%/lkpbot-outbox.1 \
	%reldir%/lkpbot-parse.1 %reldir%/lkpbot-render.1 \
	%reldir%/lkpbot-reopen.1 %reldir%/lkpbot-reparse.1 \
	%reldir%/lkpbot-request.1 %reldir%/lkpbot-requests.1 \
	%reldir%/lkpbot-review.1 \
	%reldir%/lkpbot-rules.1 %reldir%/lkpbot-rules.5 \
	%reldir%/lkpbot-run.1 %reldir%/lkpbot-send.1 \
	%reldir%/lkpbot-series.1 %reldir%/lkpbot-show.1 \
	%reldir%/lkpbot-split.1 \
	%reldir%/lkpbot-sync.1 %reldir%/lkpbot-templates.5 \
	%reldir%/lkpbot-thread.1 %reldir%/lkpbot-triage.1 \
	%reldir%/lkpbot-watch.1 \
	%reldir%/lkpbot-web.1 \
	%reldir%/lkpbot.1 %reldir%/lkpbot.conf.5
EXTRA_DIST += %reldir%/lkpbot-web.png
