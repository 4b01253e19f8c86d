/* settings.h - the configuration, read and validated once.
 *
 * One table (settings.c) names the keys of the core: their section,
 * name, type, default, range and the field of struct settings each
 * fills. A mail source (bot/ingest, sync_NAME.c) declares its own keys
 * as rows of the same type in its own file; the caller that loads the
 * configuration hands those rows over (settings_load_with()), their
 * values are kept in struct settings by row and the source reads them
 * with settings_value(). settings_load_with() walks both, checks each
 * value (syntax, range, vocabulary) in this one place and keeps it
 * typed; every stage and command reads struct settings, never the
 * file's raw strings. A bad value, an unknown section or an unknown key
 * is a configuration error naming the file, the line, the section and
 * the key (with the nearest known name), whatever the command. Whether
 * a key is required is decided where it is used ([smtp] url only
 * matters to a command that sends). Strings are borrowed from the
 * config. The rows (settings_key_at()) and lkpbot.conf(5) list the same
 * keys (tests/unit/test_config.c). */
#ifndef LKB_BOT_CORE_SETTINGS_H
#define LKB_BOT_CORE_SETTINGS_H

#include <stddef.h>

#include "lib/compiler.h"
#include "lib/limits.h"
#include "templates/compose.h"

struct config;
struct settings_key;

/* The i-th row of the keys declared outside settings.c (the mail
 * sources'), or NULL past the last: sync_source_key_at(). */
typedef const struct settings_key *(*settings_more_fn)(size_t i);

/* The value of a key declared outside settings.c, by its type: a
 * string (SETT_STR, borrowed from the config), a number (SETT_NUM),
 * yes/no or a choice's index (SETT_BOOL, SETT_CHOICE), a confidence
 * (SETT_CONF), a list (SETT_LIST, SETT_ADDRS: n items, borrowed). */
union settings_value {
	const char *str;
	long num;
	int flag;
	double conf;
	struct {
		const char *const *items;
		size_t n;
	} list;
};

enum smtp_tls_setting { SET_TLS_DEFAULT, SET_TLS_NO, SET_TLS_TRY, SET_TLS_YES };
enum verify_setting { SET_VERIFY_NONE, SET_VERIFY_DKIM };

struct settings {
	const struct config *cfg;	/* where the strings live */
	struct {
		const char *url, *from, *user, *password_file, *password_env;
		const char *password_command, *oauth2_token_command;
		const char *cafile, *envelope_from, *dry_run_dir;
		enum smtp_tls_setting starttls;
		int insecure;
		long timeout;		/* seconds, > 0, default 300 */
		/* seconds after which a row held in `sending` (uncertain or
		 * interrupted) goes again; 0 (default): only with --force */
		long resend_uncertain_after;
		long deadline;		/* seconds per send stage, 1800 */
	} smtp;
	struct {
		const char *address;	/* [bot] address, else [smtp] from's */
		const char *maintainers[LKB_MAX_MAINTAINERS];
		size_t nmaintainers;
		/* the LKP team by address ("a@b" or "@domain"); default
		 * the robot's and the team's known addresses */
		const char *lkp_team[LKB_MAX_MAINTAINERS];
		size_t nlkp_team;
		/* bots whose word counts ("a@b" or "@domain"; a+tag@b
		 * matches a@b): patchwork-bot's "applied" closes a report */
		const char *bots[LKB_MAX_MAINTAINERS];
		size_t nbots;
		enum cc_policy cc_policy;
		long max_per_hour;	/* 0: no limit; default 60 */
		long max_per_thread;	/* 0: no limit; default 10 */
		long max_outsider_per_hour;	/* 0: no limit; default 10 */
		long max_per_sender;	/* outsider answers to one address
					 * an hour; 0: no limit; default 2 */
		long threads;		/* -1: one per CPU */
		long run_deadline;	/* seconds per `run`, default 3600 */
		const char *digest_to;
		/* who a mail that changes state must verify as: none, or
		 * its From: domain's DKIM signature; default none */
		enum verify_setting verify_senders;
		const char *dkim_key_file;	/* keys instead of DNS */
		char address_buf[256];
	} bot;
	struct {
		const char *root, *queue;
		long expire_days;	/* default 14 */
	} results;
	struct {
		/* quotas per asker and per report over 24 hours; 0: none */
		long per_asker, per_report;		/* default 10, 30 */
		/* lkp job files over 24 hours: per asker, per report and
		 * in all, each pool of askers (maintainers and the LKP
		 * team; everyone else) on its own; 0: none */
		long jobs_per_asker;	/* default 40 */
		long jobs_per_report;	/* default 60 */
		long jobs_per_day;	/* default 200 */
		/* ceilings over the last hour for everyone but the
		 * maintainers and the LKP team together, however many
		 * addresses they rotate over (issue 36 row 7); 0: none */
		long per_hour;		/* requests, default 20 */
		long jobs_per_hour;	/* lkp job files, default 40 */
		long deadline;		/* seconds per requests stage, 1800 */
		/* #lkp test: patches tested over 24 hours per asker and
		 * per report; 0: none */
		long patches_per_asker;	/* default 5 */
		long patches_per_report;	/* default 10 */
	} requests;
	struct {
		const char *repo;
		long timeout;	/* seconds per git command, default 120 */
		/* branches whose new commits may close reports (Closes:,
		 * Link:, Fixes:, reverts): [git] watch */
		const char *watch[LKB_MAX_GIT_WATCH];
		size_t nwatch;
		long window;	/* commits a first look reads, default 1000 */
		/* #lkp test: where the private worktrees go (NULL: the
		 * directory of the database, worktrees/), the largest
		 * patch taken (bytes, default 1 MiB) and the seconds each
		 * git command applying one may take (default 120) */
		const char *worktrees;
		long patch_max_bytes;
		long patch_timeout;
		/* #lkp test <git-url>: the URL schemes lkpbot fetches
		 * from, blank-separated (NULL: "https git"; "file" only
		 * for a local mirror or a test) */
		const char *fetch_schemes;
		long fetch_max_bytes;	/* #lkp test URL REF's pack */
	} git;
	struct {
		const char *dir;	/* [web] dir: `lkpbot run` writes the
					 * site there; NULL: it does not */
		const char *url;	/* [web] url: its public address */
		long stale_days;	/* no activity this long: stale (90) */
		long max_thread;	/* messages a report page shows (200) */
		const char *lore_url;	/* message links: lore's by default */
		const char *commit_url;	/* commit links: git.kernel.org's */
	} web;
	struct {
		/* events at least this sure change a report's state on
		 * their own; the rest wait in the review queue (0..1,
		 * default REPLY_CONF_HIGH): [triage] auto_confidence */
		double auto_confidence;
		/* an event that would close a report whose act the act
		 * model finds less probable than this is held to that
		 * probability (0..1, default 0.4): [triage] model_floor */
		double model_floor;
		/* the act model's own word (0..1; 1 never): its act
		 * replaces the rules' when at least this probable
		 * ([triage] model_take, default 1: never), and stands where
		 * the rules found none when at least model_fill (0.9) */
		double model_take, model_fill;
		/* and closes a report alone (fix-applied, dispute) only
		 * when at least model_close (default 1: never) */
		double model_close;
	} triage;
	struct {
		const char *rules_file;		/* [rules] file */
		const char *act_model;		/* [rules] act_model; "none" */
		const char *templates_dir;	/* [templates] dir */
		const char *db_path;		/* [db] path */
	} paths;

