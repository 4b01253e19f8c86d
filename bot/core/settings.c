/* settings.c - every configuration key, checked in one place. */
#include "config.h"
#include "bot/core/settings.h"

#include <string.h>

#include "lib/ascii.h"
#include "lib/compiler.h"
#include "lib/log.h"
#include "lib/status.h"
#include "parsers/conf.h"
#include "parsers/reply.h"

/* The configuration file's name for messages. */
static const char *
where(const struct config *cfg)
{
	return config_path(cfg) ? config_path(cfg) : "config";
}

/* A number in lo..hi (def when unset); *bad set after a logged error. */
static long
num(const struct config *cfg, const char *sec, const char *key, long def,
    long lo, long hi, int *bad)
{
	const char *v = config_get(cfg, sec, key);
	long n;

	if (!v || !*v)
		return def;
	n = config_get_long(cfg, sec, key, def);	/* logs malformed */
	if (n < 0 && lo >= 0) {
		*bad = 1;
		return def;
	}
	if (n < lo || n > hi) {
		lkb_error("%s: [%s] %s = %ld: expected %ld..%ld", where(cfg),
			  sec, key, n, lo, hi);
		*bad = 1;
		return def;
	}
	return n;
}

static int
boolean(const struct config *cfg, const char *sec, const char *key,
	int *bad)
{
	int b = config_get_bool(cfg, sec, key, 0);	/* logs bad values */

	if (b < 0) {
		*bad = 1;
		return 0;
	}
	return b;
}

/* One of names (index), def when unset; *bad after a logged error. */
static int
choice(const struct config *cfg, const char *sec, const char *key,
       const char *const *names, int n, int def, const char *expect,
       int *bad)
{
	const char *v = config_get(cfg, sec, key);

	if (!v)
		return def;
	for (int i = 0; i < n; i++)
		if (names[i] && !strcmp(v, names[i]))
			return i;
	lkb_error("%s: [%s] %s = '%s': expected %s", where(cfg), sec, key, v,
		  expect);
	*bad = 1;
	return def;
}

/* A confidence (high, medium, low or 0..1), def when unset; *bad after
 * a logged error. */
static double
confidence(const struct config *cfg, const char *sec, const char *key,
	   double def, int *bad)
{
	const char *v = config_get(cfg, sec, key);
	double c;

	if (!v)
		return def;
	if (reply_confidence_parse(v, strlen(v), &c) == 0)
		return c;
	lkb_error("%s: [%s] %s = '%s': expected high, medium, low or a "
		  "number from 0 to 1 (events at least this sure change a "
		  "report's state on their own)", where(cfg), sec, key, v);
	*bad = 1;
	return def;
}

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
load_imap(struct settings *s, const struct config *cfg, int *bad)
{
	const char *after;

	s->imap.url = config_get(cfg, "imap", "url");
	s->imap.user = config_get(cfg, "imap", "user");
	s->imap.password_file = config_get(cfg, "imap", "password_file");
	s->imap.password_env = config_get(cfg, "imap", "password_env");
	s->imap.password_command = config_get(cfg, "imap",
					      "password_command");
	s->imap.oauth2_token_command = config_get(cfg, "imap",
						  "oauth2_token_command");
	s->imap.cafile = config_get(cfg, "imap", "cafile");
	s->imap.nfolders = config_get_list((struct config *)cfg, "imap",
					   "folders", s->imap.folders,
					   LKB_ARRAY_SIZE(s->imap.folders));
	if (s->imap.nfolders > LKB_ARRAY_SIZE(s->imap.folders)) {
		lkb_error("[imap] folders: more than LKB_MAX_IMAP_FOLDERS");
		*bad = 1;
		s->imap.nfolders = LKB_ARRAY_SIZE(s->imap.folders);
	}
	s->imap.starttls = config_get(cfg, "imap", "starttls")
				   ? boolean(cfg, "imap", "starttls", bad) : -1;
	s->imap.insecure = boolean(cfg, "imap", "insecure", bad);
	s->imap.timeout = num(cfg, "imap", "timeout", 60, 1, 86400, bad);
	s->imap.deadline = num(cfg, "imap", "deadline", 1800, 1, 86400, bad);
	s->imap.batch = num(cfg, "imap", "batch", LKB_BATCH_MESSAGES, 1,
			    LKB_MAX_IMAP_BATCH, bad);
	after = s->imap.after = config_get(cfg, "imap", "after");
	if (after && strcmp(after, "none") && strcmp(after, "seen") &&
	    !(!strncmp(after, "move:", 5) && after[5])) {
		lkb_error("[imap] after = '%s': expected none, seen or "
			  "move:FOLDER", after);
		*bad = 1;
	}
}

