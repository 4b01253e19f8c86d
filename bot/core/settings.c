/* settings.c - the core's configuration keys in one table; with the
 * rows the mail sources declare, every key read and checked in one
 * place. */
#include "config.h"
#include "bot/core/settings.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "lib/ascii.h"
#include "lib/compiler.h"
#include "lib/log.h"
#include "lib/status.h"
#include "parsers/conf.h"
#include "parsers/reply.h"

/* Note a problem: logged, counted, the first kept for `doctor`. line
 * (0: none known) goes after the file's name. */
LKB_PRINTF(3, 0)
static void
vproblem(struct settings *s, int line, const char *fmt, va_list ap)
{
	const char *path = config_path(s->cfg) ? config_path(s->cfg)
					       : "config";
	char what[400];

	vsnprintf(what, sizeof(what), fmt, ap);
	if (line > 0)
		lkb_error("%s:%d: %s", path, line, what);
	else
		lkb_error("%s: %s", path, what);
	if (!s->nproblems++)
		snprintf(s->problem, sizeof(s->problem), "%s", log_last_error());
}

LKB_PRINTF(3, 4)
static void
problem(struct settings *s, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vproblem(s, line, fmt, ap);
	va_end(ap);
}

void
settings_problem(struct settings *s, const struct settings_key *k,
		 const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vproblem(s, config_line(s->cfg, k->section, k->key), fmt, ap);
	va_end(ap);
}

/* A problem with the value v of key k. */
#define BAD(s, k, ...) settings_problem((s), (k), __VA_ARGS__)

/* The address of "Name <addr>" or of a bare address, into buf. */
static const char *
address_of(const char *from, char *buf, size_t n)
{
	const char *lt = strrchr(from, '<'), *gt, *a = from;
	size_t len;

	if (lt && (gt = strchr(lt, '>')) != NULL) {
		a = lt + 1;
		len = (size_t)(gt - a);
	} else {
		while (LKB_ISSPACE(*a))
			a++;
		len = strlen(a);
		while (len && LKB_ISSPACE(a[len - 1]))
			len--;
	}
	if (len >= n)
		len = n - 1;
	memcpy(buf, a, len);
	buf[len] = '\0';
	return buf;
}

static void
check_smtp_url(struct settings *s, const struct settings_key *k,
	       const char *v)
{
	if (v && strncmp(v, "smtp://", 7) && strncmp(v, "smtps://", 8))
		BAD(s, k, "[smtp] url = '%s': expected smtp://host[:port] or "
		    "smtps://host[:port]", v);
}

/* [bot] address, else the address of [smtp] from. */
static void
check_address(struct settings *s, const struct settings_key *k,
	      const char *v)
{
	const char *from = s->smtp.from;

	(void)k;
	if ((!v || !*v) && from && *from)
		s->bot.address = address_of(from, s->bot.address_buf,
					    sizeof(s->bot.address_buf));
	else if (v && !*v)
		s->bot.address = NULL;
}

static void
check_nonempty(struct settings *s, const struct settings_key *k,
	       const char *v)
{
	if (v && !*v)
		BAD(s, k, "[%s] %s is empty: name a file, or remove the line",
		    k->section, k->key);
}

/* A branch name git may be handed: no option, no pathspec magic. */
static int
branch_ok(const char *b)
{
	if (!*b || *b == '-')
		return 0;
	for (; *b; b++)
		if (!LKB_ISALNUM(*b) && !strchr("._/-+@", *b))
			return 0;
	return 1;
}

static void
check_watch(struct settings *s, const struct settings_key *k, const char *v)
{
	for (size_t i = 0; i < s->git.nwatch; i++)
		if (!branch_ok(s->git.watch[i]))
			BAD(s, k, "[git] watch: '%s' is not a branch name",
			    s->git.watch[i]);
	if (v && s->git.nwatch && !s->git.repo)
		BAD(s, k, "[git] watch needs [git] repo");
}

/* The LKP team when [bot] lkp_team is not set: the robot's address and
 * the team members' known addresses; never a whole domain. */
