/* datadir.c - find the default rules and templates, installed or not. */
#include "config.h"
#include "bot/core/datadir.h"

#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/xalloc.h"

/* The source tree when this process is the build tree's binary: the same
 * file (device and inode) as LKB_BUILD_EXE. An installed copy is another
 * file, so it never reads a source tree by accident. NULL otherwise. */
static const char *
source_tree(void)
{
	const char *env = getenv("LKPBOT_DATADIR");
#if defined(LKB_BUILD_EXE) && defined(LKB_SRCDIR)
	struct stat self, built;
	char exe[PATH_MAX];
	ssize_t n;
#endif

	if (env && *env)
		return env;
#if defined(LKB_BUILD_EXE) && defined(LKB_SRCDIR)
	/* readlink, not stat, of /proc/self/exe: valgrind answers the
	 * former with its client's path, the latter with its own */
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		if (stat(exe, &self) == 0 && stat(LKB_BUILD_EXE, &built) == 0 &&
		    self.st_dev == built.st_dev && self.st_ino == built.st_ino)
			return LKB_SRCDIR;
	}
#endif
	return NULL;
}

char *
datadir_rules_file(void)
{
	const char *src = source_tree();

	return src ? xasprintf("%s/rules/default.rules", src)
		   : xstrdup(PKGDATADIR "/default.rules");
}

char *
datadir_templates_dir(void)
{
	const char *src = source_tree();

	return src ? xasprintf("%s/templates/mail", src)
		   : xstrdup(PKGDATADIR "/templates");
}
