/* log.c - stderr (and optional syslog) diagnostics. */
#include "config.h"
#include "log.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

static enum log_level level = LOG_LVL_WARN;
static const char *progname = "lkpbot";
static int to_syslog;
/* the last error on this thread, for callers that record why */
static _Thread_local char last_error[512];

void
log_set_level(enum log_level lvl)
{
	level = lvl;
}

enum log_level
log_get_level(void)
{
	return level;
}

void
log_set_progname(const char *name)
{
	progname = name;
}

void
log_use_syslog(int on)
{
	if (on && !to_syslog)
		openlog(progname, LOG_PID, LOG_MAIL);
	to_syslog = on;
}

const char *
log_last_error(void)
{
	return last_error;
}

void
log_clear_last_error(void)
{
	last_error[0] = '\0';
}

/* Append s to last_error at *n, cut to fit. */
static void
keep_add(size_t *n, const char *s)
{
	size_t k = strlen(s);

	if (k > sizeof(last_error) - 1 - *n)
		k = sizeof(last_error) - 1 - *n;
	memcpy(last_error + *n, s, k);
	*n += k;
	last_error[*n] = '\0';
}

static void
keep_error(const char *msg, const char *suffix)
{
	size_t n = 0;

	keep_add(&n, msg);
	if (suffix) {
		keep_add(&n, ": ");
		keep_add(&n, suffix);
	}
}

static void
vlog(enum log_level lvl, const char *prefix, const char *fmt, va_list ap,
     const char *suffix)
{
	static const int prio[LOG_LVL__COUNT] = { LOG_ERR, LOG_ERR,
		LOG_WARNING, LOG_INFO, LOG_DEBUG };
	char msg[4096];

	if (lvl > level && lvl != LOG_LVL_ERROR)
		return;	/* errors are never silenced */
	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (lvl == LOG_LVL_ERROR)
		keep_error(msg, suffix);
	fprintf(stderr, "%s: %s%s%s%s\n", progname, prefix, msg,
		suffix ? ": " : "", suffix ? suffix : "");
	if (to_syslog)
		syslog(prio[lvl], "%s%s%s%s", prefix, msg, suffix ? ": " : "",
		       suffix ? suffix : "");
}

int
lkb_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(LOG_LVL_ERROR, "error: ", fmt, ap, NULL);
	va_end(ap);
	return -1;
}

int
lkb_error_errno(const char *fmt, ...)
{
	int saved = errno;
	va_list ap;

	va_start(ap, fmt);
	vlog(LOG_LVL_ERROR, "error: ", fmt, ap, strerror(saved));
	va_end(ap);
	errno = saved;
	return -1;
}

void
lkb_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(LOG_LVL_WARN, "warning: ", fmt, ap, NULL);
	va_end(ap);
}

void
lkb_info(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(LOG_LVL_INFO, "", fmt, ap, NULL);
	va_end(ap);
}

void
lkb_debug(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(LOG_LVL_DEBUG, "debug: ", fmt, ap, NULL);
	va_end(ap);
}

void
lkb_die(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(LOG_LVL_ERROR, "fatal: ", fmt, ap, NULL);
	va_end(ap);
	exit(code);
}

void
lkb_bug(const char *file, int line, const char *msg)
{
	fprintf(stderr, "%s: BUG: %s:%d: %s\n", progname, file, line, msg);
	abort();
}
