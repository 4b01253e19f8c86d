noinst_LIBRARIES += templates/libtemplates.a
templates_libtemplates_a_SOURCES =
include %reldir%/tpl.mk
