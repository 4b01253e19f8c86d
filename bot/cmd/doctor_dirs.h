/* doctor_dirs.h - for `lkpbot doctor`: may the user lkpbot runs as write
 * in a directory, and does its systemd unit let it?
 *
 * The kernel answers, ACLs included: access(2) as that user (doctor
 * itself when it runs as the user, else a child of doctor run as root
 * that takes the user's uid, gid and groups); only for another user
 * without root is it mode and owner logic on stat(2) results, and an
 * ACL there is named, not weighed. The unit's ProtectSystem=,
 * ProtectHome=, ReadWritePaths=, StateDirectory= and PrivateTmp= say
 * where its service may write, its UMask= who may read what it makes. */
#ifndef LKB_BOT_CMD_DOCTOR_DIRS_H
#define LKB_BOT_CMD_DOCTOR_DIRS_H

#include <stddef.h>
#include <sys/types.h>

#include "lib/compiler.h"

#define DOCTOR_MAX_GROUPS 64

struct doctor_user {
	char name[64];
	uid_t uid;
	gid_t gid;
	gid_t groups[DOCTOR_MAX_GROUPS];
	int ngroups;
};

/* The user name (NULL: the one running doctor: its effective ids and
 * groups). LKB_ERR_CONFIG, logged, for a name the system does not
 * know. */
int doctor_user_lookup(const char *name, struct doctor_user *u)
	LKB_WARN_UNUSED;

/* How lkpbot makes a directory it writes in. */
enum doctor_mk {
	DOCTOR_MK_NONE,		/* it must exist */
	DOCTOR_MK_ONE,		/* mkdir dir: its parent must exist */
	DOCTOR_MK_PARENTS,	/* mkdir -p */
};

/* NULL when u may create files in dir (after making it as mk says);
 * else what stops it, naming the directory, its mode and owner (free
 * with free()). */
char *doctor_dir_problem(const struct doctor_user *u, const char *dir,
			 enum doctor_mk mk);

/* NULL when path does not exist or u may read and write it; else what
 * stops it (free with free()): a database or lock file another user
 * made, say root running lkpbot by hand once. */
char *doctor_file_problem(const struct doctor_user *u, const char *path);

struct doctor_unit {
	char *path;		/* the unit file read */
	char *user;		/* User=, or NULL */
	char **ro, **rw;	/* read-only and writable path prefixes */
	size_t nro, nrw;
	char *why_ro;		/* "ProtectSystem=strict", for messages */
	int private_tmp;	/* PrivateTmp=yes: /tmp, /var/tmp are its own */
	unsigned umask;		/* UMask=, else systemd's 0022 */
};

/* Read a unit: unit is its file when it holds a '/', else its name
 * ("lkpbot.service"; ".service" added to a name without a suffix), found
 * as systemd finds it: the first file of that name in the unit search
 * path ($SYSTEMD_UNIT_PATH, else /etc/systemd/system,
 * /run/systemd/system, /usr/local/lib/systemd/system,
 * /lib/systemd/system, /usr/lib/systemd/system). Then its drop-ins, in
 * file name order: NAME.d/ of each directory of the search path, then
 * FILE.d/, *.conf, a name in a more binding directory hiding the same
 * name in a later one. LKB_ERR_CONFIG, logged, when the unit cannot be found
 * or read, or is masked. Release with doctor_unit_free(). */
int doctor_unit_read(const char *unit, struct doctor_unit *un)
	LKB_WARN_UNUSED;
void doctor_unit_free(struct doctor_unit *un);

/* NULL when the unit lets its service write in dir; else what stops
 * it and the drop-in that fixes it (free with free()). */
char *doctor_unit_problem(const struct doctor_unit *un, const char *dir);

#endif