static const char *const lkp_team_default[] = {
	"lkp@intel.com", "oliver.sang@intel.com", "yujie.liu@intel.com",
	"philip.li@intel.com", "feng.tang@intel.com", "rong.a.chen@intel.com",
	"fengwei.yin@intel.com", "yu.c.chen@intel.com", "carel.si@intel.com",
	"beibei.si@intel.com",	/* Carel Si's address in the list archives */
	NULL,
};

/* The bots when [bot] bots is not set: kernel.org's patchwork-bot
 * (patchwork-bot+<project>@kernel.org) and regzbot. */
static const char *const bots_default[] = {
	"patchwork-bot@kernel.org", "regzbot@leemhuis.info", NULL,
};

static const char *const cc_names[] = { "thread", "asker", NULL };
static const char *const tls_names[] = { NULL, "no", "try", "yes", NULL };
static const char *const verify_names[] = { "none", "dkim", NULL };

/* The field f of struct settings, checked to be of type T at compile
 * time (a bit-field of negative width otherwise). */
#define F(f, T) (offsetof(struct settings, f) + 0 * sizeof(struct {	\
	int t : __builtin_types_compatible_p(				\
		__typeof__(((struct settings *)0)->f), T) ? 1 : -1; }))
/* A choice's field: an enum (of int's size). */
#define FE(f) (offsetof(struct settings, f) + 0 * sizeof(struct {	\
	int t : sizeof(((struct settings *)0)->f) == sizeof(int) ? 1 : -1; }))
/* A list's array and count. */
#define FL(f, n) F(f[0], const char *), F(n, size_t)

#define SETD(sec, key, f, d) { sec, key, SETT_STR, NULL, 0, 0, NULL, NULL, \
			   F(f, const char *), 0, NULL, d }
#define STR(sec, key, f) SETD(sec, key, f, SETD_NONE)
#define NUM(sec, key, f, def, lo, hi) { sec, key, SETT_NUM, def, lo, hi, \
			   NULL, NULL, F(f, long), 0, NULL, SETD_NONE }
#define BOOL(sec, key, f, def) { sec, key, SETT_BOOL, def, 0, 0, NULL, \
			   NULL, F(f, int), 0, NULL, SETD_NONE }

/* Every key, in the order it is read: a check may use the keys above
 * it. lkpbot.conf(5) documents each (tests/unit/test_config.c). */