static void
load_smtp(struct settings *s, const struct config *cfg, int *bad)
{
	static const char *const tls[] = { NULL, "no", "try", "yes" };

	s->smtp.url = config_get(cfg, "smtp", "url");
	s->smtp.from = config_get(cfg, "smtp", "from");
	s->smtp.user = config_get(cfg, "smtp", "user");
	s->smtp.password_file = config_get(cfg, "smtp", "password_file");
	s->smtp.password_env = config_get(cfg, "smtp", "password_env");
	s->smtp.password_command = config_get(cfg, "smtp",
					      "password_command");
	s->smtp.oauth2_token_command = config_get(cfg, "smtp",
						  "oauth2_token_command");
	s->smtp.cafile = config_get(cfg, "smtp", "cafile");
	s->smtp.envelope_from = config_get(cfg, "smtp", "envelope_from");
	s->smtp.dry_run_dir = config_get(cfg, "smtp", "dry_run_dir");
	s->smtp.starttls = (enum smtp_tls_setting)choice(cfg, "smtp",
		"starttls", tls, 4, SET_TLS_DEFAULT, "no, try or yes", bad);
	s->smtp.insecure = boolean(cfg, "smtp", "insecure", bad);
	s->smtp.timeout = num(cfg, "smtp", "timeout", 300, 1, 86400, bad);
	s->smtp.resend_uncertain_after = num(cfg, "smtp",
		"resend_uncertain_after", 0, 0, 365L * 86400, bad);
	s->smtp.deadline = num(cfg, "smtp", "deadline", 1800, 1, 86400, bad);
	if (s->smtp.url && strncmp(s->smtp.url, "smtp://", 7) &&
	    strncmp(s->smtp.url, "smtps://", 8)) {
		lkb_error("[smtp] url must start with smtp:// or smtps://");
		*bad = 1;
	}
}

/* The LKP team when [bot] lkp_team is not set: the robot's address and
 * the team members' known addresses; never a whole domain. */
static const char *const lkp_team_default[] = {
	"lkp@intel.com", "oliver.sang@intel.com", "yujie.liu@intel.com",
	"philip.li@intel.com", "feng.tang@intel.com", "rong.a.chen@intel.com",
	"fengwei.yin@intel.com", "yu.c.chen@intel.com", "carel.si@intel.com",
	"beibei.si@intel.com",	/* Carel Si's address in the list archives */
};

/* The bots when [bot] bots is not set: kernel.org's patchwork-bot
 * (patchwork-bot+<project>@kernel.org) and regzbot. */
static const char *const bots_default[] = {
	"patchwork-bot@kernel.org", "regzbot@leemhuis.info",
};

