/* doctor.c - `lkpbot doctor`: try every part of the configuration the
 * way a run would use it (the database, an IMAP login and each folder,
 * an SMTP EHLO/STARTTLS/AUTH without sending, the results root, the git
 * repository) and say, one line each, what is wrong and how to fix it. */
#include "config.h"

#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/cmd/commands.h"
#include "bot/cmd/doctor_dirs.h"
#include "bot/compare/git.h"
#include "bot/core/json_out.h"
#include "bot/core/settings.h"
#include "bot/ingest/sync.h"
#include "bot/net/smtp.h"
#include "bot/outbox/transport.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/conf.h"
#include "state/store.h"
#include "state/store_skip.h"

static const char *const usage[] = {
	"lkpbot doctor [--json] [--user NAME] [--unit FILE|NAME]",
	NULL,
};

static const char help[] =
	"\nCheck the configuration against the real servers and paths: the\n"
	"database, IMAP login and folders, SMTP EHLO/STARTTLS/AUTH (nothing\n"
	"is sent), [results] root, [git] repo. One line per check; the exit\n"
	"status is the worst result's (5 configuration, 4 temporary).\n"
	"A warning too when [bot] verify_senders = none. Each directory lkpbot\n"
	"writes (database, [web] dir, [results] queue, [smtp] dry_run_dir,\n"
	"[git] worktrees) is checked for the user it runs as.\n"
	"    --json       the checks as a JSON document\n"
	"    --user NAME  check the directories for that user (default: the\n"
	"                 unit's User=, else the user running doctor)\n"
	"    --unit FILE|NAME\n"
	"                 the systemd unit that runs lkpbot (a file, or a\n"
	"                 name found as systemd does): the directories must\n"
	"                 be writable under its ProtectSystem= and\n"
	"                 ReadWritePaths= (and its drop-ins); a warning when\n"
	"                 its UMask= keeps the [web] dir from a web server\n";

enum verdict { V_OK, V_WARN, V_FAIL };
static const char *const verdict_names[] = { "ok", "warn", "fail" };

struct check {
	const char *name;
	enum verdict v;
	int exit;		/* for a failure: EXIT_CONFIG, EXIT_TEMPFAIL... */
	char *detail;		/* what was found */
	char *fix;		/* how to fix it, or NULL */
};

struct doctor {
	struct check c[40];
	size_t n;
};

LKB_PRINTF(5, 6)
static void
add(struct doctor *d, const char *name, enum verdict v, const char *fix,
    const char *fmt, ...)
{
	struct check *c;
	va_list ap;
	char *s;

	if (d->n >= LKB_ARRAY_SIZE(d->c))
		LKB_BUG("too many doctor checks");
	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	c = &d->c[d->n++];
	c->name = name;
	c->v = v;
	c->exit = v == V_FAIL ? EXIT_FAIL : EXIT_OK;
	c->detail = s ? s : xstrdup("?");
	c->fix = fix ? xstrdup(fix) : NULL;
}

/* A failure from status rc, what (or NULL) and the last error logged:
 * its exit code and the advice for a refused login, a refused TLS
 * certificate or anything else. */
static void
add_failure(struct doctor *d, const char *name, int rc, const char *what,
	    const char *const fix[3])
{
	const char *why = log_last_error();

	add(d, name, V_FAIL,
	    rc == LKB_ERR_AUTH ? fix[0] : rc == LKB_ERR_TLS ? fix[1] :
	    rc == LKB_ERR_CONFIG ? "correct what the message names "
				   "(lkpbot.conf(5))" : fix[2],
	    "%s%s%s", what ? what : "", what ? ": " : "",
	    *why ? why : lkb_status_str(rc));
	d->c[d->n - 1].exit = ctx_exit_code(rc);
	log_clear_last_error();
}

