/* datadir.c - find the default rules and templates, installed or not. */
#include "config.h"
#include "bot/core/datadir.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
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

/* $(pkgdatadir) seen from the directory of the running binary, when it
 * sits in a tree laid out as installed (a DESTDIR, a moved prefix):
 * "BIN/../share/lkpbot" for bindir PREFIX/bin and pkgdatadir
 * PREFIX/share/lkpbot. NULL when that directory does not exist. */
static char *
installed_tree(void)
{
#ifdef LKB_BINDIR
	const char *bin = LKB_BINDIR, *data = PKGDATADIR;
	char exe[PATH_MAX], *slash, *out;
	struct stat sb;
	size_t common = 0, up = 0, i;
	ssize_t n;

	/* the longest common leading directory of bindir and pkgdatadir */
	for (i = 0; bin[i] && bin[i] == data[i]; i++)
		if (bin[i] == '/')
			common = i;
	if (!bin[i] && data[i] == '/')
		common = i;
	for (const char *p = bin + common; *p; p++)
		up += *p == '/';
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return NULL;
	*slash = '\0';
	out = xstrdup(exe);
	while (up--) {
		slash = strrchr(out, '/');
		if (!slash) {
			free(out);
			return NULL;
		}
		*slash = '\0';
	}
	slash = xasprintf("%s%s", out, data + common);
	free(out);
	if (stat(slash, &sb) == 0 && S_ISDIR(sb.st_mode))
		return slash;
	free(slash);
#endif
	return NULL;
}

/* tail under the source tree, else under the installed tree beside the
 * binary, else under the configured $(pkgdatadir). */
static char *
data_path(const char *src_tail, const char *tail)
{
	const char *src = source_tree();
	char *inst, *p;

	if (src)
		return xasprintf("%s/%s", src, src_tail);
	inst = installed_tree();
	p = xasprintf("%s/%s", inst ? inst : PKGDATADIR, tail);
	free(inst);
	return p;
}

char *
datadir_rules_file(void)
{
	return data_path("rules/default.rules", "default.rules");
}

char *
datadir_act_model_file(void)
{
	return data_path("rules/acts.model", "acts.model");
}

char *
datadir_templates_dir(void)
{
	return data_path("templates/mail", "templates");
}
