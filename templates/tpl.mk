# templates/tpl.mk - the template language, outgoing mail composition.
templates_libtemplates_a_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS)
templates_libtemplates_a_SOURCES += \
	%reldir%/tvalue.c %reldir%/tvalue.h \
	%reldir%/tvalue_json.c %reldir%/tvalue_json.h \
	%reldir%/tpl_parse.c %reldir%/tpl_parse.h \
	%reldir%/tpl_set.c %reldir%/tpl_set.h \
	%reldir%/render.c %reldir%/render.h \
	%reldir%/escape.c %reldir%/escape.h \
	%reldir%/compose.c %reldir%/compose.h

# Installed templates: $(pkgdatadir)/templates/NAME.tmpl
lkbtpldir = $(pkgdatadir)/templates
dist_lkbtpl_DATA = \
	%reldir%/mail/_footer.tmpl \
	%reldir%/mail/_quote.tmpl \
	%reldir%/mail/ack.tmpl \
	%reldir%/mail/error.tmpl \
	%reldir%/mail/refusal.tmpl \
	%reldir%/mail/help.tmpl \
	%reldir%/mail/status.tmpl \
	%reldir%/mail/compare-report.tmpl \
	%reldir%/mail/series-report.tmpl \
	%reldir%/mail/queued.tmpl \
	%reldir%/mail/expired.tmpl \
	%reldir%/mail/build-failed.tmpl \
	%reldir%/mail/digest.tmpl