static void
check_config(struct doctor *d, const struct bot_ctx *ctx)
{
	const char *path = config_path(ctx->cfg);
	int n = ctx->set->nproblems;

	if (n) {
		add(d, "config", V_FAIL, "correct the line named "
		    "(lkpbot.conf(5) lists every section and key)",
		    "%s%s%.0d%s", ctx->set->problem, n > 1 ? " (and " : "",
		    n > 1 ? n - 1 : 0, n > 1 ? " more on stderr)" : "");
		d->c[d->n - 1].exit = EXIT_CONFIG;
	} else if (path)
		add(d, "config", V_OK, NULL, "%s read, every key valid", path);
	else
		add(d, "config", V_WARN, "write ~/.config/lkpbot/config or "
		    "/etc/lkpbot.conf (lkpbot.conf(5)), or give -c FILE",
		    "no configuration file");
}

/* [bot] verify_senders = none (the default is dkim, so only said on
 * purpose): a warning, since anyone may then write as a maintainer. */
static void
check_senders(struct doctor *d, const struct settings *set)
{
	if (set->bot.verify_senders == SET_VERIFY_NONE)
		add(d, "senders", V_WARN, "remove the line (the default, dkim, "
		    "acts only on DKIM-signed mail; lkpbot.conf(5), WHAT "
		    "LKPBOT TRUSTS)",
		    "[bot] verify_senders = none: a forged From: may close or "
		    "reopen reports as a maintainer or the LKP team");
}

static int
skip_line(const struct store_skip *sk, void *arg)
{
	struct strbuf *sb = arg;

	strbuf_addf(sb, "%s%s %s in %s: %s", sb->len ? "; " : "",
		    sk->stage, sk->object, sk->place, sk->why);
	return strbuf_status(sb) != LKB_OK;
}

/* What the stages passed over (state/store_skip.h): a warning naming
 * the latest few, so that no skip goes unseen. */
static void
check_skips(struct doctor *d, struct store *st)
{
	struct strbuf sb = STRBUF_INIT;
	int64_t n = 0;

	strbuf_init_capped(&sb, 4096);
	if (store_skips(st, 0, 5, skip_line, &sb, &n) == LKB_OK && n > 0)
		add(d, "skipped", V_WARN, "nothing to do unless one matters: "
		    "it is over a limit of lib/limits.h (see lkpbot-doctor(1))",
		    "%lld objects skipped, latest: %s", (long long)n, sb.buf);
	strbuf_release(&sb);
}

static void
check_db(struct doctor *d, const struct bot_ctx *ctx)
{
	struct store *st = NULL;
	int rc, v = 0;

	if (access(ctx->db_path, F_OK) != 0) {
		add(d, "database", V_WARN, "`lkpbot sync` creates it; set "
		    "[db] path or -d for another place",
		    "%s does not exist yet", ctx->db_path);
		return;
	}
	log_clear_last_error();
	rc = store_open(ctx->db_path, STORE_RO, &st);
	if (rc == LKB_OK)
		rc = store_schema_version(st, &v);
	if (rc == LKB_OK) {
		add(d, "database", V_OK, NULL, "%s, schema %d", ctx->db_path,
		    v);
		if (v >= STORE_SKIP_SCHEMA)
			check_skips(d, st);
	}
	store_close(st);
	if (rc != LKB_OK)
		add_failure(d, "database", rc, ctx->db_path,
			    (const char *const[]){ NULL, NULL,
			    "see `lkpbot db check`; a newer schema needs a "
			    "newer lkpbot" });
}

/* The database and the files beside it that lkpbot writes: one made by
 * another user (root running lkpbot by hand) stops the service. */
static void
check_db_files(struct doctor *d, const char *db, const struct doctor_user *u)
{
	static const char *const sfx[] = { "", "-wal", "-shm", "-journal",
					   ".lock", ".send.lock" };
	char *path, *why;

	for (size_t i = 0; i < LKB_ARRAY_SIZE(sfx); i++) {
		path = xasprintf("%s%s", db, sfx[i]);
		if ((why = doctor_file_problem(u, path))) {
			add(d, "write", V_FAIL, "chown it to that user (it was "
			    "made by another: lkpbot run by hand as root?)",
			    "database %s: %s", path, why);
			d->c[d->n - 1].exit = EXIT_CONFIG;
		}
		free(why);
		free(path);
	}
}

/* A site made under a UMask= that keeps its directories to lkpbot's
 * user (neither group nor others may list and enter them): no web
 * server can read it. A warning: the site is still written. */