static const struct settings_key keys[] = {
	{ "smtp", "url", SETT_STR, NULL, 0, 0, NULL, NULL,
	  F(smtp.url, const char *), 0, check_smtp_url, SETD_URL },
	STR("smtp", "from", smtp.from),
	STR("smtp", "user", smtp.user),
	STR("smtp", "password_file", smtp.password_file),
	STR("smtp", "password_env", smtp.password_env),
	STR("smtp", "password_command", smtp.password_command),
	STR("smtp", "oauth2_token_command", smtp.oauth2_token_command),
	STR("smtp", "cafile", smtp.cafile),
	STR("smtp", "envelope_from", smtp.envelope_from),
	SETD("smtp", "dry_run_dir", smtp.dry_run_dir, SETD_DIR),
	{ "smtp", "starttls", SETT_CHOICE, NULL, 0, 0, NULL, tls_names,
	  FE(smtp.starttls), 0, NULL, SETD_NONE },
	BOOL("smtp", "insecure", smtp.insecure, "no"),
	NUM("smtp", "timeout", smtp.timeout, "300", 1, 86400),
	NUM("smtp", "resend_uncertain_after", smtp.resend_uncertain_after,
	    "0", 0, 365L * 86400),
	NUM("smtp", "deadline", smtp.deadline, "1800", 1, 86400),
	{ "bot", "address", SETT_STR, NULL, 0, 0, NULL, NULL,
	  F(bot.address, const char *), 0, check_address, SETD_NONE },
	{ "bot", "maintainers", SETT_ADDRS, NULL, 0, LKB_MAX_MAINTAINERS,
	  "LKB_MAX_MAINTAINERS", NULL,
	  FL(bot.maintainers, bot.nmaintainers), NULL, SETD_NONE },
	{ "bot", "lkp_team", SETT_ADDRS, NULL, 0, LKB_MAX_MAINTAINERS,
	  "LKB_MAX_MAINTAINERS", lkp_team_default,
	  FL(bot.lkp_team, bot.nlkp_team), NULL, SETD_NONE },
	{ "bot", "bots", SETT_ADDRS, NULL, 0, LKB_MAX_MAINTAINERS,
	  "LKB_MAX_MAINTAINERS", bots_default, FL(bot.bots, bot.nbots),
	  NULL, SETD_NONE },
	{ "bot", "cc_policy", SETT_CHOICE, "thread", 0, 0, NULL, cc_names,
	  FE(bot.cc_policy), 0, NULL, SETD_NONE },
	NUM("bot", "max_per_hour", bot.max_per_hour, "60", 0, 1000000),
	NUM("bot", "max_per_thread", bot.max_per_thread, "10", 0, 1000000),
	NUM("bot", "max_outsider_per_hour", bot.max_outsider_per_hour, "10",
	    0, 1000000),
	NUM("bot", "max_per_sender", bot.max_per_sender, "2", 0, 1000000),
	NUM("bot", "run_deadline", bot.run_deadline, "3600", 1, 7 * 86400L),
	NUM("bot", "threads", bot.threads, NULL, 0, 256),
	STR("bot", "digest_to", bot.digest_to),
	{ "bot", "verify_senders", SETT_CHOICE, "dkim", 0, 0, NULL,
	  verify_names, FE(bot.verify_senders), 0, NULL, SETD_NONE },
	{ "bot", "dkim_key_file", SETT_STR, NULL, 0, 0, NULL, NULL,
	  F(bot.dkim_key_file, const char *), 0, check_nonempty, SETD_NONE },
	STR("results", "root", results.root),
	SETD("results", "queue", results.queue, SETD_DIR_MAKE),
	NUM("results", "expire_days", results.expire_days, "14", 0, 36500),
	NUM("requests", "per_asker", requests.per_asker, "10", 0, 1000000),
	NUM("requests", "per_report", requests.per_report, "30", 0, 1000000),
	NUM("requests", "jobs_per_asker", requests.jobs_per_asker, "40", 0,
	    1000000),
	NUM("requests", "jobs_per_report", requests.jobs_per_report, "60", 0,
	    1000000),
	NUM("requests", "jobs_per_day", requests.jobs_per_day, "200", 0,
	    1000000),
	NUM("requests", "per_hour", requests.per_hour, "20", 0, 1000000),
	NUM("requests", "jobs_per_hour", requests.jobs_per_hour, "40", 0,
	    1000000),
	NUM("requests", "deadline", requests.deadline, "1800", 1, 86400),
	NUM("requests", "patches_per_asker", requests.patches_per_asker, "5",
	    0, 1000000),
	NUM("requests", "patches_per_report", requests.patches_per_report,
	    "10", 0, 1000000),
	STR("git", "repo", git.repo),
	NUM("git", "timeout", git.timeout, LKB_TEXT(LKB_MAX_GIT_SECONDS), 1,
	    86400),
	{ "git", "watch", SETT_LIST, NULL, 0, LKB_MAX_GIT_WATCH,
	  "LKB_MAX_GIT_WATCH", NULL, FL(git.watch, git.nwatch),
	  check_watch, SETD_NONE },
	{ "git", "window", SETT_NUM, "1000", 1, LKB_MAX_GIT_WATCH_COMMITS,
	  "LKB_MAX_GIT_WATCH_COMMITS", NULL, F(git.window, long), 0, NULL, SETD_NONE },
	SETD("git", "worktrees", git.worktrees, SETD_DIR_MAKE),
	{ "git", "patch_max_bytes", SETT_NUM, "1048576", 1,
	  LKB_MAX_MESSAGE_BYTES, "LKB_MAX_MESSAGE_BYTES", NULL,
	  F(git.patch_max_bytes, long), 0, NULL, SETD_NONE },
	NUM("git", "patch_timeout", git.patch_timeout, "120", 1, 86400),
	STR("git", "fetch_schemes", git.fetch_schemes),
	NUM("git", "fetch_max_bytes", git.fetch_max_bytes, "1073741824", 1024,
	    (long)1 << 40),
	SETD("web", "dir", web.dir, SETD_DIR_MAKE),
	STR("web", "url", web.url),
	NUM("web", "stale_days", web.stale_days, "90", 1, 36500),
	NUM("web", "max_thread", web.max_thread, "200", 1, 100000),
	STR("web", "lore_url", web.lore_url),
	STR("web", "commit_url", web.commit_url),
	{ "triage", "auto_confidence", SETT_CONF, "high", 0, 0, NULL, NULL,
	  F(triage.auto_confidence, double), 0, NULL, SETD_NONE },
	{ "triage", "model_floor", SETT_CONF, "0.4", 0, 0, NULL, NULL,
	  F(triage.model_floor, double), 0, NULL, SETD_NONE },
	{ "triage", "model_take", SETT_CONF, "1", 0, 0, NULL, NULL,
	  F(triage.model_take, double), 0, NULL, SETD_NONE },
	{ "triage", "model_fill", SETT_CONF, "0.9", 0, 0, NULL, NULL,
	  F(triage.model_fill, double), 0, NULL, SETD_NONE },
	{ "triage", "model_close", SETT_CONF, "1", 0, 0, NULL, NULL,
	  F(triage.model_close, double), 0, NULL, SETD_NONE },
	STR("rules", "file", paths.rules_file),
	STR("rules", "act_model", paths.act_model),
	STR("templates", "dir", paths.templates_dir),
	STR("db", "path", paths.db_path),
};

