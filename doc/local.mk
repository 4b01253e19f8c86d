# doc/local.mk - every man page: one for each command (the twins of #lkp
# verbs share lkpbot-state.1), the config, the rules and templates formats.
dist_man_MANS += \
	%reldir%/lkpbot-compare.1 \
	%reldir%/lkpbot-db.1 %reldir%/lkpbot-digest.1 %reldir%/lkpbot-doctor.1 \
	%reldir%/lkpbot-help.1 \
	%reldir%/lkpbot-import.1 \
	%reldir%/lkpbot-list.1 %reldir%/lkpbot-outbox.1 \
	%reldir%/lkpbot-parse.1 %reldir%/lkpbot-render.1 \
	%reldir%/lkpbot-reparse.1 \
	%reldir%/lkpbot-request.1 %reldir%/lkpbot-requests.1 \
	%reldir%/lkpbot-review.1 \
	%reldir%/lkpbot-rules.1 %reldir%/lkpbot-rules.5 \
	%reldir%/lkpbot-run.1 %reldir%/lkpbot-send.1 \
	%reldir%/lkpbot-series.1 %reldir%/lkpbot-show.1 \
	%reldir%/lkpbot-split.1 %reldir%/lkpbot-state.1 \
	%reldir%/lkpbot-sync.1 %reldir%/lkpbot-templates.5 \
	%reldir%/lkpbot-thread.1 %reldir%/lkpbot-triage.1 \
	%reldir%/lkpbot-watch.1 \
	%reldir%/lkpbot-web.1 \
	%reldir%/lkpbot.1 %reldir%/lkpbot.conf.5
EXTRA_DIST += %reldir%/lkpbot-web.png

# `man lkpbot-close` and the other twins' names find lkpbot-state(1): a
# .so page each, named by the twins the built program's help lists (each
# one's summary ends "(#lkp VERB)"), so a new twin needs no line here.
lkb_twins = $(top_builddir)/bot/lkpbot help | \
	sed -n 's/^   \([a-z-]*\) .*\#lkp [a-z-]*)$$/\1/p'
install-data-local:
	$(MKDIR_P) '$(DESTDIR)$(man1dir)'
	for c in `$(lkb_twins)`; do \
		echo '.so man1/lkpbot-state.1' \
			>'$(DESTDIR)$(man1dir)'/lkpbot-$$c.1 || exit 1; \
	done
uninstall-local:
	for c in `$(lkb_twins)`; do \
		rm -f '$(DESTDIR)$(man1dir)'/lkpbot-$$c.1; \
	done
