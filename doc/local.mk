dist_man_MANS += %reldir%/lkpbot.1 %reldir%/lkpbot.conf.5 \
	%reldir%/lkpbot-db.1 %reldir%/lkpbot-help.1 %reldir%/lkpbot-import.1