const struct settings_key *
settings_key_at(const struct settings *s, size_t i)
{
	if (i < s->nmore)
		return s->more(i);
	i -= s->nmore;
	return i < LKB_ARRAY_SIZE(keys) ? &keys[i] : NULL;
}

/* Where the value of the i-th key of s lives (a list's: its items). */
static void *
field_at(struct settings *s, size_t i)
{
	union settings_value *u;

	if (i >= s->nmore)
		return (char *)s + keys[i - s->nmore].off;
	u = &s->more_val[i];
	switch (s->more(i)->type) {
	case SETT_STR:
		return &u->str;
	case SETT_NUM:
		return &u->num;
	case SETT_CONF:
		return &u->conf;
	case SETT_LIST:
	case SETT_ADDRS:
		return (void *)u->list.items;
	default:
		return &u->flag;
	}
}

/* Where the count of the i-th key of s, a list, lives. */
static size_t *
count_at(struct settings *s, size_t i)
{
	if (i >= s->nmore)
		return (size_t *)((char *)s + keys[i - s->nmore].count_off);
	return &s->more_val[i].list.n;
}

/* The index of row k among the keys of s. */
static size_t
key_index(const struct settings *s, const struct settings_key *k)
{
	const struct settings_key *r;

	for (size_t i = 0; (r = settings_key_at(s, i)) != NULL; i++)
		if (r == k)
			return i;
	LKB_BUG("a key the settings were not loaded with");
}

const char *
settings_key_str(const struct settings *s, const struct settings_key *k)
{
	if (k->type != SETT_STR)
		LKB_BUG("settings_key_str of a key that is no string");
	return *(const char *const *)field_at((struct settings *)s,
					      key_index(s, k));
}

const union settings_value *
settings_value(const struct settings *s, const struct settings_key *k)
{
	size_t i = key_index(s, k);

	if (i >= s->nmore)
		LKB_BUG("settings_value of a key of the table");
	return &s->more_val[i];
}

/* "a, b or c" of a choice's words, into buf. */
static const char *
choices_text(const char *const *names, char *buf, size_t n)
{
	size_t len = 0, k = 0, total = 0;

	for (size_t i = 0; names[i] || !i; i++)
		total += names[i] != NULL;
	buf[0] = '\0';
	for (size_t i = 0; names[i] || !i; i++) {
		if (!names[i])
			continue;
		k++;
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0,
					"%s%s", k == 1 ? "" : k == total
					? " or " : ", ", names[i]);
	}
	return buf;
}

