/* placeholder.c - keeps libtemplates.a non-empty until templates land. */
#include "config.h"
int lkb_templates_placeholder_;
int lkb_templates_placeholder_ = 0;
