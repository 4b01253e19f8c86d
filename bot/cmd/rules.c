/* rules.c - `lkpbot rules check [FILE]` validates a rules file;
 * `lkpbot rules test FILE|-` shows what fires on one mail. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/cmd/commands.h"
#include "bot/core/settings.h"
#include "bot/core/datadir.h"
#include "bot/triage/rules.h"
#include "lib/arena.h"
#include "lib/limits.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "parsers/conf.h"
#include "parsers/lkp_command.h"
#include "parsers/reply.h"
#include "parsers/rules_file.h"

static const char *const usage[] = {
	"lkpbot rules check [FILE]",
	"lkpbot rules test [-r RULES] [--from ADDR] [--name NAME] "
	"[--patch-author ADDR] [--if CONTEXT,...] [--anatomy] FILE|-",
	NULL,
};

/* The rules file: -r, else [rules] file, else the default (datadir.h).
 * Caller frees. */
static char *
rules_path(const char *opt, const struct bot_ctx *ctx)
{
	const char *cfg = ctx->set ? ctx->set->paths.rules_file : NULL;

	if (opt)
		return xstrdup(opt);
	return cfg ? xstrdup(cfg) : datadir_rules_file();
}

/* The text a mail's rules run on. For now the whole input is taken as
 * the decoded body (a leading header block becomes noise in the reply
 * parser); at merge this is the one place to call message_parse() and
 * return m->body and m->from instead. Caller releases *sb. */
static int
read_body(const char *path, struct strbuf *sb, struct rule_author *au)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	char chunk[65536];
	size_t n;
	int rc = LKB_OK;

	(void)au;	/* message_parse() will fill it from From: */
	strbuf_init_capped(sb, LKB_MAX_MESSAGE_BYTES);
	if (!f)
		return lkb_error_errno("cannot open '%s'", path);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		strbuf_add(sb, chunk, n);
		if (strbuf_status(sb) != LKB_OK) {
			rc = lkb_error("'%s' is larger than %u bytes", path,
				       LKB_MAX_MESSAGE_BYTES);
			break;
		}
	}
	if (rc == LKB_OK && ferror(f))
		rc = lkb_error_errno("cannot read '%s'", path);
	if (f != stdin)
		fclose(f);
	return rc;
}

static void
print_event(const struct rule_event *ev)
{
	if (ev->type == EV_COMMAND) {
		printf("command %s (line %zu): %s\n",
		       lkp_verb_name(ev->cmd->verb), ev->line + 1, ev->evidence);
		if (ev->cmd->alias)
			printf("  alias: %s\n", ev->cmd->alias);
		if (ev->cmd->error)
			printf("  error: %s\n", ev->cmd->error);
		return;
	}
	printf("event %s (rule %s, line %zu)\n", reply_event_name(ev->type),
	       ev->rule, ev->line + 1);
	if (ev->reason != CR_NONE)
		printf("  reason: %s\n", close_reason_name(ev->reason));
	printf("  evidence: %s\n", ev->evidence);
	for (size_t k = 0; k < ev->nvalues; k++)
		printf("  %s: %s\n", ev->values[k].name, ev->values[k].value);
	for (size_t k = 0; k < ev->nextra; k++)
		printf("  also: %s\n", ev->extra[k]);
}

static void
print_anatomy(const struct reply *r)
{
	for (size_t i = 0; i < r->nlines; i++) {
		size_t n;
		const char *t = reply_line_text(r, i, &n);

		printf("%5zu %-11s %2u%s| %.*s\n", i + 1,
		       reply_line_kind_name(r->lines[i].kind), r->lines[i].depth,
		       r->lines[i].unmarked ? "u" : " ", (int)n, t);
	}
}