/* An address list of [bot] (addresses or "@domain"), def when unset. */
static size_t
addr_list(const struct config *cfg, const char *key, const char **v,
	  size_t max, const char *const *def, size_t ndef)
{
	size_t n;

	if (!config_get(cfg, "bot", key)) {
		for (n = 0; n < ndef && n < max; n++)
			v[n] = def[n];
		return n;
	}
	n = config_get_list((struct config *)cfg, "bot", key, v, max);
	if (n > max) {
		lkb_warn("[bot] %s: only the first %zu are used "
			 "(LKB_MAX_MAINTAINERS)", key, max);
		n = max;
	}
	return n;
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
load_git_watch(struct settings *s, const struct config *cfg, int *bad)
{
	size_t n = config_get_list((struct config *)cfg, "git", "watch",
				   s->git.watch, LKB_ARRAY_SIZE(s->git.watch));

	if (n > LKB_ARRAY_SIZE(s->git.watch)) {
		lkb_error("%s: [git] watch: more than %zu branches "
			  "(LKB_MAX_GIT_WATCH)", where(cfg),
			  LKB_ARRAY_SIZE(s->git.watch));
		*bad = 1;
		n = LKB_ARRAY_SIZE(s->git.watch);
	}
	for (size_t i = 0; i < n; i++)
		if (!branch_ok(s->git.watch[i])) {
			lkb_error("%s: [git] watch: '%s' is not a branch name",
				  where(cfg), s->git.watch[i]);
			*bad = 1;
		}
	if (n && !s->git.repo) {
		lkb_error("%s: [git] watch needs [git] repo", where(cfg));
		*bad = 1;
	}
	s->git.nwatch = n;
	s->git.window = num(cfg, "git", "window", 1000, 1,
			    LKB_MAX_GIT_WATCH_COMMITS, bad);
}

static void
load_bot(struct settings *s, const struct config *cfg, int *bad)
{
	static const char *const cc[] = { "thread", "asker" };
	static const char *const verify[] = { "none", "dkim" };
	const char *from = config_get(cfg, "smtp", "from");

	s->bot.address = config_get(cfg, "bot", "address");
	if ((!s->bot.address || !*s->bot.address) && from && *from)
		s->bot.address = address_of(from, s->bot.address_buf,
					    sizeof(s->bot.address_buf));
	else if (s->bot.address && !*s->bot.address)
		s->bot.address = NULL;
	s->bot.nmaintainers = addr_list(cfg, "maintainers", s->bot.maintainers,
					LKB_ARRAY_SIZE(s->bot.maintainers),
					NULL, 0);
	s->bot.nlkp_team = addr_list(cfg, "lkp_team", s->bot.lkp_team,
				     LKB_ARRAY_SIZE(s->bot.lkp_team),
				     lkp_team_default,
				     LKB_ARRAY_SIZE(lkp_team_default));
	s->bot.nbots = addr_list(cfg, "bots", s->bot.bots,
				 LKB_ARRAY_SIZE(s->bot.bots), bots_default,
				 LKB_ARRAY_SIZE(bots_default));
	s->bot.cc_policy = (enum cc_setting)choice(cfg, "bot", "cc_policy",
		cc, 2, SET_CC_THREAD, "thread or asker", bad);
	s->bot.max_per_hour = num(cfg, "bot", "max_per_hour", 60, 0,
				  1000000, bad);
	s->bot.max_per_thread = num(cfg, "bot", "max_per_thread", 10, 0,
				    1000000, bad);
	s->bot.max_outsider_per_hour = num(cfg, "bot", "max_outsider_per_hour",
					   10, 0, 1000000, bad);
	s->bot.max_per_sender = num(cfg, "bot", "max_per_sender", 2, 0,
				    1000000, bad);
	s->bot.run_deadline = num(cfg, "bot", "run_deadline", 3600, 1,
				  7 * 86400L, bad);
	s->bot.threads = -1;
	if (config_get(cfg, "bot", "threads"))
		s->bot.threads = num(cfg, "bot", "threads", -1, 0, 256, bad);
	s->bot.digest_to = config_get(cfg, "bot", "digest_to");
	s->bot.verify_senders = (enum verify_setting)choice(cfg, "bot",
		"verify_senders", verify, 2, SET_VERIFY_NONE, "none or dkim",
		bad);
	s->bot.dkim_key_file = config_get(cfg, "bot", "dkim_key_file");
	if (s->bot.dkim_key_file && !*s->bot.dkim_key_file) {
		lkb_error("%s: [bot] dkim_key_file is empty", where(cfg));
		*bad = 1;
	}
}

int
settings_load(struct settings *s, const struct config *cfg)
{
	int bad = 0;

	memset(s, 0, sizeof(*s));
	s->cfg = cfg;
	load_imap(s, cfg, &bad);
	s->maildir.path = config_get(cfg, "maildir", "path");
	load_smtp(s, cfg, &bad);
	load_bot(s, cfg, &bad);
	s->results.root = config_get(cfg, "results", "root");
	s->results.queue = config_get(cfg, "results", "queue");
	s->results.expire_days = num(cfg, "results", "expire_days", 14, 0,
				     36500, &bad);
	s->requests.per_asker = num(cfg, "requests", "per_asker", 10, 0,
				    1000000, &bad);
	s->requests.per_report = num(cfg, "requests", "per_report", 30, 0,
				     1000000, &bad);
	s->requests.jobs_per_asker = num(cfg, "requests", "jobs_per_asker",
					 40, 0, 1000000, &bad);
	s->requests.jobs_per_report = num(cfg, "requests", "jobs_per_report",
					  60, 0, 1000000, &bad);
	s->requests.jobs_per_day = num(cfg, "requests", "jobs_per_day", 200,
				       0, 1000000, &bad);
	s->requests.deadline = num(cfg, "requests", "deadline", 1800, 1,
				   86400, &bad);
	s->git.repo = config_get(cfg, "git", "repo");
	s->git.timeout = num(cfg, "git", "timeout", LKB_MAX_GIT_SECONDS, 1,
			     86400, &bad);
	load_git_watch(s, cfg, &bad);
	s->web.dir = config_get(cfg, "web", "dir");
	s->web.url = config_get(cfg, "web", "url");
	s->triage.auto_confidence = confidence(cfg, "triage",
					       "auto_confidence",
					       REPLY_CONF_HIGH, &bad);
	s->triage.model_floor = confidence(cfg, "triage", "model_floor",
					   0.4, &bad);
	s->paths.rules_file = config_get(cfg, "rules", "file");
	s->paths.act_model = config_get(cfg, "rules", "act_model");
	s->paths.templates_dir = config_get(cfg, "templates", "dir");
	s->paths.db_path = config_get(cfg, "db", "path");
	return bad ? LKB_ERR_CONFIG : LKB_OK;
}
