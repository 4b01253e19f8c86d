/* ctx.c - default paths and status-to-exit mapping. */
#include "config.h"
#include "bot/core/ctx.h"

#include <stdlib.h>
#include <unistd.h>

#include "lib/status.h"
#include "lib/xalloc.h"

int
ctx_exit_code(int rc)
{
	switch (rc) {
	case LKB_OK:
		return EXIT_OK;
	case LKB_ERR_USAGE:
		return EXIT_USAGE;
	case LKB_ERR_SCHEMA_TOO_NEW:
		return EXIT_SCHEMA;
	case LKB_ERR_DB_BUSY:
	case LKB_ERR_NET:
		return EXIT_TEMPFAIL;
	case LKB_ERR_CONFIG:
	case LKB_ERR_AUTH:	/* login refused: a human must fix it */
	case LKB_ERR_TLS:	/* certificate refused, no STARTTLS */
		return EXIT_CONFIG;
	default:
		return EXIT_FAIL;
	}
}

static char *
xdg_path(const char *env, const char *fallback, const char *tail)
{
	const char *base = getenv(env);
	const char *home = getenv("HOME");

	if (base && *base == '/')
		return xasprintf("%s/%s", base, tail);
	return xasprintf("%s/%s/%s", home && *home ? home : ".", fallback,
			 tail);
}

char *
ctx_default_db_path(void)
{
	const char *e = getenv("LKPBOT_DB");

	if (e && *e)
		return xstrdup(e);
	return xdg_path("XDG_DATA_HOME", ".local/share", "lkpbot/lkpbot.db");
}

char *
ctx_default_config_path(void)
{
	char *p = xdg_path("XDG_CONFIG_HOME", ".config", "lkpbot/config");

	if (access(p, F_OK) == 0)
		return p;
	free(p);
	if (access(SYSCONFDIR "/lkpbot.conf", F_OK) == 0)
		return xstrdup(SYSCONFDIR "/lkpbot.conf");
	if (access("/etc/lkpbot.conf", F_OK) == 0)
		return xstrdup("/etc/lkpbot.conf");
	return NULL;
}
