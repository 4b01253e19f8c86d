/* tpl_set.h - templates found by name in a list of directories.
 *
 * Template NAME is the file NAME.tmpl in the first directory that has it
 * (so a configured `[templates] dir` overrides single files of the
 * installed set). Parsed templates are cached for the set's lifetime.
 */
#ifndef LKB_TEMPLATES_TPL_SET_H
#define LKB_TEMPLATES_TPL_SET_H

#include <stddef.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"

struct tpl;
struct tpl_set;

/* The directories are copied; NULL or empty entries are skipped.
 * Caller frees with tpl_set_free(). */
struct tpl_set *tpl_set_new(const char *const *dirs, size_t ndirs);
/* NULL is a no-op. */
void tpl_set_free(struct tpl_set *set);

/* 1 if NAME is a valid template name: [A-Za-z0-9_-]+, at most 64 bytes. */
int tpl_set_name_ok(const char *name);

/* Find, load and parse NAME. *tpl_out is borrowed from set (valid until
 * tpl_set_free). LKB_ERR_NOT_FOUND (with err set) when no directory has
 * it, LKB_ERR_TEMPLATE for a bad name or a parse error. */
int tpl_set_get(struct tpl_set *set, const char *name,
		const struct tpl **tpl_out, struct strbuf *err) LKB_WARN_UNUSED;

#endif