/* Read a number, a yes/no, a choice or a confidence from text t (the
 * value, else the default; NULL: neither) into the field. */
static void
read_scalar(struct settings *s, const struct settings_key *k,
	    const char *t, void *field)
{
	char words[128];
	long n = -1;
	int c = -1;

	switch (k->type) {
	case SETT_NUM:
		if (t && (config_parse_long(t, &n) < 0 || n < k->lo ||
			  n > k->hi))
			BAD(s, k, "[%s] %s = '%s': expected a whole number "
			    "from %ld to %ld%s%s%s", k->section, k->key, t,
			    k->lo, k->hi, k->limit ? " (" : "",
			    k->limit ? k->limit : "", k->limit ? ")" : "");
		else
			*(long *)field = n;
		break;
	case SETT_BOOL:
		if (t && (c = config_parse_bool(t)) < 0)
			BAD(s, k, "[%s] %s = '%s': expected yes or no",
			    k->section, k->key, t);
		else
			*(int *)field = c;
		break;
	case SETT_CHOICE:
		for (c = 0; t && (k->names[c] || !c); c++)
			if (k->names[c] && !strcmp(t, k->names[c]))
				break;
		if (t && !k->names[c])
			BAD(s, k, "[%s] %s = '%s': expected %s", k->section,
			    k->key, t, choices_text(k->names, words,
						    sizeof(words)));
		else
			*(int *)field = t ? c : 0;
		break;
	default:
		if (reply_confidence_parse(t, strlen(t), (double *)field))
			BAD(s, k, "[%s] %s = '%s': expected high, medium, low "
			    "or a number from 0 to 1", k->section, k->key, t);
		break;
	}
}

/* A list: at most k->hi items; more is an error (for addresses too:
 * dropping the last would take away what they may do, unseen). */
static void
read_list(struct settings *s, const struct settings_key *k, const char *v,
	  const char **items, size_t *count)
{
	size_t n = 0;

	if (!v) {
		for (; k->names && k->names[n] && n < (size_t)k->hi; n++)
			items[n] = k->names[n];
		*count = n;
		return;
	}
	n = config_get_list((struct config *)s->cfg, k->section, k->key,
			    items, (size_t)k->hi);
	if (n > (size_t)k->hi)
		BAD(s, k, "[%s] %s: more than %ld entries (%s)", k->section,
		    k->key, k->hi, k->limit);
	*count = n > (size_t)k->hi ? (size_t)k->hi : n;
}

/* Read the i-th key of s, k. */
static void
read_key(struct settings *s, size_t i, const struct settings_key *k)
{
	const char *v = config_get(s->cfg, k->section, k->key);
	const char *t = v && *v ? v : k->def;
	void *field = field_at(s, i);

	switch (k->type) {
	case SETT_STR:
		*(const char **)field = v;
		break;
	case SETT_LIST:
	case SETT_ADDRS:
		read_list(s, k, v, field, count_at(s, i));
		break;
	case SETT_CHOICE:
	case SETT_CONF:
		/* an empty choice or confidence is a mistake, not unset */
		read_scalar(s, k, v ? v : k->def, field);
		break;
	default:
		read_scalar(s, k, t, field);
		break;
	}
	if (k->check)
		k->check(s, k, v);
}

/* Edit distance of a and b (letters' case aside; a swap of two
 * neighbours is one edit), or 99 for names longer than 32 bytes. */
static int
distance(const char *a, const char *b)
{
	int d[34][34];
	size_t la = strlen(a), lb = strlen(b);

	if (la > 32 || lb > 32)
		return 99;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			int cost = LKB_TOLOWER(a[i - 1]) !=
				   LKB_TOLOWER(b[j - 1]);
			int v = d[i - 1][j - 1] + cost;

			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[la][lb];
}

/* The known section (key NULL) or key of section nearest to name, if
 * it is near enough to be a typo; else NULL. */