	/* the keys the mail sources declare, and their values by row;
	 * the items of their lists, each list's hi of them in turn */
	settings_more_fn more;
	size_t nmore;
	union settings_value more_val[LKB_MAX_SOURCE_KEYS];
	const char *more_items[LKB_MAX_SOURCE_ITEMS];

	/* what settings_load found wrong: how many problems, the first */
	int nproblems;
	char problem[512];
};

/* What a value is: a string (borrowed), a list of them (at most hi
 * items, more is an error), a list of addresses or @domains (more than
 * hi are cut with a warning; names holds the default), yes/no (int),
 * a whole number in lo..hi (long), one of names (its index, an int),
 * a confidence (double: high, medium, low or 0..1). */
enum settings_type {
	SETT_STR, SETT_LIST, SETT_ADDRS, SETT_BOOL, SETT_NUM, SETT_CHOICE,
	SETT_CONF, SETT__COUNT
};

/* What `lkpbot doctor` checks of a string key's value, when it is set:
 * a directory lkpbot writes in (made when missing: its parent must let
 * it; or one that must exist), or a url whose userinfo must not hold a
 * password (doctor never shows it and says where it belongs). */
enum settings_doctor {
	SETD_NONE, SETD_DIR_MAKE, SETD_DIR, SETD_URL, SETD__COUNT
};

/* One row of the table: one key of lkpbot.conf(5). A row declared
 * outside settings.c names section, key, type and what it needs of
 * def, lo, hi, limit, names, check and doctor; it has no off and no
 * count_off (its value is kept by row; a list's items too, at most
 * LKB_MAX_SOURCE_ITEMS in all the rows' hi). A row with section NULL
 * ends such a list of rows. */
struct settings_key {
	const char *section, *key;
	enum settings_type type;
	/* the default in the file's syntax; NULL: none (a string or list
	 * stays unset, a number or yes/no is -1, a choice is 0) */
	const char *def;
	long lo, hi;			/* a number's range, a list's size */
	const char *limit;		/* the lib/limits.h name of hi */
	const char *const *names;	/* a choice's words (NULL-ended; a
					 * NULL first: 0 is "unset"), the
					 * default addresses */
	size_t off;			/* the field in struct settings */
	size_t count_off;		/* a list's count (size_t) */
	/* checks and derives what the type cannot, once every key before
	 * it in the table is read; v is the value or NULL */
	void (*check)(struct settings *s, const struct settings_key *k,
		      const char *v);
	enum settings_doctor doctor;	/* what doctor checks of it */
};

/* The i-th key s knows: those s was loaded with (the mail sources'),
 * then the table's; NULL past the last. */
const struct settings_key *settings_key_at(const struct settings *s,
					   size_t i);

/* The value in s of the string key k (SETT_STR), borrowed from s's
 * config; NULL when unset. */
const char *settings_key_str(const struct settings *s,
			     const struct settings_key *k);

/* The value in s of k, a key declared outside settings.c that s was
 * loaded with (a bug otherwise); borrowed from s. */
const union settings_value *settings_value(const struct settings *s,
					   const struct settings_key *k);

/* Read and check every key of cfg into s: the rows more(0), more(1),
 * ... (more NULL: none), then the table's. LKB_OK, or LKB_ERR_CONFIG
 * after logging each problem (s->nproblems of them, the first in
 * s->problem; the values read are in s, the bad ones at their defaults:
 * enough for `doctor` to go on checking). */
int settings_load_with(struct settings *s, const struct config *cfg,
		       settings_more_fn more) LKB_WARN_UNUSED;

/* A problem with the value of k in s, for a row's check: logged with
 * the file, the line of k and the message, and counted (s->nproblems,
 * the first in s->problem). */
void settings_problem(struct settings *s, const struct settings_key *k,
		      const char *fmt, ...) LKB_PRINTF(3, 4);

/* settings_load_with() without keys from outside: a configuration with
 * a mail source's section is an error here. */
int settings_load(struct settings *s, const struct config *cfg)
	LKB_WARN_UNUSED;

#endif
