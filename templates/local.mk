noinst_LIBRARIES += templates/libtemplates.a
templates_libtemplates_a_SOURCES = %reldir%/placeholder.c
include %reldir%/tpl.mk