static const char *
nearest(const struct settings *s, const char *section, const char *name)
{
	const struct settings_key *k;
	const char *best = NULL;
	int bd = 99, most = (int)strlen(name) / 3;

	if (most < 1)
		most = 1;
	for (size_t i = 0; (k = settings_key_at(s, i)) != NULL; i++) {
		const char *cand = section ? k->key : k->section;
		int d;

		if (section && strcmp(k->section, section))
			continue;
		d = distance(name, cand);
		if (d < bd) {
			bd = d;
			best = cand;
		}
	}
	return bd <= most ? best : NULL;
}

static int
section_known(const struct settings *s, const char *name)
{
	const struct settings_key *k;

	for (size_t i = 0; (k = settings_key_at(s, i)) != NULL; i++)
		if (!strcmp(k->section, name))
			return 1;
	return 0;
}

/* The row of section.key, or NULL; with section NULL, the first row of
 * key in any section. */
static const struct settings_key *
find_key(const struct settings *s, const char *section, const char *key)
{
	const struct settings_key *k;

	for (size_t i = 0; (k = settings_key_at(s, i)) != NULL; i++)
		if ((!section || !strcmp(k->section, section)) &&
		    !strcmp(k->key, key))
			return k;
	return NULL;
}

/* Each section and key of the file the table does not know is a
 * problem naming its line and the nearest known name. */
static void
check_unknown(struct settings *s)
{
	const struct settings_key *other;
	const char *sec, *key, *near;
	int line;

	for (size_t i = 0; config_section_at(s->cfg, i, &sec, &line); i++) {
		if (section_known(s, sec))
			continue;
		near = nearest(s, NULL, sec);
		problem(s, line, "unknown section [%s]; %s%s%s", sec,
			near ? "did you mean [" : "the sections are listed "
			"in lkpbot.conf(5)", near ? near : "", near ? "]?" : "");
	}
	for (size_t i = 0; config_entry_at(s->cfg, i, &sec, &key, &line);
	     i++) {
		if (!section_known(s, sec) || find_key(s, sec, key))
			continue;
		near = nearest(s, sec, key);
		other = near ? NULL : find_key(s, NULL, key);
		if (near)
			problem(s, line, "unknown key '%s' in [%s]; did you "
				"mean '%s'?", key, sec, near);
		else if (other)
			problem(s, line, "unknown key '%s' in [%s]; did you "
				"mean it in [%s]?", key, sec, other->section);
		else
			problem(s, line, "unknown key '%s' in [%s]; its keys "
				"are listed in lkpbot.conf(5)", key, sec);
	}
}

/* The rows more(0), more(1), ... into s: how many, and for a list
 * its k->hi items in s->more_items; a bug past LKB_MAX_SOURCE_KEYS
 * rows or LKB_MAX_SOURCE_ITEMS items. */
static void
take_more(struct settings *s, settings_more_fn more)
{
	const struct settings_key *k;
	size_t used = 0;

	s->more = more;
	for (s->nmore = 0; more && (k = more(s->nmore)) != NULL; s->nmore++) {
		if (s->nmore == LKB_MAX_SOURCE_KEYS)
			LKB_BUG("more than LKB_MAX_SOURCE_KEYS keys from "
				"outside settings.c");
		if (k->type != SETT_LIST && k->type != SETT_ADDRS)
			continue;
		if (k->hi < 0 || (size_t)k->hi > LKB_MAX_SOURCE_ITEMS - used)
			LKB_BUG("more than LKB_MAX_SOURCE_ITEMS list items "
				"from outside settings.c");
		s->more_val[s->nmore].list.items = &s->more_items[used];
		used += (size_t)k->hi;
	}
}

int
settings_load_with(struct settings *s, const struct config *cfg,
		   settings_more_fn more)
{
	const struct settings_key *k;

	memset(s, 0, sizeof(*s));
	s->cfg = cfg;
	take_more(s, more);
	check_unknown(s);
	for (size_t i = 0; (k = settings_key_at(s, i)) != NULL; i++)
		read_key(s, i, k);
	return s->nproblems ? LKB_ERR_CONFIG : LKB_OK;
}

int
settings_load(struct settings *s, const struct config *cfg)
{
	return settings_load_with(s, cfg, NULL);
}
