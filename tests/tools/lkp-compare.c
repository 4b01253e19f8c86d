/* lkp-compare.c - drive bot/compare/compare.h from the command line.
 *
 *   lkp-compare compare -r ROOT -a KEY=VALUE... [-e KEY=VALUE] [-H METRIC]
 *               [-q QUEUE] [-R] [-N] [-L] [-T] SHA[@LABEL]...
 *   lkp-compare series -g REPO -c TESTED [-s SUBJECT] [-b BASE] [-t TIP]
 *   lkp-compare series-compare -g REPO -c TESTED [-s ...] [-b ...] [-t ...]
 *               -r ROOT -a KEY=VALUE... [-H METRIC] [-q QUEUE] [-R] [-T]
 *
 * -a takes testcase=, tbox_group=, rootfs=, kconfig=, compiler= and any
 * test parameter; -e a parameter of lkp's '='-option type. -R prints the
 * correct %reproduction instead of lkp's; -N drops the attribution; -L
 * prints the commit list as ncompare does (whole shas); -T
 * prints the time compare_run took to stderr. With -q, missing results
 * become job files in QUEUE and the exit status is 3.
 * Exit: 0 ok, 1 failure, 2 usage, 3 results missing (jobs queued).
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot/compare/compare.h"
#include "bot/compare/series.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"

#define MAX_ARGS 64

struct args {
	const char *root, *queue, *headline, *repo;
	struct compare_series_req req;
	struct compare_axes axes;
	struct compare_param params[MAX_ARGS];
	int repro_fixed, no_attr, full_shas, timing;
};

static int
usage(void)
{
	fputs("usage: lkp-compare compare -r ROOT -a K=V... [-e K=V] [-H METRIC]"
	      " [-q QUEUE] [-R] [-N] [-L] [-T] SHA[@LABEL]...\n"
	      "       lkp-compare series -g REPO -c TESTED [-s SUBJECT]"
	      " [-b BASE] [-t TIP]\n"
	      "       lkp-compare series-compare -g REPO -c TESTED [...]"
	      " -r ROOT -a K=V... [-H METRIC] [-q QUEUE] [-R] [-T]\n", stderr);
	return 2;
}

static int
add_axis(struct args *a, char *kv, int eq)
{
	char *v = strchr(kv, '=');
	const char **slot = NULL;

	if (!v)
		return -1;
	*v++ = '\0';
	if (!strcmp(kv, "testcase"))
		slot = &a->axes.testcase;
	else if (!strcmp(kv, "tbox_group"))
		slot = &a->axes.tbox_group;
	else if (!strcmp(kv, "rootfs"))
		slot = &a->axes.rootfs;
	else if (!strcmp(kv, "kconfig"))
		slot = &a->axes.kconfig;
	else if (!strcmp(kv, "compiler"))
		slot = &a->axes.compiler;
	if (slot && !eq) {
		*slot = v;
		return 0;
	}
	if (a->axes.nparams == MAX_ARGS)
		return -1;
	a->params[a->axes.nparams].key = kv;
	a->params[a->axes.nparams].value = v;
	a->params[a->axes.nparams].eq = eq;
	a->axes.nparams++;
	return 0;
}

static int
parse(int argc, char **argv, struct args *a)
{
	int c;

	a->axes.params = a->params;
	while ((c = getopt(argc, argv, "r:a:e:H:q:RNLTg:c:s:b:t:")) != -1) {
		switch (c) {
		case 'r': a->root = optarg; break;
		case 'a': if (add_axis(a, optarg, 0)) return -1; break;
		case 'e': if (add_axis(a, optarg, 1)) return -1; break;
		case 'H': a->headline = optarg; break;
		case 'q': a->queue = optarg; break;
		case 'R': a->repro_fixed = 1; break;
		case 'N': a->no_attr = 1; break;
		case 'L': a->full_shas = 1; break;
		case 'T': a->timing = 1; break;
		case 'g': a->repo = optarg; break;
		case 'c': a->req.tested = optarg; break;
		case 's': a->req.subject = optarg; break;
		case 'b': a->req.base = optarg; break;
		case 't': a->req.tip = optarg; break;
		default: return -1;
		}
	}
	return 0;
}

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int
queue_missing(const struct args *a, const struct compare_commit *c, size_t n)
{
	size_t *miss = NULL, nm = 0, written = 0;
	const char **shas;
	char *err = NULL;
	int rc;

	if (compare_find_missing(a->root, &a->axes, c, n, &miss, &nm, &err)) {
		fprintf(stderr, "lkp-compare: %s\n", err);
		free(err);
		return 1;
	}
	shas = xcalloc(nm ? nm : 1, sizeof(*shas));
	for (size_t i = 0; i < nm; i++)
		shas[i] = c[miss[i]].sha;
	rc = compare_write_jobs(a->queue, &a->axes, shas, nm, &written, &err);
	if (rc)
		fprintf(stderr, "lkp-compare: %s\n", err);
	else
		printf("queued %zu new job(s) for %zu commit(s) in %s\n",
		       written, nm, a->queue);
	free(err);
	free(shas);
	free(miss);
	return rc ? 1 : 3;
}

static int
run_compare(const struct args *a, const struct compare_commit *c, size_t n)
{
	struct compare_opts o = { a->repro_fixed, a->headline, a->no_attr,
				  a->full_shas, NULL };
	struct strbuf out = STRBUF_INIT;
	char *err = NULL;
	double t0 = now_ms();
	int rc;

	if (!a->root || !a->axes.testcase)
		return usage();
	rc = compare_run(a->root, &a->axes, c, n, &o, &out, &err);
	if (a->timing)
		fprintf(stderr, "compare_run: %.1f ms\n", now_ms() - t0);
	if (rc == LKB_ERR_NOT_FOUND && a->queue) {
		fprintf(stderr, "lkp-compare: %s\n", err);
		free(err);
		strbuf_release(&out);
		return queue_missing(a, c, n);
	}
	if (rc) {
		fprintf(stderr, "lkp-compare: %s\n", err);
		rc = 1;
	} else {
		fwrite(out.buf, 1, out.len, stdout);
	}
	free(err);
	strbuf_release(&out);
	return rc;
}

static int
cmd_compare(struct args *a, int argc, char **argv)
{
	struct compare_commit *c;
	int rc;

	if (argc < 2)
		return usage();
	c = xcalloc((size_t)argc, sizeof(*c));
	for (int i = 0; i < argc; i++) {
		char *at = strchr(argv[i], '@');

		if (at)
			*at++ = '\0';
		c[i].sha = argv[i];
		c[i].label = at;
	}
	rc = run_compare(a, c, (size_t)argc);
	free(c);
	return rc;
}

static int
cmd_series(struct args *a, int and_compare)
{
	struct compare_series s;
	struct compare_list l;
	char *err = NULL;
	int rc;

	if (!a->repo || !a->req.tested)
		return usage();
	if (compare_series_resolve(a->repo, &a->req, &s, &err)) {
		fprintf(stderr, "lkp-compare: %s\n", err);
		free(err);
		return 1;
	}
	if (!and_compare) {
		printf("base %s %s\n", s.base, s.base_subject);
		for (size_t i = 0; i < s.total; i++)
			printf("%02zu/%02zu %s %s\n", i + 1, s.total,
			       s.patches[i].sha, s.patches[i].subject);
		compare_series_release(&s);
		return 0;
	}
	compare_list_from_series(&l, &s);
	rc = run_compare(a, l.c, l.n);
	compare_list_release(&l);
	compare_series_release(&s);
	return rc;
}

int
main(int argc, char **argv)
{
	struct args a;
	const char *cmd;

	memset(&a, 0, sizeof(a));
	if (argc < 2)
		return usage();
	cmd = argv[1];
	argv++;
	argc--;
	if (parse(argc, argv, &a))
		return usage();
	if (!strcmp(cmd, "compare"))
		return cmd_compare(&a, argc - optind, argv + optind);
	if (!strcmp(cmd, "series"))
		return cmd_series(&a, 0);
	if (!strcmp(cmd, "series-compare"))
		return cmd_series(&a, 1);
	return usage();
}