static void
check_umask(struct doctor *d, const struct doctor_unit *un, const char *dir)
{
	unsigned mode = 0755 & ~un->umask;

	if ((mode & 050) == 050 || (mode & 005) == 005)
		return;
	add(d, "umask", V_WARN, "UMask=0027 in a drop-in and a [web] dir "
	    "of the web server's group, set-group-ID (README.Debian)",
	    "[web] dir %s: under UMask=%04o of %s lkpbot makes the site's "
	    "directories mode %04o: no web server (another user) can read "
	    "them", dir, un->umask, un->path, mode);
}

/* #lkp test adds a worktree, objects and a ref to [git] repo's git
 * directory (.git, or the repository itself when bare): a warning when
 * u or the unit may not write there, since only that request needs it. */
static void
check_repo_write(struct doctor *d, const char *repo,
		 const struct doctor_user *u, const struct doctor_unit *un)
{
	char *git = xasprintf("%s/.git", repo), *why;
	struct stat sb;

	if (stat(git, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		free(git);
		git = xstrdup(repo);
	}
	why = doctor_dir_problem(u, git, DOCTOR_MK_NONE);
	if (!why && un)
		why = doctor_unit_problem(un, git);
	if (why)
		add(d, "write", V_WARN, "only for #lkp test: let that user "
		    "write there, or leave it (lkpbot-requests(1))",
		    "[git] repo %s: #lkp test cannot add its worktrees: %s",
		    repo, why);
	free(why);
	free(git);
}

/* A directory lkpbot writes in, as doctor names it. */
struct write_dir {
	char *what;		/* "database", "[web] dir" */
	const char *dir;
	enum doctor_mk mk;
};

/* The directories lkpbot writes in: the database's, those the key table
 * marks (settings.h, SETD_DIR_MAKE and SETD_DIR) when set, and, with
 * [git] repo but no [git] worktrees, the worktrees beside the database
 * (wt). At most max; the count. */
static size_t
write_dirs(const struct settings *set, const char *dbdir, const char *wt,
	   struct write_dir *out, size_t max)
{
	const struct settings_key *k;
	const char *v;
	size_t n = 0;

	out[n++] = (struct write_dir){ xstrdup("database"), dbdir,
				       DOCTOR_MK_PARENTS };
	for (size_t i = 0; (k = settings_key_at(set, i)) != NULL && n < max;
	     i++) {
		if (k->doctor != SETD_DIR_MAKE && k->doctor != SETD_DIR)
			continue;
		if (!(v = settings_key_str(set, k)) || !*v)
			continue;
		out[n++] = (struct write_dir){
			xasprintf("[%s] %s", k->section, k->key), v,
			k->doctor == SETD_DIR ? DOCTOR_MK_NONE
					      : DOCTOR_MK_ONE };
	}
	if (set->git.repo && !set->git.worktrees && n < max)
		out[n++] = (struct write_dir){ xstrdup("[git] worktrees"), wt,
					       DOCTOR_MK_ONE };
	return n;
}

/* Each directory lkpbot writes in: may the user it runs as (user, else
 * the unit's User=, else ours) write there, and may the unit? */
static void
check_dirs(struct doctor *d, const struct bot_ctx *ctx, const char *user,
	   const char *unit)
{
	const struct settings *set = ctx->set;
	char *dbdir = xstrdup(ctx->db_path), *slash = strrchr(dbdir, '/');
	char *wt = slash ? xasprintf("%.*s/worktrees", (int)(slash - dbdir),
				     dbdir)
			 : xstrdup("worktrees");
	struct write_dir dirs[16];
	size_t ndirs;
	struct doctor_unit un;
	struct doctor_user u;
	int have_unit = 0;
	char *why;

	if (slash)
		slash[slash == dbdir] = '\0';	/* "/x.db" -> "/" */
	ndirs = write_dirs(set, slash ? dbdir : ".", wt, dirs,
			   LKB_ARRAY_SIZE(dirs));
	log_clear_last_error();
	if (unit && doctor_unit_read(unit, &un) != LKB_OK) {
		add(d, "write", V_FAIL, "give --unit the service's unit file "
		    "or name (systemctl cat lkpbot.service shows it)", "%s",
		    log_last_error());
		d->c[d->n - 1].exit = EXIT_CONFIG;
	} else if (unit)
		have_unit = 1;
	if (!user && have_unit)
		user = un.user;
	if (doctor_user_lookup(user, &u) != LKB_OK) {
		add(d, "write", V_FAIL, "create the user, or name another "
		    "with --user", "%s", log_last_error());
		d->c[d->n - 1].exit = EXIT_CONFIG;
		goto out;
	}
	for (size_t i = 0; i < ndirs; i++) {
		const char *fix = "let that user write there (chown it, "
				  "mode g+rwx for a group it is in, or an ACL: "
				  "setfacl -m u:USER:rwx DIR), or choose "
				  "another directory";

		why = doctor_dir_problem(&u, dirs[i].dir, dirs[i].mk);
		if (!why && have_unit &&
		    (why = doctor_unit_problem(&un, dirs[i].dir)))
			fix = "as said (README.Debian: a web site or a job "
			      "queue outside /var/lib/lkpbot)";
		if (why) {
			add(d, "write", V_FAIL, fix, "%s %s: %s", dirs[i].what,
			    dirs[i].dir, why);
			d->c[d->n - 1].exit = EXIT_CONFIG;
		} else
			add(d, "write", V_OK, NULL, "%s %s: %s (uid %u) may "
			    "write there%s", dirs[i].what, dirs[i].dir, u.name,
			    (unsigned)u.uid, have_unit ? ", and the unit "
							 "lets it" : "");
		free(why);
	}
	check_db_files(d, ctx->db_path, &u);
	if (set->git.repo)
		check_repo_write(d, set->git.repo, &u, have_unit ? &un : NULL);
	if (have_unit && set->web.dir && *set->web.dir)
		check_umask(d, &un, set->web.dir);
out:
	log_clear_last_error();
	if (have_unit)
		doctor_unit_free(&un);
	for (size_t i = 0; i < ndirs; i++)
		free(dirs[i].what);
	free(dbdir);
	free(wt);
}

/* Each url of the key table (SETD_URL) with a password in its
 * userinfo: a warning under its section's name that never shows the
 * password and says where it belongs. */
static void
check_urls(struct doctor *d, const struct settings *set)
{
	const struct settings_key *k;
	const char *v;
	char *shown;

	for (size_t i = 0; (k = settings_key_at(set, i)) != NULL; i++) {
		if (k->doctor != SETD_URL || !(v = settings_key_str(set, k)) ||
		    !curl_url_has_password(v))
			continue;
		shown = curl_url_shown(v);
		add(d, k->section, V_WARN, "move it to password_file "
		    "(lkpbot.conf(5)) and remove user:password@ from the url",
		    "%s: the url holds a password (not shown)", shown);
		free(shown);
	}
}

/* doctor's advice for source src failing with rc. */
static const char *
source_fix(const struct mail_source *src, int rc)
{
	if (rc == LKB_ERR_AUTH && src->fix_auth)
		return src->fix_auth;
	if (rc == LKB_ERR_TLS && src->fix_tls)
		return src->fix_tls;
	if (rc == LKB_ERR_CONFIG)
		return src->fix_config ? src->fix_config
				       : "correct what the message names "
					 "(lkpbot.conf(5))";
	return src->fix_other;
}

/* Each configured mail source, probed as sync would use it; none is a
 * failure under the first source's name, naming every source's key. */
static void
check_sources(struct doctor *d, const struct settings *set)
{
	const struct mail_source *src;
	struct strbuf detail = STRBUF_INIT;
	char *fix;
	size_t n = 0;
	int rc;

	for (size_t i = 0; (src = sync_source_at(i)) != NULL; i++) {
		if (!src->configured(set))
			continue;
		n++;
		log_clear_last_error();
		rc = src->probe(set, &detail);
		if (rc == LKB_OK) {
			add(d, src->name, V_OK, NULL, "%s", detail.buf);
			continue;
		}
		add(d, src->name, V_FAIL, source_fix(src, rc), "%s",
		    detail.buf);
		d->c[d->n - 1].exit = ctx_exit_code(rc);
	}
	log_clear_last_error();
	if (n)
		goto out;
	sync_source_keys(&detail);
	fix = xasprintf("set %s (lkpbot.conf(5))", detail.buf);
	add(d, sync_source_at(0)->name, V_FAIL, fix,
	    "no mail source configured: nothing to sync");
	d->c[d->n - 1].exit = EXIT_CONFIG;
	free(fix);
out:
	strbuf_release(&detail);
}

static void
check_smtp(struct doctor *d, const struct settings *set)
{
	struct smtp_conf c;
	struct strbuf detail = STRBUF_INIT;
	enum smtp_outcome oc;
	char *url;
	int rc;

	if (set->smtp.dry_run_dir && *set->smtp.dry_run_dir) {
		add(d, "smtp", V_WARN, "remove [smtp] dry_run_dir to send",
		    "dry run: mail is written to %s", set->smtp.dry_run_dir);
		return;
	}
	if (!set->smtp.url) {
		add(d, "smtp", V_WARN, "set [smtp] url, from (lkpbot.conf(5))",
		    "no [smtp] url: answers are queued, never sent");
		return;
	}
	if (!set->smtp.from || !*set->smtp.from) {
		add(d, "smtp", V_FAIL, "set [smtp] from to the bot's address",
		    "no [smtp] from");
		d->c[d->n - 1].exit = EXIT_CONFIG;
		return;
	}
	log_clear_last_error();
	url = curl_url_shown(set->smtp.url);
	if ((rc = outbox_smtp_conf(&c, set)) != LKB_OK) {
		add_failure(d, "smtp", rc, url,
			    (const char *const[]){ NULL, NULL,
			    "fix the [smtp] key named" });
		free(url);
		return;
	}
	rc = smtp_check(&c, &oc, &detail);
	if (rc != LKB_OK)
		add_failure(d, "smtp", rc, url,
			    (const char *const[]){ NULL, NULL, NULL });
	else if (oc == SMTP_SENT)
		add(d, "smtp", V_OK, NULL, "%s accepted %s (EHLO, %s; nothing "
		    "sent)", url, c.user ? c.user : "us", detail.buf);
	else {
		add(d, "smtp", V_FAIL, oc == SMTP_REFUSED
			    ? "check [smtp] url (smtps:// or smtp://, port, "
			      "host), user, its password source and cafile "
			      "(lkpbot.conf(5))"
			    : "check [smtp] url and port, and that the server "
			      "is up", "%s: %s", url, detail.buf);
		d->c[d->n - 1].exit = oc == SMTP_REFUSED ? EXIT_CONFIG
							 : EXIT_TEMPFAIL;
	}
	free(url);
	strbuf_release(&detail);
	smtp_conf_release(&c);
}

/* Each branch of [git] watch resolves to a commit in [git] repo. */
static void
check_watch(struct doctor *d, const struct settings *set)
{
	for (size_t i = 0; i < set->git.nwatch; i++) {
		const char *b = set->git.watch[i];
		const char *args[] = { "rev-parse", "--verify", "--quiet",
				       NULL, NULL };
		struct strbuf out = STRBUF_INIT, spec = STRBUF_INIT;
		char *err = NULL;
		int ok = compare_git_rev_ok(b);

		if (ok)
			strbuf_addf(&spec, "%s^{commit}", b);
		args[3] = spec.buf;
		if (ok && compare_git_run(set->git.repo, args, &out, &err) ==
			      LKB_OK)
			add(d, "watch", V_OK, NULL, "%s is at %.12s", b,
			    out.buf);
		else
			add(d, "watch", V_FAIL, "name branches of [git] repo "
			    "in [git] watch", "%s is not a branch of %s", b,
			    set->git.repo);
		free(err);
		strbuf_release(&out);
		strbuf_release(&spec);
	}
}

static void
check_results(struct doctor *d, const struct settings *set)
{
	static const char *const rev_parse[] = { "rev-parse", "--git-dir",
						 NULL };
	struct strbuf out = STRBUF_INIT;
	struct stat sb;
	char *err = NULL;

	if (!set->results.root)
		add(d, "results", V_WARN, "set [results] root to the lkp "
		    "result tree", "no [results] root: comparisons cannot "
		    "run");
	else if (stat(set->results.root, &sb) != 0 || !S_ISDIR(sb.st_mode) ||
		 access(set->results.root, R_OK | X_OK) != 0)
		add(d, "results", V_FAIL, "point [results] root at a readable "
		    "directory", "%s is not a readable directory",
		    set->results.root);
	else
		add(d, "results", V_OK, NULL, "%s is readable",
		    set->results.root);
	if (!set->git.repo) {
		add(d, "git", V_WARN, "set [git] repo to a kernel clone",
		    "no [git] repo: series and bisect answers cannot run");
		return;
	}
	if (compare_git_run(set->git.repo, rev_parse, &out, &err) == LKB_OK)
		add(d, "git", V_OK, NULL, "%s is a git repository",
		    set->git.repo);
	else
		add(d, "git", V_FAIL, "point [git] repo at a git clone",
		    "%s", err ? err : "git failed");
	if (!err)
		check_watch(d, set);
	free(err);
	strbuf_release(&out);
}

/* Exit code: the worst failure's (configuration before temporary
 * before other), 0 when nothing failed. */
static int
worst(const struct doctor *d)
{
	static const int order[] = { EXIT_CONFIG, EXIT_SCHEMA, EXIT_TEMPFAIL,
				     EXIT_FAIL };

	for (size_t k = 0; k < LKB_ARRAY_SIZE(order); k++)
		for (size_t i = 0; i < d->n; i++)
			if (d->c[i].v == V_FAIL && d->c[i].exit == order[k])
				return order[k];
	for (size_t i = 0; i < d->n; i++)
		if (d->c[i].v == V_FAIL)
			return EXIT_FAIL;
	return EXIT_OK;
}

static void
print_json(const struct doctor *d, int ex)
{
	json_t *doc = json_out_doc(), *arr = json_array(), *o;

	for (size_t i = 0; i < d->n; i++) {
		o = json_object();
		json_object_set_new(o, "check", json_string(d->c[i].name));
		json_object_set_new(o, "status",
				    json_string(verdict_names[d->c[i].v]));
		json_object_set_new(o, "detail", json_out_str(d->c[i].detail));
		json_object_set_new(o, "fix", json_out_str(d->c[i].fix));
		json_array_append_new(arr, o);
	}
	json_object_set_new(doc, "checks", arr);
	json_object_set_new(doc, "exit", json_integer(ex));
	json_out_print(doc);
	json_decref(doc);
}

int
cmd_doctor(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "user", required_argument, NULL, 'u' },
		{ "unit", required_argument, NULL, 'U' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct doctor d;
	const char *user = NULL, *unit = NULL;
	int c, json = 0, ex;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'j':
			json = 1;
			break;
		case 'u':
			user = optarg;
			break;
		case 'U':
			unit = optarg;
			break;
		case 'h':
			cmd_usage(stdout, usage);
			fputs(help, stdout);
			return EXIT_OK;
		default:
			cmd_usage(stderr, usage);
			return EXIT_USAGE;
		}
	}
	if (optind != argc) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	signal(SIGPIPE, SIG_IGN);
	memset(&d, 0, sizeof(d));
	check_config(&d, ctx);
	check_senders(&d, ctx->set);
	check_db(&d, ctx);
	check_dirs(&d, ctx, user, unit);
	check_sources(&d, ctx->set);
	check_smtp(&d, ctx->set);
	check_urls(&d, ctx->set);
	check_results(&d, ctx->set);
	ex = worst(&d);
	if (json)
		print_json(&d, ex);
	for (size_t i = 0; i < d.n; i++) {
		if (!json)
			printf("%-4s %-8s %s%s%s\n", verdict_names[d.c[i].v],
			       d.c[i].name, d.c[i].detail,
			       d.c[i].fix ? "; fix: " : "",
			       d.c[i].fix ? d.c[i].fix : "");
		free(d.c[i].detail);
		free(d.c[i].fix);
	}
	return ex;
}
