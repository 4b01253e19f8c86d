dist_man_MANS += %reldir%/lkpbot.1 %reldir%/lkpbot.conf.5
