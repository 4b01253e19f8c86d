/* test_lkp_series.c - [PATCH k/M] subjects, url branches, and series
 * resolution against a real git repository built by
 * tests/tools/make-series-repo.sh (doc/lkp-format.md 7). */
#define _XOPEN_SOURCE 700	/* mkdtemp */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bot/compare/git.h"
#include "bot/compare/series.h"
#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"
#include "tests/unit/check_main.h"

START_TEST(subjects)
{
	static const struct {
		const char *s;
		int ok;
		unsigned k, m;
	} cases[] = {
		{ "[PATCH v2 07/13] mm: x", 1, 7, 13 },		/* S4 */
		{ "[PATCHv6 6/7] net: y", 1, 6, 7 },
		{ "[PATCH -next v2 7/7] fs: z", 1, 7, 7 },
		{ "[RFC PATCH 2/4] sched: w", 1, 2, 4 },
		{ "Re: [PATCH 3/5] a", 1, 3, 5 },
		{ "[PATCH] single", 0, 0, 0 },
		{ "[PATCH 8/7] beyond", 0, 0, 0 },	/* k > M */
		{ "[PATCH 0/7] cover", 0, 0, 0 },
		{ "[v2 1/3] no PATCH word", 0, 0, 0 },
		{ "[PATCH v2 1/3 unterminated", 0, 0, 0 },
		{ "[PATCH v2 123456/123457]", 0, 0, 0 },	/* > 5 digits */
		{ "", 0, 0, 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned k = 0, m = 0;
		int ok = compare_series_parse_subject(cases[i].s, &k, &m);

		ck_assert_msg(ok == cases[i].ok, "'%s'", cases[i].s);
		if (ok)
			ck_assert(k == cases[i].k && m == cases[i].m);
	}
}
END_TEST

START_TEST(url_branch)
{
	char *b = compare_series_url_branch("https://github.com/intel-lab-lkp/linux/"
					"commits/Jane-Doe/mm-x/20240102-030405");

	ck_assert_str_eq(b, "Jane-Doe/mm-x/20240102-030405");
	free(b);
	ck_assert_ptr_null(compare_series_url_branch("linus/master"));
	ck_assert(compare_git_rev_ok("linux-review/a/b~1"));
	ck_assert(!compare_git_rev_ok("--output=/tmp/x"));
	ck_assert(!compare_git_rev_ok("a b"));
	ck_assert(!compare_git_rev_ok(""));
}
END_TEST

static char top[64], repo[80];

static void
make_repo(void)
{
	const char *src = getenv("LKB_SRCDIR");
	char cmd[512];

	snprintf(top, sizeof(top), "/tmp/lkb-series-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(top));
	snprintf(repo, sizeof(repo), "%s/r", top);
	snprintf(cmd, sizeof(cmd), "sh '%s/tests/tools/make-series-repo.sh' "
		 "'%s' 13 >/dev/null 2>&1", src ? src : ".", repo);
	ck_assert_int_eq(system(cmd), 0);
}

static void
drop_repo(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
	ck_assert_int_eq(system(cmd), 0);
}

static void
rev(const char *r, char out[41])
{
	const char *args[] = { "rev-parse", r, NULL };
	struct strbuf sb = STRBUF_INIT;
	char *err = NULL;

	ck_assert_int_eq(compare_git_run(repo, args, &sb, &err), LKB_OK);
	ck_assert_uint_ge(sb.len, 40);
	memcpy(out, sb.buf, 40);
	out[40] = '\0';
	strbuf_release(&sb);
}

START_TEST(resolve)
{
	struct compare_series s;
	struct compare_series_req req = { 0 };
	char tested[41], base[41], tip[41], p1[41], old[41];
	char *err = NULL;

	make_repo();
	rev("HEAD~6", tested);		/* patch 07/13 */
	rev("HEAD~13", base);		/* "mm: base for the series" */
	rev("HEAD~12", p1);
	rev("HEAD", tip);
	rev("HEAD~14", old);
	req.tested = tested;
	req.tip = "https://github.com/intel-lab-lkp/linux/commits/"
		  "Jane-Doe/mm-remap-steps/20240102-030405";
	ck_assert_int_eq(compare_series_resolve(repo, &req, &s, &err), LKB_OK);
	ck_assert_str_eq(s.base, base);
	ck_assert_str_eq(s.base_subject, "mm: base for the series");
	ck_assert_uint_eq(s.total, 13);
	ck_assert_uint_eq(s.tested, 7);
	ck_assert_str_eq(s.patches[0].sha, p1);
	ck_assert_str_eq(s.patches[6].sha, tested);
	ck_assert_str_eq(s.patches[12].sha, tip);
	ck_assert_str_eq(s.patches[12].subject,
			 "[PATCH v2 13/13] mm/remap: step 13");
	compare_series_release(&s);

	/* base: "<tree url> <sha40>" is taken as given */
	{
		char line[128];

		snprintf(line, sizeof(line), "https://git.example/mm.git %s", base);
		req.base = line;
		ck_assert_int_eq(compare_series_resolve(repo, &req, &s, &err), LKB_OK);
		ck_assert_str_eq(s.base, base);
		compare_series_release(&s);
		/* one commit too old: 14 commits in base..tip */
		snprintf(line, sizeof(line), "%s", old);
		ck_assert_int_lt(compare_series_resolve(repo, &req, &s, &err), 0);
		ck_assert_ptr_nonnull(strstr(err, "cannot resolve the series: "
					     "expected 13 commits"));
		free(err);
		req.base = NULL;
	}
	/* the last patch needs no tip */
	req.tested = tip;
	req.tip = NULL;
	ck_assert_int_eq(compare_series_resolve(repo, &req, &s, &err), LKB_OK);
	ck_assert_uint_eq(s.tested, 13);
	compare_series_release(&s);
	/* a wrong subject from the report: 07/12 does not fit 13 commits */
	req.tested = tested;
	req.subject = "[PATCH v2 07/12] mm/remap: step 07";
	req.tip = tip;
	ck_assert_int_lt(compare_series_resolve(repo, &req, &s, &err), 0);
	ck_assert_ptr_nonnull(strstr(err, "cannot resolve the series"));
	free(err);
	/* no [PATCH k/M] at all */
	req.subject = "mm: no series";
	ck_assert_int_lt(compare_series_resolve(repo, &req, &s, &err), 0);
	ck_assert_ptr_nonnull(strstr(err, "carries no [PATCH k/M]"));
	free(err);
	/* unknown commit and option injection */
	req.subject = NULL;
	req.tested = "0000000000000000000000000000000000000000";
	ck_assert_int_lt(compare_series_resolve(repo, &req, &s, &err), 0);
	free(err);
	req.tested = "--help";
	ck_assert_int_lt(compare_series_resolve(repo, &req, &s, &err), 0);
	ck_assert_ptr_nonnull(strstr(err, "is not a revision"));
	free(err);
	drop_repo();
}
END_TEST

START_TEST(git_failures)
{
	const char *args[] = { "log", "-1", NULL };
	struct strbuf sb = STRBUF_INIT;
	char *err = NULL;

	ck_assert_int_lt(compare_git_run("/nonexistent-lkb-repo", args, &sb, &err), 0);
	ck_assert_ptr_nonnull(strstr(err, "git log failed (exit"));
	free(err);
	strbuf_release(&sb);
}
END_TEST

/* A git that never stops writing is killed at LKB_MAX_GIT_OUTPUT, one
 * that never ends at [git] timeout: both at once, not when git is done
 * (a fake git first in PATH). */
START_TEST(git_bounded)
{
	const char *endless[] = { "log", NULL }, *slow[] = { "rev-list", NULL };
	char dir[] = "/tmp/lkb-fakegit-XXXXXX", path[128], *err = NULL;
	struct strbuf sb = STRBUF_INIT;
	const char *old = getenv("PATH");
	char *newpath;
	FILE *f;
	time_t t0;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/git", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	/* argv: git -C REPO --no-pager -c color.ui=false ARGS... */
	fputs("#!/bin/sh\ncase $6 in log) exec yes lkpbot;; "
	      "*) exec sleep 30;; esac\n", f);
	fclose(f);
	ck_assert_int_eq(chmod(path, 0755), 0);
	newpath = xasprintf("%s:%s", dir, old ? old : "/usr/bin:/bin");
	ck_assert_int_eq(setenv("PATH", newpath, 1), 0);
	t0 = time(NULL);
	ck_assert_int_eq(compare_git_run("/tmp", endless, &sb, &err),
			 LKB_ERR_TOO_BIG);
	ck_assert_ptr_nonnull(strstr(err, "(LKB_MAX_GIT_OUTPUT)"));
	ck_assert_int_le(time(NULL) - t0, 10);
	free(err);
	compare_git_set_timeout(1);
	t0 = time(NULL);
	ck_assert_int_lt(compare_git_run("/tmp", slow, &sb, &err), 0);
	ck_assert_ptr_nonnull(strstr(err, "git rev-list: took longer than 1 s "
				     "([git] timeout)"));
	ck_assert_int_le(time(NULL) - t0, 5);
	free(err);
	compare_git_set_timeout(0);
	if (old)
		setenv("PATH", old, 1);
	unlink(path);
	rmdir(dir);
	free(newpath);
	strbuf_release(&sb);
}
END_TEST

Suite *
lkb_test_suite(void)
{
	Suite *s = suite_create("compare_series");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, subjects);
	tcase_add_test(tc, url_branch);
	tcase_add_test(tc, resolve);
	tcase_add_test(tc, git_failures);
	tcase_add_test(tc, git_bounded);
	suite_add_tcase(s, tc);
	return s;
}
