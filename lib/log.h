/* log.h - diagnostics with fixed severities (doc/style.md R21). */
#ifndef LKB_LIB_LOG_H
#define LKB_LIB_LOG_H

#include "compiler.h"

enum log_level { LOG_LVL_QUIET, LOG_LVL_ERROR, LOG_LVL_WARN, LOG_LVL_INFO,
		 LOG_LVL_DEBUG, LOG_LVL__COUNT };

/* Set the verbosity (default LOG_LVL_WARN) and the program name. */
void log_set_level(enum log_level lvl);
enum log_level log_get_level(void);
void log_set_progname(const char *name);
/* Send diagnostics to syslog as well as stderr. */
void log_use_syslog(int on);

/* The text of the last error this thread logged (no prefix), or "" after
 * log_clear_last_error(): what went wrong, for a caller that records it.
 * Borrowed until the thread's next error. */
const char *log_last_error(void);
void log_clear_last_error(void);

/* Prints "lkpbot: error: ..." and returns -1. */
int lkb_error(const char *fmt, ...) LKB_PRINTF(1, 2);
/* Like lkb_error, with ": strerror(errno)" appended. */
int lkb_error_errno(const char *fmt, ...) LKB_PRINTF(1, 2);
void lkb_warn(const char *fmt, ...) LKB_PRINTF(1, 2);
void lkb_info(const char *fmt, ...) LKB_PRINTF(1, 2);
void lkb_debug(const char *fmt, ...) LKB_PRINTF(1, 2);
/* Only for bot/main.c and bot/cmd-*.c: print and exit(code). */
LKB_NORETURN void lkb_die(int code, const char *fmt, ...) LKB_PRINTF(2, 3);
LKB_NORETURN void lkb_bug(const char *file, int line, const char *msg);

#define LKB_BUG(msg) lkb_bug(__FILE__, __LINE__, (msg))

#endif