static int
rules_test(struct rules *rs, const char *path, const struct rule_author *opt,
	   const struct rule_place *place, int anatomy)
{
	struct strbuf sb = STRBUF_INIT;
	struct arena a = ARENA_INIT;
	struct rule_author au = *opt;
	struct rule_place pl = *place;
	struct rule_events evs = { 0 };
	struct lkp_command_list cmds;
	struct reply *r = NULL;
	unsigned roles;
	int rc;

	if ((rc = read_body(path, &sb, &au)) != LKB_OK)
		goto out;
	if ((rc = reply_parse(&a, sb.buf, sb.len, &r)) != LKB_OK) {
		lkb_error("cannot parse '%s': %s", path, lkb_status_str(rc));
		goto out;
	}
	if (anatomy)
		print_anatomy(r);
	if ((rc = rules_apply_at(rs, r, &au, &pl, &a, &evs)) != LKB_OK ||
	    (rc = lkp_command_parse_reply(&a, r, &cmds)) != LKB_OK)
		goto out;
	rules_command_events(&cmds, &a, &evs);
	printf("author: %s\n", rules_author_is_lkp(rs, &au, r) ? "lkp" :
								 "other");
	roles = rules_author_roles(rs, &au, &pl, r);
	printf("roles:");
	for (unsigned i = 0; rule_role_name(i); i++)
		if (roles & (1u << i))
			printf(" %s", rule_role_name(i));
	printf("\n");
	for (size_t i = 0; i < r->npatch_subjects; i++)
		printf("patch: %s\n", r->patch_subjects[i]);
	for (size_t i = 0; i < evs.n; i++)
		print_event(&evs.ev[i]);
	if (!evs.n)
		printf("no events\n");
out:
	arena_release(&a);
	strbuf_release(&sb);
	return rc;
}

/* --if patch,answers-retest: the context bits the rules may test. */
static int
context_bits(const char *list, unsigned *bits)
{
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, ", ");
		unsigned i;

		for (i = 0; rule_context_name(i); i++)
			if (strlen(rule_context_name(i)) == n &&
			    !strncmp(rule_context_name(i), p, n))
				break;
		if (!rule_context_name(i)) {
			lkb_error("--if: unknown context '%.*s' (patch, "
				  "answers-robot, answers-retest)", (int)n, p);
			return LKB_ERR_USAGE;
		}
		*bits |= 1u << i;
		p += n;
		p += strspn(p, ", ");
	}
	return LKB_OK;
}

int
cmd_rules(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "rules", required_argument, NULL, 'r' },
		{ "from", required_argument, NULL, 'f' },
		{ "name", required_argument, NULL, 'n' },
		{ "anatomy", no_argument, NULL, 'a' },
		{ "patch-author", required_argument, NULL, 'p' },
		{ "if", required_argument, NULL, 'i' },
		{ NULL, 0, NULL, 0 },
	};
	struct rule_author au = { NULL, NULL };
	struct rule_place pl = { NULL, 0 };
	const char *ropt = NULL, *sub;
	char *path;
	struct rules *rs = NULL;
	char *err = NULL;
	int c, anatomy = 0, rc;

	while ((c = getopt_long(argc, argv, "hr:", opts, NULL)) != -1) {
		switch (c) {
		case 'h':
			cmd_usage(stdout, usage);
			return EXIT_OK;
		case 'r': ropt = optarg; break;
		case 'f': au.addr = optarg; break;
		case 'n': au.name = optarg; break;
		case 'a': anatomy = 1; break;
		case 'p': pl.patch_author = optarg; break;
		case 'i':
			if (context_bits(optarg, &pl.context) != LKB_OK)
				return EXIT_USAGE;
			break;
		default:
			cmd_usage(stderr, usage);
			return EXIT_USAGE;
		}
	}
	sub = optind < argc ? argv[optind] : "";
	if (!strcmp(sub, "check") && argc - optind <= 2) {
		path = rules_path(argc - optind == 2 ? argv[optind + 1] : ropt,
				  ctx);
	} else if (!strcmp(sub, "test") && argc - optind == 2) {
		path = rules_path(ropt, ctx);
	} else {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	if (rules_load_file(path, &rs, &err) != LKB_OK) {
		lkb_error("%s", err);
		free(err);
		free(path);
		return EXIT_FAIL;
	}
	if (ctx->set)
		rules_set_people(rs, ctx->set);
	if (!strcmp(sub, "check")) {
		printf("%s: %zu rules, all patterns compile\n", path,
		       rules_count(rs));
		rc = LKB_OK;
	} else {
		rc = rules_test(rs, argv[optind + 1], &au, &pl, anatomy);
	}
	rules_free(rs);
	free(path);
	return rc == LKB_OK ? EXIT_OK : EXIT_FAIL;
}
