/* status.h - the project-wide status codes (doc/style.md R19). */
#ifndef LKB_LIB_STATUS_H
#define LKB_LIB_STATUS_H

enum lkb_status {
	LKB_OK = 0,
	LKB_ERR = -1,
	LKB_ERR_NOMEM = -2,
	LKB_ERR_IO = -3,
	LKB_ERR_PARSE = -4,
	LKB_ERR_TOO_BIG = -5,
	LKB_ERR_PROTO = -6,
	LKB_ERR_TLS = -7,
	LKB_ERR_AUTH = -8,
	LKB_ERR_DB = -9,
	LKB_ERR_DB_BUSY = -10,
	LKB_ERR_SCHEMA_TOO_NEW = -11,
	LKB_ERR_TEMPLATE = -12,
	LKB_ERR_USAGE = -13,
	LKB_ERR_CONFIG = -14,
	LKB_ERR_NET = -15,
	LKB_ERR_NOT_FOUND = -16,
	LKB_ERR__LAST = -17
};

/* Returns a static string naming rc; never NULL. */
const char *lkb_status_str(int rc);

#endif
