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
# .so page each, named by the `.cli` rows of the verb table in the source
# (not by running the built program, so a cross build installs them too);
# a new twin needs no line here. t0010-help checks this list against the
# twins `lkpbot help` shows.
lkb_twins = sed -n 's/^[[:space:]]*\.cli = { "\([a-z-]*\)".*/\1/p' \
	$(top_srcdir)/parsers/lkp_command.c
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
