/* tpl_set.c - find templates by name in a directory list, with a cache. */
#include "config.h"
#include "templates/tpl_set.h"

#include <stdlib.h>
#include <string.h>

#include "lib/ascii.h"
#include "lib/status.h"
#include "lib/xalloc.h"
#include "templates/tpl_parse.h"

#define TPL_NAME_MAX 64

struct tpl_set_entry {
	char *name;
	struct tpl *t;
};

struct tpl_set {
	char **dirs;
	size_t ndirs;
	struct tpl_set_entry *cache;
	size_t ncache, alloc;
};

struct tpl_set *
tpl_set_new(const char *const *dirs, size_t ndirs)
{
	struct tpl_set *set = xcalloc(1, sizeof(*set));

	set->dirs = xreallocarray(NULL, ndirs ? ndirs : 1, sizeof(char *));
	for (size_t i = 0; i < ndirs; i++)
		if (dirs[i] && *dirs[i])
			set->dirs[set->ndirs++] = xstrdup(dirs[i]);
	return set;
}

void
tpl_set_free(struct tpl_set *set)
{
	if (!set)
		return;
	for (size_t i = 0; i < set->ndirs; i++)
		free(set->dirs[i]);
	for (size_t i = 0; i < set->ncache; i++) {
		free(set->cache[i].name);
		tpl_free(set->cache[i].t);
	}
	free(set->dirs);
	free(set->cache);
	free(set);
}

int
tpl_set_name_ok(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || n > TPL_NAME_MAX)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!LKB_ISALNUM(name[i]) && name[i] != '_' && name[i] != '-')
			return 0;
	return 1;
}

int
tpl_set_get(struct tpl_set *set, const char *name, const struct tpl **tpl_out,
	    struct strbuf *err)
{
	struct tpl *t = NULL;
	char *path;
	int rc = LKB_ERR_NOT_FOUND;

	*tpl_out = NULL;
	if (!tpl_set_name_ok(name))
		return tpl_error(err, name, 0, "bad template name (allowed: "
				 "letters, digits, '_' and '-')");
	for (size_t i = 0; i < set->ncache; i++) {
		if (!strcmp(set->cache[i].name, name)) {
			*tpl_out = set->cache[i].t;
			return LKB_OK;
		}
	}
	for (size_t i = 0; i < set->ndirs && rc == LKB_ERR_NOT_FOUND; i++) {
		path = xasprintf("%s/%s.tmpl", set->dirs[i], name);
		rc = tpl_load_file(path, &t, err);
		free(path);
	}
	if (rc == LKB_ERR_NOT_FOUND) {
		tpl_error(err, name, 0, "no template '%s.tmpl' in %s%s", name,
			  set->ndirs ? set->dirs[0] : "(no directory)",
			  set->ndirs > 1 ? " or the other template "
					   "directories" : "");
		return rc;
	}
	if (rc != LKB_OK)
		return rc;
	ALLOC_GROW(set->cache, set->ncache + 1, set->alloc);
	set->cache[set->ncache].name = xstrdup(name);
	set->cache[set->ncache].t = t;
	set->ncache++;
	*tpl_out = t;
	return LKB_OK;
}
