dist_man_MANS += %reldir%/lkpbot.1 %reldir%/lkpbot.conf.5 \
	%reldir%/lkpbot-db.1 %reldir%/lkpbot-help.1 %reldir%/lkpbot-import.1 \
	%reldir%/lkpbot-list.1 %reldir%/lkpbot-show.1 %reldir%/lkpbot-thread.1 \
	%reldir%/lkpbot-sync.1 %reldir%/lkpbot-run.1
