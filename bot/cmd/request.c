/* request.c - `lkpbot request REPORT KIND [ARGS...]`: ask for a
 * comparison, a whole-series report, a retest or a patch tested from the
 * command line (the twin of #lkp compare / compare-series / retest /
 * test). The next
 * `lkpbot run` carries it out. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/cmd/commands.h"
#include "bot/report/thread_view.h"
#include "bot/requests/requests.h"
#include "lib/log.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "state/store.h"
#include "state/store_request.h"
#include "state/store_triage.h"

static const char *const usage[] = {
	"lkpbot request [--message MSG] [--asker ADDR] REPORT KIND [ARGS...]",
	"lkpbot request [--asker ADDR] REPORT test-patch MSG",
	"lkpbot request [--message MSG] [--asker ADDR] REPORT test-git URL REF",
	NULL,
};

static const char help[] =
	"\nAdd a request for REPORT; KIND is compare (ARGS: SHA SHA...),\n"
	"compare-series (ARGS: [BASE..HEAD]), retest (ARGS: [SHA]) or\n"
	"test-patch (the patch in MSG applied on the report's commit) or\n"
	"test-git (REF of the git tree at URL, fetched; #lkp test URL REF).\n"
	"    --message MSG   the mail that asked (row id or Message-ID): the\n"
	"                    answers are sent to its sender, in its thread\n"
	"    --asker ADDR    who asked (default: the sender of MSG, else\n"
	"                    cli:$USER)\n";

int
cmd_request(int argc, char **argv, struct bot_ctx *ctx)
{
	static const struct option opts[] = {
		{ "message", required_argument, NULL, 'm' },
		{ "asker", required_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct store_request r;
	struct store_msg m;
	struct strbuf args = STRBUF_INIT;
	const char *msg = NULL, *asker = NULL, *user = getenv("USER");
	char *cli = NULL;
	int64_t report, id = 0;
	int c, rc, kind, have_msg = 0, git;

	while ((c = getopt_long(argc, argv, "m:a:h", opts, NULL)) != -1) {
		switch (c) {
		case 'm': msg = optarg; break;
		case 'a': asker = optarg; break;
		case 'h':
			cmd_usage(stdout, usage);
			fputs(help, stdout);
			return EXIT_OK;
		default: cmd_usage(stderr, usage); return EXIT_USAGE;
		}
	}
	if (argc - optind < 2) {
		cmd_usage(stderr, usage);
		return EXIT_USAGE;
	}
	/* test-git URL REF: a test-patch request of a fetched commit,
	 * its args "git URL REF" (bot/requests/requests_patch.c checks
	 * them again before git sees them) */
	git = !strcmp(argv[optind + 1], "test-git");
	if (git && (argc - optind != 4 || strpbrk(argv[optind + 2], " \t\n") ||
		    strpbrk(argv[optind + 3], " \t\n") ||
		    argv[optind + 3][0] == '-')) {
		lkb_error("test-git takes a git URL and a branch, tag or sha: "
			  "REPORT test-git URL REF");
		return EXIT_USAGE;
	}
	if (git) {
		strbuf_addf(&args, "git %s %s", argv[optind + 2],
			    argv[optind + 3]);
		kind = REQ_TEST_PATCH;
	}
	else if ((kind = request_kind_parse(argv[optind + 1])) < 0) {
		lkb_error("unknown request kind '%s' (compare, compare-series, "
			  "retest, test-patch, test-git)", argv[optind + 1]);
		return EXIT_USAGE;
	}
	if (kind == REQ_TEST_PATCH && !git) {
		/* the patch is the mail's: MSG names it, no ARGS follow */
		if (argc - optind > 3 || (argc - optind == 3) == !!msg) {
			lkb_error("test-patch takes the mail with the patch: "
				  "REPORT test-patch MSG");
			return EXIT_USAGE;
		}
		if (!msg)
			msg = argv[--argc];
	}
	memset(&m, 0, sizeof(m));
	if ((rc = thread_view_resolve(ctx->st, argv[optind], &report)))
		goto out;
	if (msg) {
		rc = store_message_get(ctx->st, msg, &m);
		if (rc <= 0) {
			lkb_error("no message '%s'", msg);
			rc = rc < 0 ? ctx_exit_code(rc) : EXIT_FAIL;
			goto out;
		}
		have_msg = 1;
	}
	for (int i = optind + 2; i < argc && !git; i++) {
		if (args.len)
			strbuf_addch(&args, ' ');
		strbuf_adds(&args, argv[i]);
	}
	if (!asker)
		asker = have_msg && m.from_addr ? m.from_addr
			: (cli = xasprintf("cli:%s", user ? user : "?"));
	memset(&r, 0, sizeof(r));
	r.report_id = report;
	r.msg_id = have_msg ? m.id : 0;
	r.asker = asker;
	r.kind = (enum request_kind)kind;
	r.args = args.buf;
	r.state = REQ_NEW;
	r.pool = REQ_POOL_TEAM;	/* the operator's */
	rc = store_request_add(ctx->st, &r, &id);
	if (rc) {
		rc = ctx_exit_code(rc);
		goto out;
	}
	if (id)
		printf("request %lld: %s %s (new)\n", (long long)id,
		       request_kind_name(r.kind), r.args);
	else
		printf("request exists already: %s %s for this message\n",
		       request_kind_name(r.kind), r.args);
	rc = EXIT_OK;
out:
	if (have_msg)
		store_msg_release(&m);
	free(cli);
	strbuf_release(&args);
	return rc;
}
